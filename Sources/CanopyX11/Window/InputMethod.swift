import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// A connection's X input method (XIM) and the input context of each window that takes the
/// keyboard.
///
/// The method opens the first time a window asks for a context, not at start-up (it costs round
/// trips the first frame need not wait for): the one the locale modifiers name (the user's
/// `XMODIFIERS`), else Xlib's built-in one, else none.
///
/// An input method server can die at any moment. Xlib then frees the method and every context
/// made with it, and says so through the destroy callback: from then on nothing here touches
/// them. The windows go on with Xlib's built-in method (what they use when no server runs at
/// all), and an instantiate callback switches back to the server once one registers again.
///
/// Xlib forwards each key press to the server and waits for its answer with no timeout, so a key
/// must not reach a server that is already gone: ``noticeServerLoss(sparing:)`` runs a queued
/// DestroyNotify of the server's window through Xlib before the keys typed ahead of it. (A
/// server that dies after a key was sent to it, before answering, still leaves Xlib waiting:
/// Xlib offers no way out of that wait.)
@MainActor final class InputMethod {
    private enum State {
        /// Not asked for yet.
        case unopened
        /// Open; `fromServer` when a server's rather than Xlib's built-in one.
        case open(XIM, fromServer: Bool)
        /// The server died: Xlib freed the method and its contexts; the built-in one is next.
        case lost
        /// None could be opened.
        case unavailable
    }

    /// A window that asked for a context, so that it gets one again after a switch.
    private struct Client {
        var context: XIC?
        var isFocused = false
    }

    private let display: OpaquePointer
    private var state = State.unopened
    private var clients: [XID: Client] = [:]
    /// Whether the instantiate callback is registered (after a server was lost).
    private var isWatchingForServer = false
    /// Set by the instantiate callback: a server registered and can be opened; the switch to it
    /// happens at the next key or focus.
    private(set) var serverAppeared = false

    /// The locale modifiers the method is opened with; empty means the user's (`XMODIFIERS`).
    /// Tests name a server here ("@im=uim") instead of changing the environment.
    var modifiers = ""
    /// How many times the server of the open method went away.
    private(set) var serverLosses = 0

    init(display: OpaquePointer) {
        self.display = display
    }

    /// Whether the open method is a server's (not Xlib's built-in one).
    var isConnectedToServer: Bool {
        if case .open(_, fromServer: true) = state { return true }
        return false
    }

    /// The window's input context, made (opening the method first) when there is none yet;
    /// `nil` without an input method.
    func context(for window: XID) -> XIC? {
        applyPendingSwitch()
        var client = clients[window] ?? Client()
        if client.context == nil, case .open(let method, _) = state {
            client.context = canopy_create_ic(method, window)
            if let context = client.context, client.isFocused { XSetICFocus(context) }
        }
        clients[window] = client
        return client.context
    }

    /// Tells the method that `window` gained or lost the keyboard focus.
    func setFocus(_ isFocused: Bool, for window: XID) {
        let hadContext = clients[window]?.context != nil
        clients[window, default: Client()].isFocused = isFocused
        guard let context = context(for: window) else { return }  // a new one is focused already
        if !isFocused { XUnsetICFocus(context) } else if hadContext { XSetICFocus(context) }
    }

    /// Destroys the window's context; call before the window itself goes.
    func removeContext(for window: XID) {
        if let context = clients.removeValue(forKey: window)?.context { XDestroyIC(context) }
    }

    /// Before a key event goes through `XFilterEvent`: if a DestroyNotify of a window that is
    /// not one of `ownWindows` is already queued (the input method server's window, say), runs it
    /// through Xlib first, so a dead server is noticed before Xlib forwards the key to it and
    /// waits for an answer that never comes. Then, when `reopening`, opens whatever method comes
    /// next (but never the first one: that waits for a window to ask); closing passes false.
    func noticeServerLoss(sparing ownWindows: [XID], reopening: Bool = true) {
        if case .unopened = state { return }
        if isConnectedToServer {
            var spared = [XID(ownWindows.count)] + ownWindows  // the count first, for the C predicate
            var event = XEvent()
            while spared.withUnsafeMutableBufferPointer({ takeForeignDestroyNotify(&event, spared: $0) }) {
                _ = XFilterEvent(&event, 0)
            }
        }
        if reopening { applyPendingSwitch() }
    }

    /// Destroys the contexts and closes the method.
    func close() {
        stopWatchingForServer()
        for client in clients.values { if let context = client.context { XDestroyIC(context) } }
        clients.removeAll()
        if case .open(let method, _) = state { XCloseIM(method) }
        state = .unavailable
    }

    // MARK: Opening and switching

