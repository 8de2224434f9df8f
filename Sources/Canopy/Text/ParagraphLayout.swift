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
        /// How far the line's top is below the paragraph's.
        let top: Double
        /// The line's box: as tall as its tallest run, and where its baseline sits below its top.
        let box: Box
    }

    /// The room a line takes: its height, a point of room above and below the ascent and descent
    /// of the faces it is set in, and where its baseline sits below its top.
    struct Box: Equatable {
        let height: Double
        let baseline: Double

        /// The box of a line whose faces reach `metrics`' ascent and descent.
        init(_ metrics: TextMetrics) {
            height = (metrics.ascent + metrics.descent).rounded(.up) + 2
            baseline = metrics.ascent.rounded() + 1
        }
    }

    /// The lines, top to bottom; at least one (empty for an empty paragraph).
    let lines: [Line]
    /// The direction the paragraph runs, resolved.
    let direction: TextDirection

    /// The widest line's advance.
    var width: Double { lines.map(\.layout.width).max() ?? 0 }

    /// The lines' heights together.
    var height: Double { lines.last.map { $0.top + $0.box.height } ?? 0 }

    /// The line at `y` below the paragraph's top (the first above it, the last below it).
    func lineIndex(atY y: Double) -> Int {
        lines.lastIndex { $0.top <= y } ?? 0
    }

    /// Lays `paragraph` out in `font`, wrapped at `wrapWidth` (or on one line when it is `nil`),
    /// running `direction` (``TextDirection/natural``: as its first letter says), in the runs
    /// of `styled` when it is the same text. Tabs are set as em spaces. Each line is as tall as
    /// `font`'s face, or as its tallest run's when that is taller.
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
                lines = Self.stacked([(ranges[0], texts[0], styledTexts[0], probed)], font: font, measurer: measurer)
                self.direction = resolved
                return
            }
        }
        lines = Self.stacked(
            ranges.indices.map { (ranges[$0], texts[$0], styledTexts[$0], laidOut($0, resolved)) },
            font: font, measurer: measurer)
        self.direction = resolved
    }

    /// `lines` one below the other, each as tall as `font`'s face or its tallest run.
    @MainActor private static func stacked(
        _ lines: [(characters: Range<Int>, text: String, styled: AttributedText?, layout: TextLayout)], font: Font,
        measurer: TextMeasuring
    ) -> [Line] {
        let plain = measurer.lineMetrics(for: font)
        var top = 0.0
        return lines.map { line in
            var metrics = plain
            if let styled = line.styled, styled.commonFont(basedOn: font) != font {
                let runs = measurer.lineMetrics(for: styled, font: font)
                metrics.ascent = max(metrics.ascent, runs.ascent)
                metrics.descent = max(metrics.descent, runs.descent)
            }
            let box = Box(metrics)
            defer { top += box.height }
            return Line(
                characters: line.characters, text: line.text, styledText: line.styled, layout: line.layout, top: top,
                box: box)
        }
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
