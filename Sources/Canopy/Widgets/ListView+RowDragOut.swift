/// Rows dragged out of a list, into another application or another view, as a file manager's
/// files are: ``ListView/dragContentForRows`` says what they carry, and the scene's
/// ``DragHost`` leads the drag from the moment it leaves the list (or, in a list that does not
/// reorder, from the moment it starts).
extension ListView {
    /// The rows a drag from the pressed row takes: the selection when the row is part of it,
    /// otherwise the row alone, selected first (as a desktop's list selects what it drags).
    func rowsToDrag(pressed: Int) -> RowSet {
        if !selectedRows.contains(pressed) { userSelect(pressed, animated: false) }
        return selectedRows.contains(pressed) ? selectedRows : [pressed]
    }

    /// A press that moved past the threshold in a list that drags rows out but does not reorder
    /// them (no Shift or Control held): the rows go out through the scene's drag host at once.
    /// Returns whether they did; without a drag host, or content for the rows, the press
    /// scrolls as before.
    func beginRowDragOut(modifiers: Modifiers) -> Bool {
        // A list that cannot drag out keeps the press a scroll, selecting nothing.
        guard onMoveRows == nil, dragContentForRows != nil, scene?.host?.dragHost != nil, let pressed = pressedRow,
            modifiers.isDisjoint(with: [.shift, .control])
        else { return false }
        return handOverRowDrag(rowsToDrag(pressed: pressed))
    }

    /// Rows being reordered were dragged out of the list's frame: once the rows have content
    /// to drag out (and the scene can drag out), the reorder ends, moving nothing, and the
    /// host carries the rows from here. Returns whether it did.
    func handOverReorderDragLeavingList() -> Bool {
        guard let drag = rowDrag, let rows = drag.movedRows, !rows.isEmpty, !drag.isCancelled,
            !Rect(origin: .zero, size: frame.size).contains(drag.pointer)
        else { return false }
        return handOverRowDrag(rows)
    }

    /// Hands `rows` to the scene's drag host, with the content ``dragContentForRows`` gives
    /// them; the press goes on, doing nothing more, until the release. Returns whether it did.
    private func handOverRowDrag(_ rows: RowSet) -> Bool {
        guard let host = scene?.host?.dragHost, let content = dragContentForRows?(rows), content.isDraggable
        else { return false }
        if let step = rowDrag?.autoscroll { scene?.timers.cancel(step) }
        setPressedRow(nil)
        rowDrag = .spent
        setNeedsDisplay()  // the reorder's indicator goes
        host.beginDrag(content)
        return true
    }
}

extension DragContent {
    /// Whether there is something to drag: text (even empty, as a text view drags it) or at
    /// least one URI.
    fileprivate var isDraggable: Bool {
        guard case let .uris(uris) = self else { return true }
        return !uris.isEmpty
    }
}
