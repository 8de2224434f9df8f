import Canopy

/// Runs code with the shared ``Animator`` on a ``ManualClock``, so a test can step time to
/// exact instants: `stepped.run { …; stepped.step(by: 0.25); … }`.
///
/// Animations left over from earlier code are cancelled before and after, and the real clock
/// and reduced-motion setting are put back afterwards.
@MainActor public final class SteppedAnimations {
    /// The clock animations are timed by inside ``run(_:)``.
    public let clock = ManualClock()

    /// Creates a stepper starting at time zero.
    public init() {}

    /// Runs `body` with the manual clock installed and motion not reduced.
    public func run(_ body: () throws -> Void) rethrows {
        let animator = Animator.shared
        let saved = (animator.clock, animator.reducedMotion)
        animator.cancelAll()
        animator.clock = clock
        animator.reducedMotion = false
        defer {
            animator.cancelAll()
            (animator.clock, animator.reducedMotion) = saved
        }
        try body()
    }

    /// Moves the clock forward by `seconds` and steps the animations to the new time.
    public func step(by seconds: Double) {
        clock.advance(by: seconds)
        Animator.shared.tick()
    }

    /// Moves the clock to `time` (if later) and steps the animations to it.
    public func step(to time: Double) {
        step(by: time - clock.now)
    }
}
