/// Converts between the positions Canopy counts (Characters, grapheme clusters) and those
/// AT-SPI2 counts (Unicode scalars), in one text.
struct TextOffsets {
    /// The text.
    let text: String
    /// Where each Character starts, in scalars, and one past the end.
    private let starts: [Int]

    init(_ text: String) {
        self.text = text
        var starts = [0]
        var offset = 0
        for character in text {
            offset += character.unicodeScalars.count
            starts.append(offset)
        }
        self.starts = starts
    }

    /// How many scalars the text holds.
    var scalarCount: Int { starts[starts.count - 1] }
    /// How many Characters the text holds.
    var characterCount: Int { starts.count - 1 }

    /// The scalar offset where Character `index` starts (clamped to the text).
    func scalarOffset(ofCharacter index: Int) -> Int { starts[min(max(index, 0), characterCount)] }

    /// The Character that holds scalar `offset` (clamped to the text).
    func characterIndex(ofScalar offset: Int) -> Int {
        let offset = min(max(offset, 0), scalarCount)
        var low = 0, high = characterCount
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The text from scalar `start` to scalar `end` (-1: the end), clamped.
    func scalars(from start: Int, to end: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        let upper = end < 0 ? scalars.count : min(end, scalars.count)
        let lower = min(max(start, 0), upper)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[lower..<upper])
        return String(result)
    }

    /// The Characters of scalars `start..<end`.
    func characters(from start: Int, to end: Int) -> Range<Int> {
        let lower = characterIndex(ofScalar: min(start, end < 0 ? scalarCount : end))
        let upper = characterIndex(ofScalar: end < 0 ? scalarCount : max(start, end))
        return lower..<upper
    }
}
