#if canImport(Glibc)
    import Glibc
#endif

/// Runs the timed animations of one scene's views, with Core Animation's semantics.
///
/// Every animatable property (frame, bounds, alpha, background colour, or a view's own
/// ``AnimatedValue``) has a *model value*, which reads, layout and hit-testing see, and while it
/// animates a *presentation value*, which is drawn. The rules:
///
/// - Inside ``View/animate(duration:delay:curve:animations:completion:)`` a new value is
///   animated: the model value changes at once and the presentation moves from what is shown
///   now to the new value over the duration. An animation already running on that property is
///   replaced, starting from where it is on screen (no jump); its completion reports `false`.
/// - Writing the value the model already has does nothing, inside a block or out: a running
///   animation goes on undisturbed. So a `layoutSubviews` may re-place an animating view at its
///   model frame every frame.
/// - Writing a *different* value outside an animation block *snaps*: the animation of that
///   property ends (its completion reports `false`) and the new value shows at once.
/// - A view that is not in a scene takes every value at once.
///
/// Its scene's ``Scene/tick()``, which the host calls once a frame while ``isAnimating``, calls
/// ``tick()``; time comes from ``clock``,
/// never from counting frames, so a late frame does not stretch an animation. Each ``Scene``
/// owns one animator, so scenes (and tests) never share animation state.
@MainActor public final class Animator {
    /// Where time comes from: the application's monotonic clock, or a ``ManualClock`` in tests.
    public let clock: AnimationClock
    /// When true every animation applies its change at once (and still completes). Starts true
    /// when the environment variable `CANOPY_REDUCED_MOTION` is set to anything but `0`.
    public var reducedMotion = Animator.reducedMotionRequestedByEnvironment

    private var running: [AnimationKey: RunningAnimation] = [:]

    /// Creates an animator timed by `clock`.
    public init(clock: AnimationClock) {
        self.clock = clock
    }

    /// Whether any animation is running, so the host must keep producing frames.
    public var isAnimating: Bool { !running.isEmpty }

    /// The earliest time at which a running animation starts moving (in the past for one
    /// already moving), or `nil` when none runs: a host need not wake for frames before it.
    public var earliestStart: Double? { running.values.lazy.map(\.startTime).min() }

    /// Sets an animatable property of `view` to `value`, following the rules in the type's
    /// description: animated inside an animation block when the view is in a scene, a no-op when
    /// `value` is the model value already, otherwise at once.
    public static func set<V: View, Value: Interpolatable>(
        _ property: ReferenceWritableKeyPath<V, AnimatedValue<Value>>, of view: V, to value: Value
    ) {
        guard value != view[keyPath: property].target else { return }
        if let animator = view.scene?.animator {
            animator.apply(property, of: view, to: value)
        } else {
            view[keyPath: property].target = value
            view[keyPath: property].presentation = nil
        }
    }

    private func apply<V: View, Value: Interpolatable>(
        _ property: ReferenceWritableKeyPath<V, AnimatedValue<Value>>, of view: V, to value: Value
    ) {
        let key = AnimationKey(view: ObjectIdentifier(view), property: property)
        let existing = (running[key] as? PropertyAnimation<V, Value>).flatMap { $0.animates(view) ? $0 : nil }
        let shownBefore = existing?.value(at: clock.now) ?? view[keyPath: property].presented
        stop(key, finished: false)
        view.willChangeAppearance()
        view[keyPath: property].target = value
        view[keyPath: property].presentation = nil
        if let transaction = AnimationTransaction.current, transaction.duration > 0, !reducedMotion,
            shownBefore != value
        {
            view[keyPath: property].presentation = shownBefore
            running[key] = PropertyAnimation(
                view: view, property: property, from: shownBefore, to: value,
                timing: transaction.timing(startingAt: clock.now), transaction: transaction)
            transaction.pending += 1
        }
        view.didChangeAppearance()
        AnimationTransaction.runDueCompletions()
    }

