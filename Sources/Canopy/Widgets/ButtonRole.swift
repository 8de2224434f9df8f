/// What a ``Button`` is to the dialog or window it is in, as desktop dialogs have it.
///
/// When the key reaches the scene (no focused view took it), Enter presses the enabled default
/// button and Escape the enabled cancel button, of the topmost modal presentation while one is
/// up, else of the window's content. The focused button takes Enter and Space itself, so a
/// dialog whose focus is on its Cancel button cancels on Enter.
public enum ButtonRole: Hashable, Sendable {
    /// An ordinary button.
    case normal
    /// The button Enter presses: the action the dialog is for. Drawn prominent.
    case `default`
    /// The button Escape presses: it leaves without doing anything.
    case cancel
    /// A button that destroys the user's work (Delete, Discard): drawn in the theme's
    /// destructive colour, and never pressed by Enter unless it has focus.
    case destructive
}
