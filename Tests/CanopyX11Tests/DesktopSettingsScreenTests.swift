import CX11
import Canopy
import CanopyTesting
@_spi(Testing) @testable import CanopyX11
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11Tests {
    /// The desktop's XSETTINGS served by a real xsettingsd, on an Xvfb of the test's own (its
    /// manager selection would reach every other test's windows on the shared one), changed at
    /// run time as a desktop's settings panel does.
    @MainActor @Suite struct DesktopSettingsScreenTests {
        /// Records the click count of each press.
        final class ClickCounter: View {
            var counts: [Int] = []
            override func mouseDown(_ event: MouseEvent) -> Bool {
                counts.append(event.clickCount)
                return true
            }
        }

        /// Two clicks whose presses are 600 ms apart in the server's time (XTest's delay, the time
        /// the events carry), at `point`: the click counts the view saw.
        func twoClicksSpaced600Milliseconds(
            at point: Point, in window: CanopyX11.Window, on application: Application, with input: InputDriver,
            counter: ClickCounter
        ) -> [Int] {
            counter.counts = []
            input.move(to: point, in: window)
            input.press()
            input.release()
            input.press(serverDelay: 600)
            input.release()
            application.run(timeout: 5) { counter.counts.count == 2 }
            return counter.counts
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func theDoubleClickTimeFollowsTheDesktop() throws {
            let server = try VirtualDisplay(width: 640, height: 480)
            defer { server.stop() }
            let application = try Application(displayName: server.name)
            defer { application.close() }
            let counter = ClickCounter()
            let window = try Window(
                application: application, title: "XSETTINGS", size: Size(width: 200, height: 100), rootView: counter,
                scale: 1)
            let input = try InputDriver(displayName: server.name)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && application.hasReadDisplayRefreshRate })

            // No manager: 600 ms is longer than the default double click.
            let alone = twoClicksSpaced600Milliseconds(
                at: Point(x: 20, y: 50), in: window, on: application, with: input, counter: counter)
            #expect(alone == [1, 1])

            // A manager that starts later is found through its MANAGER message.
            let daemon = try XSettingsDaemon(display: server.name, settings: "Net/DoubleClickTime 1000\n")
            defer { daemon.stop() }
            try #require(application.run(timeout: 5) { application.desktopSettings.doubleClickInterval == 1 })
            #expect(window.scene.desktopSettings.doubleClickInterval == 1)
            // Far from the clicks before, which may be less than a second ago.
            let served = twoClicksSpaced600Milliseconds(
                at: Point(x: 150, y: 50), in: window, on: application, with: input, counter: counter)
            #expect(served == [1, 2])
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func aDotsPerInchChangedAtRunTimeRescalesTheWindow() throws {
            try #require(getenv("CANOPY_SCALE") == nil, "CANOPY_SCALE overrides the desktop's scale")
            let server = try VirtualDisplay(width: 640, height: 480)
            defer { server.stop() }
            let daemon = try XSettingsDaemon(display: server.name, settings: "Xft/DPI 98304\n")  // 96 dpi
            defer { daemon.stop() }
            Application.defaultFontFamily = TestWindow.pinnedFontFamily
            let application = try Application(displayName: server.name)
            defer { application.close() }
            let label = Label(text: "Scaled")
            label.frame = Rect(x: 10, y: 10, width: 120, height: 30)
            let root = View()
            root.addSubview(label)
            let window = try Window(
                application: application, title: "XSETTINGS", size: Size(width: 200, height: 100), rootView: root)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && application.desktopSettingsSerial != nil })
            #expect(window.scale == 1)
            let dialog = try window.presentDialog(title: "Dialog", size: Size(width: 100, height: 50), rootView: View())
            let framesAtOne = window.framesPresented

            try daemon.change(to: "Xft/DPI 196608\n")  // 192 dpi
            try #require(application.run(timeout: 5) { window.scale == 2 && window.framesPresented > framesAtOne })
            #expect(application.desktopDotsPerInch == 192)
            #expect(window.scene.size == Size(width: 200, height: 100))
            #expect(window.bufferWidth == 400 && window.bufferHeight == 200)
            #expect(dialog.scale == 2 && dialog.bufferWidth == 200)  // a dialog follows as its window does
            // The server's window is twice as large too.
            var parent: UInt = 0
            var x: Int32 = 0, y: Int32 = 0
            var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            #expect(
                application.run(timeout: 5) {
                    XGetGeometry(
                        application.connection.display, window.windowID, &parent, &x, &y, &width, &height, &border,
                        &depth)
                    return width == 400 && height == 200
                })
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func theFirstFrameOnADarkDesktopAtTwiceTheDotsIsAlreadyDarkAndScaled() throws {
            try #require(getenv("CANOPY_SCALE") == nil, "CANOPY_SCALE overrides the desktop's scale")
            let server = try VirtualDisplay(width: 640, height: 480)
            defer { server.stop() }
            let daemon = try XSettingsDaemon(
                display: server.name, settings: "Net/ThemeName \"Adwaita-dark\"\nXft/DPI 196608\n")  // 192 dpi
            defer { daemon.stop() }
            try daemon.waitUntilServing(timeout: 5)
            Application.defaultFontFamily = TestWindow.pinnedFontFamily
            let application = try Application(displayName: server.name)
            defer { application.close() }
            let root = View()
            let label = Label(text: "Readable")
            label.frame = Rect(x: 10, y: 10, width: 100, height: 30)
            root.addSubview(label)
            let window = try Window(
                application: application, title: "First frame", size: Size(width: 200, height: 100), rootView: root)
            window.show()  // draws the first frame, before the loop has turned once
            #expect(window.scene.theme.colorScheme == .dark)
            #expect(window.scale == 2 && window.bufferWidth == 400 && window.bufferHeight == 200)
            #expect(application.desktopDotsPerInch == 192)

            // What the map shows is that frame, dark and at twice the pixels, and no other.
            try #require(application.run(timeout: 5) { window.isMapped && window.framesPresented > 0 })
            let image = try window.captureImage()
            #expect(window.framesPresented == 1)
            #expect(image.width == 400 && image.rgb(x: 390, y: 190) == 0x1f1f1f)  // the dark window background
            let reds = (20..<220).flatMap { x in (20..<80).compactMap { y in image.rgb(x: x, y: y).map { $0 >> 16 } } }
            #expect((reds.max() ?? 0) > 0xd8)  // light text
        }

        /// A view showing the column-resize pointer.
        final class ResizeView: View {
            override var cursor: Canopy.Cursor? { .columnResize }
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func thePointerFollowsTheDesktopsCursorThemeAndSize() throws {
            let server = try VirtualDisplay(width: 640, height: 480)  // libXcursor alone picks 24 px here
            defer { server.stop() }
            let daemon = try XSettingsDaemon(
                display: server.name, settings: "Gtk/CursorThemeName \"Adwaita\"\nGtk/CursorThemeSize 48\n")
            defer { daemon.stop() }
            let application = try Application(displayName: server.name)
            defer { application.close() }
            let window = try Window(
                application: application, title: "XSETTINGS", size: Size(width: 200, height: 100),
                rootView: ResizeView(), scale: 1)
            let input = try InputDriver(displayName: server.name)
            let reader = try ScreenCursorReader(displayName: server.name)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && application.desktopSettingsSerial != nil })
            input.move(to: Point(x: 50, y: 50), in: window)
            #expect(
                application.run(timeout: 5) { reader.current()?.name == "col-resize" && reader.current()?.width == 48 })

            try daemon.change(to: "Gtk/CursorThemeName \"Adwaita\"\nGtk/CursorThemeSize 32\n")
            #expect(
                application.run(timeout: 5) { reader.current()?.width == 32 }, "\(String(describing: reader.current()))"
            )
        }

        /// What a window shows where its background and its label are: the background's pixel
        /// and the label's darkest and lightest red.
        struct Look: Equatable {
            var background: UInt32
            var darkestText: UInt32
            var lightestText: UInt32
        }

        func look(of window: CanopyX11.Window, label: Label) -> Look? {
            guard let image = try? window.captureImage() else { return nil }
            let reds = (Int(label.frame.minX)..<Int(label.frame.maxX)).flatMap { x in
                (Int(label.frame.minY)..<Int(label.frame.maxY)).compactMap { y in image.rgb(x: x, y: y).map { $0 >> 16 }
                }
            }
            let corner = (x: image.width - 2, y: image.height - 2)  // clear of the dialog, with no window manager
            guard let background = image.rgb(x: corner.x, y: corner.y), let darkest = reds.min(),
                let lightest = reds.max()
            else {
                return nil
            }
            return Look(background: background, darkestText: darkest, lightestText: lightest)
        }

        @Test(.enabled(if: XSettingsDaemon.executable != nil, "xsettingsd is not installed (scripts/install-deps)"))
        func aDarkDesktopThemeSwitchesEveryWindowToTheDarkThemeLive() throws {
            let server = try VirtualDisplay(width: 640, height: 480)
            defer { server.stop() }
            let daemon = try XSettingsDaemon(display: server.name, settings: "Net/ThemeName \"Adwaita\"\n")
            defer { daemon.stop() }
            Application.defaultFontFamily = TestWindow.pinnedFontFamily
            let application = try Application(displayName: server.name)
            defer { application.close() }
            func labelled(atY y: Double) -> (View, Label) {
                let root = View()
                let label = Label(text: "Readable")
                label.frame = Rect(x: 10, y: y, width: 100, height: 30)
                root.addSubview(label)
                return (root, label)
            }
            let (root, label) = labelled(atY: 120)
            let window = try Window(
                application: application, title: "Theme", size: Size(width: 300, height: 200), rootView: root, scale: 1)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && application.desktopSettingsSerial != nil })
            let (dialogRoot, dialogLabel) = labelled(atY: 10)
            let dialog = try window.presentDialog(
                title: "Dialog", size: Size(width: 150, height: 60), rootView: dialogRoot)
            let light: UInt32 = 0xffffff, dark: UInt32 = 0x1f1f1f  // the two themes' window backgrounds
            #expect(application.run(timeout: 5) { look(of: window, label: label)?.background == light })
            let lightLook = try #require(look(of: window, label: label))
            #expect(lightLook.darkestText < 0x40 && lightLook.lightestText == 0xff)  // dark text on white

            try daemon.change(to: "Net/ThemeName \"Adwaita-dark\"\n")
            #expect(application.run(timeout: 5) { look(of: window, label: label)?.background == dark })
            let darkLook = try #require(look(of: window, label: label))
            #expect(darkLook.lightestText > 0xd8 && darkLook.darkestText == dark >> 16)  // light text on dark
            #expect(application.run(timeout: 5) { look(of: dialog, label: dialogLabel)?.background == dark })
            #expect(window.scene.theme == .dark && dialog.scene.theme == .dark)

            // The app's own choice wins over the desktop's, in every window.
            application.colorSchemePreference = .light
            #expect(application.run(timeout: 5) { look(of: window, label: label) == lightLook })
            #expect(application.run(timeout: 5) { look(of: dialog, label: dialogLabel)?.background == light })
            application.colorSchemePreference = .followDesktop
            #expect(application.run(timeout: 5) { look(of: window, label: label) == darkLook })

            try daemon.change(to: "Net/ThemeName \"Adwaita\"\n")
            #expect(application.run(timeout: 5) { look(of: window, label: label) == lightLook })
        }
    }
}

