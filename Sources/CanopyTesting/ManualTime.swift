import Canopy

/// Time that moves only when a test says so: scenes made here are timed by one ``ManualClock``
/// with motion not reduced, and ``step(by:)`` advances the clock and ticks them all, so a test
/// can look at an animation at exactly t = 0.25 s.
///
/// ```swift
/// let time = ManualTime()
/// let scene = time.makeScene(size: Size(width: 400, height: 300))
/// View.animate(duration: 0.5) { view.alpha = 0 }
/// time.step(by: 0.25)
/// ```
@MainActor public final class ManualTime {
    /// The clock the scenes are timed by.
    public let clock = ManualClock()
    private var scenes: [Scene] = []

    /// Creates time standing at zero.
    public init() {}

    /// A scene of `size` around `rootView` on this time, with motion not reduced whatever the
    /// environment says, talking to the platform through `host` (a ``MemoryHost``, say) if given.
    public func makeScene(rootView: View = View(), size: Size, host: SceneHost? = nil) -> Scene {
        let scene = Scene(rootView: rootView, size: size, clock: clock, host: host)
        scene.animator.reducedMotion = false
        scenes.append(scene)
        return scene
    }

    /// Moves the clock forward by `seconds` and ticks every scene made here (timers, then
    /// animations).
    public func step(by seconds: Double) {
        clock.advance(by: seconds)
        for scene in scenes { scene.tick() }
    }

    /// Moves the clock to `time` (if later) and ticks every scene made here.
    public func step(to time: Double) {
        step(by: time - clock.now)
    }
}