    /// Moves every running animation to the clock's current time, ends those that are done and
    /// calls the completions that are due. Returns whether an animation ended or a completion
    /// ran (the app's code may then have changed anything); `false` when the animations only
    /// moved.
    @discardableResult
    public func tick() -> Bool {
        let now = clock.now
        var ended: [AnimationKey] = []
        for (key, animation) in running where !animation.step(to: now) {
            ended.append(key)
        }
        for key in ended { stop(key, finished: true) }
        return AnimationTransaction.runDueCompletions() || !ended.isEmpty
    }

    /// Stops every animation of `view` and its subviews, leaving their model values shown;
    /// their completions report `false`.
    public func cancelAnimations(in view: View) {
        var members = Set<ObjectIdentifier>()
        view.forEachInSubtree { members.insert(ObjectIdentifier($0)) }
        for key in running.keys where members.contains(key.view) {
            stop(key, finished: false)
        }
        AnimationTransaction.runDueCompletions()
    }

    /// Stops every running animation, leaving model values shown (completions report `false`).
    public func cancelAll() {
        for key in Array(running.keys) { stop(key, finished: false) }
        AnimationTransaction.runDueCompletions()
    }

    private func stop(_ key: AnimationKey, finished: Bool) {
        guard let animation = running.removeValue(forKey: key) else { return }
        AnimationTransaction.memberEnded(animation.end(), finished: finished)
    }

    private static var reducedMotionRequestedByEnvironment: Bool {
        guard let value = getenv("CANOPY_REDUCED_MOTION") else { return false }
        return String(cString: value) != "0"
    }
}

/// Identifies one property of one view.
private struct AnimationKey: Hashable {
    let view: ObjectIdentifier
    let property: AnyKeyPath
}

/// When one animation moves and how progress follows time.
struct AnimationTiming {
    let start: Double
    let duration: Double
    let curve: TimingCurve
}

@MainActor private protocol RunningAnimation: AnyObject {
    /// When the animation starts moving (after its delay).
    var startTime: Double { get }
    /// Shows the value for time `now`; returns false once the animation has reached its end.
    func step(to now: Double) -> Bool
    /// Shows the model value again and returns the transaction the animation belongs to.
    func end() -> AnimationTransaction
}

@MainActor private final class PropertyAnimation<V: View, Value: Interpolatable>: RunningAnimation {
    private weak var view: V?
    private let property: ReferenceWritableKeyPath<V, AnimatedValue<Value>>
    private let from: Value
    private let to: Value
    private let timing: AnimationTiming
    private let transaction: AnimationTransaction

    init(
        view: V, property: ReferenceWritableKeyPath<V, AnimatedValue<Value>>, from: Value, to: Value,
        timing: AnimationTiming, transaction: AnimationTransaction
    ) {
        self.view = view
        self.property = property
        self.from = from
        self.to = to
        self.timing = timing
        self.transaction = transaction
    }

    var startTime: Double { timing.start }

    /// How far through its duration the animation is at `now`, 0...1.
    private func fraction(at now: Double) -> Double {
        min(max((now - timing.start) / timing.duration, 0), 1)
    }

    /// Whether `now` is at the end; within a nanosecond counts, so rounding in the clock's
    /// arithmetic never leaves a last sliver of an animation.
    private func isOver(at now: Double) -> Bool {
        now - timing.start >= timing.duration - 1e-9
    }

    /// Whether this animation belongs to `view` (and not to a view that has gone, whose memory
    /// `view` now occupies).
    func animates(_ view: V) -> Bool { self.view === view }

    func value(at now: Double) -> Value {
        Value.interpolate(from: from, to: to, progress: timing.curve.progress(at: fraction(at: now)))
    }

    func step(to now: Double) -> Bool {
        guard let view else { return false }
        if isOver(at: now) { return false }
        let value = value(at: now)
        if view[keyPath: property].presentation != value {
            view.willChangeAppearance()
            view[keyPath: property].presentation = value
            view.didChangeAppearance()
            view.presentationDidChange()
        }
        return true
    }

    func end() -> AnimationTransaction {
        if let view, view[keyPath: property].presentation != nil {
            view.willChangeAppearance()
            view[keyPath: property].presentation = nil
            view.didChangeAppearance()
            view.presentationDidChange()
        }
        return transaction
    }
}
