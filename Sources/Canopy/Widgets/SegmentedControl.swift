/// A horizontal row of a few segments of which exactly one is chosen, drawn as one rounded
/// group (as `UISegmentedControl` and GTK's stack switcher): a choice of view or mode
/// ("Day, Week, Month").
///
/// A ``Control`` holding a ``Segment`` for each title, all as wide as the widest. The control,
/// not its segments, takes focus, so it is one Tab stop; while it has focus, Left and Right
/// choose the segment on that side (skipping disabled ones, stopping at the ends), Home and
/// End the first and the last; Space and Enter do nothing and go on up the chain. A click on a
/// segment chooses it and gives the control focus. In a right-to-left window the segments run
/// from the right (``View/layoutDirection``) and the arrows still move the way they point.
/// Every choice the user makes is reported through ``onValueChanged``; setting
/// ``selectedIndex`` or ``titles`` from code calls nothing.
///
/// To assistive technology it is a group of radio buttons, as a radio group is: it chooses a
/// value and shows no pages (a tab list is for tabs above pages).
open class SegmentedControl: Control {
    /// The segments' titles, leading first. Setting them makes new segments and keeps
    /// ``selectedIndex`` in range.
    public var titles: [String] {
        didSet {
            guard titles != oldValue else { return }
            makeSegments()
        }
    }
    /// The chosen segment's index, kept in `0..<titles.count` (0 while there are none). Code may
    /// choose a disabled segment; the user cannot.
    public var selectedIndex: Int {
        didSet {
            let clamped = selectedIndex.clampedIndex(count: titles.count) ?? 0
            if clamped != selectedIndex { selectedIndex = clamped }
            if selectedIndex != oldValue { updateSelection() }
        }
    }
    /// The indices of the segments the user cannot choose; they look faded.
    public var disabledSegments: Set<Int> = [] {
        didSet { if disabledSegments != oldValue { updateEnabled() } }
    }
    /// The titles' font; `nil` uses the theme's.
    public var font: Font? {
        didSet {
            guard font != oldValue else { return }
            for segment in segments { segment.font = font }
            setNeedsLayout()
        }
    }
    /// Called with the segment's index when the user chooses another segment.
    public var onValueChanged: ((Int) -> Void)?

    /// The segments, leading first.
    public private(set) var segments: [Segment] = []

    /// The room left of and right of the widest title in every segment, in points.
    public static let titlePadding = 12.0

    /// Creates a control of segments titled `titles` with the one at `selectedIndex` chosen.
    public init(titles: [String] = [], selectedIndex: Int = 0, frame: Rect = .zero) {
        self.titles = titles
        self.selectedIndex = selectedIndex.clampedIndex(count: titles.count) ?? 0
        super.init(frame: frame)
        cornerRadius = Theme.standard.cornerRadius
        makeSegments()
    }

    private func makeSegments() {
        for segment in segments { segment.removeFromSuperview() }
        segments = titles.enumerated().map { index, title in
            let segment = Segment(title: title, index: index, control: self)
            segment.font = font
            addSubview(segment)
            return segment
        }
        selectedIndex = selectedIndex.clampedIndex(count: titles.count) ?? 0
        updateSelection()
        updateEnabled()
        setNeedsLayout()
    }

    private func updateSelection() {
        for segment in segments { segment.isSelected = segment.index == selectedIndex }
        setNeedsDisplay()
    }

    private func updateEnabled() {
        for segment in segments { segment.isEnabled = isEnabled && !disabledSegments.contains(segment.index) }
    }

    /// Whether the user can choose segment `index`.
    public func isSegmentEnabled(_ index: Int) -> Bool {
        isEnabled && segments.indices.contains(index) && !disabledSegments.contains(index)
    }

    /// Chooses `index` as the user asked, reporting it when it is a different segment.
    func userSelect(_ index: Int) {
        guard isSegmentEnabled(index) else { return }
        let before = selectedIndex
        selectedIndex = index
        if selectedIndex != before { onValueChanged?(selectedIndex) }
    }

    /// Turns every segment on or off with the control (disabled segments stay off).
    open override var isEnabled: Bool {
        didSet { updateEnabled() }
    }

    // MARK: Layout

    /// How wide every segment is: the widest title's width and the padding.
    private var segmentWidth: Double {
        segments.map { $0.titleWidth }.max().map { ($0 + 2 * Self.titlePadding).rounded(.up) } ?? 0
    }

    /// The size the segments ask for: all as wide as the widest, as tall as a button.
    private var fittingSize: Size {
        let height = segments.map(\.fittingHeight).max() ?? 0
        return Size(width: segmentWidth * Double(segments.count), height: height)
    }

