#if canImport(Glibc)
    import Glibc
#endif

/// Runs timed animations of view properties.
///
/// Inside ``animate(duration:delay:curve:animations:completion:)`` every change to an
/// animatable property (frame, bounds, alpha, background colour, or a view's own
/// ``AnimatedValue``) is recorded: its model value changes at once, and a presentation value
/// moves from where the property was *shown* to the new value over the duration. A new
/// animation of a property already animating starts from its current presentation value, and
/// the interrupted animation's completion reports `false`.
///
/// The host calls ``tick()`` once a frame while ``isAnimating``; time comes from ``clock``, never
/// from counting frames, so a late frame does not stretch an animation. The animator also runs
/// one-shot actions scheduled on the same clock (``schedule(after:_:)``), such as a caret's
/// blink, so the host wakes for them and for nothing else.
@MainActor public final class Animator {
    /// The animator every view uses.
    public static let shared = Animator()

    /// Where time comes from: the monotonic clock in an app, a ``ManualClock`` in tests.
    public var clock: AnimationClock = MonotonicClock()
    /// When true every animation applies its change at once (and still completes). Starts true
    /// when the environment variable `CANOPY_REDUCED_MOTION` is set to anything but `0`.
    public var reducedMotion = Animator.reducedMotionRequestedByEnvironment
    /// The time between frames while something animates; the host sets it from the display.
    public var frameInterval = 1.0 / 60

    private var running: [AnimationKey: RunningAnimation] = [:]
    private var actions: [ScheduledAction] = []
    private var openTransactions: [AnimationTransaction] = []
    /// Transactions that may have ended; their completions run once no animation block is open,
    /// so a completion never runs in the middle of a property change.
    private var endedTransactions: [AnimationTransaction] = []

    init() {}

    /// Whether any animation is running, so the host must keep producing frames.
    public var isAnimating: Bool { !running.isEmpty }

    /// When the next scheduled action is due, or `nil` when none is waiting.
    public var nextActionTime: Double? { actions.lazy.map(\.time).min() }

    /// Runs `action` once, `delay` seconds from now on the animator's clock, during a ``tick()``.
    /// Keep the returned value to cancel it.
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

    /// The earliest time at which a running animation starts moving (in the past for one
    /// already moving), or `nil` when none runs: a host need not wake for frames before it.
    public var earliestStart: Double? { running.values.lazy.map(\.startTime).min() }

    /// Animates the changes made in `animations`.
    /// - Parameters:
    ///   - duration: Seconds; zero or less (or reduced motion) applies the changes at once.
    ///   - delay: Seconds to wait, showing the old values, before moving.
    ///   - curve: How progress follows time; UIKit's ease-in-out by default.
    ///   - animations: Sets the new values of animatable properties.
    ///   - completion: Called once every animation started here has ended: `true` when they
    ///     all ran to the end, `false` when one was interrupted or cancelled.
    public func animate(
        duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let instant = reducedMotion || !(duration > 0)
        let transaction = AnimationTransaction(
            start: clock.now + max(0, delay), duration: instant ? 0 : duration, curve: curve,
            completion: completion)
        openTransactions.append(transaction)
        animations()
        openTransactions.removeLast()
        transaction.isRecording = false
        endedTransactions.append(transaction)
        runDueCompletions()
    }

    /// Sets an animatable property of `view` to `value`: animated when called inside an
    /// animation block, at once otherwise (which stops any animation of that property).
    public func set<V: View, Value: Interpolatable>(
        _ property: ReferenceWritableKeyPath<V, AnimatedValue<Value>>, of view: V, to value: Value
    ) {
        let key = AnimationKey(view: ObjectIdentifier(view), property: property)
        let existing = (running[key] as? PropertyAnimation<V, Value>).flatMap { $0.animates(view) ? $0 : nil }
        let shownBefore = existing?.value(at: clock.now) ?? view[keyPath: property].presented
        stop(key, finished: false)
        view.willChangeAppearance()
        view[keyPath: property].target = value
        view[keyPath: property].presentation = nil
        if let transaction = openTransactions.last, transaction.duration > 0, shownBefore != value {
            view[keyPath: property].presentation = shownBefore
            running[key] = PropertyAnimation(
                view: view, property: property, from: shownBefore, to: value, transaction: transaction)
            transaction.pending += 1
        }
        view.didChangeAppearance()
        runDueCompletions()
    }

    /// Moves every running animation to the clock's current time, ends those that are done and
    /// calls the completions that are due.
    public func tick() {
        let now = clock.now
        let due = actions.filter { $0.time <= now + 1e-9 }
        actions.removeAll { $0.time <= now + 1e-9 }
        for action in due { action.action() }
        var ended: [AnimationKey] = []
        for (key, animation) in running where !animation.step(to: now) {
            ended.append(key)
        }
        for key in ended { stop(key, finished: true) }
        runDueCompletions()
    }

