/// How far each character of a paragraph advances the pen, from one shaping of the whole
/// paragraph, summed so that the width of any run of characters is one subtraction. Line
/// breaking uses it to try pieces on a line without shaping each piece again; a cluster of
/// several characters (a ligature, a base with its marks) shares its advance among them.
struct CharacterAdvances {
    /// The text laid out on one line: what a paragraph that fits on one line is drawn as.
    let layout: TextLayout
    /// `sums[i]` is the advance of the first `i` characters.
    private let sums: [Double]

    /// The advances of `text` as `measurer` sets it on one line in `font`, in a paragraph
    /// running `direction`.
    @MainActor init(of text: AttributedText, measurer: TextMeasuring, font: Font, direction: TextDirection) {
        let layout = measurer.layout(text, font: font, direction: direction)
        self.layout = layout
        var advances = [Double](repeating: 0, count: text.count)
        for cluster in layout.clusters {
            let characters = cluster.characters.clamped(to: 0..<advances.count)
            guard !characters.isEmpty else { continue }
            let share = cluster.width / Double(characters.count)
            for character in characters { advances[character] += share }
        }
        var sums = [0.0]
        sums.reserveCapacity(advances.count + 1)
        for advance in advances { sums.append(sums[sums.count - 1] + advance) }
        self.sums = sums
    }

    /// The advance of the characters in `range`.
    func width(of range: Range<Int>) -> Double {
        let range = range.clamped(to: 0..<(sums.count - 1))
        return sums[range.upperBound] - sums[range.lowerBound]
    }
}
