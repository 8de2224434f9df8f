/// A view that shows text: one line by default, or a paragraph wrapped to its width.
///
/// Text in any script is shaped by the host (Arabic joined, Devanagari conjuncts formed) and
/// set in its reading order; a paragraph whose first letter reads right to left runs right to
/// left, and with ``TextAlignment/natural`` alignment (the default) its lines sit against the
/// right edge.
///
/// With ``numberOfLines`` other than 1 the text wraps where Unicode's line breaking allows
/// (``View/defaultTextSegmenter``: after spaces and hyphens, between Chinese characters but
/// never before closing punctuation such as 。，」, between Thai words), and every line break
/// (LF, CR, CRLF, NEL, VT, FF, U+2028, U+2029) starts a new line, up to that many lines
/// (0: as many as it takes). Text cut short, on one line or at the last line allowed, ends in
/// an ellipsis. The lines are centred vertically in the bounds; ``sizeThatFits(_:)`` answers with
/// the height of exactly the lines drawn.
open class Label: View {
    /// The text shown; any Unicode, drawn with per-character font fallback. Line breaks break.
    public var text: String {
        didSet { if text != oldValue { contentChanged() } }
    }
    /// The font the text is set in; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { contentChanged() } }
    }
    /// The colour of the text; `nil` uses the theme's.
    public var textColor: Color? {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }
    /// Where each line sits horizontally.
    public var alignment: TextAlignment {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }
    /// Which way the paragraph runs; ``TextDirection/natural`` (the default) takes it from the
    /// text's first letter.
    public var textDirection: TextDirection = .natural {
        didSet { if textDirection != oldValue { setNeedsDisplay() } }
    }
    /// How many lines the text may take: 1 (the default) keeps it on one line, 0 (or less) wraps
    /// it onto as many as it needs.
    public var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { contentChanged() } }
    }

    /// Creates a label.
    public init(
        text: String = "", font: Font? = nil, textColor: Color? = nil,
        alignment: TextAlignment = .natural, numberOfLines: Int = 1, frame: Rect = .zero
    ) {
        self.text = text
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
        self.numberOfLines = numberOfLines
        super.init(frame: frame)
    }

    private var resolvedFont: Font { font ?? theme.font }

    /// A label named by its text (on one line).
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .label, name: text.replacing("\n", with: " "))
    }

    /// The lines the text is set in for a width of `width`: one (ending in an ellipsis when it
    /// does not fit), or the text wrapped.
    public func lines(forWidth width: Double) -> [String] {
        let font = resolvedFont, measurer = textMeasurer
        let setting = LineSetting(text: text, font: font, numberOfLines: numberOfLines, measurer: measurer)
        if lineCache?.setting != setting { lineCache = LineCache(setting: setting) }
        if let lines = lineCache?.linesByWidth[width] { return lines }
        let breaker = LineBreaker(measurer: measurer, segmenter: View.defaultTextSegmenter, font: font)
        let lines: [String]
        if numberOfLines == 1 {
            let line = text.replacing("\n", with: " ")
            let fits = measurer.measure(line, font: font).width <= width + 0.001
            lines = [fits ? line : breaker.withEllipsis(line, width: width)]
        } else {
            lines = breaker.lines(of: text, width: width, maximumLines: max(0, numberOfLines))
        }
        lineCache?.keep(lines, forWidth: width)
        return lines
    }

    /// What the lines depend on besides the width.
    private struct LineSetting: Equatable {
        let text: String
        let font: Font
        let numberOfLines: Int
        let measurer: ObjectIdentifier

        init(text: String, font: Font, numberOfLines: Int, measurer: TextMeasuring) {
            self.text = text
            self.font = font
            self.numberOfLines = numberOfLines
            self.measurer = ObjectIdentifier(measurer)
        }
    }

    /// The lines set for the last few widths asked (a stack asks at an unlimited width, then at
    /// the one it gives), for one setting.
    private struct LineCache {
        let setting: LineSetting
        private(set) var linesByWidth: [Double: [String]] = [:]

        init(setting: LineSetting) { self.setting = setting }

        mutating func keep(_ lines: [String], forWidth width: Double) {
            if linesByWidth.count >= 8 { linesByWidth = [:] }
            linesByWidth[width] = lines
        }
    }

    private var lineCache: LineCache?

    /// The room each of `lines` takes: the tallest line's height (a Chinese face is taller than
    /// a Latin one), at least the font's.
    public func lineHeight(of lines: [String]) -> Double {
        let heights = (lines + ["Ag"]).map { textMeasurer.measure($0, font: resolvedFont).height }
        return (heights.max() ?? 0).rounded(.up)
    }

    /// Draws the lines, centred together vertically, with the label's font, colour and
    /// alignment.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let font = resolvedFont, color = textColor ?? theme.text
        let lines = lines(forWidth: bounds.width)
        guard lines.count > 1 else {
            return context.drawText(
                lines.first ?? "", in: bounds, font: font, color: color, alignment: alignment, direction: textDirection)
        }
        // Every line runs the paragraph's way, as its first letter (or the label) says.
        let direction: TextDirection
        if textDirection == .natural {
            direction =
                context.layout(text, font: font, direction: .natural).isRightToLeft ? .rightToLeft : .leftToRight
        } else {
            direction = textDirection
        }
        let height = lineHeight(of: lines)
        var top = ((bounds.height - height * Double(lines.count)) / 2).rounded()
        for line in lines {
            context.drawText(
                line, in: Rect(x: 0, y: top, width: bounds.width, height: height), font: font, color: color,
                alignment: alignment, direction: direction)
            top += height
        }
    }

    /// The text's measured size, rounded up to whole points and no larger than `size`: one
    /// line, or the lines wrapped to `size.width`, each as tall as the tallest. Known before the
    /// label is in a window.
    open override func sizeThatFits(_ size: Size) -> Size {
        let font = resolvedFont
        guard numberOfLines != 1 else {
            let metrics = textMeasurer.measure(text.replacing("\n", with: " "), font: font)
            return Size(
                width: min(size.width, metrics.width.rounded(.up)),
                height: min(size.height, metrics.height.rounded(.up)))
        }
        let lines = lines(forWidth: size.width)
        let width = lines.map { textMeasurer.measure($0, font: font).width }.max() ?? 0
        let height = lineHeight(of: lines) * Double(lines.count)
        return Size(width: min(size.width, width.rounded(.up)), height: min(size.height, height))
    }
}
