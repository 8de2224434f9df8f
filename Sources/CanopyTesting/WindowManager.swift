import CX11
import Canopy
@_spi(Testing) import CanopyX11
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A real window manager from Debian (openbox or IceWM) running on a ``VirtualDisplay``, so
/// tests see what users see: windows reparented into frames, focus given by the window manager,
/// pings, work areas, close buttons.
public final class WindowManager: Sendable {
    /// The window managers tests run under.
    public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Openbox: a stacking, reparenting window manager with full EWMH support.
        case openbox
        /// IceWM: with a task bar along the bottom, which takes part of the screen's work area.
        case icewm

        /// The executable's name.
        public var description: String { rawValue }
    }

    /// Which window manager it is.
    public let kind: Kind
    /// The display it manages.
    public let display: VirtualDisplay
    private let process: ChildProcess

    /// Starts `kind` on `display` and waits until it manages the screen: it has published its
    /// `_NET_SUPPORTING_WM_CHECK` window on the root, which EWMH window managers do once ready.
    public init(_ kind: Kind, on display: VirtualDisplay, timeout: Double = 20) throws {
        guard let executable = VirtualDisplay.findExecutable(kind.rawValue) else {
            throw VirtualDisplay.StartError(
                description: "\(kind) is not installed: run scripts/install-deps (apt-get install \(kind)).")
        }
        self.kind = kind
        self.display = display
        let home = NSTemporaryDirectory() + "canopy-wm-\(kind)-\(getpid())"
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        process = try ChildProcess(
            executable, arguments: kind == .openbox ? ["--sm-disable"] : [],
            environment: ["DISPLAY": display.name, "HOME": home, "XDG_CONFIG_HOME": home])
        guard Self.waitUntilManaging(display: display.name, timeout: timeout) else {
            kill(process.processIdentifier, SIGTERM)
            let result = process.wait()
            throw VirtualDisplay.StartError(
                description: "\(kind) did not start managing \(display.name): \(result.errors.prefix(400))")
        }
    }

    /// Stops the window manager and waits for it to exit.
    public func stop() {
        kill(process.processIdentifier, SIGTERM)
        _ = process.wait()
    }

    /// Waits in `poll` for the root's `_NET_SUPPORTING_WM_CHECK` to name a window that names
    /// itself the same way (EWMH's sign that a window manager is running), then until a probe
    /// window mapped after it is taken into a frame: a window manager publishes the check
    /// early in its start, before it serves map requests.
    private static func waitUntilManaging(display name: String, timeout: Double) -> Bool {
        guard let display = XOpenDisplay(name) else { return false }
        defer { XCloseDisplay(display) }
        let root = XDefaultRootWindow(display)
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        XSelectInput(display, root, PropertyChangeMask)
        let deadline = Date(timeIntervalSinceNow: timeout)
        func published() -> Bool {
            guard let window = WindowProperty(display: display, window: root, property: check)?.atoms.first,
                let own = WindowProperty(display: display, window: window, property: check)?.atoms.first
            else { return false }
            return own == window
        }
        guard wait(on: display, until: deadline, for: { _ in published() }) else { return false }
        // Openbox drops a map request that comes while it starts: a fresh probe until one is
        // served. The served probe goes only once the manager lists it among its clients, then
        // the manager must have let it go before a test's window comes: destroyed any earlier,
        // openbox may still list it a moment later, and a test would take it for its own window.
        let clientList = XInternAtom(display, "_NET_CLIENT_LIST", 0)
        func listsClient(_ window: XID) -> Bool {
            (WindowProperty(display: display, window: root, property: clientList)?.atoms ?? []).contains(window)
        }
        while Date() < deadline {
            let probe = XCreateSimpleWindow(display, root, 0, 0, 10, 10, 0, 0, 0)
            XSelectInput(display, probe, StructureNotifyMask)
            XMapWindow(display, probe)
            XSync(display, 0)
            let managed = wait(on: display, until: min(deadline, Date(timeIntervalSinceNow: 0.5))) { event in
                event?.type == ReparentNotify && event?.xreparent.window == probe && event?.xreparent.parent != root
            }
            let listed = managed && wait(on: display, until: deadline) { _ in listsClient(probe) }
            XDestroyWindow(display, probe)
            XSync(display, 0)
            guard listed else { continue }
            return wait(on: display, until: deadline) { _ in !listsClient(probe) }
        }
        return false
    }

    /// Reads `display`'s events until `condition` holds (asked first with no event, then with
    /// each event), sleeping in `poll` in between; false once `deadline` passes.
    static func wait(on display: OpaquePointer, until deadline: Date, for condition: (XEvent?) -> Bool) -> Bool {
        if condition(nil) { return true }
        while Date() < deadline {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if condition(event) { return true }
            }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
        }
        return false
    }
}
