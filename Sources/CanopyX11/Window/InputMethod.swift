import CX11
import Canopy

#if canImport(Glibc)
    import Glibc
#endif

/// A connection's X input method (XIM) and the input context of each window that takes the
/// keyboard.
///
/// A context shows what the method composes (its pre-edit) in the best style the method offers
/// (``InputContextStyle``): on the spot, the method's callbacks report it and the window's
/// scene draws it in the focused text input (``compositionChanged``); over the spot, the method
/// draws it itself at the caret the window reports (``setCaret(_:for:)``); else the method
/// shows it wherever it likes.
///
/// The method opens once a window has taken the keyboard, not at start-up (it costs round
/// trips the first frame need not wait for, and Xlib's built-in method reads the locale's
/// Compose file, half a megabyte, some 10 ms): when the loop is next idle
/// (``openIfAWindowWaits()``), or at the first key should one come sooner, so the click that
/// gives a window the keyboard is not answered late. It is the one the locale modifiers name
/// (the user's `XMODIFIERS`), else Xlib's built-in one, else none.
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
        /// What the method is composing for the window, on the spot.
        var composition = TextComposition()
        /// Whether the context is over the spot (the method draws the pre-edit at the caret).
        var isOverTheSpot = false
        /// The caret last told to the context (pixels).
        var spot: XPoint?
    }

    private let display: OpaquePointer
    private var state = State.unopened
    /// The style the open method's contexts are made in.
    private(set) var style = InputContextStyle.fallback
    /// The font set over-the-spot contexts draw their pre-edit in, made for the first one.
    private var preeditFonts: XFontSet?
    private var clients: [XID: Client] = [:]
    /// Whether the instantiate callback is registered (after a server was lost).
    private var isWatchingForServer = false
    /// Set by the instantiate callback: a server registered and can be opened; the switch to it
    /// happens at the next key or focus.
    private(set) var serverAppeared = false

    /// Whether contexts may be on the spot when the method offers it; tests turn it off to have
    /// over the spot from a method that offers both.
    var allowsOnTheSpot = true
    /// The locale modifiers the method is opened with; empty means the user's (`XMODIFIERS`).
    /// Tests name a server here ("@im=uim") instead of changing the environment.
    var modifiers = ""
    /// How many times the server of the open method went away.
    private(set) var serverLosses = 0
    /// Told of each change of what the method composes on the spot for a window: the
    /// composition, or `nil` when it ended.
    var compositionChanged: ((XID, TextComposition?) -> Void)?

    init(display: OpaquePointer) {
        self.display = display
    }

    /// Whether a method has been opened, or found missing (it may have been lost since).
    var hasTriedToOpen: Bool {
        if case .unopened = state { return false }
        return true
    }

    /// Whether a method is open (a server's or Xlib's built-in one).
    var isOpen: Bool {
        if case .open = state { return true }
        return false
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
            (client.context, client.isOverTheSpot) = makeContext(method, for: window, spot: client.spot)
            if let context = client.context, client.isFocused { XSetICFocus(context) }
        }
        clients[window] = client
        return client.context
    }

    /// Tells the method that `window` gained or lost the keyboard focus.
    func setFocus(_ isFocused: Bool, for window: XID) {
        let hadContext = clients[window]?.context != nil
        clients[window, default: Client()].isFocused = isFocused
        if case .unopened = state { return }  // its context is made, focused, when the method opens
        guard let context = context(for: window) else { return }  // a new one is focused already
        if !isFocused { XUnsetICFocus(context) } else if hadContext { XSetICFocus(context) }
    }

    /// The caret last told to the window's over-the-spot context (pixels), if any.
    func toldCaret(for window: XID) -> XPoint? {
        guard let client = clients[window], client.isOverTheSpot else { return nil }
        return client.spot
    }

    /// Destroys the window's context; call before the window itself goes.
    func removeContext(for window: XID) {
        if let context = clients.removeValue(forKey: window)?.context { XDestroyIC(context) }
    }

    /// Tells an over-the-spot method where the window's caret is (pixels), when it moved since
    /// last told: the method draws its pre-edit and places its candidates there. Telling costs
    /// a round trip (XIM's SetICValues waits for its reply), so only a move is told, and the
    /// window tells only as it takes the keyboard and after a click, not while keys are on
    /// their way: with uim-xim (1.8.8) a SetICValues sent while it still handles typed keys
    /// makes it drop the keys that follow. On the spot the method is not told at all, for the
    /// same reason.
    func setCaret(_ spot: XPoint, for window: XID) {
        if case .unopened = state, clients[window] != nil {
            clients[window]?.spot = spot  // an over-the-spot context starts there
            return
        }
        guard let client = clients[window], client.isOverTheSpot, let context = client.context else { return }
        guard client.spot.map({ $0.x != spot.x || $0.y != spot.y }) ?? true else { return }
        clients[window]?.spot = spot
        _ = canopy_set_spot_location(context, spot.x, spot.y)
    }

    /// Drops what the method is composing for the window (focus moved to another view): the
    /// method resets its context, and the text it would have committed is discarded.
    func cancelComposition(for window: XID) {
        guard let client = clients[window], let context = client.context, !client.composition.isEmpty else { return }
        clients[window]?.composition = TextComposition()
        if let discarded = Xutf8ResetIC(context) { XFree(discarded) }
        compositionChanged?(window, nil)
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
        if let preeditFonts { XFreeFontSet(display, preeditFonts) }
        preeditFonts = nil
        state = .unavailable
    }

    // MARK: Opening and switching

    /// Opens the first method if a window has taken the keyboard and it is not open yet, giving
    /// each such window its context (focused, where the window has the keyboard): the loop calls
    /// it when it would otherwise sleep. Returns whether it opened one.
    func openIfAWindowWaits() -> Bool {
        guard case .unopened = state, !clients.isEmpty else { return false }
        applyPendingSwitch()
        return true
    }

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
            opened(method, fromServer: named)
            return
        }
        XSetLocaleModifiers("@im=none")
        let builtIn = XOpenIM(display, nil, nil, nil)
        XSetLocaleModifiers(modifiers)
        if let builtIn { opened(builtIn, fromServer: false) } else { state = .unavailable }
    }

    /// Takes an opened method: chooses the style its contexts are made in, and watches for its
    /// death (any method's: Xlib can reach a server even when none is named).
    private func opened(_ method: XIM, fromServer: Bool) {
        state = .open(method, fromServer: fromServer)
        style = InputContextStyle.fallback
        if let styles = canopy_query_input_styles(method) {
            let offered = UnsafeBufferPointer(
                start: styles.pointee.supported_styles, count: Int(styles.pointee.count_styles))
            let callbacks = XIMStyle(XIMPreeditCallbacks)
            style = InputContextStyle.preferred(among: offered.filter { allowsOnTheSpot || $0 & callbacks == 0 })
            XFree(styles)
        }
        watchForDeath(of: method)
    }

    /// A context for the window in the method's style, and whether it is over the spot (placed
    /// at the last caret told). A method that refuses the style gets a context in the fallback
    /// one.
    private func makeContext(_ method: XIM, for window: XID, spot: XPoint?) -> (XIC?, isOverTheSpot: Bool) {
        switch style.preedit {
        case .callbacks:
            let context = canopy_create_on_the_spot_ic(
                method, window, style.value, Self.preeditStarted, Self.preeditDone, Self.preeditDrawn,
                Self.preeditCaretMoved, opaqueSelf)
            if let context { return (context, false) }
        case .position:
            if preeditFonts == nil { preeditFonts = canopy_create_preedit_font_set(display) }
            if let fonts = preeditFonts,
                let context = canopy_create_over_the_spot_ic(
                    method, window, style.value, fonts, spot?.x ?? 0, spot?.y ?? 0)
            {
                return (context, true)
            }
        case .method:
            break
        }
        return (canopy_create_ic(method, window, InputContextStyle.fallback.value), false)
    }

    private func remakeContexts() {
        for window in clients.keys { _ = context(for: window) }
    }

    /// Drops every window's context, destroying it first unless Xlib already has, and what it
    /// was composing; the next context is told the caret afresh.
    private func forgetContexts(destroying: Bool) {
        for window in clients.keys {
            if destroying, let context = clients[window]?.context { XDestroyIC(context) }
            clients[window]?.context = nil
            clients[window]?.spot = nil
            if clients[window]?.composition.isEmpty == false {
                clients[window]?.composition = TextComposition()
                compositionChanged?(window, nil)
            }
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

    // MARK: Pre-edit callbacks

    /// The pre-edit callbacks, called inside `XFilterEvent` or a key's lookup on the main
    /// thread: each copies what Xlib hands it into Swift values before it reaches the main actor.
    private static let preeditStarted: XICProc = { context, data, _ in
        let (inputMethod, context) = (InputMethod.instance(data), UInt(bitPattern: context))
        _ = MainActor.assumeIsolated { inputMethod?.preedit(.start, in: context) }
        return -1  // no limit to the pre-edit's length
    }

    private static let preeditDone: XIMProc = { context, data, _ in
        let (inputMethod, context) = (InputMethod.instance(data), UInt(bitPattern: context))
        _ = MainActor.assumeIsolated { inputMethod?.preedit(.done, in: context) }
    }

    private static let preeditDrawn: XIMProc = { context, data, call in
        guard let call else { return }
        let (inputMethod, context) = (InputMethod.instance(data), UInt(bitPattern: context))
        let change = PreeditChange(draw: UnsafeRawPointer(call))
        _ = MainActor.assumeIsolated { inputMethod?.preedit(change, in: context) }
    }

    /// Also tells the method where the caret went, as the protocol asks.
    private static let preeditCaretMoved: XIMProc = { context, data, call in
        guard let call else { return }
        let (inputMethod, context) = (InputMethod.instance(data), UInt(bitPattern: context))
        let change = PreeditChange(caret: UnsafeRawPointer(call))
        let position = MainActor.assumeIsolated { inputMethod?.preedit(change, in: context) }
        if let position {
            UnsafeMutableRawPointer(call).assumingMemoryBound(to: XIMPreeditCaretCallbackStruct.self).pointee.position =
                Int32(position)
        }
    }

    /// Applies a pre-edit change to the composition of the window whose context it is for and
    /// reports it; returns the composition's caret.
    @discardableResult private func preedit(_ change: PreeditChange, in context: UInt) -> Int? {
        guard let window = clients.first(where: { UInt(bitPattern: $0.value.context) == context })?.key,
            var composition = clients[window]?.composition
        else { return nil }
        switch change {
        case .start, .done:
            composition = TextComposition()
        case .draw(let caret, let first, let length, let text, let emphasis):
            if let text {
                composition.replace(first..<(first + length), with: text, emphasis: emphasis)
            } else {
                composition.setEmphasis(emphasis, from: first)
            }
            composition.caret = caret
        case .caret(let position, let direction, let isVisible):
            composition.caret = Self.caret(composition, movedTo: position, direction: direction)
            composition.showsCaret = isVisible
        }
        clients[window]?.composition = composition
        compositionChanged?(window, composition.isEmpty ? nil : composition)
        return composition.caret
    }

    /// Where a caret callback puts the caret: an absolute position, a character either way, a
    /// line's ends (the pre-edit is one line); other moves leave it.
    private static func caret(_ composition: TextComposition, movedTo position: Int, direction: UInt32) -> Int {
        switch direction {
        case XIMAbsolutePosition.rawValue: position
        case XIMForwardChar.rawValue: composition.caret + 1
        case XIMBackwardChar.rawValue: composition.caret - 1
        case XIMLineStart.rawValue: 0
        case XIMLineEnd.rawValue: composition.scalarCount
        default: composition.caret
        }
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
