/// Drags from other applications, delivered like mouse events: the view under the pointer, or
/// the nearest view it lies in that takes a kind the drag offers, is the drop target.
extension Scene {
    /// A drag from another application moved to `location` (window coordinates), offering
    /// `kinds`: the drop target follows (``View/dragExited()`` on the old one,
    /// ``View/dragEntered(at:)`` on the new, ``View/dragMoved(at:)`` while it stays). Returns the
    /// kinds the target takes of those offered; empty refuses the drag here.
    @discardableResult
    public func handleDragMoved(to location: Point, offering kinds: DropKinds) -> DropKinds {
        offeredDropKinds = kinds
        let target = hitView(at: location).flatMap { hit in
            responderChain(from: hit).first { !$0.acceptedDropKinds.intersection(kinds).isEmpty }
        }
        if target !== dropTargetView {
            dropTargetView?.dragExited()
            dropTargetView = target
            target?.dragEntered(at: target?.convertFromWindow(location) ?? location)
        } else {
            target?.dragMoved(at: target?.convertFromWindow(location) ?? location)
        }
        return target?.acceptedDropKinds.intersection(kinds) ?? []
    }

    /// The drag left the window or was cancelled: the drop target gets ``View/dragExited()``.
    public func handleDragExited() {
        let target = dropTargetView
        dropTargetView = nil
        offeredDropKinds = []
        target?.dragExited()
    }

    /// `content` was dropped at `location` (window coordinates): the drop target, if it is still
    /// shown and takes that kind, gets ``View/performDrop(_:at:)``, then ``View/dragExited()``.
    /// Returns whether it took the content.
    public func handleDrop(_ content: DragContent, at location: Point) -> Bool {
        guard let target = dropTargetView else { return false }
        defer { handleDragExited() }
        guard !target.isHiddenInTree, target.acceptedDropKinds.contains(content.kind) else { return false }
        return target.performDrop(content, at: target.convertFromWindow(location))
    }
}
