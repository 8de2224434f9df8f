/// A view that shows one line of text.
open class Label: View {
    /// The text shown; any Unicode, drawn with per-character font fallback.
    public var text: String {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    /// The font the text is set in; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { setNeedsDisplay() } }
    }
    /// The colour of the text; `nil` uses the theme's.
    public var textColor: Color? {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }
    /// Where the text sits horizontally; it is always centred vertically.
    public var alignment: TextAlignment {
        didSet { if alignment != oldValue { setNeedsDisplay() } }
    }

    /// Creates a label.
    public init(
        text: String = "", font: Font? = nil, textColor: Color? = nil,
        alignment: TextAlignment = .left, frame: Rect = .zero
    ) {
        self.text = text
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
        super.init(frame: frame)
    }

    /// Draws the text in the bounds with the label's font, colour and alignment.
    open override func draw(in context: GraphicsContext) {
        context.drawText(
            text, in: bounds, font: font ?? theme.font, color: textColor ?? theme.text, alignment: alignment)
    }

    /// The text's measured size, rounded up to whole points and no larger than `size`; known
    /// before the label is in a window.
    open override func sizeThatFits(_ size: Size) -> Size {
        let metrics = textMeasurer.measure(text, font: font ?? theme.font)
        return Size(
            width: min(size.width, metrics.width.rounded(.up)), height: min(size.height, metrics.height.rounded(.up)))
    }
}
