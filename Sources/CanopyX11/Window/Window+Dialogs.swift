import CX11
import Canopy

/// A window's dialogs: top-level windows of their own, transient for it, and the input a
/// modal one takes from it while it is open.
extension Window {
    /// The window this one is a dialog of, or `nil` for an ordinary window.
    public var parent: Window? {
        guard case let .dialog(parent, _) = kind else { return nil }
        return parent
    }

    /// Whether the window is a modal dialog: its parent takes no input while it is open.
    public var isModal: Bool {
        guard case .dialog(_, modal: true) = kind else { return false }
        return true
    }

    /// The window's open dialogs, oldest first.
    public var dialogs: [Window] { application.windows.filter { $0.parent === self } }

    /// The newest open modal dialog of this window, which has its input meanwhile, or `nil`.
    public var modalDialog: Window? { dialogs.last { $0.isModal } }

    /// Opens `rootView` in a dialog of this window, `size` points, titled `title`, and shows it;
    /// the window manager keeps it above this window and focuses it. Unless `rootView` focused
    /// a view of its own, the keyboard starts on the dialog's first control in reading order, as
    /// in GTK's dialogs (a screen reader hears the dialog, then that control). A `modal` dialog (the
    /// default, as an alert or a preferences sheet) takes this window's input until it closes: a
    /// click here brings the dialog forward instead. Close it with ``close()``; closing this
    /// window closes it too. As desktop dialogs do, Enter presses its default button and Escape
    /// its cancel button (``Canopy/ButtonRole``); without one, Escape closes the dialog as its
    /// close button would (``shouldClose`` decides).
    @discardableResult
    public func presentDialog(
        title: String, size: Size, rootView: View, modal: Bool = true
    ) throws(X11Error) -> Window {
        guard isOpen else { throw .resourceFailed("open a dialog of a window that is closed") }
        let dialog = try Window(  // at this window's scale, following the desktop's if this one does
            application: application, title: title, size: size, rootView: rootView,
            scale: followsDesktopScale ? nil : scale, kind: .dialog(of: self, modal: modal))
        dialog.scene.cancelAction = { [weak dialog] in dialog?.closeIfAllowed() }
        if dialog.scene.focusedView == nil {
            dialog.scene.rootView.layoutIfNeeded()  // the order of Tab follows where views are
            dialog.scene.moveFocus()
        }
        if modal {
            // What was under the pointer here stops looking hovered: the pointer is the dialog's.
            scene.handlePointerLeft(MouseEvent(locationInWindow: Point(x: -1, y: -1), clickCount: 0))
        }
        dialog.show()
        return dialog
    }

    /// Opens `alert` in a modal dialog of this window titled `title` (the alert's title by
    /// default), sized to the alert, with focus on its ``Canopy/Alert/initialFocus``; answering
    /// the alert closes the dialog, and Escape presses its cancel button.
    @discardableResult
    public func presentDialog(_ alert: Alert, title: String? = nil) throws(X11Error) -> Window {
        alert.cornerRadius = 0  // the window's edges are the alert's
        alert.shadow = nil
        let size = alert.sizeThatFits(Size(width: alert.preferredWidth, height: .infinity))
        let dialog = try presentDialog(title: title ?? alert.titleLabel.text, size: size, rootView: alert)
        alert.closeWindow = { [weak dialog] in dialog?.close() }
        alert.initialFocus?.becomeFocused()
        return dialog
    }

    /// Whether `event` is user input that a modal dialog takes from this window now. A press
    /// asks the window manager to bring the dialog forward; a key let go here is forgotten, so
    /// the next press of it is not taken for auto-repeat.
    func isBlockedByModalDialog(_ event: XEvent) -> Bool {
        switch event.type {
        case KeyPress, KeyRelease, ButtonPress, ButtonRelease, MotionNotify: break
        default: return false
        }
        guard let dialog = modalDialog else { return false }
        if event.type == ButtonPress {
            dialog.lastUserTime = event.xbutton.time  // the request is the user's, made now
            dialog.activate()
        }
        if event.type == KeyRelease { keysDown.remove(event.xkey.keycode) }
        return true
    }

    /// Whether the window is `window` or a dialog of it (at any depth): it closes with it.
    func closes(with window: Window) -> Bool {
        var current: Window? = self
        while let candidate = current {
            if candidate === window { return true }
            current = candidate.parent
        }
        return false
    }

    /// Closes the window's dialogs at once, as the window itself goes.
    func closeDialogs() {
        for dialog in dialogs { dialog.closeNow() }
    }
}
