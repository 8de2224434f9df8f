import Canopy
import CanopyTesting
import Testing

/// The y of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`, found by dense
/// sampling: an independent check of the curve solver.
func sampledBezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var best = (distance: Double.infinity, y: 0.0)
    for i in 0...200_000 {
        let s = Double(i) / 200_000
        let distance = abs(coordinate(s, x1, x2) - x)
        if distance < best.distance { best = (distance, coordinate(s, y1, y2)) }
    }
    return best.y
}

@MainActor @Suite struct AnimationTests {
    let time = ManualTime()
    let scene: Scene

    init() {
        scene = time.makeScene(size: Size(width: 400, height: 400))
    }

    /// `view`, put on screen in the test's scene (a view outside a scene does not animate).
    func shown<V: View>(_ view: V) -> V {
        scene.rootView.addSubview(view)
        return view
    }

    @Test func curvesMatchTheirBezierDefinitions() {
        #expect(TimingCurve.linear.progress(at: 0.3) == 0.3)
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(TimingCurve.easeInOut.progress(at: t) - sampledBezier(t, 0.42, 0, 0.58, 1)) < 1e-4)
            #expect(abs(TimingCurve.easeIn.progress(at: t) - sampledBezier(t, 0.42, 0, 1, 1)) < 1e-4)
            #expect(abs(TimingCurve.easeOut.progress(at: t) - sampledBezier(t, 0, 0, 0.58, 1)) < 1e-4)
        }
        #expect(TimingCurve.easeInOut.progress(at: -1) == 0)
        #expect(TimingCurve.easeInOut.progress(at: 2) == 1)
    }

    @Test func anEaseInOutHeightAnimationFollowsTheCurve() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 100, height: 0)))
        var finished: Bool?
        View.animate(duration: 0.5, animations: { view.frame.size.height = 200 }, completion: { finished = $0 })
        #expect(view.frame.height == 200)  // the model changes at once
        #expect(view.presentedFrame.height == 0)  // the screen starts where it was
        time.step(to: 0.1)
        #expect(abs(view.presentedFrame.height - 200 * sampledBezier(0.2, 0.42, 0, 0.58, 1)) < 0.5)
        time.step(to: 0.25)
        #expect(abs(view.presentedFrame.height - 100) < 0.5)
        time.step(to: 0.4)
        #expect(abs(view.presentedFrame.height - 200 * sampledBezier(0.8, 0.42, 0, 0.58, 1)) < 0.5)
        #expect(finished == nil)
        time.step(to: 0.5)
        #expect(view.presentedFrame.height == 200)
        #expect(finished == true)
        #expect(!scene.animator.isAnimating)
    }

    @Test func interruptingReversesFromWhereTheScreenIsWithoutAJump() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 100, height: 0)))
        var results: [String] = []
        View.animate(
            duration: 0.5, animations: { view.frame.size.height = 200 },
            completion: { results.append("open \($0)") })
        time.step(to: 0.2)
        let shown = view.presentedFrame.height
        #expect(shown > 0 && shown < 200)
        View.animate(
            duration: 0.5, animations: { view.frame.size.height = 0 }, completion: { results.append("close \($0)") }
        )
        #expect(view.presentedFrame.height == shown)  // no jump
        #expect(results == ["open false"])
        time.step(to: 0.21)
        #expect(view.presentedFrame.height <= shown)
        #expect(abs(view.presentedFrame.height - shown) < 1)
        time.step(to: 0.7)
        #expect(view.presentedFrame.height == 0)
        #expect(results == ["open false", "close true"])
    }

    @Test func alphaAndColourAnimateToo() {
        let view = shown(View())
        view.backgroundColor = .black
        View.animate(duration: 1, curve: .linear) {
            view.alpha = 0
            view.backgroundColor = .white
        }
        time.step(to: 0.5)
        #expect(view.presentedAlpha == 0.5)
        #expect(abs(view.presentedBackgroundColor.red - 0.5) < 1e-9)
        #expect(view.alpha == 0)
    }

    @Test func aDelayShowsTheOldValueUntilItEnds() {
        let view = shown(View())
        View.animate(duration: 1, delay: 0.5, curve: .linear) { view.alpha = 0 }
        time.step(to: 0.4)
        #expect(view.presentedAlpha == 1)
        time.step(to: 1.0)
        #expect(view.presentedAlpha == 0.5)
    }

    @Test func removingAViewMidFlightCancelsItsAnimations() {
        let parent = shown(View())
        let view = View()
        parent.addSubview(view)
        var finished: Bool?
        View.animate(duration: 0.5, animations: { view.frame.size.height = 200 }, completion: { finished = $0 })
        time.step(to: 0.1)
        view.removeFromSuperview()
        #expect(finished == false)
        #expect(!scene.animator.isAnimating)
        #expect(view.presentedFrame.height == 200)
        time.step(to: 1)  // nothing left to step: no crash
    }

    @Test func aViewOutsideAnySceneTakesItsValuesAtOnce() {
        let view = View()
        var finished: Bool?
        View.animate(duration: 0.5, animations: { view.alpha = 0 }, completion: { finished = $0 })
        #expect(view.presentedAlpha == 0)
        #expect(finished == true)
        #expect(!scene.animator.isAnimating)
    }

    @Test func zeroDurationAndReducedMotionApplyAtOnceAndStillComplete() {
        let view = shown(View())
        var calls: [Bool] = []
        View.animate(duration: 0, animations: { view.alpha = 0.2 }, completion: { calls.append($0) })
        #expect(view.presentedAlpha == 0.2)
        #expect(calls == [true])
        scene.animator.reducedMotion = true
        View.animate(duration: 2, animations: { view.alpha = 0.7 }, completion: { calls.append($0) })
        #expect(view.presentedAlpha == 0.7)
        #expect(calls == [true, true])
        #expect(!scene.animator.isAnimating)
    }

    @Test func aDifferentValueOutsideAnAnimationSnapsAndEndsIt() {
        let view = shown(View())
        var finished: Bool?
        View.animate(duration: 1, animations: { view.alpha = 0 }, completion: { finished = $0 })
        time.step(to: 0.3)
        view.alpha = 0.9
        #expect(view.presentedAlpha == 0.9)
        #expect(finished == false)
    }

    @Test func completionsMayStartNewAnimations() {
        let view = shown(View())
        View.animate(duration: 0.5, curve: .linear, animations: { view.alpha = 0 }) { _ in
            View.animate(duration: 0.5, curve: .linear) { view.alpha = 1 }
        }
        time.step(to: 0.5)
        #expect(scene.animator.isAnimating)
        time.step(to: 0.75)
        #expect(view.presentedAlpha == 0.5)
        time.step(to: 1.0)
        #expect(!scene.animator.isAnimating)
    }

    @Test func animationFramesDamageWhatChanged() {
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let view = View(frame: Rect(x: 10, y: 10, width: 50, height: 0))
        scene.rootView.addSubview(view)
        _ = scene.prepareFrame()
        View.animate(duration: 0.5, curve: .linear) { view.frame.size.height = 200 }
        _ = scene.prepareFrame()
        time.step(to: 0.25)
        #expect(scene.prepareFrame() == [Rect(x: 10, y: 10, width: 50, height: 100)])
    }

    @Test func writingTheModelValueMidAnimationKeepsItRunning() {
        let view = shown(View(frame: Rect(x: 0, y: 0, width: 100, height: 0)))
        var finished: Bool?
        View.animate(duration: 0.5, animations: { view.frame.size.height = 200 }, completion: { finished = $0 })
        time.step(to: 0.1)
        let shownHeight = view.presentedFrame.height
        #expect(shownHeight > 10 && shownHeight < 20)
        view.frame = view.frame  // what a layoutSubviews re-placing an animating child does
        view.alpha = 1
        View.animate(duration: 0.3) { view.frame.size.height = 200 }  // the same target, animated
        #expect(view.presentedFrame.height == shownHeight)
        #expect(finished == nil)
        time.step(to: 0.5)
        #expect(view.presentedFrame.height == 200)
        #expect(finished == true)
    }

    @Test func eachSceneHasItsOwnAnimator() {
        let otherTime = ManualTime()
        let other = otherTime.makeScene(size: Size(width: 100, height: 100))
        let here = shown(View())
        let there = View()
        other.rootView.addSubview(there)
        View.animate(duration: 1, curve: .linear) {
            here.alpha = 0
            there.alpha = 0
        }
        #expect(scene.animator.isAnimating && other.animator.isAnimating)
        time.step(to: 0.5)
        #expect(here.presentedAlpha == 0.5)
        #expect(there.presentedAlpha == 1)  // its scene's clock has not moved
        otherTime.step(to: 1)
        #expect(there.presentedAlpha == 0)
        #expect(!other.animator.isAnimating)
        #expect(scene.animator.isAnimating)
    }

    @Test func timersFireAtTheirTimeOnTheScenesClockUnlessCancelled() {
        var fired: [String] = []
        scene.timers.schedule(after: 0.5) { fired.append("late") }
        scene.timers.schedule(after: 0.2) { fired.append("early") }
        let cancelled = scene.timers.schedule(after: 0.3) { fired.append("cancelled") }
        scene.timers.cancel(cancelled)
        #expect(scene.timers.nextFireTime == 0.2)
        time.step(to: 0.19)
        #expect(fired.isEmpty)
        time.step(to: 0.6)
        #expect(fired == ["early", "late"])
        #expect(scene.timers.nextFireTime == nil)
    }

    @Test func completionsRunOneAfterAnotherNeverInsideEachOther() {
        let view = shown(View())
        var order: [String] = []
        View.animate(duration: 0.5, animations: { view.alpha = 0.5 }) { _ in
            order.append("first begins")
            View.animate(duration: 0, animations: { view.alpha = 0.2 }) { _ in order.append("second") }
            order.append("first ends")
        }
        time.step(by: 0.5)
        #expect(order == ["first begins", "first ends", "second"])
    }
}