    /// Opens the first method, reopens after a lost server, or switches back to a server that
    /// appeared; the windows that had contexts get new ones.
    private func applyPendingSwitch() {
        switch state {
        case .unopened:
            open()
        case .lost:
            open()
            if !isConnectedToServer { watchForServer() }
        case .open(let method, fromServer: false) where serverAppeared:
            serverAppeared = false
            forgetContexts(destroying: true)
            XCloseIM(method)
            open()
            if isConnectedToServer { stopWatchingForServer() }
        case .open, .unavailable:
            return
        }
        remakeContexts()
    }

    /// Opens the method the modifiers name, else Xlib's built-in one; leaves the modifiers set
    /// as named, which is what the instantiate callback looks for.
    private func open() {
        let named = XSetLocaleModifiers(modifiers).map { Self.namesServer(String(cString: $0)) } ?? false
        if let method = XOpenIM(display, nil, nil, nil) {
            state = .open(method, fromServer: named)
            watchForDeath(of: method)  // any method: Xlib can reach a server even when none is named
            return
        }
        XSetLocaleModifiers("@im=none")
        let builtIn = XOpenIM(display, nil, nil, nil)
        XSetLocaleModifiers(modifiers)
        state = builtIn.map { .open($0, fromServer: false) } ?? .unavailable
        if let builtIn { watchForDeath(of: builtIn) }
    }

    private func remakeContexts() {
        for window in clients.keys { _ = context(for: window) }
    }

    /// Drops every window's context, destroying it first unless Xlib already has.
    private func forgetContexts(destroying: Bool) {
        for window in clients.keys {
            if destroying, let context = clients[window]?.context { XDestroyIC(context) }
            clients[window]?.context = nil
        }
    }

    /// Whether resolved locale modifiers such as "@im=uim" name an input method server (the
    /// first `@im=` counts; "none", "local" and an empty name mean Xlib's built-in method).
    static func namesServer(_ modifiers: String) -> Bool {
        guard let setting = modifiers.split(separator: "@").first(where: { $0.hasPrefix("im=") }) else { return false }
        return !["", "none", "local"].contains(setting.dropFirst("im=".count))
    }

    // MARK: Xlib callbacks

    private var opaqueSelf: XPointer {
        Unmanaged.passUnretained(self).toOpaque().assumingMemoryBound(to: CChar.self)
    }

    nonisolated private static func instance(_ data: XPointer?) -> InputMethod? {
        data.map { Unmanaged<InputMethod>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }

    /// Asks Xlib to report the server's death. The callback runs inside `XFilterEvent`, while
    /// Xlib walks its list of methods, so it only records the loss; the next key or focus opens
    /// the built-in method.
    private func watchForDeath(of method: XIM) {
        _ = canopy_set_im_destroy_callback(
            method,
            { _, data, _ in
                let inputMethod = InputMethod.instance(data)
                MainActor.assumeIsolated { inputMethod?.serverDied() }
            }, opaqueSelf)
    }

    private func serverDied() {
        serverLosses += 1
        state = .lost
        forgetContexts(destroying: false)  // Xlib frees them with the method
    }

    /// Asks Xlib to report when a server for the modifiers registers (on the root window's
    /// XIM_SERVERS property); the switch happens at the next key or focus.
    private func watchForServer() {
        guard !isWatchingForServer else { return }
        isWatchingForServer =
            XRegisterIMInstantiateCallback(display, nil, nil, nil, Self.serverRegistered, opaqueSelf) != 0
    }

    private func stopWatchingForServer() {
        guard isWatchingForServer else { return }
        isWatchingForServer = false
        XUnregisterIMInstantiateCallback(display, nil, nil, nil, Self.serverRegistered, opaqueSelf)
    }

    private static let serverRegistered: XIDProc = { _, data, _ in
        let inputMethod = InputMethod.instance(data)
        MainActor.assumeIsolated { inputMethod?.serverAppeared = true }
    }

    /// Removes the first queued DestroyNotify whose window is not in `spared` (its count first,
    /// then the windows) and puts it in `event`.
    private func takeForeignDestroyNotify(_ event: inout XEvent, spared: UnsafeMutableBufferPointer<XID>) -> Bool {
        guard let list = spared.baseAddress else { return false }
        let argument = UnsafeMutableRawPointer(list).assumingMemoryBound(to: CChar.self)
        return XCheckIfEvent(
            display, &event,
            { _, event, argument in
                guard let event, let argument, event.pointee.type == DestroyNotify else { return 0 }
                let spared = UnsafeRawPointer(argument).assumingMemoryBound(to: XID.self)
                let window = event.pointee.xdestroywindow.window
                return (0..<Int(spared[0])).contains { spared[1 + $0] == window } ? 0 : 1
            }, argument) != 0
    }
}
