import Canopy
import CX11

/// What a window tells the window manager and how it answers it (ICCCM and EWMH): the
/// protocols it speaks, its hints, type, icon and state, and the requests it makes.
extension Window {
    /// What kind of top-level window a ``Window`` is, for the window manager.
    public enum Kind {
        /// An ordinary application window (`_NET_WM_WINDOW_TYPE_NORMAL`).
        case normal
        /// A dialog of `parent` (`_NET_WM_WINDOW_TYPE_DIALOG`, `WM_TRANSIENT_FOR` the parent):
        /// window managers keep it above its parent and place it over it. A `modal` one
        /// (`_NET_WM_STATE_MODAL`) takes the parent's input while it is open; closing the parent
        /// closes its dialogs.
        case dialog(of: Window, modal: Bool = false)
    }

    /// Everything a window manager reads when it takes the window on, set before it is mapped,
    /// all without a round trip.
    ///
    /// The protocols: WM_DELETE_WINDOW (the close button asks, ``shouldClose`` decides),
    /// WM_TAKE_FOCUS with the input hint set (the "locally active" model: the window takes the
    /// keyboard when the window manager offers it), `_NET_WM_PING` (answered from the run loop,
    /// so the window manager can tell a hung app), and `_NET_WM_SYNC_REQUEST` when the server
    /// has SYNC.
    func setWindowManagerProperties() {
        let display = connection.display, atoms = connection.atoms
        var protocols = [atoms.wmDeleteWindow, atoms.wmTakeFocus, atoms.netWMPing].map { Int($0) }
        if let syncCounter {
            protocols.append(Int(atoms.netWMSyncRequest))
            var counter = [Int(syncCounter.id)]
            XChangeProperty(
                display, windowID, atoms.netWMSyncRequestCounter, XA_CARDINAL, 32, PropModeReplace, &counter, 1)
        }
        // XSetWMProtocols would intern WM_PROTOCOLS again: a round trip.
        XChangeProperty(
            display, windowID, atoms.wmProtocols, XA_ATOM, 32, PropModeReplace, &protocols, Int32(protocols.count))
        var type: [Int]
        switch kind {
        case .normal:
            type = [Int(atoms.netWMWindowTypeNormal)]
        case let .dialog(parent, modal):
            type = [Int(atoms.netWMWindowTypeDialog)]
            XSetTransientForHint(display, windowID, parent.windowID)
            if modal {
                var state = [Int(atoms.netWMStateModal)]  // read by the window manager at map
                XChangeProperty(display, windowID, atoms.netWMState, XA_ATOM, 32, PropModeReplace, &state, 1)
            }
        }
        XChangeProperty(display, windowID, atoms.netWMWindowType, XA_ATOM, 32, PropModeReplace, &type, 1)
        setWMHints()
        setNormalHints()
    }

    /// WM_HINTS: the window takes keyboard input, starts in the normal state, and asks for
    /// attention when ``demandsAttention`` is set.
    func setWMHints() {
        var hints = XWMHints()
        hints.flags = InputHint | StateHint | (demandsAttention ? 1 << 8 : 0)  // 1 << 8: XUrgencyHint
        hints.input = 1
        hints.initial_state = NormalState
        XSetWMHints(connection.display, windowID, &hints)
    }

    /// WM_NORMAL_HINTS: the smallest size the user may give the window, in pixels: the
    /// ``minimumSize`` asked for, or the content's minimum where larger.
    func setNormalHints() {
        var hints = XSizeHints()
        hintedContentMinimum = scene.contentMinimumSize
        let minimumSize = Size(
            width: max(minimumSize.width, hintedContentMinimum.width),
            height: max(minimumSize.height, hintedContentMinimum.height))
        if minimumSize.width > 0 || minimumSize.height > 0 {
            hints.flags = PMinSize
            hints.min_width = Int32(min(32767, max(1, (minimumSize.width * scale).rounded(.up))))
            hints.min_height = Int32(min(32767, max(1, (minimumSize.height * scale).rounded(.up))))
        }
        XSetWMNormalHints(connection.display, windowID, &hints)
    }

