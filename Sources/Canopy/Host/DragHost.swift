/// What carries a drag out of a view, into another application or another view, as the host
/// provides it (XDND on X11). A host that can (CanopyX11's `Window`) answers its
/// ``SceneHost/dragHost`` with one; without one, views that could start a drag do not (a
/// ``TextField`` then selects as it would anywhere else).
@MainActor public protocol DragHost: AnyObject {
    /// Starts dragging `content` (text, or URIs such as files) out of the view the mouse button
    /// went down in, the button still held: the host follows the pointer from here, and the
    /// drag ends when the button is released (dropped on a target that takes the content's
    /// kind, which gets a copy) or Escape is pressed (cancelled). The view's own content is left
    /// as it is either way.
    func beginDrag(_ content: DragContent)
}
