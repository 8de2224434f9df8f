/// One option of a ``RadioGroup``: a round button, filled and dotted when it is the chosen
/// option, with its title beside it.
///
/// A ``Control`` the group makes for each of its options. It takes no focus of its own: the
/// group is one Tab stop, moves the choice with the arrow keys, and shows its focus ring around
/// the chosen option's button. A click chooses the option (a press dragged off it and released
/// outside does not).
public final class RadioButton: Control {
    /// The option's text.
    public internal(set) var title: String {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// The title's font; `nil` uses the theme's.
    public internal(set) var font: Font? {
        didSet { if font != oldValue { setNeedsDisplay() } }
    }
    /// The option's place in its group.
    public let index: Int
    /// The group the option belongs to.
    public private(set) weak var group: RadioGroup?

    /// The diameter of the round button, in points.
    public static let circleSize = 18.0

    init(title: String, index: Int, group: RadioGroup) {
        self.title = title
        self.index = index
        self.group = group
        super.init(frame: .zero)
        isFocusable = false
    }

    /// Chooses the option in its group (which reports it), then calls
    /// ``Control/onPrimaryAction``.
    public override func sendPrimaryAction() {
        group?.userSelect(index)
        super.sendPrimaryAction()
    }

    /// A radio button named by its title, checked and selected while it is the chosen option; a
    /// click chooses it.
    public override func makeAccessibilityNode() -> AccessibilityNode? {
        var states = accessibilityEnabledState.union([.checkable, .selectable])
        if isSelected { states.formUnion([.checked, .selected]) }
        return AccessibilityNode(role: .radioButton, name: title, states: states, actions: [.click])
    }

    /// One of its group's options: `member-of` all the group's buttons, itself included, so a
    /// screen reader finds the group's other options (and how many there are) from any one.
    public override func makeAccessibilityRelations() -> [AccessibilityRelation] {
        guard let group else { return [] }
        return [AccessibilityRelation(.memberOf, targets: group.buttons.map(AccessibilityElement.init))]
    }

    /// Where the round button is drawn: near the left edge (leaving room for the focus ring),
    /// centred vertically.
    @_spi(Testing) public var circleFrame: Rect { circleFrame(in: bounds) }

    private func circleFrame(in bounds: Rect) -> Rect {
        Rect(
            x: 3, y: ((bounds.height - Self.circleSize) / 2).rounded(), width: Self.circleSize,
            height: Self.circleSize)
    }

    /// The round button with room for the focus ring, and the title beside it.
    public override func sizeThatFits(_ size: Size) -> Size {
        let title = textMeasurer.measure(self.title.isEmpty ? " " : self.title, font: font ?? theme.font)
        let width = 3 + Self.circleSize + (self.title.isEmpty ? 3 : 8 + title.width)
        let height = max(Self.circleSize + 6, title.height + 4)
        return Size(width: min(size.width, width.rounded(.up)), height: min(size.height, height.rounded(.up)))
    }

    /// Draws the round button for the state (filled with the accent and dotted when chosen), the
    /// group's focus ring around it when it is the chosen option of a focused group, and the
    /// title.
    public override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let circle = circleFrame(in: bounds)
        let radius = Self.circleSize / 2
        if isSelected {
            context.fillRoundedRect(circle, cornerRadius: radius, color: isEnabled ? theme.accent : theme.border)
            context.fillRoundedRect(circle.insetBy(dx: 6, dy: 6), cornerRadius: radius - 6, color: theme.textOnAccent)
        } else {
            let fill = isHighlighted ? theme.pressedControlBackground : theme.contentBackground
            context.fillRoundedRect(circle, cornerRadius: radius, color: fill)
            context.strokeRoundedRect(circle, cornerRadius: radius, lineWidth: 1, color: theme.border)
        }
        if isHovered, isEnabled, !isHighlighted {
            context.fillRoundedRect(circle, cornerRadius: radius, color: theme.hoverOverlay)
        }
        if isSelected, group?.isFocused == true {
            theme.drawFocusRing(around: circle, cornerRadius: radius, outset: 3, in: context)
        }
        guard !title.isEmpty else { return }
        let titleRect = Rect(
            x: circle.maxX + 8, y: 0, width: max(0, bounds.width - circle.maxX - 8), height: bounds.height)
        context.drawText(
            title, in: titleRect, font: font ?? theme.font, color: isEnabled ? theme.text : theme.secondaryText)
    }
}
