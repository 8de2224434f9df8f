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
    /// An input method server that dies mid-typing (issue 8): the app neither freezes nor crashes
    /// nor loses keys, goes on with Xlib's built-in input method, and takes a server back when one
    /// registers again. The server is Debian's uim-xim, run on the test Xvfb.
    @MainActor @Suite struct InputMethodServerTests {
        @Test(.enabled(if: UimXim.executable != nil, "uim-xim is not installed (scripts/install-deps installs it)"))
        func typingGoesOnWhenTheInputMethodServerDies() throws {
            // Whatever fails, a frozen main thread must end the run rather than hang it.
            let freeze = Watchdog(seconds: 30, message: "the app froze with a dying input method server")
            defer { freeze.cancel() }
            let display = try TestWindow.sharedDisplay()
            var servers: [UimXim] = []
            defer { servers.forEach { $0.stop() } }  // after the app closes: it must not wait on a dead server
            Application.defaultFontFamily = TestWindow.pinnedFontFamily
            let application = try Application(displayName: display.name)
            defer { application.close() }
            let inputMethod = application.connection.inputMethod
            inputMethod.modifiers = "@im=uim"  // this connection only: no XMODIFIERS for other tests
            let server = try UimXim(display: display.name)
            servers.append(server)

            let first = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
            let second = TextField(frame: Rect(x: 10, y: 60, width: 200, height: 36))
            let root = View()
            root.addSubview(first)
            root.addSubview(second)
            let window = try Window(
                application: application, title: "IM test", size: Size(width: 220, height: 110), rootView: root)
            let input = try InputDriver(displayName: display.name)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && window.framesPresented > 0 })
            input.focus(window)
            input.click(at: Point(x: 50, y: 28), in: window)
            try #require(application.run(timeout: 5) { first.isFocused })
            try #require(inputMethod.isConnectedToServer, "the window's input context is not on uim-xim")

            input.type("abc")
            #expect(application.run(timeout: 5) { first.text == "abc" })

            // Keys typed while the server dies, read after its death: Xlib would forward them to
            // the dead server and wait forever for the answer.
            input.type("def")
            try server.kill()
            #expect(application.run(timeout: 5) { first.text == "abcdef" })
            #expect(inputMethod.serverLosses == 1)
            #expect(!inputMethod.isConnectedToServer)

            // Typed after the death, through the built-in method; clicks and focus still work.
            input.type("ghi 你好")
            #expect(application.run(timeout: 5) { first.text == "abcdefghi 你好" })
            input.click(at: Point(x: 50, y: 78), in: window)
            input.type("ok")
            #expect(application.run(timeout: 5) { second.text == "ok" })

            // A new server: the next key switches back to it.
            servers.append(try UimXim(display: display.name))
            #expect(application.run(timeout: 5) { inputMethod.serverAppeared })
            input.type("jkl")
            #expect(application.run(timeout: 5) { second.text == "okjkl" })
            #expect(inputMethod.isConnectedToServer)
            #expect(first.text == "abcdefghi 你好")
        }
    }
}

/// uim-xim, the XIM bridge of the uim input method framework (its "direct" engine commits each
/// key as typed), on one display, registered as "@server=uim".
private final class UimXim {
    /// The executable on `$PATH`, or `nil` when uim-xim is not installed.
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/uim-xim" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// Why the server could not be started or stopped.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process: ChildProcess
    private let display: OpaquePointer
    private let selection: Atom
    private let home: URL
    private var isRunning = true

    /// Starts the server with a home of its own and waits until it owns its selection.
    ///
    /// uim-xim offers only locales its C library can load, and Xlib in a C.UTF-8 process asks
    /// for en_US.UTF-8 (X's locale.alias): a `LOCPATH` with en_US.UTF-8 (and the process's own
    /// locale) linked to C.utf8 makes the two agree on machines with no other locale installed.
    init(display name: String) throws {
        guard let executable = Self.executable else { throw UimXim.Failure(description: "uim-xim is not installed") }
        guard let display = XOpenDisplay(name) else { throw UimXim.Failure(description: "cannot open \(name)") }
        self.display = display
        selection = XInternAtom(display, "@server=uim", 0)
        home = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-uim-\(UUID().uuidString)")
        let locales = home.appendingPathComponent("locale")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        let current = String(cString: setlocale(LC_CTYPE, nil))
        for locale in Set(["en_US.UTF-8", current]) where locale.contains("_") {
            try? FileManager.default.createSymbolicLink(
                atPath: locales.appendingPathComponent(locale).path, withDestinationPath: "/usr/lib/locale/C.utf8")
        }
        process = try ChildProcess(
            executable,
            environment: [
                "DISPLAY": name, "HOME": home.path, "LOCPATH": locales.path, "LANG": "C.UTF-8", "LC_ALL": nil,
                "XDG_RUNTIME_DIR": nil, "XMODIFIERS": nil,
            ])
        guard waitForOwner(present: true) else {
            stop()
            throw UimXim.Failure(description: "uim-xim did not register on \(name)")
        }
    }

    /// Kills the server (SIGKILL, as a crash would) and waits until the X server has destroyed
    /// its windows, so their DestroyNotify is on its way to the app.
    func kill() throws {
        isRunning = false
        Glibc.kill(process.processIdentifier, SIGKILL)
        _ = process.wait()
        guard waitForOwner(present: false) else { throw UimXim.Failure(description: "uim-xim's window outlived it") }
    }

    /// Stops the server if it runs, and removes its files.
    func stop() {
        if isRunning {
            isRunning = false
            Glibc.kill(process.processIdentifier, SIGKILL)
            _ = process.wait()
        }
        XCloseDisplay(display)
        try? FileManager.default.removeItem(at: home)
    }

    /// Waits up to 10 s for the server's selection to have an owner (or none).
    private func waitForOwner(present: Bool) -> Bool {
        for _ in 0..<1000 {
            if (XGetSelectionOwner(display, selection) != 0) == present { return true }
            usleep(10_000)
        }
        return false
    }
}

/// Ends the process with a message if not cancelled within `seconds`: a frozen main thread
/// cannot fail a test any other way.
private struct Watchdog {
    private let item: DispatchWorkItem

    init(seconds: Double, message: String) {
        item = DispatchWorkItem {
            print("Watchdog: \(message)")
            exit(1)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
    }

    func cancel() { item.cancel() }
}
