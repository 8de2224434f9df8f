/// Touches, as a finger on a phone is taken: a tap clicks where it lands; a drag scrolls the
/// scroll view under it with the finger (the content follows it, nothing is selected); a drag
/// where nothing scrolls that way is a mouse drag (a slider follows it). One finger at a time:
/// others put down while it is down are ignored.
extension Scene {
    /// How far (points) a finger moves before its touch is a drag, not a tap.
    public static let touchDragDistance = 8.0

    /// What one finger down is doing.
    struct TouchGesture {
        /// The touch's number.
        var touch: UInt32
        /// Where it went down (window coordinates).
        var start: Point
        /// Where it was last.
        var last: Point
        /// What it has turned into, once it moved far enough.
        var kind: Kind = .undecided

        enum Kind {
            case undecided
            case scrolling(ScrollView)
            case mouseDrag
        }
    }

    /// A finger went down, moved or was lifted.
    public func handleTouch(_ event: TouchEvent) {
        let location = event.locationInWindow
        if event.phase == .began {
            guard touchGesture == nil else { return }
            touchGesture = TouchGesture(touch: event.touch, start: location, last: location)
            return
        }
        guard var gesture = touchGesture, gesture.touch == event.touch else { return }
        let mouse = MouseEvent(locationInWindow: location, timestamp: event.timestamp)
        let moved = (x: location.x - gesture.start.x, y: location.y - gesture.start.y)
        if case .undecided = gesture.kind, event.phase == .moved,
            max(abs(moved.x), abs(moved.y)) >= Self.touchDragDistance
        {
            if let scrollView = scrollView(under: gesture.start, vertically: abs(moved.y) >= abs(moved.x)) {
                gesture.kind = .scrolling(scrollView)
            } else {
                gesture.kind = .mouseDrag
                handleMouseDown(MouseEvent(locationInWindow: gesture.start, timestamp: event.timestamp))
            }
        }
        switch gesture.kind {
        case .scrolling(let scrollView):
            let offset = scrollView.contentOffset
            scrollView.contentOffset = Point(
                x: offset.x - (location.x - gesture.last.x), y: offset.y - (location.y - gesture.last.y))
            scrollView.flashScrollIndicators()
        case .mouseDrag:
            if event.phase == .moved { handleMouseDragged(mouse) } else { handleMouseUp(mouse) }
        case .undecided:
            if event.phase == .ended {  // a tap
                handleMouseDown(MouseEvent(locationInWindow: gesture.start, timestamp: event.timestamp))
                handleMouseUp(MouseEvent(locationInWindow: gesture.start, timestamp: event.timestamp))
            }
        }
        gesture.last = location
        touchGesture = event.phase == .ended ? nil : gesture
    }

    /// The innermost scroll view under `location` whose content overflows up and down
    /// (`vertically`) or sideways.
    private func scrollView(under location: Point, vertically vertical: Bool) -> ScrollView? {
        guard let hit = hitView(at: location), !(hit is ModalBackdrop), layer.isReachable(hit) else { return nil }
        return responderChain(from: hit).lazy.compactMap { $0 as? ScrollView }.first {
            let maximum = $0.maximumContentOffset
            return vertical ? maximum.y > 0 : maximum.x > 0
        }
    }
}