    /// The segments side by side, each as wide as the widest: no larger than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let wanted = fittingSize
        return Size(width: min(size.width, wanted.width), height: min(size.height, wanted.height))
    }

    /// Every segment's title fits: a stack never makes the control smaller than its segments.
    open override var minimumLayoutSize: Size {
        let wanted = fittingSize
        return Size(width: max(wanted.width, minimumSize.width), height: max(wanted.height, minimumSize.height))
    }

    /// Shares the width evenly among the segments, leading first: from the left, or from the
    /// right in a right-to-left window.
    open override func layoutSubviews() {
        let count = Double(segments.count)
        let mirrored = layoutDirection == .rightToLeft
        for segment in segments {
            let start = (bounds.width * Double(segment.index) / count).rounded()
            let end = (bounds.width * Double(segment.index + 1) / count).rounded()
            let x = mirrored ? bounds.width - end : start
            segment.frame = Rect(x: x, y: 0, width: end - start, height: bounds.height)
        }
    }

    // MARK: Drawing

    /// Draws each segment's face for its state (the chosen one in the accent), the border
    /// around them all, the dividers between unchosen neighbours, and the focus ring over the
    /// border, as a button's.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        let chosen = Button.Style.prominent(for: theme).backgrounds
        for segment in segments {
            let fills = segment.isSelected ? chosen : theme.controlFills
            fillFace(of: segment.frame, in: bounds, radius: radius, color: fills.color(for: segment.state), context)
        }
        context.strokeRoundedRect(bounds, cornerRadius: radius, lineWidth: 1, color: theme.border)
        for (leading, trailing) in zip(segments, segments.dropFirst()) {
            guard !leading.isSelected, !trailing.isSelected else { continue }
            let x = layoutDirection == .rightToLeft ? leading.frame.minX : leading.frame.maxX
            context.fill(Rect(x: x, y: bounds.minY + 1, width: 1, height: bounds.height - 2), color: theme.border)
        }
        if isFocused { theme.drawFocusRing(around: bounds, cornerRadius: radius, in: context) }
    }

    /// Fills a segment's `frame`, rounding the corners it shares with the control's `bounds`.
    private func fillFace(of frame: Rect, in bounds: Rect, radius: Double, color: Color, _ context: GraphicsContext) {
        let roundsLeft = frame.minX <= bounds.minX, roundsRight = frame.maxX >= bounds.maxX
        guard roundsLeft || roundsRight, radius > 0 else { return context.fill(frame, color: color) }
        context.fillRoundedRect(frame, cornerRadius: min(radius, frame.width / 2), color: color)
        if roundsLeft, !roundsRight {
            context.fill(Rect(x: frame.midX, y: frame.minY, width: frame.width / 2, height: frame.height), color: color)
        } else if roundsRight, !roundsLeft {
            context.fill(Rect(x: frame.minX, y: frame.minY, width: frame.width / 2, height: frame.height), color: color)
        }
    }

    // MARK: Input

    /// No pointer of its own: its segments show the hand.
    open override var cursor: Cursor? { nil }

    /// Takes a left press on the border (the control has focus now) and does nothing with it.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        event.button == .left
    }

    /// Moves the choice with Left and Right (the way they point, skipping disabled segments),
    /// Home and End; other keys, Space and Enter among them, go on up the chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, !segments.isEmpty, event.modifiers.isEmpty else { return false }
        let enabled = segments.indices.filter(isSegmentEnabled)
        let target: Int?
        switch event.key {
        case .left, .right:
            // Towards the last segment: rightwards, or leftwards in a right-to-left window.
            let towardsLast = (event.key == .right) == (layoutDirection == .leftToRight)
            target = towardsLast ? enabled.first { $0 > selectedIndex } : enabled.last { $0 < selectedIndex }
        case .home: target = enabled.first
        case .end: target = enabled.last
        default: return false
        }
        if let target { userSelect(target) }
        return true
    }

    // MARK: Accessibility

    /// A group of radio buttons, one Tab stop, whose segments are selected as the arrows
    /// choose them.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .group, states: accessibilityEnabledState.union(.horizontal))
    }
}

extension SegmentedControl: AccessibilitySelectable {
    /// The chosen segment (none while there are no segments).
    public var accessibilitySelectedChildren: RowSet { segments.isEmpty ? [] : [selectedIndex] }

    /// Chooses segment `index` as a click would, reporting it.
    public func selectAccessibilityChild(_ index: Int) -> Bool {
        userSelect(index)
        return selectedIndex == index
    }

    /// A segmented control always has one segment chosen.
    public func deselectAccessibilityChild(_ index: Int) -> Bool { false }
}
