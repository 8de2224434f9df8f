/// One paragraph of a multi-line text set in its visual lines: wrapped at a width (or on one
/// line), every line shaped and bidi-ordered by the host in the paragraph's direction.
struct ParagraphLayout {
    /// One visual line.
    struct Line {
        /// The paragraph's characters the line holds, the spaces it broke after included.
        let characters: Range<Int>
        /// Those characters.
        let text: String
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
    /// running `direction` (``TextDirection/natural``: as its first letter says). Tabs are set
    /// as em spaces.
    @MainActor init(
        _ text: String, font: Font, direction: TextDirection, wrapWidth: Double?, measurer: TextMeasuring,
        segmenter: TextSegmenting
    ) {
        let paragraph = Self.showingTabs(text)
        let ranges: [Range<Int>]
        if let wrapWidth {
            let breaker = LineBreaker(measurer: measurer, segmenter: segmenter, font: font)
            ranges = breaker.lineRanges(of: paragraph[...], width: wrapWidth)
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
        var resolved = direction
        if direction == .natural {
            // The first line decides when it holds a letter; a wrapped paragraph asks its start.
            let probe = texts.count == 1 ? texts[0] : String(paragraph.prefix(256))
            let probed = measurer.layout(probe, font: font, direction: .natural)
            resolved = probed.isRightToLeft ? .rightToLeft : .leftToRight
            if texts.count == 1 {
                lines = [Line(characters: ranges[0], text: texts[0], layout: probed)]
                self.direction = resolved
                return
            }
        }
        lines = zip(ranges, texts).map { range, text in
            Line(characters: range, text: text, layout: measurer.layout(text, font: font, direction: resolved))
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
        let shown = text.replacing("\t", with: "\u{2003}")
        return shown.count == text.count ? shown : text
    }
}
