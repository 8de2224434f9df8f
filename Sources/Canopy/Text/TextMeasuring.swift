/// Measures text the same way the host draws it, so layout and drawing agree.
@MainActor public protocol TextMeasuring: AnyObject {
    /// The extent of `text` set on one line in `font`, with fallback faces for missing glyphs.
    func measure(_ text: String, font: Font) -> TextMetrics

    /// `text` set on one line in `font` in a paragraph running `direction`: its clusters, for
    /// carets, hit-testing and selections. (Measurers that do not shape text, such as
    /// ``ApproximateTextMeasurer``, get a left-to-right layout with one cluster per character
    /// from ``measure(_:font:)``.)
    func layout(_ text: String, font: Font, direction: TextDirection) -> TextLayout

    /// Styled `text` set on one line in a paragraph running `direction`, each run in `font`
    /// changed by its style (``TextStyle/font(basedOn:)``), shaped with the whole line as
    /// context. (The default sets text whose runs share one font as plain text, and otherwise
    /// one cluster per character, each as wide as its run's font measures it.)
    func layout(_ text: AttributedText, font: Font, direction: TextDirection) -> TextLayout

    /// The ascent and descent of `font`'s own face (the width is 0): a line's box, which does
    /// not move when the text happens to use a taller fallback face. (The default measures
    /// "Ag".)
    func lineMetrics(for font: Font) -> TextMetrics
}

extension TextMeasuring {
    /// A left-to-right layout with one cluster per character, each as wide as
    /// ``measure(_:font:)`` says.
    public func layout(_ text: String, font: Font, direction: TextDirection) -> TextLayout {
        var clusters: [TextLayout.Cluster] = []
        var x = 0.0
        for (index, character) in text.enumerated() {
            let width = measure(String(character), font: font).width
            clusters.append(TextLayout.Cluster(characters: index..<index + 1, x: x, width: width, isRightToLeft: false))
            x += width
        }
        let metrics = measure(text, font: font)
        return TextLayout(
            characterCount: clusters.count, isRightToLeft: false, clusters: clusters,
            metrics: TextMetrics(width: x, ascent: metrics.ascent, descent: metrics.descent))
    }

    /// Styled text set as the styled `layout(_:font:direction:)` sets it, without
    /// the shaping it needs for several fonts when its runs share one.
    public func layout(_ text: AttributedText, font: Font, direction: TextDirection) -> TextLayout {
        if let common = text.commonFont(basedOn: font) {
            return layout(text.string, font: common, direction: direction)
        }
        var clusters: [TextLayout.Cluster] = []
        var x = 0.0
        var characters = text.string.makeIterator()
        for run in text.runs {
            let runFont = run.style.font(basedOn: font)
            for index in run.characters {
                guard let character = characters.next() else { break }
                let width = measure(String(character), font: runFont).width
                clusters.append(
                    TextLayout.Cluster(characters: index..<index + 1, x: x, width: width, isRightToLeft: false))
                x += width
            }
        }
        let box = lineMetrics(for: text, font: font)
        return TextLayout(
            characterCount: clusters.count, isRightToLeft: false, clusters: clusters,
            metrics: TextMetrics(width: x, ascent: box.ascent, descent: box.descent))
    }

    /// The box of styled `text` set on one line: the tallest ascent and the deepest descent of
    /// its runs' fonts' own faces (``lineMetrics(for:)``, so a fallback face does not count), the
    /// width 0. Text without runs gets `font`'s.
    func lineMetrics(for text: AttributedText, font: Font) -> TextMetrics {
        guard !text.runs.isEmpty else { return lineMetrics(for: font) }
        var box = TextMetrics(width: 0, ascent: 0, descent: 0)
        for run in text.runs {
            let metrics = lineMetrics(for: run.style.font(basedOn: font))
            box.ascent = max(box.ascent, metrics.ascent)
            box.descent = max(box.descent, metrics.descent)
        }
        return box
    }

    /// The extent of styled `text` set on one line.
    public func measure(_ text: AttributedText, font: Font) -> TextMetrics {
        if let common = text.commonFont(basedOn: font) { return measure(text.string, font: common) }
        return layout(text, font: font, direction: .natural).metrics
    }

    /// The extent of "Ag", less its width.
    public func lineMetrics(for font: Font) -> TextMetrics {
        let metrics = measure("Ag", font: font)
        return TextMetrics(width: 0, ascent: metrics.ascent, descent: metrics.descent)
    }
}

extension View {
    /// What views measure text with outside a window: the application installs the host's
    /// measurer once at start-up (so sizes are known before a view is on screen); until then an
    /// ``ApproximateTextMeasurer``.
    public static var defaultTextMeasurer: TextMeasuring = ApproximateTextMeasurer()

    /// What the view measures text with: its scene's host's (``Scene/textMeasurer``), or
    /// ``defaultTextMeasurer``.
    public var textMeasurer: TextMeasuring { scene?.textMeasurer ?? View.defaultTextMeasurer }
}

/// How text sits horizontally in the rectangle it is drawn in.
public enum TextAlignment: Hashable, Sendable {
    /// Against the edge the text starts from: the left for left-to-right text, the right for
    /// right-to-left text (a paragraph whose first letter is Hebrew, say).
    case natural
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
}

extension TextAlignment {
    /// Where a line `width` wide starts in `rect`: natural alignment puts a right-to-left line
    /// against the right edge.
    package func lineX(width: Double, isRightToLeft: Bool, in rect: Rect) -> Double {
        switch self {
        case .natural: return isRightToLeft ? rect.maxX - width : rect.minX
        case .left: return rect.minX
        case .center: return rect.minX + (rect.width - width) / 2
        case .right: return rect.maxX - width
        }
    }
}
