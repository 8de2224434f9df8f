/// Enter and Escape as desktop dialogs have them, for in-window modals and dialog windows
/// alike: the keys press the buttons whose ``ButtonRole`` is default or cancel.
extension Scene {
    /// The enabled, shown button of `role` that Enter or Escape presses: the first in the
    /// topmost modal presentation while one is up, else in the content; `nil` if there is none.
    public func button(withRole role: ButtonRole) -> Button? {
        firstButton(withRole: role, in: layer.topModal?.root ?? rootView)
    }

    /// Presses the button of `role` as a click would; returns whether there was one.
    func pressButton(withRole role: ButtonRole) -> Bool {
        guard let button = button(withRole: role) else { return false }
        button.sendPrimaryAction()
        return true
    }

    /// What Escape does once no view took it: it dismisses the topmost popover if one is up;
    /// else it presses the cancel button, dismisses the topmost modal or runs ``cancelAction``,
    /// the first of these there is. Returns whether it did anything.
    func cancelForEscape() -> Bool {
        if let topmost = layer.presented.last(where: { !$0.isPassive }), !topmost.isModal {
            return layer.dismissForEscape()
        }
        if pressButton(withRole: .cancel) || layer.dismissForEscape() { return true }
        guard let cancelAction else { return false }
        cancelAction()
        return true
    }

    private func firstButton(withRole role: ButtonRole, in view: View) -> Button? {
        guard !view.isHidden else { return nil }
        if let button = view as? Button, button.role == role, button.isEnabled { return button }
        for subview in view.subviews {
            if let button = firstButton(withRole: role, in: subview) { return button }
        }
        return nil
    }
}
