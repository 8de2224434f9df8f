import CX11
import CanopyTesting
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// uim-xim, the XIM bridge of the uim input method framework, on one display, registered as
/// "@server=uim": with its "direct" engine, which commits each key as typed, or with pinyin
/// ("py"), which composes on the spot (Shift+Space turns it on) and commits Chinese.
final class UimXim {
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
    init(display name: String, pinyin: Bool = false) throws {
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
        var environment: [String: String?] = [
            "DISPLAY": name, "HOME": home.path, "LOCPATH": locales.path, "LANG": "C.UTF-8", "LC_ALL": nil,
            "XDG_RUNTIME_DIR": nil, "XMODIFIERS": nil,
        ]
        if pinyin {
            let settings = home.appendingPathComponent("pinyin.scm")
            let scheme = "(set! enabled-im-list '(py direct)) (require \"pyload.scm\") (define default-im-name 'py)\n"
            try scheme.write(to: settings, atomically: true, encoding: .utf8)
            environment["LIBUIM_USER_SCM_FILE"] = settings.path
        }
        process = try ChildProcess(executable, environment: environment)
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

    /// Stops the server if it runs, and removes its files. Waits until its windows are gone,
    /// so that the next test's app reaches the next server, not this one's selection outliving
    /// it.
    func stop() {
        if isRunning {
            isRunning = false
            Glibc.kill(process.processIdentifier, SIGKILL)
            _ = process.wait()
            _ = waitForOwner(present: false)
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
