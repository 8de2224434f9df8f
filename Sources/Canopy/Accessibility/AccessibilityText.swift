/// A view whose text assistive technology reads by character, with the caret and selection, and
/// edits as the user would (a text field).
///
/// Positions count Characters (grapheme clusters), as ``TextEditingState`` does; a host converts
/// them to what its platform counts.
@MainActor public protocol AccessibilityText: View {
    /// The text, the caret and the selection.
    var accessibilityTextState: TextEditingState { get }
    /// The rectangle the characters `range` are drawn in, in bounds coordinates (past the end
    /// of the text, where the next character would go). Its cost must not grow with the range:
    /// a screen reader may ask about all of a long text at once.
    func accessibilityFrame(ofCharactersIn range: Range<Int>) -> Rect
    /// The position of the character under `point` (bounds coordinates), or the nearest.
    func accessibilityCharacterIndex(at point: Point) -> Int
    /// Selects `range` (puts the caret at its start when it is empty), as the user would.
    func setAccessibilitySelection(_ range: Range<Int>)
    /// Replaces `range` with `string` as the user's edit (the field reports it as the user's
    /// typing would); returns whether the text could be edited.
    func replaceAccessibilityText(in range: Range<Int>, with string: String) -> Bool
}
