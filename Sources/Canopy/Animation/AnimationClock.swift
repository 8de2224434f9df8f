/// The time source animations and timers are timed by, in seconds. Any origin will do; only
/// differences matter. An application has one, shared by its windows' scenes.
@MainActor public protocol AnimationClock: AnyObject {
    /// The current time in seconds.
    var now: Double { get }
}

/// The real, monotonic clock: the one an application uses.
@MainActor public final class MonotonicClock: AnimationClock {
    private let start = ContinuousClock.now

    /// Creates a clock reading zero now.
    public init() {}

    /// The seconds elapsed since the clock was created.
    public var now: Double {
        let elapsed = start.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}

/// A clock that moves only when told to: tests step it to exact times.
@MainActor public final class ManualClock: AnimationClock {
    /// The current time in seconds.
    public private(set) var now: Double

    /// Creates a clock reading `time`.
    public init(time: Double = 0) { now = time }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Double) { now += max(0, seconds) }
}