    /// `_NET_WM_ICON`: the icon as 32-bit ARGB (straight alpha), width and height first.
    func setIconProperty() {
        let display = connection.display, atoms = connection.atoms
        guard let icon else {
            XDeleteProperty(display, windowID, atoms.netWMIcon)
            return
        }
        var values = [icon.pixelWidth, icon.pixelHeight]
        values.reserveCapacity(2 + icon.pixelWidth * icon.pixelHeight)
        let pixels = icon.pixels
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let (red, green, blue, alpha) = (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
            values.append(Int(alpha) << 24 | Int(red) << 16 | Int(green) << 8 | Int(blue))
        }
        XChangeProperty(
            display, windowID, atoms.netWMIcon, XA_CARDINAL, 32, PropModeReplace, &values, Int32(values.count))
    }

    /// A message from the window manager (or another client speaking for it).
    func handleClientMessage(_ message: XClientMessageEvent) {
        let atoms = connection.atoms
        if handleDragMessage(message) { return }
        guard message.message_type == atoms.wmProtocols, let words = ClientMessageWords(message) else { return }
        switch words.atom(0) {
        case atoms.wmDeleteWindow:
            closeIfAllowed()
        case atoms.wmTakeFocus:
            // The window manager offers the keyboard, with the time of the event that moved it.
            guard isMapped else { return }
            XSetInputFocus(connection.display, windowID, RevertToParent, words.time(1))
        case atoms.netWMPing:
            // Answered as soon as the loop reads it: the window manager sees a live app.
            var reply = XEvent()
            reply.xclient = message
            reply.xclient.window = connection.root
            XSendEvent(
                connection.display, connection.root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &reply)
        case atoms.netWMSyncRequest:
            syncRequested = Int64(bitPattern: UInt64(words[3]) << 32 | UInt64(words[2]))
        default:
            break
        }
    }

    /// Once the frame at the size the window manager announced is presented, tells it through
    /// the sync counter, so it shows the window at that size only now.
    func acknowledgeResizeIfDrawn() {
        guard let value = syncAwaitingFrame, !wantsFrame else { return }
        syncAwaitingFrame = nil
        syncCounter?.set(value)
    }

    /// Asks the window manager to show the window full-screen (covering its monitor, without
    /// decorations) or not; ``isFullScreen`` follows once it has.
    public func setFullScreen(_ fullScreen: Bool) {
        guard isOpen else { return }
        let display = connection.display, atoms = connection.atoms
        guard hasBeenShown else {
            // Not yet managed: the window manager reads the state when the window is mapped.
            var states = [Int(atoms.netWMStateFullscreen)]
            XChangeProperty(
                display, windowID, atoms.netWMState, XA_ATOM, 32, PropModeReplace, &states, fullScreen ? 1 : 0)
            return
        }
        sendToWindowManager(atoms.netWMState, [fullScreen ? 1 : 0, Int(atoms.netWMStateFullscreen), 0, 1])
    }

    /// Asks the window manager to raise the window and give it the keyboard
    /// (`_NET_ACTIVE_WINDOW`, as an application asking on the user's behalf, with the time of
    /// the user's latest press). Window managers may refuse when the user is busy elsewhere.
    public func activate() {
        guard isOpen else { return }
        sendToWindowManager(connection.atoms.netActiveWindow, [1, Int(lastUserTime), 0])
    }

    /// A client message about this window to the window manager, sent to the root window as
    /// EWMH asks.
    private func sendToWindowManager(_ type: Atom, _ values: [Int]) {
        var event = Self.clientMessage(to: windowID, type: type, values: values)
        XSendEvent(
            connection.display, connection.root, 0, SubstructureNotifyMask | SubstructureRedirectMask, &event)
    }

    /// A 32-bit client message of `type` about `window`, carrying up to five `values`.
    static func clientMessage(to window: XID, type: Atom, values: [Int]) -> XEvent {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = type
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { storage in
            for (index, value) in values.prefix(5).enumerated() {
                storage.storeBytes(of: value, toByteOffset: index * MemoryLayout<Int>.size, as: Int.self)
            }
        }
        return event
    }

    /// The window manager changed `_NET_WM_STATE`: reads whether the window is full-screen.
    func readWindowState() {
        let atoms = connection.atoms
        let state = WindowProperty(display: connection.display, window: windowID, property: atoms.netWMState)
        isFullScreen = state?.atoms.contains(atoms.netWMStateFullscreen) == true
    }
}
