/// What the user did to make a ``TextEdit``: it decides which edits a ``TextEditHistory``
/// joins into one undo step, and the step's name in an Edit menu.
public enum TextEditKind: Hashable, Sendable {
    /// Characters typed: joined while the caret stays at their end, a word (and the spaces
    /// after it) at a time, until a pause.
    case typing
    /// Text committed by an input method: one step.
    case inputMethodCommit
    /// Backspace (or Control-Backspace): a run of them at the caret is one step.
    case deleteBackward
    /// Delete (or Control-Delete): a run of them at the caret is one step.
    case deleteForward
    /// A paste (from the clipboard or the primary selection): one step.
    case paste
    /// A cut: one step.
    case cut
    /// Text dropped in by drag and drop: one step.
    case drop
    /// Text replaced by assistive technology: one step.
    case replace

    /// The step's name, as an Edit menu shows it after "Undo" or "Redo".
    public var name: String {
        switch self {
        case .typing, .inputMethodCommit: "Typing"
        case .deleteBackward, .deleteForward: "Delete"
        case .paste: "Paste"
        case .cut: "Cut"
        case .drop: "Drop"
        case .replace: "Replace"
        }
    }
}
