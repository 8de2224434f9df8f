extension View {
    /// Animates the changes to animatable properties made in `animations`, as UIKit's
    /// `UIView.animate`: the model values change at once and the screen follows over
    /// `duration` seconds. See ``Animator`` for the rules.
    /// - Parameters:
    ///   - duration: Seconds; zero or less (or a scene's reduced motion) applies the changes at
    ///     once.
    ///   - delay: Seconds to wait, showing the old values, before moving.
    ///   - curve: How progress follows time; UIKit's ease-in-out by default.
    ///   - animations: Sets the new values of animatable properties.
    ///   - completion: Called once every animation started here has ended: `true` when they
    ///     all ran to the end, `false` when one was replaced, snapped or cancelled.
    public static func animate(
        duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        AnimationTransaction.run(
            duration: duration, delay: delay, curve: curve, animations: animations, completion: completion)
    }
}
