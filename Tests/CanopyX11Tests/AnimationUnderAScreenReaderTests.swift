import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// An app whose only activity is an animation, with a screen reader's bus connected: frames
    /// that only move the animation cost the bridge no look at the tree, and a change the app
    /// makes meanwhile still reaches the screen reader.
    @MainActor @Suite struct AnimationUnderAScreenReaderTests {
        /// A listener on the accessibility bus (`ADDRESS`): prints "listening" once its match is
        /// in place, then exits when an object's name changes to `NAME`, printing it.
        static let listener = """
            import sys
            from gi.repository import Gio, GLib
            address, wanted = sys.argv[1:3]
            bus = Gio.DBusConnection.new_for_address_sync(address,
                Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                None, None)
            loop = GLib.MainLoop()
            def heard(connection, sender, path, interface, member, parameters):
                kind, _, _, value, _ = parameters.unpack()
                if kind == "accessible-name" and value == wanted:
                    print("heard", value, flush=True)
                    loop.quit()
            bus.signal_subscribe(None, "org.a11y.atspi.Event.Object", "PropertyChange", None, None,
                Gio.DBusSignalFlags.NONE, heard)
            bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId",
                None, None, Gio.DBusCallFlags.NONE, 5000, None)  # answered after the match was added
            print("listening", flush=True)
            GLib.timeout_add_seconds(20, loop.quit)
            loop.run()
            """

        @Test func framesOfAnAnimationCostNoLookAndATimersChangeIsStillHeard() throws {
            let gio = try ChildProcess("/usr/bin/python3", arguments: ["-c", "from gi.repository import Gio"]).wait()
            if gio.status != 0 { try Test.cancel("python3-gi is missing (scripts/install-deps installs it)") }
            let stack: AccessibilityStack
            do {
                stack = try AccessibilityStack()
            } catch {
                try Test.cancel("no accessibility bus could start here: \(error)")
            }
            defer { stack.stop() }
            let display = try VirtualDisplay(width: 400, height: 200)
            defer { display.stop() }
            try stack.publish(on: display.name)

            let root = View()
            let bar = ProgressBar(isIndeterminate: true, frame: Rect(x: 20, y: 20, width: 300, height: 8))
            let label = Label(text: "Working", frame: Rect(x: 20, y: 40, width: 300, height: 24))
            root.addSubview(bar)
            root.addSubview(label)
            let test = try TestWindow(size: Size(width: 360, height: 80), rootView: root, display: display)
            defer { test.close() }
            let application = test.application, window = test.window
            let bridge = try #require(application.accessibilityBridge)
            #expect(test.wait(timeout: 10) { bridge.isRegistered })

            // Thirty frames of the sweep alone: at most the end of one pass (its completion starts
            // the next) is looked at, not every frame.
            let frames = window.framesPresented, looks = application.accessibilityLooks
            #expect(application.run(timeout: 10) { window.framesPresented >= frames + 30 })
            let looked = application.accessibilityLooks - looks
            let passes = Int((30.0 / 60 / ProgressBar.sweepDuration).rounded(.up)) + 1
            #expect(looked <= passes, "\(looked) looks over 30 frames of an animation")

            // A timer's change while the bar sweeps is heard by a listener on the bus.
            let listener = try ChildProcess(
                "/usr/bin/python3", arguments: ["-c", Self.listener, stack.accessibilityBusAddress, "Done"])
            #expect(application.run(timeout: 10) { listener.outputSoFar.contains("listening") })
            application.timers.schedule(after: 0.1) { label.text = "Done" }
            let result = try #require(listener.wait(servedBy: application, timeout: 20))
            #expect(result.output.contains("heard Done"), "\(result.output)\(result.errors)")
            #expect(window.scene.animator.isAnimating)  // heard while the bar went on sweeping
        }
    }
}
