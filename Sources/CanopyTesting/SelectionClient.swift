import CX11
@_spi(Testing) import CanopyX11

/// A connection of its own to an application's display, with a 1 × 1 window that owns one
/// selection (or none) and events read by the application's loop: what the test clients that
/// play other programs (a clipboard owner, a clipboard manager, a drag source, a drop target)
/// have in common.
@MainActor final class SelectionClient {
    let display: OpaquePointer
    let window: XID
    private weak var application: Application?

    /// Connects to `application`'s display and takes `selection`, if any; `role` names the
    /// client in errors.
    init(servedBy application: Application, owning selection: String?, role: String) throws {
        let displayName = application.displayName
        guard let display = XOpenDisplay(displayName) else {
            throw TestWindowError(description: "cannot open display \(displayName) for the \(role)")
        }
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        if let selection {
            let atom = XInternAtom(display, selection, 0)
            XSetSelectionOwner(display, atom, window, UInt(CurrentTime))
            XSync(display, 0)
            guard XGetSelectionOwner(display, atom) == window else {
                XCloseDisplay(display)
                throw TestWindowError(description: "could not take the \(selection) selection")
            }
        }
        self.display = display
        self.window = window
        self.application = application
    }

    /// Has the application's loop call `handler` whenever the connection has events to read.
    func readEvents(with handler: @escaping @MainActor () -> Void) {
        application?.addReadHandler(for: XConnectionNumber(display), handler)
    }

    isolated deinit {
        application?.removeReadHandler(for: XConnectionNumber(display))
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Sends a 32-bit client message of type `type` carrying `values` (up to five) to `target`,
    /// as XDND's messages go.
    func sendMessage(_ type: String, to target: XID, _ values: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = target
        event.xclient.message_type = atom(type)
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { storage in
            for (index, value) in values.prefix(5).enumerated() {
                storage.storeBytes(of: value, toByteOffset: index * MemoryLayout<Int>.size, as: Int.self)
            }
        }
        XSendEvent(display, target, 0, NoEventMask, &event)
    }

    /// Tells the requestor of `request` that its content is in `property`, or with `0` that
    /// the request is refused (a SelectionNotify, as ICCCM asks of a selection's owner).
    func answer(_ request: XSelectionRequestEvent, property: Atom) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = property
        XSendEvent(display, request.requestor, 0, 0, &reply)
    }

    /// The atom named `name` on this connection.
    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
}
