/// One-shot actions due at times on a clock: a caret's blink, a type-ahead reset.
///
/// The application's run loop owns one queue on the same clock its animations are paced by,
/// sleeps until ``nextFireTime`` and then ticks its scenes (``Scene/tick()``), which calls
/// ``fireDue()``, so a blinking caret costs one wake-up per blink and nothing else. Views and
/// apps reach it through their scene's ``Scene/timers``: a debounce, say, cancels what it
/// scheduled and schedules again on each keystroke.
@MainActor public final class TimerQueue {
    /// The clock the actions are timed by.
    public let clock: AnimationClock
    private var actions: [ScheduledAction] = []

    /// Creates an empty queue timed by `clock`.
    public init(clock: AnimationClock) {
        self.clock = clock
    }

    /// When the next action is due, or `nil` when none is waiting.
    public var nextFireTime: Double? { actions.lazy.map(\.time).min() }

    /// Runs `action` once, `delay` seconds from now, during a later ``fireDue()``. Keep the
    /// returned value to cancel it.
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> ScheduledAction {
        let scheduled = ScheduledAction(time: clock.now + max(0, delay), action: action)
        actions.append(scheduled)
        return scheduled
    }

    /// Stops a scheduled action from running.
    public func cancel(_ action: ScheduledAction) {
        actions.removeAll { $0 === action }
    }

    /// Runs (and forgets) every action due by the clock's current time, earliest first;
    /// returns whether any was due.
    @discardableResult
    public func fireDue() -> Bool {
        let now = clock.now + 1e-9
        let due = actions.filter { $0.time <= now }.sorted { $0.time < $1.time }
        actions.removeAll { $0.time <= now }
        for action in due { action.action() }
        return !due.isEmpty
    }
}

/// An action waiting in a ``TimerQueue``.
@MainActor public final class ScheduledAction {
    let time: Double
    let action: () -> Void

    init(time: Double, action: @escaping () -> Void) {
        self.time = time
        self.action = action
    }
}
