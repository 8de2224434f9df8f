/// One paragraph of a multi-line text set in its visual lines: wrapped at a width (or on one
/// line), every line shaped and bidi-ordered by the host in the paragraph's direction, in its
/// styled runs when it has them.
struct ParagraphLayout {
    /// One visual line.
    struct Line {
        /// The paragraph's characters the line holds, the spaces it broke after included.
        let characters: Range<Int>
        /// Those characters.
        let text: String
        /// Those characters with their styled runs, when the paragraph has styles.
        let styledText: AttributedText?
        /// How the host sets them; its positions count from the line's first character.
        let layout: TextLayout
    }

    /// The lines, top to bottom; at least one (empty for an empty paragraph).
    let lines: [Line]
    /// The direction the paragraph runs, resolved.
    let direction: TextDirection

    /// The widest line's advance.
    var width: Double { lines.map(\.layout.width).max() ?? 0 }

    /// Lays `paragraph` out in `font`, wrapped at `wrapWidth` (or on one line when it is `nil`),
    /// running `direction` (``TextDirection/natural``: as its first letter says), in the runs
    /// of `styled` when it is the same text. Tabs are set as em spaces.
    @MainActor init(
        _ text: String, styled: AttributedText? = nil, font: Font, direction: TextDirection, wrapWidth: Double?,
        measurer: TextMeasuring, segmenter: TextSegmenting
    ) {
        let paragraph = Self.showingTabs(text)
        let styled = styled.flatMap { $0.string == text ? Self.restyled(paragraph, like: $0) : nil }
        let ranges: [Range<Int>]
        // The paragraph on one line in `direction`, when breaking it laid it out so.
        var whole: TextLayout?
        if let wrapWidth {
            let breaker = LineBreaker(measurer: measurer, segmenter: segmenter, font: font, direction: direction)
            (ranges, whole) = breaker.wrap(styled ?? AttributedText(paragraph), width: wrapWidth)
        } else {
            ranges = [0..<paragraph.count]
        }
        var texts: [String] = []
        var index = paragraph.startIndex
        for range in ranges {
            let start = index
            index = paragraph.index(index, offsetBy: range.count, limitedBy: paragraph.endIndex) ?? paragraph.endIndex
            texts.append(String(paragraph[start..<index]))
        }
        let styledTexts = ranges.map { range in styled.map { $0[characters: range] } }
        func laidOut(_ number: Int, _ lineDirection: TextDirection) -> TextLayout {
            if ranges.count == 1, lineDirection == direction, let whole { return whole }
            return styledTexts[number].map { measurer.layout($0, font: font, direction: lineDirection) }
                ?? measurer.layout(texts[number], font: font, direction: lineDirection)
        }
        var resolved = direction
        if direction == .natural {
            // The first line decides when it holds a letter; a wrapped paragraph asks its start.
            let probed =
                texts.count == 1
                ? laidOut(0, .natural)
                : measurer.layout(
                    String(paragraph.prefix(256)), font: font, direction: .natural)
            resolved = probed.isRightToLeft ? .rightToLeft : .leftToRight
            if texts.count == 1 {
                lines = [Line(characters: ranges[0], text: texts[0], styledText: styledTexts[0], layout: probed)]
                self.direction = resolved
                return
            }
        }
        lines = ranges.indices.map { number in
            Line(
                characters: ranges[number], text: texts[number], styledText: styledTexts[number],
                layout: laidOut(number, resolved))
        }
        self.direction = resolved
    }

    /// The line holding the caret at `offset`: where a wrapped line ends and the next begins, the
    /// next, unless `atLineEnd` asks for the end of the one before.
    func lineIndex(holding offset: Int, atLineEnd: Bool = false) -> Int {
        for (index, line) in lines.enumerated() {
            if offset < line.characters.upperBound { return index }
            if offset == line.characters.upperBound, atLineEnd || index == lines.count - 1 { return index }
        }
        return lines.count - 1
    }

    /// `text` with each tab an em space, as fonts have no glyph for a tab; as it is when it has
    /// no tab, or when a combining mark follows a tab (the space would take the mark, making two
    /// characters one).
    private static func showingTabs(_ text: String) -> String {
        guard text.utf8.contains(0x09) else { return text }
        let shown = String(text.map { $0 == "\t" ? "\u{2003}" : $0 })
        return shown.count == text.count ? shown : text
    }

    /// `shown` (the paragraph as drawn, tabs as em spaces) in the runs of `styled`, which holds
    /// as many characters.
    private static func restyled(_ shown: String, like styled: AttributedText) -> AttributedText {
        guard shown != styled.string else { return styled }
        var text = AttributedText(shown)
        for run in styled.runs { text.setStyle(run.style, in: run.characters) }
        return text
    }
}
