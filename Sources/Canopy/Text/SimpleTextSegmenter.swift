/// Canopy's own breaking, for when the host has nothing better: lines break after spaces and
/// line breaks, and between any two Chinese or Japanese characters, never before closing
/// punctuation (。，、」…) nor after opening punctuation (「（“…); a word is a run of letters,
/// digits or underscores.
public struct SimpleTextSegmenter: TextSegmenting {
    /// Creates the segmenter.
    public init() {}

    /// After each run of spaces or line break, and between wide characters, keeping
    /// punctuation with the character it may not be parted from.
    public func lineBreaks(in text: Substring) -> [String.Index] {
        var breaks: [String.Index] = []
        var previous: Character?
        for index in text.indices {
            let character = text[index]
            if let last = previous, startsPiece(character, after: last) { breaks.append(index) }
            previous = character
        }
        if !text.isEmpty { breaks.append(text.endIndex) }
        return breaks
    }

    /// Runs of letters, digits and underscores, and the runs of other characters between them.
    public func wordSegments(in text: Substring) -> [WordSegment] {
        var segments: [WordSegment] = []
        var start = text.startIndex
        for index in text.indices where index > start {
            let isWord = Self.isWordCharacter(text[index])
            if isWord != Self.isWordCharacter(text[text.index(before: index)]) {
                segments.append(WordSegment(range: start..<index, isWord: !isWord))
                start = index
            }
        }
        if start < text.endIndex {
            segments.append(WordSegment(range: start..<text.endIndex, isWord: Self.isWordCharacter(text[start])))
        }
        return segments
    }

    /// Whether a line may start at `character`, after `last`.
    private func startsPiece(_ character: Character, after last: Character) -> Bool {
        if last.isNewline { return true }
        guard !character.isClosingPunctuation, !character.isWhitespace, !last.isOpeningPunctuation else {
            return false
        }
        return character.isWide || last.isWhitespace || last.isWide
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

extension Character {
    /// Punctuation that may not begin a line: it stays with what comes before it.
    var isClosingPunctuation: Bool {
        "。，、．：；！？）」』】〉》〕｝〗〙〛’”…‥・ー々ゝゞヽヾぁぃぅぇぉゃゅょっァィゥェォャュョッ.,:;!?)]}%".contains(self)
    }

    /// Punctuation that may not end a line: it stays with what comes after it.
    var isOpeningPunctuation: Bool {
        "（「『【〈《〔｛〖〘〚‘“([{".contains(self)
    }
}
