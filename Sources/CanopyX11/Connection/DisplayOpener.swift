import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Opens an Xlib display within a deadline, and says why when it cannot.
///
/// `XOpenDisplay` has no timeout: a server that accepts the connection but never answers (a
/// stopped Xvfb, a frozen remote machine) keeps it waiting for ever. So the opening runs on a
/// thread of its own while the caller waits up to the deadline; past it, the caller gets
/// ``X11Error/serverNotAnswering(_:seconds:)`` and the thread, should the server ever answer,
/// closes what it opened. A failure is told apart by asking the server again, not by reading
/// libxcb's words, and those words (it prints a refusal to standard error itself) are held back
/// so the user reads one line; whatever else reached standard error meanwhile is passed on.
enum DisplayOpener {
    /// The display `name` names, opened; or the reason it could not be, as a typed error.
    ///
    /// XKB is left out of the opening: `XOpenDisplay` would otherwise wait two round trips for
    /// it, which no first frame needs; ``DisplayConnection/useKeyboardExtension()`` starts it
    /// once the first frame is up, or at the first key.
    static func open(_ name: String, timeout: Double) throws(X11Error) -> OpaquePointer {
        _ = XkbIgnoreExtension(1)
        defer { _ = XkbIgnoreExtension(0) }  // Xlib's switch is global: other openings keep XKB
        let chatter = StandardErrorCapture()
        let attempt = OpeningAttempt(name: name)
        let outcome = attempt.start() ? attempt.wait(timeout: timeout) : .opened(XOpenDisplay(name))
        let failure: X11Error
        switch outcome {
        case .opened(let display?):
            chatter.finishPassingOn()
            return display
        case .opened(nil):
            failure = diagnose(name)
        case .timedOut:
            failure = .serverNotAnswering(name, seconds: timeout)
        }
        switch failure {
        case .connectionRefused, .noSuchScreen: _ = chatter.finish()  // libxcb's copy of the refusal
        default: chatter.finishPassingOn()
        }
        throw failure
    }

    /// Why `name` could not be opened: a name that names no display, no server there, a screen
    /// the server does not have, or a server that refused the connection.
    private static func diagnose(_ name: String) -> X11Error {
        guard let address = DisplayAddress(name) else { return .invalidDisplayName(name) }
        guard address.acceptsConnections(timeout: 1) else { return .cannotOpenDisplay(name) }
        if address.screen > 0, let screens = screenCount(of: address), address.screen >= screens {
            return .noSuchScreen(name, screens: screens)
        }
        return .connectionRefused(name, cookieFile: DisplayAddress.cookieFile)
    }

    /// Called from Xlib's I/O error handler: when the current thread is opening a display (its
    /// server died during Xlib's first requests), the opening counts as failed and the thread
    /// parks for good, since Xlib would exit the whole process were the handler to return.
    /// Elsewhere it returns at once.
    static func abandonOpeningOnThisThread() {
        guard let attempt = OpeningAttempt.running(on: pthread_self()) else { return }
        attempt.finish(with: nil)
        while true { pause() }
    }

    /// How many screens the server at `address` has, or `nil` when it does not let us ask.
    private static func screenCount(of address: DisplayAddress) -> Int? {
        guard let connection = xcb_connect(address.withoutScreen, nil) else { return nil }
        defer { xcb_disconnect(connection) }
        guard xcb_connection_has_error(connection) == 0, let setup = xcb_get_setup(connection) else { return nil }
        return Int(setup.pointee.roots_len)
    }
}

/// One `XOpenDisplay` on a thread of its own, and what came of it. The condition guards the
/// outcome and whether the caller has stopped waiting.
private final class OpeningAttempt: @unchecked Sendable {
    enum Outcome {
        case opened(OpaquePointer?)
        case timedOut
    }

    let name: String
    private let condition = ThreadCondition()
    private var display: OpaquePointer?
    private var isDone = false
    private var abandoned = false

    init(name: String) { self.name = name }

    /// Starts the thread; `false` when no thread could be made.
    func start() -> Bool {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, runOpeningAttempt, context) == 0 else {
            Unmanaged<OpeningAttempt>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// On the thread: opens the display, and hands it over, or drops it when the caller has
    /// given up. A dropped display's socket is closed without `XCloseDisplay`, which would talk
    /// to a server that may be gone by then and so reach the fatal I/O error handler; its few
    /// hundred bytes of Xlib state are left behind.
    func run() {
        Self.register(self, on: pthread_self())
        let opened = XOpenDisplay(name)
        Self.register(nil, on: pthread_self())
        if !finish(with: opened), let opened { close(XConnectionNumber(opened)) }
    }

    /// Hands `display` to the caller; `false` when the caller has given up.
    @discardableResult
    func finish(with display: OpaquePointer?) -> Bool {
        var handedOver = false
        condition.changeAndSignal {
            guard !abandoned, !isDone else { return }
            self.display = display
            isDone = true
            handedOver = true
        }
        return handedOver
    }

    /// The openings running now, by thread, for the I/O error handler to find its own.
    nonisolated(unsafe) private static var running: [pthread_t: OpeningAttempt] = [:]
    private static let runningLock = ThreadCondition()

    private static func register(_ attempt: OpeningAttempt?, on thread: pthread_t) {
        runningLock.withLock { running[thread] = attempt }
    }

    /// The opening running on `thread`, if any.
    static func running(on thread: pthread_t) -> OpeningAttempt? {
        runningLock.withLock { running[thread] }
    }

    /// Waits up to `timeout` seconds for the thread.
    func wait(timeout: Double) -> Outcome {
        condition.wait(until: { isDone }, timeout: timeout) { done in
            guard done else {
                abandoned = true
                return .timedOut
            }
            return .opened(display)
        }
    }
}

/// The opening thread's body. Not isolated to the main actor: it runs on its own thread.
private func runOpeningAttempt(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<OpeningAttempt>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
