/// Converts between the positions Canopy counts (Characters, grapheme clusters) and those
/// AT-SPI2 counts (Unicode scalars), in one text.
///
/// Only the Characters made of more than one scalar are remembered (an accented letter written
/// with a combining mark, an emoji sequence): a text of one-scalar Characters, as most are,
/// costs one walk to count and no memory per character, however long it is.
struct TextOffsets {
    /// The text.
    let text: String
    /// How many Characters the text holds.
    let characterCount: Int
    /// How many scalars the text holds.
    let scalarCount: Int
    /// The Characters of more than one scalar, in order: where each is, and how many scalars
    /// beyond one a Character the text holds up to its end.
    private let longCharacters: [(index: Int, extraScalars: Int)]

    init(_ text: String) {
        self.text = text
        var long: [(index: Int, extraScalars: Int)] = []
        var count = 0, extra = 0
        for character in text {
            let scalars = character.unicodeScalars.count
            if scalars > 1 {
                extra += scalars - 1
                long.append((count, extra))
            }
            count += 1
        }
        characterCount = count
        scalarCount = count + extra
        longCharacters = long
    }

    /// The scalar offset where Character `index` starts (clamped to the text).
    func scalarOffset(ofCharacter index: Int) -> Int {
        let index = min(max(index, 0), characterCount)
        return index + extraScalars(before: index)
    }

    /// The Character that holds scalar `offset` (clamped to the text).
    func characterIndex(ofScalar offset: Int) -> Int {
        let offset = min(max(offset, 0), scalarCount)
        var low = 0, high = characterCount
        while low < high {
            let middle = (low + high + 1) / 2
            if scalarOffset(ofCharacter: middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The scalars beyond one a Character in the Characters before `index`.
    private func extraScalars(before index: Int) -> Int {
        var low = 0, high = longCharacters.count  // the first long Character at or after index
        while low < high {
            let middle = (low + high) / 2
            if longCharacters[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? 0 : longCharacters[low - 1].extraScalars
    }

    /// The text from scalar `start` to scalar `end` (-1: the end), clamped.
    func scalars(from start: Int, to end: Int) -> String {
        let upper = end < 0 ? scalarCount : min(end, scalarCount)
        let lower = min(max(start, 0), upper)
        let scalars = text.unicodeScalars
        let from = scalars.index(scalars.startIndex, offsetBy: lower)
        return String(scalars[from..<scalars.index(from, offsetBy: upper - lower)])
    }

    /// The scalar at `offset`, if the text has one there.
    func scalar(at offset: Int) -> Unicode.Scalar? {
        guard (0..<scalarCount).contains(offset) else { return nil }
        let scalars = text.unicodeScalars
        return scalars[scalars.index(scalars.startIndex, offsetBy: offset)]
    }

    /// The Characters of scalars `start..<end`.
    func characters(from start: Int, to end: Int) -> Range<Int> {
        let lower = characterIndex(ofScalar: min(start, end < 0 ? scalarCount : end))
        let upper = characterIndex(ofScalar: end < 0 ? scalarCount : max(start, end))
        return lower..<upper
    }
}
