/// One divider of a ``SplitView``, between its panes `index` and `index + 1`: it shows the
/// resize pointer, follows a drag, collapses a pane on a double-click, takes focus and moves
/// with the keys, and is a separator with a value to assistive technology.
final class SplitDivider: View {
    private unowned let splitView: SplitView
    /// Which divider it is, leading first.
    let index: Int
    /// Where the pointer held the divider, from the divider's start, while it is dragged.
    private var grabOffset: Double?

    init(splitView: SplitView, index: Int) {
        self.splitView = splitView
        self.index = index
        super.init(frame: .zero)
    }

    override var canBecomeFocused: Bool { true }

    override var cursor: Cursor? { splitView.axis == .horizontal ? .columnResize : .rowResize }

    private var position: Double { splitView.dividerPositions[index] }

    // MARK: Drawing

    /// A hairline along the middle in the theme's separator colour (the accent while dragged),
    /// and the focus ring around the divider while it has focus.
    override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let color = grabOffset != nil ? theme.accent : theme.separator
        let line =
            splitView.axis == .horizontal
            ? Rect(x: (bounds.midX - 0.5).rounded(), y: bounds.minY, width: 1, height: bounds.height)
            : Rect(x: bounds.minX, y: (bounds.midY - 0.5).rounded(), width: bounds.width, height: 1)
        context.fill(line, color: color)
        guard isFocused else { return }
        // Around the hairline, a point onto each pane, and short of the split view's ends.
        let ring =
            splitView.axis == .horizontal
            ? bounds.insetBy(dx: 0, dy: Self.ringOutset + Theme.focusRingWidth)
            : bounds.insetBy(dx: Self.ringOutset + Theme.focusRingWidth, dy: 0)
        theme.drawFocusRing(around: ring, cornerRadius: 2, outset: Self.ringOutset, in: context)
    }

    /// How far the focus ring stands outside the divider.
    private static let ringOutset = 1.0

    /// The focus ring reaches onto the panes beside the divider.
    override var drawingOverhang: Double { Self.ringOutset + Theme.focusRingWidth }

    // MARK: Input

    /// Grabs the divider where it was pressed; a double-click collapses or brings back a pane.
    override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        if event.clickCount == 2 {
            splitView.userToggleCollapse(atDivider: index)
            return true
        }
        grabOffset = pointerPosition(event) - position
        setNeedsDisplay()
        return true
    }

    /// Moves the divider with the pointer, wherever it goes.
    override func mouseDragged(_ event: MouseEvent) {
        guard let grabOffset else { return }
        splitView.userMoveDivider(index, to: pointerPosition(event) - grabOffset)
    }

    override func mouseUp(_ event: MouseEvent) { endDrag() }

    override func mouseCancelled() { endDrag() }

    private func endDrag() {
        grabOffset = nil
        setNeedsDisplay()
    }

    /// Where the pointer is along the split view's axis, from its leading edge.
    private func pointerPosition(_ event: MouseEvent) -> Double {
        splitView.leadingPosition(of: splitView.convert(event.locationInWindow, from: nil))
    }

    /// The arrows along the axis move the divider the way they point (mirrored positions in a
    /// right-to-left window), Home and End to the ends of its range, Enter collapses or brings
    /// back a pane. Other keys go on up the chain.
    override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        let step = SplitView.keyboardStep
        let forwards = splitView.layoutDirection == .rightToLeft ? -step : step
        let range = splitView.rangeOfDivider(at: index)
        switch (splitView.axis, event.key) {
        case (.horizontal, .left): splitView.userMoveDivider(index, to: position - forwards)
        case (.horizontal, .right): splitView.userMoveDivider(index, to: position + forwards)
        case (.vertical, .up): splitView.userMoveDivider(index, to: position - step)
        case (.vertical, .down): splitView.userMoveDivider(index, to: position + step)
        case (_, .home): splitView.userMoveDivider(index, to: range.lowerBound)
        case (_, .end): splitView.userMoveDivider(index, to: range.upperBound)
        case (_, .enter): splitView.userToggleCollapse(atDivider: index)
        default: return false
        }
        return true
    }

    // MARK: Accessibility

    /// A separator, upright between side-by-side panes, whose value is its position in its
    /// range; assistive technology moves it as a drag would.
    override func makeAccessibilityNode() -> AccessibilityNode? {
        let range = splitView.rangeOfDivider(at: index)
        return AccessibilityNode(
            role: .separator, states: [.enabled, splitView.axis == .horizontal ? .vertical : .horizontal],
            value: AccessibilityValue(current: position, minimum: range.lowerBound, maximum: range.upperBound))
    }
}

extension SplitDivider: AccessibilityAdjustable {
    /// Moves the divider to `value` (kept in its range) as the user's doing, reporting the move.
    func setAccessibilityValue(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        splitView.userMoveDivider(index, to: value)
        return true
    }
}
