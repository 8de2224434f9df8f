/// A view whose text assistive technology reads by character, line and paragraph, with the caret
/// and selection, and edits as the user would (a text field, a text view).
///
/// Positions count Characters (grapheme clusters) of ``AccessibilityTextState/text``, as
/// ``TextEditingState`` does; a host converts them to what its platform counts. A view is
/// editable through it when its node has the ``AccessibilityStates/editable`` state.
@MainActor public protocol AccessibilityText: View {
    /// The text, the caret and the selection. A host reads it on every turn of its run loop:
    /// it must not copy a long text each time (hand out the same string while it is unchanged).
    var accessibilityTextState: AccessibilityTextState { get }
    /// The Characters of the line on screen that holds Character `index` (clamped to the text),
    /// with the line break that ends it, if any.
    func accessibilityLine(holding index: Int) -> Range<Int>
    /// The Characters of the paragraph that holds Character `index` (clamped to the text), with
    /// the line break that ends it, if any.
    func accessibilityParagraph(holding index: Int) -> Range<Int>
    /// The rectangle the characters `range` are drawn in, in bounds coordinates (past the end
    /// of the text, where the next character would go). Its cost must not grow with the range:
    /// a screen reader may ask about all of a long text at once.
    func accessibilityFrame(ofCharactersIn range: Range<Int>) -> Rect
    /// The position of the character under `point` (bounds coordinates), or the nearest.
    func accessibilityCharacterIndex(at point: Point) -> Int
    /// Selects `range` (puts the caret at its start when it is empty), as the user would.
    func setAccessibilitySelection(_ range: Range<Int>)
    /// Replaces `range` with `string` as the user's edit (the view reports it as the user's
    /// typing would); returns whether the text could be edited.
    func replaceAccessibilityText(in range: Range<Int>, with string: String) -> Bool
}
