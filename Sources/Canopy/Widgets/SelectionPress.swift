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
}
