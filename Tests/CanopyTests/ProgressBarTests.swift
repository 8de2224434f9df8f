@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The progress bar in memory: what it shows, and a sweep that runs only while it is
/// indeterminate, in a scene and shown, and leaves the animator idle otherwise.
@MainActor @Suite struct ProgressBarTests {
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 100))
        let bar: ProgressBar

        init(_ bar: ProgressBar = ProgressBar(isIndeterminate: true)) {
            scene = time.makeScene(size: Size(width: 300, height: 100))
            self.bar = bar
            bar.frame = Rect(x: 50, y: 20, width: 200, height: 6)
            container.addSubview(bar)
            scene.rootView.addSubview(container)
        }

        /// The parts drawn in the accent: the filled part or the sweeping segment.
        func drawnParts() -> [Rect] {
            let context = RecordingContext(size: scene.size)
            scene.addDamage(Rect(origin: .zero, size: scene.size))
            for rect in scene.prepareFrame() { scene.render(rect, in: context) }
            return context.operations.compactMap {
                if case let .fillRoundedRect(rect, _, color) = $0, color == Theme.standard.accent { return rect }
                return nil
            }
        }
    }

    @Test func aDeterminateBarFillsToItsProgressAndNeverAnimatesOnItsOwn() {
        let f = Fixture(ProgressBar(progress: 0.25))
        #expect(f.drawnParts() == [Rect(x: 50, y: 20, width: 50, height: 6)])
        #expect(!f.bar.isSweeping && !f.scene.animator.isAnimating)
        f.bar.progress = 2
        #expect(f.bar.progress == 1)
        f.bar.progress = -1
        #expect(f.drawnParts().isEmpty)  // nothing done, nothing filled
        f.bar.setProgress(0.5, animated: true)
        #expect(f.bar.progress == 0.5)
        f.time.step(by: 0.125)
        let halfway = f.drawnParts()[0].width
        #expect(halfway > 20 && halfway < 80)
        f.time.step(by: 0.2)
        #expect(f.drawnParts() == [Rect(x: 50, y: 20, width: 100, height: 6)])
        #expect(!f.scene.animator.isAnimating)
    }

    @Test func anIndeterminateBarSweepsPassAfterPassInsideItsTrack() {
        let f = Fixture()
        #expect(f.bar.isSweeping && f.scene.animator.isAnimating)
        var seen: [Double] = []
        for _ in 0..<40 {  // four passes, a tenth of a second apart
            f.time.step(by: 0.12)
            let parts = f.drawnParts()
            #expect(parts.count <= 1)
            if let part = parts.first {
                #expect(part.minX >= 50 && part.maxX <= 250 && part.minY == 20 && part.height == 6)
                seen.append(part.midX)
            }
        }
        #expect(f.bar.isSweeping && f.scene.animator.isAnimating)
        #expect(seen.contains { $0 < 100 } && seen.contains { $0 > 200 })  // it crossed the track
        #expect(seen.count > 25)
    }

    @Test func theAnimatorIsIdleOnceTheBarIsDeterminate() {
        let f = Fixture()
        f.time.step(by: 0.5)
        f.bar.isIndeterminate = false
        #expect(!f.bar.isSweeping)
        #expect(!f.scene.animator.isAnimating)
        f.time.step(by: 5)  // no pass comes back
        #expect(!f.scene.animator.isAnimating)
        f.bar.isIndeterminate = true
        #expect(f.scene.animator.isAnimating)
    }

    @Test func theAnimatorIsIdleOnceTheBarIsRemovedAndItSweepsAgainWhenBack() {
        let f = Fixture()
        f.time.step(by: 0.5)
        f.bar.removeFromSuperview()
        #expect(!f.bar.isSweeping && !f.scene.animator.isAnimating)
        f.time.step(by: 5)
        #expect(!f.scene.animator.isAnimating)
        f.container.addSubview(f.bar)
        #expect(f.bar.isSweeping && f.scene.animator.isAnimating)
        // Moving to another scene moves the sweep with it.
        let other = f.time.makeScene(size: Size(width: 300, height: 100))
        other.rootView.addSubview(f.bar)
        #expect(!f.scene.animator.isAnimating)
        #expect(other.animator.isAnimating && f.bar.isSweeping)
    }

    @Test func aBarOutOfAnySceneDoesNotSweep() {
        let bar = ProgressBar(isIndeterminate: true)
        #expect(!bar.isSweeping)
        bar.isIndeterminate = false
        bar.isIndeterminate = true
        #expect(!bar.isSweeping)
    }

    @Test func aHiddenBarStopsAtOnceAndSweepsAgainWhenShown() {
        let f = Fixture()
        f.bar.isHidden = true
        #expect(!f.bar.isSweeping && !f.scene.animator.isAnimating)
        f.time.step(by: 5)
        #expect(!f.scene.animator.isAnimating)
        f.bar.isHidden = false
        #expect(f.bar.isSweeping && f.scene.animator.isAnimating)
    }

    @Test func underAHiddenAncestorItStopsAtTheNextFrameAndSweepsWhenDrawnAgain() {
        let f = Fixture()
        f.time.step(by: 0.1)
        f.container.isHidden = true
        f.time.step(by: 1 / 60)
        #expect(!f.bar.isSweeping && !f.scene.animator.isAnimating)
        f.time.step(by: 5)
        #expect(f.drawnParts().isEmpty && !f.scene.animator.isAnimating)  // not drawn: still idle
        f.container.isHidden = false
        #expect(f.scene.needsFrame)  // showing the container redraws the bar...
        _ = f.drawnParts()
        #expect(f.bar.isSweeping && f.scene.animator.isAnimating)  // ...which starts it again
    }

    @Test func withReducedMotionTheSegmentRestsInTheMiddle() {
        let time = ManualTime()
        let scene = time.makeScene(size: Size(width: 300, height: 100))
        scene.animator.reducedMotion = true
        let bar = ProgressBar(isIndeterminate: true, frame: Rect(x: 50, y: 20, width: 200, height: 6))
        scene.rootView.addSubview(bar)
        #expect(!bar.isSweeping && !scene.animator.isAnimating)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        #expect(
            context.operations.contains(
                .fillRoundedRect(Rect(x: 120, y: 20, width: 60, height: 6), radius: 3, Theme.standard.accent)))
        // Motion reduced in the middle of a pass: the pass ends and no other starts.
        scene.animator.reducedMotion = false
        bar.isIndeterminate = false
        bar.isIndeterminate = true
        #expect(bar.isSweeping)
        scene.animator.reducedMotion = true
        time.step(by: ProgressBar.sweepDuration)
        #expect(!bar.isSweeping && !scene.animator.isAnimating)
    }

    @Test func itTakesNoFocusNoPressesAndNoKeys() {
        let f = Fixture(ProgressBar(progress: 0.5))
        let behind = LoggingView("behind", frame: Rect(x: 0, y: 0, width: 300, height: 100))
        f.scene.rootView.insertSubview(behind, at: 0)
        behind.addSubview(f.container)
        f.scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 100, y: 23)))
        #expect(behind.input.count == 1)  // the press went through to the view behind
        #expect(!f.bar.becomeFocused())
        #expect(FocusOrder(in: f.scene.rootView).views.isEmpty)
        #expect(f.bar.cursor == nil)
    }

    @Test func itMeasuresToItsTrack() {
        let bar = ProgressBar()
        bar.sizeToFit()
        #expect(bar.frame.size == Size(width: ProgressBar.defaultWidth, height: ProgressBar.trackHeight))
    }
}
