/// Finds the words around a position in a text too long to segment whole on every key: only a
/// window of the text about the position is segmented (a word move in a pasted novel reads a few
/// hundred characters, not the novel), widened while the word found touches a cut edge of the
/// window. Positions count Characters; a boundary the segmenter puts inside a character is taken
/// to the character's end.
struct WordFinder {
    /// How many characters the text has.
    let count: Int
    /// The characters in a range of the text (clamped to it).
    let characters: (Range<Int>) -> Substring
    /// What says where words are.
    let segmenter: TextSegmenting

    /// Where the word that ends at or before `position` starts, skipping spaces and punctuation
    /// first (0 when no word starts before it).
    func wordStart(before position: Int) -> Int {
        word(near: position) { words in words.last { $0.lowerBound < position } }?.lowerBound ?? 0
    }

    /// Where the word that starts at or after `position` ends, skipping spaces and punctuation
    /// first (the text's end when no word ends after it).
    func wordEnd(after position: Int) -> Int {
        word(near: position) { words in words.first { $0.upperBound > position } }?.upperBound ?? count
    }

    /// The word holding the character at `index`, if that character is part of a word.
    func word(holding index: Int) -> Range<Int>? {
        word(near: index, absentMeansNone: true) { words in words.first { $0.contains(index) } }
    }

    /// The word `pick` chooses among the words found around `position`, the window widened while
    /// the word picked touches a cut edge of it, or while none is picked and `absentMeansNone`
    /// is off (the word sought may lie beyond the window).
    private func word(
        near position: Int, absentMeansNone: Bool = false, pick: ([Range<Int>]) -> Range<Int>?
    ) -> Range<Int>? {
        var radius = 256
        while true {
            let window = max(0, position - radius)..<min(count, position + radius)
            let picked = pick(words(in: window))
            let cutBefore = window.lowerBound > 0, cutAfter = window.upperBound < count
            if !cutBefore, !cutAfter { return picked }
            if let picked {
                let touchesCut =
                    (cutBefore && picked.lowerBound == window.lowerBound)
                    || (cutAfter && picked.upperBound == window.upperBound)
                if !touchesCut { return picked }
            } else if absentMeansNone {
                return nil
            }
            radius *= 4
        }
    }

    /// The words in the characters `window` of the text, as character ranges.
    private func words(in window: Range<Int>) -> [Range<Int>] {
        let text = characters(window)
        var words: [Range<Int>] = []
        var index = text.startIndex, position = window.lowerBound
        func advance(to bound: String.Index) -> Int {
            while index < bound {
                index = text.index(after: index)
                position += 1
            }
            return position
        }
        for segment in segmenter.wordSegments(in: text) where segment.isWord {
            let lower = advance(to: segment.range.lowerBound)
            let upper = advance(to: segment.range.upperBound)
            if upper > lower { words.append(lower..<upper) }
        }
        return words
    }
}
