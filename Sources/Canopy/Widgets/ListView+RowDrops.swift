/// A drag over a list's rows: the list's own rows being reordered, or content dragged from
/// elsewhere; where it would drop, and the auto-scroll that runs while it hovers near an edge.
struct ListRowDrag {
    /// The rows being moved, for a reorder started in the list; `nil` for a drop from elsewhere.
    var movedRows: RowSet?
    /// The kinds of content offered, for a drop from elsewhere.
    var kinds: DropKinds = []
    /// Where the pointer is, in the list's frame (so that it stays put while the rows scroll).
    var pointer: Point
    /// Whether Escape cancelled the reorder: the press goes on, moving nothing.
    var isCancelled = false
    /// The next step of the auto-scroll, while the pointer is near the top or bottom edge.
    var autoscroll: ScheduledAction?

    /// A drag of the list's rows that is over while the button is still down (cancelled, or
    /// handed to the host to go out of the window): the release moves nothing.
    static let spent = ListRowDrag(movedRows: [], pointer: .zero, isCancelled: true)
}

/// Drops onto a list's rows or between them, with the indicator that shows where, and rows
/// reordered by dragging them within the list.
extension ListView {
    /// How near the top or bottom edge a drag must hover for the list to scroll towards it.
    public static let autoscrollMargin = 24.0
    /// How far one step of the auto-scroll moves the rows.
    public static let autoscrollStep = 8.0
    /// How long the auto-scroll waits between steps, in seconds (on the scene's timers).
    public static let autoscrollInterval = 1.0 / 30

    /// Where a drag at `point` (bounds coordinates) proposes to drop: on the row under it when
    /// the point is in the middle half of the row (and `onRows`), otherwise in the gap nearest
    /// it; below the last row, after it.
    public func proposedDropTarget(at point: Point, onRows: Bool = true) -> ListDropTarget {
        guard let row = offsets.row(atY: point.y), point.y >= 0 else {
            return ListDropTarget(row: point.y < 0 ? 0 : numberOfRows, position: .before)
        }
        let span = offsets.span(of: row)
        let fraction = span.height > 0 ? (point.y - span.top) / span.height : 0
        if onRows, fraction >= 0.25, fraction < 0.75 { return ListDropTarget(row: row, position: .on) }
        return ListDropTarget(row: fraction < 0.5 ? row : row + 1, position: .before)
    }

    /// Where a drop would land now, shown by the indicator; `nil` while no drag hovers the list
    /// or the drop is refused where it is.
    public var dropTarget: ListDropTarget? { rowDrag.flatMap { currentDropTarget(for: $0) } }

    // MARK: Reordering

    /// A press that moved past the threshold: with ``onMoveRows``, and no Shift or Control, it
    /// starts dragging the selected rows (the pressed row alone, selected first, when it is not
    /// one of them). Returns whether it did.
    func beginReorderDrag(modifiers: Modifiers) -> Bool {
        guard onMoveRows != nil, let pressed = pressedRow, modifiers.isDisjoint(with: [.shift, .control]) else {
            return false
        }
        let rows = rowsToDrag(pressed: pressed)
        setPressedRow(nil)
        rowDrag = ListRowDrag(movedRows: rows, pointer: .zero)
        return true
    }

    /// The pointer moved to `location` (bounds coordinates) while rows are dragged.
    func reorderDragMoved(to location: Point) {
        guard rowDrag?.isCancelled == false else { return }
        rowDrag?.pointer = framePoint(location)
        if handOverReorderDragLeavingList() { return }
        rowDragDidMove()
    }

    /// The button went up while rows were dragged: over a gap, they move there.
    func endReorderDrag() {
        guard let drag = rowDrag, let rows = drag.movedRows else { return }
        let target = drag.isCancelled ? nil : currentDropTarget(for: drag)
        endRowDrag()
        guard let target, let onMoveRows, !Self.moveLeavesOrder(rows, before: target.row) else { return }
        let lead = leadRow.flatMap { rows.contains($0) ? $0 : nil }
        onMoveRows(rows, target.row)
        reloadData()
        let start = target.row - rows.prefix(while: { $0 < target.row }).count
        let moved = RowSet(start..<start + rows.count)
        let newLead = lead.map { old in start + rows.prefix(while: { $0 != old }).count } ?? start
        userSelect(moved, lead: newLead, anchor: newLead, animated: false)
    }

    /// Whether moving `rows` before `gap` leaves every row where it was (rows in one run
    /// dropped at either end of it, or inside it).
    static func moveLeavesOrder(_ rows: RowSet, before gap: Int) -> Bool {
        guard rows.ranges.count == 1, let run = rows.ranges.first else { return rows.isEmpty }
        return gap >= run.lowerBound && gap <= run.upperBound
    }

