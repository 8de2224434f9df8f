/// The lengths of a ``SplitView``'s panes along its axis, counted from its leading edge, and the
/// rules they change by: a divider moves between its two panes' minimums, a window that grows
/// or shrinks gives or takes room from the panes with ``View/flex`` first (or the last pane),
/// and a collapsed pane keeps the length it comes back at.
@_spi(Testing) public struct SplitGeometry: Equatable, Sendable {
    /// One pane's place along the axis.
    public struct Pane: Equatable, Sendable {
        /// Its length now (0 while collapsed).
        public var length: Double
        /// The least it is given while shown.
        public var minimum: Double
        /// Its share of room gained or lost when the split view is resized (its flex).
        public var weight: Double
        /// Whether it is collapsed to nothing.
        public var isCollapsed = false
        /// The length it comes back at when expanded.
        public var lengthBeforeCollapse = 0.0

        /// A shown pane `length` long.
        public init(length: Double, minimum: Double = 0, weight: Double = 0) {
            self.minimum = minimum.layoutLength
            self.length = max(length.layoutLength, self.minimum)
            self.weight = weight.layoutLength
        }

        /// The least it takes now: its minimum while shown, nothing while collapsed.
        var least: Double { isCollapsed ? 0 : minimum }
    }

    /// The panes, leading first.
    public var panes: [Pane]
    /// The thickness of a divider along the axis.
    public let dividerThickness: Double

    /// Panes with a divider `dividerThickness` thick between each two.
    public init(panes: [Pane], dividerThickness: Double) {
        self.panes = panes
        self.dividerThickness = dividerThickness.layoutLength
    }

    /// How many dividers there are: one fewer than the panes.
    public var dividerCount: Int { max(0, panes.count - 1) }

    /// Where each divider starts, from the leading edge.
    public var dividerPositions: [Double] {
        var positions: [Double] = []
        var position = 0.0
        for pane in panes.dropLast() {
            position += pane.length
            positions.append(position)
            position += dividerThickness
        }
        return positions
    }

    /// The panes' lengths and the dividers together.
    public var totalLength: Double { panes.map(\.length).reduce(0, +) + dividerThickness * Double(dividerCount) }

    /// The least the panes and dividers fit in: the shown panes' minimums and the dividers.
    public var minimumLength: Double { panes.map(\.least).reduce(0, +) + dividerThickness * Double(dividerCount) }

    /// Where divider `index` can go: from its leading pane at its minimum to its trailing pane
    /// at its minimum (a collapsed pane's side counts as nothing).
    public func range(ofDivider index: Int) -> ClosedRange<Double> {
        guard panes.indices.contains(index + 1) else { return 0...0 }
        let position = dividerPositions[index]
        let low = position - panes[index].length + panes[index].least
        let high = position + panes[index + 1].length - panes[index + 1].least
        return low...max(low, high)
    }

    /// Moves divider `index` to start at `position` (clamped to ``range(ofDivider:)``): only
    /// its two panes change. A collapsed pane comes back once the divider gives it its minimum;
    /// returns whether anything moved.
    @discardableResult
    public mutating func moveDivider(_ index: Int, to position: Double) -> Bool {
        guard panes.indices.contains(index + 1), position.isFinite else { return false }
        let before = panes
        let start = dividerPositions[index] - panes[index].length
        let span = panes[index].length + panes[index + 1].length
        var lead = position - start
        if panes[index].isCollapsed, lead >= max(panes[index].minimum, 1) { panes[index].isCollapsed = false }
        if panes[index + 1].isCollapsed, span - lead >= max(panes[index + 1].minimum, 1) {
            panes[index + 1].isCollapsed = false
        }
        if panes[index].isCollapsed { lead = 0 }
        if panes[index + 1].isCollapsed { lead = span }
        lead = max(min(lead, span - panes[index + 1].least), panes[index].least)
        panes[index].length = lead
        panes[index + 1].length = span - lead
        return panes != before
    }

    /// Collapses pane `index`, giving its room to the nearest shown pane after it (or before
    /// it); returns false when it is collapsed already or is the only pane shown.
    @discardableResult
    public mutating func collapse(_ index: Int) -> Bool {
        guard panes.indices.contains(index), !panes[index].isCollapsed,
            let receiver = nearestShownPanes(to: index).first
        else { return false }
        panes[receiver].length += panes[index].length
        panes[index].lengthBeforeCollapse = panes[index].length
        panes[index].length = 0
        panes[index].isCollapsed = true
        return true
    }

    /// Brings collapsed pane `index` back at the length it had (at least its minimum), taking
    /// the room from the nearest shown panes down to their minimums; returns false when it is
    /// shown already or there is not room for its minimum.
    @discardableResult
    public mutating func expand(_ index: Int) -> Bool {
        guard panes.indices.contains(index), panes[index].isCollapsed else { return false }
        let wanted = max(panes[index].lengthBeforeCollapse, panes[index].minimum)
        let donors = nearestShownPanes(to: index)
        let spare = donors.map { panes[$0].length - panes[$0].minimum }.reduce(0, +)
        guard spare >= panes[index].minimum else { return false }
        var needed = min(wanted, spare)
        panes[index].length = needed
        panes[index].isCollapsed = false
        for donor in donors where needed > 0 {
            let taken = min(needed, panes[donor].length - panes[donor].minimum)
            panes[donor].length -= taken
            needed -= taken
        }
        return true
    }

    /// Grows or shrinks the panes so that they and the dividers fill `length`: the shown panes
    /// with weight share the change first, in proportion; room still to give goes to the last
    /// shown pane, room still to take comes from the shown panes last first, each down to its
    /// minimum. Below ``minimumLength`` the panes stay at their minimums (and overflow).
    public mutating func fit(to length: Double) {
        guard !panes.isEmpty, length.isFinite else { return }
        var change = length - totalLength
        let shown = panes.indices.filter { !panes[$0].isCollapsed }
        change = share(change, among: shown.filter { panes[$0].weight > 0 })
        if change > 0, let last = shown.last ?? panes.indices.last {
            panes[last].length += change
        } else if change < 0 {
            for index in shown.reversed() where change < 0 {
                let taken = min(-change, panes[index].length - panes[index].minimum)
                panes[index].length -= taken
                change += taken
            }
        }
    }

    /// Adds `change` (negative to take) to the panes at `indices` in proportion to their
    /// weights, none below its minimum; returns what could not be placed.
    private mutating func share(_ change: Double, among indices: [Int]) -> Double {
        var remaining = change
        var open = indices
        while abs(remaining) > 0.001, !open.isEmpty {
            let total = open.map { panes[$0].weight }.reduce(0, +)
            var placed = 0.0
            for index in open {
                let wanted = panes[index].length + remaining * panes[index].weight / total
                let fitted = max(wanted, panes[index].minimum)
                placed += fitted - panes[index].length
                panes[index].length = fitted
            }
            remaining -= placed
            open.removeAll { panes[$0].length <= panes[$0].minimum }
            if abs(placed) < 0.001 { break }
        }
        return remaining
    }

    /// The shown panes other than `index`, nearest first, those after it before those at the
    /// same distance before it.
    private func nearestShownPanes(to index: Int) -> [Int] {
        panes.indices.filter { $0 != index && !panes[$0].isCollapsed }
            .sorted { (abs($0 - index), $0 < index ? 1 : 0) < (abs($1 - index), $1 < index ? 1 : 0) }
    }
}
