import CX11

/// Another X client that owns the CLIPBOARD selection with some text, on a connection of its
/// own, so tests can paste "from another program". Call ``serveRequests()`` while waiting for
/// the paste: it answers the requests that have arrived.
@MainActor public final class ClipboardOwner {
    private let display: OpaquePointer
    private let window: XID
    private let text: String

    /// Connects to `displayName` and takes the CLIPBOARD selection, offering `text`.
    public init(displayName: String, text: String) throws {
        guard let display = XOpenDisplay(displayName) else {
            throw TestWindowError(description: "cannot open display \(displayName) for the clipboard owner")
        }
        self.display = display
        self.text = text
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(display, atom("CLIPBOARD"), window, UInt(CurrentTime))
        XSync(display, 0)
        guard XGetSelectionOwner(display, atom("CLIPBOARD")) == window else {
            throw TestWindowError(description: "could not take the CLIPBOARD selection")
        }
    }

    isolated deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Answers every selection request that has arrived: UTF8_STRING gets the text, anything
    /// else a refusal.
    public func serveRequests() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == SelectionRequest else { continue }
            let request = event.xselectionrequest
            var reply = XEvent()
            reply.xselection.type = SelectionNotify
            reply.xselection.requestor = request.requestor
            reply.xselection.selection = request.selection
            reply.xselection.target = request.target
            reply.xselection.time = request.time
            reply.xselection.property = 0
            if request.target == atom("UTF8_STRING"), request.property != 0 {
                var bytes = Array(text.utf8)
                XChangeProperty(
                    display, request.requestor, request.property, request.target, 8, PropModeReplace, &bytes,
                    Int32(bytes.count))
                reply.xselection.property = request.property
            }
            XSendEvent(display, request.requestor, 0, 0, &reply)
        }
        XFlush(display)
    }

    private func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
}