    // MARK: Both kinds

    /// The target the drag proposes where the pointer is, as ``validateDrop`` answers for a
    /// drop from elsewhere; a reorder proposes only gaps, and only inside the list.
    func currentDropTarget(for drag: ListRowDrag) -> ListDropTarget? {
        guard !drag.isCancelled else { return nil }
        let point = Point(x: drag.pointer.x + bounds.minX, y: drag.pointer.y + bounds.minY)
        if drag.movedRows != nil {
            guard Rect(origin: .zero, size: frame.size).contains(drag.pointer) else { return nil }
            return proposedDropTarget(at: point, onRows: false)
        }
        let proposal = proposedDropTarget(at: point, onRows: dropsOnRows)
        guard let validateDrop else { return proposal }
        return validateDrop(drag.kinds, proposal)
    }

    /// Redraws the indicator and starts or stops the auto-scroll for where the pointer is now.
    func rowDragDidMove() {
        setNeedsDisplay()
        guard let drag = rowDrag else { return }
        let nearEdge = autoscrollDirection(for: drag) != 0
        if nearEdge, drag.autoscroll == nil {
            scheduleAutoscroll()
        } else if !nearEdge, let step = drag.autoscroll {
            scene?.timers.cancel(step)
            rowDrag?.autoscroll = nil
        }
    }

    /// -1 to scroll up, 1 down, 0 not at all: the pointer within ``autoscrollMargin`` of an edge
    /// (and across the list), while there is more to scroll that way.
    private func autoscrollDirection(for drag: ListRowDrag) -> Double {
        guard !drag.isCancelled, drag.pointer.x >= 0, drag.pointer.x <= frame.width else { return 0 }
        if drag.pointer.y < Self.autoscrollMargin, contentOffset.y > 0 { return -1 }
        if drag.pointer.y > frame.height - Self.autoscrollMargin, contentOffset.y < maximumContentOffset.y { return 1 }
        return 0
    }

    private func scheduleAutoscroll() {
        rowDrag?.autoscroll = scene?.timers.schedule(after: Self.autoscrollInterval) { [weak self] in
            guard let self, let drag = self.rowDrag else { return }
            self.rowDrag?.autoscroll = nil
            let direction = self.autoscrollDirection(for: drag)
            guard direction != 0 else { return }
            self.contentOffset = Point(
                x: self.contentOffset.x, y: self.contentOffset.y + direction * Self.autoscrollStep)
            self.rowDragDidMove()
        }
    }

    /// The drag is over (dropped, cancelled or gone): the indicator and the auto-scroll stop.
    func endRowDrag() {
        if let step = rowDrag?.autoscroll { scene?.timers.cancel(step) }
        if rowDrag?.movedRows != nil, drag != nil {
            rowDrag = .spent  // until the release
        } else {
            rowDrag = nil
        }
        setNeedsDisplay()
    }

    /// `location` (bounds coordinates) in the list's frame, which does not scroll.
    func framePoint(_ location: Point) -> Point {
        Point(x: location.x - bounds.minX, y: location.y - bounds.minY)
    }

    // MARK: Drawing

    /// The drop target: a row framed in the accent colour, or a 2-point accent line across a gap
    /// with a small ring at its leading end.
    func drawDropIndicator(in context: GraphicsContext) {
        guard let target = dropTarget else { return }
        let accent = theme.accent
        switch target.position {
        case .on:
            guard target.row < numberOfRows else { return }
            context.strokeRoundedRect(
                rect(ofRow: target.row).insetBy(dx: 1, dy: 1), cornerRadius: 4, lineWidth: 2, color: accent)
        case .before:
            let y =
                target.row >= numberOfRows
                ? min(contentHeight, bounds.maxY) - 1 : max(offsets.span(of: target.row).top, bounds.minY + 1)
            let ring = 6.0
            let rightToLeft = layoutDirection == .rightToLeft
            let ringX = rightToLeft ? bounds.maxX - ring - 2 : bounds.minX + 2
            context.strokeRoundedRect(
                Rect(x: ringX, y: y - ring / 2, width: ring, height: ring), cornerRadius: ring / 2, lineWidth: 2,
                color: accent)
            let start = rightToLeft ? bounds.minX : ringX + ring
            let end = rightToLeft ? ringX : bounds.maxX
            context.strokeLine(from: Point(x: start, y: y), to: Point(x: end, y: y), lineWidth: 2, color: accent)
        }
    }
}
