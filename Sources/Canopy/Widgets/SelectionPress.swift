/// A press on a text view's selection, which drags the selected text out once the pointer moves
/// far enough (``TextField/dragThreshold``) and, released without moving, places the caret where
/// it went down.
@MainActor struct SelectionPress<Position> {
    /// Where the press went down, in window coordinates.
    let location: Point
    /// The caret position under the press.
    let position: Position

    /// Whether the pointer at `point` (window coordinates) has moved far enough to drag.
    func startsDrag(at point: Point) -> Bool {
        max(abs(point.x - location.x), abs(point.y - location.y)) > TextField.dragThreshold
    }

    /// Follows a drag of the pointer to `point` (window coordinates) for the press kept in
    /// `press`, if there is one: once the pointer has moved far enough, the press is over and
    /// `selectedText` drags out through `view`'s host. Returns whether there was a press, so
    /// the view does not also extend its selection.
    static func follow(
        _ press: inout SelectionPress?, to point: Point, from view: View, dragging selectedText: () -> String
    ) -> Bool {
        guard let kept = press else { return false }
        if kept.startsDrag(at: point) {
            press = nil
            view.scene?.host?.dragHost?.beginDrag(.text(selectedText()))
        }
        return true
    }
}
