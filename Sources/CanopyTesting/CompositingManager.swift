import CX11
import CXFixes
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A compositing manager from Debian (`xcompmgr` or `picom`) running on a ``VirtualDisplay``,
/// so tests see windows as a compositing desktop shows them: those with an alpha channel
/// blended with what is beneath.
public final class CompositingManager: Sendable {
    /// Which compositing manager runs.
    public enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        /// `xcompmgr`, the X server's sample compositor, with its defaults (no shadows).
        case xcompmgr
        /// `picom`, the compositor of many light desktops, with its built-in defaults (no
        /// configuration file, so no shadows, fading or rounding of its own: every shadow and
        /// rounded corner on the screen is the app's), drawing with XRender, as Xvfb has no GPU.
        case picom

        /// The program's name.
        public var description: String { rawValue }

        /// The command line after the program's name.
        var arguments: [String] {
            switch self {
            case .xcompmgr: []
            case .picom: ["--config", "/dev/null", "--backend", "xrender"]
            }
        }
    }

    /// The display it composites.
    public let display: VirtualDisplay
    /// Which compositing manager it is.
    public let kind: Kind
    private let process: ChildProcess

    /// Starts `kind` on `display` and waits until it composites the screen: it owns the
    /// `_NET_WM_CM_S<n>` selection, EWMH's sign of a compositing manager, which it takes once its
    /// redirection is in place.
    public init(_ kind: Kind = .xcompmgr, on display: VirtualDisplay, timeout: Double = 20) throws {
        guard let executable = VirtualDisplay.findExecutable(kind.rawValue) else {
            throw VirtualDisplay.StartError(
                description: "\(kind) is not installed: run scripts/install-deps (apt-get install \(kind)).")
        }
        self.display = display
        self.kind = kind
        process = try ChildProcess(executable, arguments: kind.arguments, environment: ["DISPLAY": display.name])
        guard Self.waitForOwner(display: display.name, present: true, timeout: timeout) else {
            kill(process.processIdentifier, SIGTERM)
            let result = process.wait()
            throw VirtualDisplay.StartError(
                description: "\(kind) did not start compositing \(display.name): \(result.errors.prefix(400))")
        }
    }

    /// Stops the compositing manager and waits until it no longer owns the selection.
    public func stop() {
        kill(process.processIdentifier, SIGTERM)
        _ = process.wait()
        _ = Self.waitForOwner(display: display.name, present: false, timeout: 10)
    }

    /// Waits, on XFixes' news of the selection's owner, until `_NET_WM_CM_S<n>` has an owner
    /// (`present`) or none; false after `timeout` seconds.
    private static func waitForOwner(display name: String, present: Bool, timeout: Double) -> Bool {
        guard let display = XOpenDisplay(name) else { return false }
        defer { XCloseDisplay(display) }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XFixesQueryExtension(display, &eventBase, &errorBase) != 0 else { return false }
        var major: Int32 = 5, minor: Int32 = 0
        XFixesQueryVersion(display, &major, &minor)
        let selection = XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", 0)
        let changes =
            XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
            | XFixesSelectionClientCloseNotifyMask
        XFixesSelectSelectionInput(display, XDefaultRootWindow(display), selection, UInt(changes))
        return WindowManager.wait(on: display, until: Date(timeIntervalSinceNow: timeout)) { _ in
            (XGetSelectionOwner(display, selection) != 0) == present
        }
    }
}