    /// Stops every animation of `view` and its subviews, leaving their model values shown;
    /// their completions report `false`.
    public func cancelAnimations(in view: View) {
        var members = Set<ObjectIdentifier>()
        view.forEachInSubtree { members.insert(ObjectIdentifier($0)) }
        for key in running.keys where members.contains(key.view) {
            stop(key, finished: false)
        }
        runDueCompletions()
    }

    /// Stops every running animation, leaving model values shown (completions report `false`),
    /// and drops every scheduled action.
    public func cancelAll() {
        actions.removeAll()
        for key in Array(running.keys) { stop(key, finished: false) }
        runDueCompletions()
    }

    private func stop(_ key: AnimationKey, finished: Bool) {
        guard let animation = running.removeValue(forKey: key) else { return }
        endedTransactions.append(animation.end(finished: finished))
    }

    private func runDueCompletions() {
        while openTransactions.isEmpty, !endedTransactions.isEmpty {
            endedTransactions.removeFirst().completeIfDone()
        }
    }

    private static var reducedMotionRequestedByEnvironment: Bool {
        guard let value = getenv("CANOPY_REDUCED_MOTION") else { return false }
        return String(cString: value) != "0"
    }
}

/// An action waiting to run at a time on the animator's clock.
@MainActor public final class ScheduledAction {
    let time: Double
    let action: () -> Void

    init(time: Double, action: @escaping () -> Void) {
        self.time = time
        self.action = action
    }
}

/// Identifies one property of one view.
private struct AnimationKey: Hashable {
    let view: ObjectIdentifier
    let property: AnyKeyPath
}

/// The animations started by one `animate` call, which share timing and a completion.
@MainActor private final class AnimationTransaction {
    let start: Double
    let duration: Double
    let curve: TimingCurve
    private var completion: ((Bool) -> Void)?
    var pending = 0
    var isRecording = true
    private var allFinished = true

    init(start: Double, duration: Double, curve: TimingCurve, completion: ((Bool) -> Void)?) {
        self.start = start
        self.duration = duration
        self.curve = curve
        self.completion = completion
    }

    func memberEnded(finished: Bool) {
        pending -= 1
        allFinished = allFinished && finished
    }

    func completeIfDone() {
        guard !isRecording, pending == 0, let completion else { return }
        self.completion = nil
        completion(allFinished)
    }
}

@MainActor private protocol RunningAnimation: AnyObject {
    /// When the animation starts moving (after its delay).
    var startTime: Double { get }
    /// Shows the value for time `now`; returns false once the animation has reached its end.
    func step(to now: Double) -> Bool
    /// Shows the model value again and reports the end to its transaction, which it returns.
    func end(finished: Bool) -> AnimationTransaction
}

@MainActor private final class PropertyAnimation<V: View, Value: Interpolatable>: RunningAnimation {
    private weak var view: V?
    private let property: ReferenceWritableKeyPath<V, AnimatedValue<Value>>
    private let from: Value
    private let to: Value
    private let transaction: AnimationTransaction

    init(
        view: V, property: ReferenceWritableKeyPath<V, AnimatedValue<Value>>, from: Value, to: Value,
        transaction: AnimationTransaction
    ) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.transaction = transaction
    }

    /// How far through its duration the animation is at `now`, 0...1.
    var startTime: Double { transaction.start }

    private func fraction(at now: Double) -> Double {
        min(max((now - transaction.start) / transaction.duration, 0), 1)
    }

    /// Whether `now` is at the end; within a nanosecond counts, so rounding in the clock's
    /// arithmetic never leaves a last sliver of an animation.
    private func isOver(at now: Double) -> Bool {
        now - transaction.start >= transaction.duration - 1e-9
    }

    /// Whether this animation belongs to `view` (and not to a view that has gone, whose memory
    /// `view` now occupies).
    func animates(_ view: V) -> Bool { self.view === view }

    func value(at now: Double) -> Value {
        Value.interpolate(from: from, to: to, progress: transaction.curve.progress(at: fraction(at: now)))
    }

    func step(to now: Double) -> Bool {
        guard let view else { return false }
        if isOver(at: now) { return false }
        let value = value(at: now)
        if view[keyPath: property].presentation != value {
            view.willChangeAppearance()
            view[keyPath: property].presentation = value
            view.didChangeAppearance()
        }
        return true
    }

    func end(finished: Bool) -> AnimationTransaction {
        if let view, view[keyPath: property].presentation != nil {
            view.willChangeAppearance()
            view[keyPath: property].presentation = nil
            view.didChangeAppearance()
        }
        transaction.memberEnded(finished: finished)
        return transaction
    }
}
