/// Panes side by side or stacked, with a divider between each two that the user drags to share
/// the room, as GTK's `GtkPaned`, Tk's `ttk::panedwindow` and FLTK's `Fl_Tile` do.
///
/// A horizontal split view sets its ``panes`` left to right (right to left in a right-to-left
/// window: ``View/layoutDirection``), a vertical one top to bottom. Each pane is kept at least
/// its ``View/minimumLayoutSize`` along the axis, and the split view's own
/// ``minimumLayoutSize`` is the panes' minimums and the dividers, so the stacks around it and
/// the window keep that room. When the split view grows or shrinks, the panes with a
/// ``View/flex`` share the change (the last pane takes it when none has one); the others keep
/// their lengths.
///
/// A divider shows the resize pointer; dragging it moves it with the pointer, frame by frame,
/// between its two panes' minimums. A double-click on it collapses the smaller of its two panes
/// (hidden, its room given to its neighbour) and brings a collapsed one back at its old length.
/// Each divider is a Tab stop: the arrows along the axis move it ten points, Home and End to
/// the ends of its range, Enter collapses or brings back a pane as a double-click does.
///
/// Positions are along the axis, in points from the leading edge (the right in a right-to-left
/// horizontal split view) to the start of each divider. ``onDividerMoved`` hears the user's
/// moves; setting a position from code calls nothing. To assistive technology the split view is
/// a split pane and each divider a separator whose value is its position.
open class SplitView: View {
    /// Which way the panes follow one another.
    public typealias Axis = StackView.Axis

    /// Which way the panes follow one another: ``StackView/Axis/horizontal`` side by side (the
    /// dividers are upright), ``StackView/Axis/vertical`` stacked.
    public var axis: Axis {
        didSet {
            guard axis != oldValue else { return }
            needsInitialLengths = true
            for divider in dividers { divider.setNeedsDisplay() }
            setNeedsLayout()
            invalidateIntrinsicSize()
        }
    }

    /// The views the split view shows, leading first (a subset of its subviews).
    public private(set) var panes: [View] = []

    /// Called with a divider's index and its new position when the user moves it: by dragging,
    /// with the keys, by assistive technology, or by collapsing or bringing back a pane.
    public var onDividerMoved: ((_ index: Int, _ position: Double) -> Void)?

    /// The thickness of a divider along the axis, in points: what the pointer can grab.
    public static let dividerThickness = 6.0
    /// How far an arrow key moves a divider, in points.
    public static let keyboardStep = 10.0

    private var dividers: [SplitDivider] = []
    private var geometry = SplitGeometry(panes: [], dividerThickness: SplitView.dividerThickness)
    /// Whether the panes still need their first lengths (the ones they ask for).
    private var needsInitialLengths = true
    /// Positions set from code before the first layout, applied once the lengths are known.
    private var pendingPositions: [Int: Double] = [:]

    /// Creates a split view laying out `panes` along `axis`.
    public init(axis: Axis = .horizontal, panes: [View] = [], frame: Rect = .zero) {
        self.axis = axis
        super.init(frame: frame)
        for pane in panes { addPane(pane) }
    }

    // MARK: Panes

    /// Adds `view` as the last pane (and as a subview), at the length it asks for.
    public func addPane(_ view: View) {
        insertPane(view, at: panes.count)
    }

    /// Inserts `view` as the pane at `index` (clamped), at the length it asks for.
    public func insertPane(_ view: View, at index: Int) {
        if let existing = panes.firstIndex(where: { $0 === view }) { removePaneEntry(at: existing) }
        let index = min(max(index, 0), panes.count)
        panes.insert(view, at: index)
        let pane = SplitGeometry.Pane(
            length: needsInitialLengths ? 0 : askedLength(of: view), minimum: minimumLength(of: view), weight: view.flex
        )
        geometry.panes.insert(pane, at: index)
        if view.superview !== self { insertSubview(view, at: index) }
        dividersChanged()
    }

    /// Takes `view` out of the panes and out of the split view; its room goes to the others.
    public func removePane(_ view: View) {
        if let index = panes.firstIndex(where: { $0 === view }) { removePaneEntry(at: index) }
        if view.superview === self { view.removeFromSuperview() }
    }

