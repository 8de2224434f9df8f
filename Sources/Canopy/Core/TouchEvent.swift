/// A finger touching a touch screen: put down, moved or lifted.
public struct TouchEvent: Sendable {
    /// Which part of a touch an event is.
    public enum Phase: Sendable {
        /// The finger went down.
        case began
        /// The finger moved.
        case moved
        /// The finger was lifted (or the touch ended otherwise).
        case ended
    }

    /// Which touch this is: each finger down has its own number until it is lifted.
    public var touch: UInt32
    /// Down, moved or lifted.
    public var phase: Phase
    /// Where the finger is, in the window's coordinates.
    public var locationInWindow: Point
    /// When the event happened, in seconds on the host's clock.
    public var timestamp: Double

    /// Creates a touch event.
    public init(touch: UInt32, phase: Phase, locationInWindow: Point, timestamp: Double = 0) {
        self.touch = touch
        self.phase = phase
        self.locationInWindow = locationInWindow
        self.timestamp = timestamp
    }
}
