/// What an ``AccessibilityText`` view holds as assistive technology reads it: the whole text
/// (line breaks included), the caret and the selection, in Characters.
public struct AccessibilityTextState: Hashable, Sendable {
    /// The text, paragraphs joined by line feeds.
    public var text: String
    /// Where the caret is.
    public var caret: Int
    /// The selected Characters (empty, at the caret, when nothing is selected).
    public var selection: Range<Int>

    /// A text with the caret at `caret` and `selection` selected (none by default).
    public init(text: String, caret: Int, selection: Range<Int>? = nil) {
        self.text = text
        self.caret = caret
        self.selection = selection ?? caret..<caret
    }

    /// Whether any text is selected.
    public var hasSelection: Bool { !selection.isEmpty }
}
