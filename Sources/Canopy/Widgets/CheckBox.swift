/// A box the user ticks and unticks, with an optional title beside it.
///
/// A ``Control``: a click or Space toggles it and calls ``onValueChanged`` with the new state;
/// setting ``isChecked`` from code calls nothing.
open class CheckBox: Control {
    /// Whether the box is ticked.
    public var isChecked: Bool {
        didSet { if isChecked != oldValue { setNeedsDisplay() } }
    }
    /// The text beside the box.
    public var title: String {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// The title's font; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { setNeedsDisplay() } }
    }
    /// Called with the new state when the user toggles the box.
    public var onValueChanged: ((Bool) -> Void)?

    /// The side of the box, in points.
    public static let boxSize = 18.0

    /// Creates a check box.
    public init(title: String = "", isChecked: Bool = false, frame: Rect = .zero) {
        self.title = title
        self.isChecked = isChecked
        super.init(frame: frame)
    }

    /// Toggles the box and reports the new state, then calls ``Control/onPrimaryAction``.
    open override func sendPrimaryAction() {
        isChecked.toggle()
        onValueChanged?(isChecked)
        super.sendPrimaryAction()
    }

    /// A check box named by its title; a click toggles it.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var states = accessibilityEnabledState.union(.checkable)
        if isChecked { states.insert(.checked) }
        return AccessibilityNode(role: .checkBox, name: title, states: states, actions: [.click])
    }

    /// The box and the title beside it.
    open override func sizeThatFits(_ size: Size) -> Size {
        let title = textMeasurer.measure(self.title.isEmpty ? " " : self.title, font: font ?? theme.font)
        let width = Self.boxSize + (self.title.isEmpty ? 0 : 8 + title.width)
        let height = max(Self.boxSize, title.height) + 4
        return Size(width: min(size.width, width.rounded(.up)), height: min(size.height, height.rounded(.up)))
    }

    /// The focus ring runs around the box, which starts at the view's left edge: its outer edge
    /// 2 points out, and a point more for antialiasing.
    open override var drawingOverhang: Double { 3 }

    /// Where the box is drawn: at the left edge, centred vertically.
    @_spi(Testing) public var boxFrame: Rect { boxFrame(in: bounds) }

    private func boxFrame(in bounds: Rect) -> Rect {
        Rect(
            x: 0, y: ((bounds.height - Self.boxSize) / 2).rounded(), width: Self.boxSize, height: Self.boxSize)
    }

    /// Draws the box for the state (filled with the accent and ticked when checked) and the
    /// title.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let box = boxFrame(in: bounds)
        if isChecked {
            context.fillRoundedRect(box, cornerRadius: 4, color: isEnabled ? theme.accent : theme.border)
            let tick = [
                Point(x: box.minX + 4.5, y: box.midY), Point(x: box.minX + 7.5, y: box.midY + 3.5),
                Point(x: box.maxX - 4, y: box.minY + 5),
            ]
            context.strokeLine(from: tick[0], to: tick[1], lineWidth: 2, color: theme.textOnAccent)
            context.strokeLine(from: tick[1], to: tick[2], lineWidth: 2, color: theme.textOnAccent)
        } else {
            let fill = isHighlighted ? theme.pressedControlBackground : theme.contentBackground
            context.fillRoundedRect(box, cornerRadius: 4, color: fill)
            context.strokeRoundedRect(box, cornerRadius: 4, lineWidth: 1, color: theme.border)
        }
        if isHovered, isEnabled, !isHighlighted {
            context.fillRoundedRect(box, cornerRadius: 4, color: theme.hoverOverlay)
        }
        if isFocused { theme.drawFocusRing(around: box, cornerRadius: 4, outset: 2, in: context) }
        guard !title.isEmpty else { return }
        let titleRect = Rect(x: box.maxX + 8, y: 0, width: max(0, bounds.width - box.maxX - 8), height: bounds.height)
        context.drawText(
            title, in: titleRect, font: font ?? theme.font, color: isEnabled ? theme.text : theme.secondaryText)
    }
}
