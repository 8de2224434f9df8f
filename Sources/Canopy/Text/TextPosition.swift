/// A place between two characters of a multi-line text (``TextDocument``): a paragraph and a
/// count of Characters (grapheme clusters) into it, so it never falls inside "你", an emoji or a
/// letter with its accent. Positions order as the text reads: by paragraph, then by offset.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The paragraph, counted from 0.
    public var paragraph: Int
    /// How many characters of the paragraph come before the position.
    public var offset: Int

    /// A position `offset` characters into `paragraph`.
    public init(paragraph: Int, offset: Int) {
        self.paragraph = paragraph
        self.offset = offset
    }

    /// The start of the text.
    public static let start = TextPosition(paragraph: 0, offset: 0)

    /// Whether `lhs` comes before `rhs` in the text.
    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.paragraph, lhs.offset) < (rhs.paragraph, rhs.offset)
    }

    /// "paragraph:offset".
    public var description: String { "\(paragraph):\(offset)" }
}
