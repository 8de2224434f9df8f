import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11Tests {
    /// An app whose only activity is an animation, with a screen reader's bus connected: frames
    /// that only move the animation, and calls that only ask, cost the bridge no look at the
    /// tree, while a change the app makes meanwhile, or one a call makes, still reaches the
    /// screen reader.
    @MainActor @Suite struct AnimationUnderAScreenReaderTests {
        /// A window with an indeterminate progress bar sweeping, a label and a button, on a
        /// display of its own whose root names a private accessibility stack, registered on it.
        @MainActor final class Desk {
            let stack: AccessibilityStack
            let test: TestWindow
            let label = Label(text: "Working", frame: Rect(x: 20, y: 40, width: 300, height: 24))
            let button = Button(title: "Stop", frame: Rect(x: 20, y: 70, width: 100, height: 32))

            /// Runs `body` with a desk on a stack and a display of their own
            /// (``withAccessibleDisplay(width:height:_:)``), closing the window before they stop.
            static func run(_ body: (Desk) throws -> Void) throws {
                try withAccessibleDisplay(width: 400, height: 200) { stack, display in
                    let desk = try Desk(stack: stack, display: display)
                    defer { desk.test.close() }
                    try body(desk)
                }
            }

            private init(stack: AccessibilityStack, display: VirtualDisplay) throws {
                self.stack = stack
                let root = View()
                root.addSubview(ProgressBar(isIndeterminate: true, frame: Rect(x: 20, y: 20, width: 300, height: 8)))
                root.addSubview(label)
                root.addSubview(button)
                test = try TestWindow(size: Size(width: 360, height: 120), rootView: root, display: display)
                let bridge = try #require(test.application.accessibilityBridge)
                #expect(test.wait(timeout: 10) { bridge.isRegistered })
            }

            /// How many looks the bridge made while `frames` more frames were presented.
            func looks(over frames: Int) -> Int {
                let application = test.application, window = test.window
                let start = window.framesPresented, looks = application.accessibilityLooks
                #expect(application.run(timeout: 10) { window.framesPresented >= start + frames })
                return application.accessibilityLooks - looks
            }

            /// The most looks `frames` frames of the sweep alone may take: one at the end of each
            /// pass (its completion starts the next), the first and last passes perhaps partial.
            static func looksAllowed(over frames: Int) -> Int {
                Int((Double(frames) / 60 / ProgressBar.sweepDuration).rounded(.up)) + 1
            }

            /// Starts ``client`` in `mode` with `arguments`.
            func startClient(_ mode: String, _ arguments: String...) throws -> ChildProcess {
                try ChildProcess(
                    "/usr/bin/python3",
                    arguments: ["-c", Self.client, mode, stack.accessibilityBusAddress, "\(getpid())"] + arguments)
            }

            /// Starts the listener of `hear NAME` and serves the app until its match is in place.
            func startListener(hearing name: String) throws -> ChildProcess {
                let listener = try startClient("hear", name)
                let isReady = { listener.outputSoFar.contains("ready") || listener.hasExited }
                #expect(test.application.run(timeout: 20, until: isReady))
                return listener
            }

            /// A client on the accessibility bus (MODE ADDRESS PID …). `hear NAME`: prints
            /// "ready" once its match rule is in place, then exits when an object's name changes
            /// to NAME, printing it. `ask COUNT`: finds the app of PID through the registry, then
            /// asks the root's children and name COUNT times each, one at a time, printing
            /// "asked". `press NAME`: finds the
            /// app and does the first action of its root's descendant named NAME.
            static let client = """
                import sys
                from gi.repository import Gio, GLib
                mode, address, pid = sys.argv[1], sys.argv[2], int(sys.argv[3])
                bus = Gio.DBusConnection.new_for_address_sync(address,
                    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
                    None, None)
                ROOT = "/org/a11y/atspi/accessible/root"
                def call(name, path, interface, member, arguments=None):
                    return bus.call_sync(name, path, interface, member, arguments, None, Gio.DBusCallFlags.NONE,
                                         5000, None)
                def application():
                    (children,) = call("org.a11y.atspi.Registry", ROOT, "org.a11y.atspi.Accessible",
                                       "GetChildren").unpack()
                    for name, path in children:
                        (owner,) = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                        "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,))).unpack()
                        if owner == pid:
                            return name
                    sys.exit("the app is not on the desktop")
                def name_of(app, path):
                    return call(app, path, "org.freedesktop.DBus.Properties", "Get",
                                GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name"))).unpack()[0]
                def find(app, path, wanted):
                    if name_of(app, path) == wanted:
                        return path
                    (children,) = call(app, path, "org.a11y.atspi.Accessible", "GetChildren").unpack()
                    for _, child in children:
                        found = find(app, child, wanted)
                        if found:
                            return found
                if mode == "hear":
                    loop = GLib.MainLoop()
                    def heard(connection, sender, path, interface, member, parameters):
                        kind, _, _, value, _ = parameters.unpack()
                        if kind == "accessible-name" and value == sys.argv[4]:
                            print("heard", value, flush=True)
                            loop.quit()
                    bus.signal_subscribe(None, "org.a11y.atspi.Event.Object", "PropertyChange", None, None,
                                         Gio.DBusSignalFlags.NONE, heard)
                    call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId")
                    print("ready", flush=True)
                    GLib.timeout_add_seconds(20, loop.quit)
                    loop.run()
                elif mode == "ask":
                    app = application()
                    for _ in range(int(sys.argv[4])):
                        call(app, ROOT, "org.a11y.atspi.Accessible", "GetChildren")
                        name_of(app, ROOT)
                    print("asked", flush=True)
                elif mode == "press":
                    app = application()
                    call(app, find(app, ROOT, sys.argv[4]), "org.a11y.atspi.Action", "DoAction",
                         GLib.Variant("(i)", (0,)))
                    print("pressed", flush=True)
                """
        }

        @Test func framesOfAnAnimationCostNoLookAndATimersChangeIsStillHeard() throws {
            try Desk.run { desk in
                let looked = desk.looks(over: 30)
                #expect(looked <= Desk.looksAllowed(over: 30), "\(looked) looks over 30 frames of an animation")

                let listener = try desk.startListener(hearing: "Done")
                desk.test.application.timers.schedule(after: 0.1) { desk.label.text = "Done" }
                let result = try #require(listener.wait(servedBy: desk.test.application, timeout: 20))
                #expect(result.output.contains("heard Done"), "\(result.output)\(result.errors)")
                #expect(desk.test.window.scene.animator.isAnimating)  // heard while the bar went on sweeping
            }
        }

        @Test func questionsCostNoLookAndAnActionIsStillHeard() throws {
            try Desk.run { desk in
                let application = desk.test.application
                // Two hundred questions while the bar sweeps: no more looks than the sweep's own.
                let start = desk.test.window.framesPresented, looks = application.accessibilityLooks
                let asker = try desk.startClient("ask", "100")
                let asked = try #require(asker.wait(servedBy: application, timeout: 30))
                #expect(asked.output.contains("asked"), "\(asked.output)\(asked.errors)")
                let frames = desk.test.window.framesPresented - start
                let looked = application.accessibilityLooks - looks
                #expect(looked <= Desk.looksAllowed(over: frames), "\(looked) looks answering 200 questions")

                // An action is a call that acts: the button's press is looked at and heard.
                desk.button.onPrimaryAction = { desk.label.text = "Stopped" }
                let listener = try desk.startListener(hearing: "Stopped")
                let presser = try desk.startClient("press", "Stop")
                let pressed = try #require(presser.wait(servedBy: application, timeout: 20))
                #expect(pressed.output.contains("pressed"), "\(pressed.output)\(pressed.errors)")
                let heard = try #require(listener.wait(servedBy: application, timeout: 20))
                #expect(heard.output.contains("heard Stopped"), "\(heard.output)\(heard.errors)")
            }
        }
    }
}
