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
///
/// ``attributedText`` shows styled runs (colours, backgrounds, bold, italic, sizes, underline,
/// strikethrough), shaped and wrapped as plain text is; runs with a ``TextStyle/link`` are drawn
/// underlined in the theme's accent colour (unless they give a colour), show the pointing hand,
/// and report a click through ``onLinkActivated``.
open class Label: View {
    /// The text shown; any Unicode, drawn with per-character font fallback. Line breaks break.
    /// Setting it drops the styles of ``attributedText``.
    public var text: String {
        get { attributedText.string }
        set { attributedText = AttributedText(newValue) }
    }
    /// The text shown, with its styled runs.
    public var attributedText: AttributedText {
        didSet {
            guard attributedText != oldValue else { return }
            pressedLink = nil
            contentChanged()
        }
    }
    /// Called with a link's ``TextStyle/link`` when the user clicks it (press and release on
    /// the same link).
    public var onLinkActivated: ((String) -> Void)?
    /// The font the text is set in; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { contentChanged() } }
    }
    /// The colour of the text; `nil` uses the theme's (``themeTextColor``).
    public var textColor: Color? {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }
    /// Which of the theme's colours the text is drawn in while ``textColor`` is `nil`:
    /// ``Theme/text`` unless set (``Theme/secondaryText`` for a caption or a heading, say), so
    /// it follows a theme switched at run time.
    public var themeTextColor: KeyPath<Theme, Color> = \.text {
        didSet { if themeTextColor != oldValue { setNeedsDisplay() } }
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
        text: String = "", font: Font? = nil, textColor: Color? = nil, themeTextColor: KeyPath<Theme, Color> = \.text,
        alignment: TextAlignment = .natural, numberOfLines: Int = 1, frame: Rect = .zero
    ) {
        attributedText = AttributedText(text)
        self.font = font
        self.textColor = textColor
        self.themeTextColor = themeTextColor
        self.alignment = alignment
        self.numberOfLines = numberOfLines
        super.init(frame: frame)
    }

    /// Creates a label showing styled text.
    public convenience init(
        attributedText: AttributedText, font: Font? = nil, textColor: Color? = nil,
        alignment: TextAlignment = .natural, numberOfLines: Int = 1, frame: Rect = .zero
    ) {
        self.init(font: font, textColor: textColor, alignment: alignment, numberOfLines: numberOfLines, frame: frame)
        self.attributedText = attributedText
    }

    private var resolvedFont: Font { font ?? theme.font }

    /// A label named by its text (on one line).
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .label, name: textOnOneLine)
    }

    /// The text with each line break a space: a label's name is read as one line. Looked at on
    /// every change a screen reader is told of, so text without a break (nearly all) is returned
    /// as it is, after one pass over its scalars.
    private var textOnOneLine: String {
        guard text.unicodeScalars.contains(where: Self.breaksLine) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// Whether `scalar` is (part of) a line break: LF, VT, FF, CR, NEL, U+2028, U+2029.
    private static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        (0x0A...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    /// The lines the text is set in for a width of `width`: one (ending in an ellipsis when it
    /// does not fit), or the text wrapped.
    public func lines(forWidth width: Double) -> [String] {
        styledLines(forWidth: width).map(\.string)
    }

    /// The lines with their styles, as ``lines(forWidth:)`` sets them.
    public func styledLines(forWidth width: Double) -> [AttributedText] {
        setLines(forWidth: width).map(\.text)
    }

    /// One line as set: its text, and the characters of ``text`` it stands for (with the spaces
    /// it broke after and the line break ending its paragraph; a line cut short, the rest).
    struct SetLine {
        let text: AttributedText
        let characters: Range<Int>
    }

    /// The lines for a width of `width`, each with its characters.
    func setLines(forWidth width: Double) -> [SetLine] {
        let font = resolvedFont, measurer = textMeasurer
        let setting = LineSetting(text: attributedText, font: font, numberOfLines: numberOfLines, measurer: measurer)
        if lineCache?.setting != setting { lineCache = LineCache(setting: setting) }
        if let lines = lineCache?.linesByWidth[width] { return lines }
        let breaker = LineBreaker(measurer: measurer, segmenter: View.defaultTextSegmenter, font: font)
        let lines: [SetLine]
        if numberOfLines == 1 {
            let line = oneLine
            let fits = measurer.measure(line, font: font).width <= width + 0.001
            lines = [SetLine(text: fits ? line : breaker.withEllipsis(line, width: width), characters: 0..<line.count)]
        } else {
            lines = breaker.setLines(of: attributedText, width: width, maximumLines: max(0, numberOfLines)).map {
                SetLine(text: $0.text, characters: $0.characters)
            }
        }
        lineCache?.keep(lines, forWidth: width)
        return lines
    }

    /// The text on one line: each line break shown as a space.
    private var oneLine: AttributedText {
        guard attributedText.string.contains(where: \.isNewline) else { return attributedText }
        var line = AttributedText()
        let string = attributedText.string
        var position = 0
        for index in string.indices {
            let character = attributedText.piece(
                index..<string.index(after: index), characters: position..<position + 1)
            line += string[index].isNewline ? AttributedText(" ", style: character.style(at: 0)) : character
            position += 1
        }
        return line
    }

    /// What the lines depend on besides the width.
    private struct LineSetting: Equatable {
        let text: AttributedText
        let font: Font
        let numberOfLines: Int
        let measurer: ObjectIdentifier

        init(text: AttributedText, font: Font, numberOfLines: Int, measurer: TextMeasuring) {
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
        private(set) var linesByWidth: [Double: [SetLine]] = [:]

        init(setting: LineSetting) { self.setting = setting }

        mutating func keep(_ lines: [SetLine], forWidth width: Double) {
            if linesByWidth.count >= 8 { linesByWidth = [:] }
            linesByWidth[width] = lines
        }
    }

    private var lineCache: LineCache?

    /// The room each of `lines` takes: the tallest line's height (a Chinese face is taller than
    /// a Latin one), at least the font's.
    public func lineHeight(of lines: [String]) -> Double {
        lineHeight(of: lines.map { AttributedText($0) })
    }

    private func lineHeight(of lines: [AttributedText]) -> Double {
        let heights = (lines + ["Ag"]).map { textMeasurer.measure($0, font: resolvedFont).height }
        return (heights.max() ?? 0).rounded(.up)
    }

    /// One line as drawn: its text (links in their colour and underlined), the characters of
    /// ``text`` it stands for, the direction it runs and the rectangle it is centred in.
    struct PlacedLine {
        let text: AttributedText
        let characters: Range<Int>
        let direction: TextDirection
        let rect: Rect
    }

    /// The lines for `bounds`, each in its rectangle, centred together vertically.
    func placedLines(in bounds: Rect) -> [PlacedLine] {
        let set = setLines(forWidth: bounds.width)
        let lines = set.map { $0.text.showingLinks(in: theme.link) }
        guard lines.count > 1 else {
            return [
                PlacedLine(
                    text: lines.first ?? AttributedText(), characters: 0..<attributedText.count,
                    direction: textDirection, rect: bounds)
            ]
        }
        // Every line runs the paragraph's way, as its first letter (or the label) says.
        let direction: TextDirection
        if textDirection == .natural {
            let isRightToLeft = textMeasurer.layout(text, font: resolvedFont, direction: .natural).isRightToLeft
            direction = isRightToLeft ? .rightToLeft : .leftToRight
        } else {
            direction = textDirection
        }
        let height = lineHeight(of: lines)
        let top = ((bounds.height - height * Double(lines.count)) / 2).rounded()
        return lines.enumerated().map { index, line in
            PlacedLine(
                text: line, characters: set[index].characters, direction: direction,
                rect: Rect(x: 0, y: top + height * Double(index), width: bounds.width, height: height))
        }
    }

    /// How `line` is laid out, and where its left edge is drawn in the label.
    func layout(of line: PlacedLine) -> (layout: TextLayout, left: Double) {
        let layout = textMeasurer.layout(line.text, font: resolvedFont, direction: line.direction)
        return (
            layout, alignment.lineX(width: layout.width, isRightToLeft: layout.isRightToLeft, in: line.rect).rounded()
        )
    }

    /// Draws the lines, centred together vertically, with the label's font, colour and
    /// alignment.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let font = resolvedFont, color = textColor ?? theme[keyPath: themeTextColor]
        for line in placedLines(in: bounds) {
            context.drawText(
                line.text, in: line.rect, font: font, color: color, alignment: alignment, direction: line.direction)
        }
    }

    // MARK: Links

    /// The link drawn under `point` (in the label's coordinates), if any.
    public func link(at point: Point) -> String? {
        guard attributedText.hasLinks else { return nil }
        for line in placedLines(in: presentedBounds) where line.rect.contains(point) {
            let (layout, left) = layout(of: line)
            if let link = line.text.link(atX: point.x, in: layout, left: left) { return link }
        }
        return nil
    }

    /// The link pressed and not yet released.
    private var pressedLink: String?
    /// The link under the pointer, for the pointing hand.
    private var hoveredLink: String? {
        didSet { if hoveredLink != oldValue { cursorDidChange() } }
    }

    /// The pointing hand over a link.
    open override var cursor: Cursor? { hoveredLink != nil ? .hand : nil }

    /// Presses a link (other presses pass through to the views behind).
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left, let link = link(at: event.location(in: self)) else { return false }
        pressedLink = link
        return true
    }

    /// Activates the pressed link when released over it.
    open override func mouseUp(_ event: MouseEvent) {
        defer { pressedLink = nil }
        guard let pressed = pressedLink, link(at: event.location(in: self)) == pressed else { return }
        onLinkActivated?(pressed)
    }

    /// Forgets the pressed link.
    open override func mouseCancelled() { pressedLink = nil }

    /// Shows the pointing hand while over a link.
    open override func mouseMoved(_ event: MouseEvent) -> Bool {
        hoveredLink = link(at: event.location(in: self))
        return hoveredLink != nil
    }

    /// Forgets the hovered link.
    open override func mouseExited(_ event: MouseEvent) { hoveredLink = nil }

    /// The text's measured size, rounded up to whole points and no larger than `size`: one
    /// line, or the lines wrapped to `size.width`, each as tall as the tallest. Known before the
    /// label is in a window.
    open override func sizeThatFits(_ size: Size) -> Size {
        let font = resolvedFont
        guard numberOfLines != 1 else {
            let metrics = textMeasurer.measure(oneLine, font: font)
            return Size(
                width: min(size.width, metrics.width.rounded(.up)),
                height: min(size.height, metrics.height.rounded(.up)))
        }
        let lines = styledLines(forWidth: size.width)
        let width = lines.map { textMeasurer.measure($0, font: font).width }.max() ?? 0
        let height = lineHeight(of: lines) * Double(lines.count)
        return Size(width: min(size.width, width.rounded(.up)), height: min(size.height, height))
    }
}