/// xsettingsd, the small XSETTINGS manager, serving a configuration file of the test's, on one
/// display; a change is written to the file and read by the daemon on SIGHUP.
final class XSettingsDaemon {
    /// The executable on `$PATH`, or `nil` when xsettingsd is not installed.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/xsettingsd" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process: ChildProcess
    private let configuration: URL
    private let displayName: String

    /// Starts the daemon serving `settings` (xsettingsd's configuration syntax) on `display`.
    init(display: String, settings: String) throws {
        guard let executable = Self.executable else { throw Failure(description: "xsettingsd is not installed") }
        configuration = FileManager.default.temporaryDirectory.appendingPathComponent(
            "canopy-xsettingsd-\(UUID().uuidString).conf")
        try settings.write(to: configuration, atomically: true, encoding: .utf8)
        displayName = display
        process = try ChildProcess(
            executable, arguments: ["-c", configuration.path], environment: ["DISPLAY": display])
    }

    /// Waits until the daemon owns the display's XSETTINGS selection with its settings set, as
    /// an app starting on a desktop finds it; throws past `timeout` seconds.
    func waitUntilServing(timeout: Double) throws {
        guard let display = XOpenDisplay(displayName) else { throw Failure(description: "cannot open \(displayName)") }
        defer { XCloseDisplay(display) }
        let selection = XInternAtom(display, "_XSETTINGS_S0", 0)
        let property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let owner = XGetSelectionOwner(display, selection)
            if owner != 0, WindowProperty(display: display, window: owner, property: property) != nil { return }
            usleep(10_000)  // polled: xsettingsd tells no other client when it is ready
        }
        throw Failure(description: "xsettingsd did not take _XSETTINGS_S0 within \(timeout) s")
    }

    /// Serves `settings` instead, as a settings panel changing them.
    func change(to settings: String) throws {
        try settings.write(to: configuration, atomically: true, encoding: .utf8)
        kill(process.processIdentifier, SIGHUP)
    }

    func stop() {
        _ = process.terminate()
        try? FileManager.default.removeItem(at: configuration)
    }
}
