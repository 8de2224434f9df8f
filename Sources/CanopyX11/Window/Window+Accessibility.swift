import CX11
import Canopy
import CanopyAccessibility

extension Window: AccessibleWindow {
    /// Whether the window is a dialog of another (``Kind/dialog(of:modal:)``).
    public var isDialog: Bool { parent != nil }

    /// The window's top-left corner on the screen, in pixels, asked of the server (one round
    /// trip, made only when a screen reader asks where something is).
    public func screenOrigin() -> Point {
        guard isOpen else { return .zero }
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(connection.display, windowID, connection.root, 0, 0, &x, &y, &child)
        return Point(x: Double(x), y: Double(y))
    }

    /// Asks for the keyboard focus: raises the window and gives it the focus, and asks a window
    /// manager that runs to activate it (`_NET_ACTIVE_WINDOW`, as a pager or a screen reader
    /// does).
    public func requestKeyboardFocus() {
        guard isOpen else { return }
        let display = connection.display
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = windowID
        message.xclient.message_type = XInternAtom(display, "_NET_ACTIVE_WINDOW", 0)
        message.xclient.format = 32
        message.xclient.data.l.0 = 2  // from a pager or other tool acting for the user
        message.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(
            display, connection.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &message)
        XRaiseWindow(display, windowID)
        XSetInputFocus(display, windowID, RevertToParent, UInt(CurrentTime))
        XFlush(display)
    }
}
