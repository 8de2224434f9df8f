extension View {
    /// Animates the changes to animatable properties made in `animations`, as UIKit's
    /// `UIView.animate`: the model values change at once and the screen follows over
    /// `duration` seconds. See ``Animator/animate(duration:delay:curve:animations:completion:)``.
    public static func animate(
        duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut,
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        Animator.shared.animate(
            duration: duration, delay: delay, curve: curve, animations: animations, completion: completion)
    }
}