    /// A pane leaving the split view any other way leaves the panes.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        if let index = panes.firstIndex(where: { $0 === subview }) { removePaneEntry(at: index) }
    }

    private func removePaneEntry(at index: Int) {
        panes.remove(at: index)
        geometry.panes.remove(at: index)
        dividersChanged()
    }

    /// Makes one divider for each two neighbouring panes, above the panes.
    private func dividersChanged() {
        while dividers.count > geometry.dividerCount { dividers.removeLast().removeFromSuperview() }
        while dividers.count < geometry.dividerCount {
            let divider = SplitDivider(splitView: self, index: dividers.count)
            dividers.append(divider)
            addSubview(divider)
        }
        setNeedsLayout()
        invalidateIntrinsicSize()
    }

    // MARK: Positions

    /// Where each divider starts, in points from the leading edge, as last laid out.
    public var dividerPositions: [Double] { geometry.dividerPositions }

    /// Moves divider `index` to start at `position` (kept between its panes' minimums), without
    /// calling ``onDividerMoved``. Before the split view is first laid out the position is kept
    /// and applied then.
    public func setDividerPosition(_ position: Double, at index: Int) {
        guard geometry.panes.indices.contains(index + 1), position.isFinite else { return }
        if needsInitialLengths {
            pendingPositions[index] = position
        } else {
            geometry.moveDivider(index, to: position)
        }
        setNeedsLayout()
    }

    /// The range divider `index` can move in: from its leading pane at its minimum to its
    /// trailing pane at its minimum.
    public func rangeOfDivider(at index: Int) -> ClosedRange<Double> { geometry.range(ofDivider: index) }

    /// Whether the pane at `index` is collapsed.
    public func isPaneCollapsed(at index: Int) -> Bool {
        geometry.panes.indices.contains(index) && geometry.panes[index].isCollapsed
    }

    /// Collapses the pane at `index`: it is hidden and its room goes to the nearest pane after
    /// it (or before it); returns false when it was collapsed already or is the only pane shown.
    @discardableResult
    public func collapsePane(at index: Int) -> Bool {
        prepareLengths()
        guard geometry.collapse(index) else { return false }
        paneVisibilityChanged()
        return true
    }

    /// Brings the collapsed pane at `index` back at the length it had, taking the room from its
    /// neighbours; returns false when it was shown or there is no room for its minimum.
    @discardableResult
    public func expandPane(at index: Int) -> Bool {
        prepareLengths()
        guard geometry.expand(index) else { return false }
        paneVisibilityChanged()
        return true
    }

    private func paneVisibilityChanged() {
        setNeedsLayout()
        invalidateIntrinsicSize()  // the minimum changed
    }

    // MARK: What the dividers do for the user

    /// Moves divider `index` as the user asked and reports the dividers that moved.
    func userMoveDivider(_ index: Int, to position: Double) {
        userChange { $0.moveDivider(index, to: position) }
    }

    /// Collapses the smaller pane beside divider `index`, or brings back a collapsed one, as
    /// the user asked.
    func userToggleCollapse(atDivider index: Int) {
        let lead = geometry.panes[index], trail = geometry.panes[index + 1]
        userChange { geometry in
            if lead.isCollapsed { return geometry.expand(index) }
            if trail.isCollapsed { return geometry.expand(index + 1) }
            return geometry.collapse(trail.length < lead.length ? index + 1 : index)
        }
        invalidateIntrinsicSize()
    }

    private func userChange(_ change: (inout SplitGeometry) -> Bool) {
        prepareLengths()
        let before = geometry.dividerPositions
        guard change(&geometry) else { return }
        setNeedsLayout()
        for (index, position) in geometry.dividerPositions.enumerated() where position != before[index] {
            dividers[index].setNeedsDisplay()
            onDividerMoved?(index, position)
        }
    }

    // MARK: Layout

    /// A split view asks for the room its panes ask for.
    open override var sizeDependsOnSubviews: Bool { true }

    /// The shown panes' minimums and the dividers along the axis, the largest pane minimum
    /// across it; never less than ``View/minimumSize``.
    open override var minimumLayoutSize: Size {
        let shown = panes.indices.filter { !isPaneCollapsed(at: $0) }
        let along = shown.map { minimumLength(of: panes[$0]) }.reduce(0, +) + dividersLength
        let across = shown.map { cross(panes[$0].minimumLayoutSize) }.max() ?? 0
        let size = axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
        return Size(width: max(size.width, minimumSize.width), height: max(size.height, minimumSize.height))
    }

    /// The shown panes' asked lengths and the dividers along the axis, the largest asked across
    /// it: no larger than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let shown = panes.indices.filter { !isPaneCollapsed(at: $0) }
        let offer =
            axis == .horizontal
            ? Size(width: .infinity, height: size.height) : Size(width: size.width, height: .infinity)
        let asked = shown.map { panes[$0].sizeThatFits(offer).layoutLength }
        let along = zip(shown, asked).map { max(main($1), minimumLength(of: panes[$0])) }.reduce(0, +) + dividersLength
        let across = asked.map(cross).max() ?? 0
        let wanted = axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
        return Size(width: min(size.width, wanted.width), height: min(size.height, wanted.height))
    }

    /// Fits the panes to the split view's length and places them and the dividers, mirrored in
    /// a right-to-left window.
    open override func layoutSubviews() {
        // Not sized yet: the first lengths (and the positions set before) wait for a size.
        guard !needsInitialLengths || main(bounds.size) > 0 else { return }
        for (index, pane) in panes.enumerated() {
            geometry.panes[index].minimum = minimumLength(of: pane)
            geometry.panes[index].weight = pane.flex
        }
        prepareLengths()
        geometry.fit(to: main(bounds.size))
        for (index, pane) in panes.enumerated() {
            let collapsed = geometry.panes[index].isCollapsed
            if pane.isHidden != collapsed { pane.isHidden = collapsed }
        }
        let positions = geometry.dividerPositions
        var start = 0.0
        for (index, pane) in panes.enumerated() {
            pane.frame = frame(along: start, length: geometry.panes[index].length)
            start += geometry.panes[index].length + geometry.dividerThickness
        }
        for (index, divider) in dividers.enumerated() {
            divider.frame = frame(along: positions[index], length: geometry.dividerThickness)
        }
    }

    /// Gives the panes the lengths they ask for the first time they are needed, then applies
    /// the positions set before.
    private func prepareLengths() {
        guard needsInitialLengths else { return }
        needsInitialLengths = false
        for (index, pane) in panes.enumerated() {
            geometry.panes[index].minimum = minimumLength(of: pane)
            geometry.panes[index].length = askedLength(of: pane)
        }
        geometry.fit(to: main(bounds.size))
        for (index, position) in pendingPositions.sorted(by: { $0.key < $1.key }) {
            geometry.moveDivider(index, to: position)
        }
        pendingPositions.removeAll()
    }

    /// The rectangle `length` long from `start` along the axis (from the leading edge), across
    /// the whole split view.
    private func frame(along start: Double, length: Double) -> Rect {
        switch axis {
        case .vertical:
            return Rect(
                x: 0, y: start.rounded(), width: bounds.width, height: (start + length).rounded() - start.rounded())
        case .horizontal:
            let x = layoutDirection == .rightToLeft ? bounds.width - start - length : start
            return Rect(x: x.rounded(), y: 0, width: (x + length).rounded() - x.rounded(), height: bounds.height)
        }
    }

    /// The leading-edge position along the axis of `point` (bounds coordinates).
    func leadingPosition(of point: Point) -> Double {
        switch axis {
        case .vertical: point.y
        case .horizontal: layoutDirection == .rightToLeft ? bounds.width - point.x : point.x
        }
    }

    private var dividersLength: Double { SplitView.dividerThickness * Double(max(0, panes.count - 1)) }

    private func askedLength(of view: View) -> Double {
        let offer =
            axis == .horizontal
            ? Size(width: .infinity, height: bounds.height) : Size(width: bounds.width, height: .infinity)
        return max(main(view.sizeThatFits(offer).layoutLength), minimumLength(of: view))
    }

    private func minimumLength(of view: View) -> Double { main(view.minimumLayoutSize) }
    private func main(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    private func cross(_ size: Size) -> Double { axis == .horizontal ? size.height : size.width }

    // MARK: Accessibility

    /// A split pane, horizontal or vertical as its panes follow one another.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .splitPane, states: [.enabled, axis == .horizontal ? .horizontal : .vertical])
    }
}
