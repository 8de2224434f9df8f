/// Finds where text may break: where a wrapped line may end (Unicode's line breaking, UAX #14)
/// and where words begin and end (word boundaries, UAX #29), for wrapped labels, Control-word
/// moves and double-click selection.
///
/// The host installs one that follows the standard as ``View/defaultTextSegmenter`` (CanopyX11's
/// asks ICU, which also breaks Thai, Lao, Khmer and Myanmar between words by dictionary);
/// ``SimpleTextSegmenter`` is the fallback. Positions are indices into the text given, on
/// Unicode scalar boundaries (a break may fall inside a `Character`, as before a combining mark
/// after a space).
public protocol TextSegmenting: Sendable {
    /// Where a line of `text` may end: the indices the next line may start at, in order, after
    /// the text's start, the last being its end. A break after a space comes after the space.
    func lineBreaks(in text: Substring) -> [String.Index]

    /// `text` cut into its words and what lies between them (spaces, punctuation), in order and
    /// covering all of it.
    func wordSegments(in text: Substring) -> [WordSegment]
}

/// A stretch of text between two word boundaries: a word, or what lies between words.
public struct WordSegment: Hashable, Sendable {
    /// Where the segment lies in the text segmented.
    public var range: Range<String.Index>
    /// Whether it is a word (letters, digits, ideographs, kana), not spaces or punctuation.
    public var isWord: Bool

    /// A segment over `range`, a word or not.
    public init(range: Range<String.Index>, isWord: Bool) {
        self.range = range
        self.isWord = isWord
    }
}

extension View {
    /// What views break text with: the application installs the host's segmenter at start-up;
    /// until then a ``SimpleTextSegmenter``.
    public static var defaultTextSegmenter: TextSegmenting = SimpleTextSegmenter()
}
