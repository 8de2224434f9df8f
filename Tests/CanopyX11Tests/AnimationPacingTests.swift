import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// Animation as it reaches a real window: frame pacing and the idle loop afterwards.
    @MainActor @Suite struct AnimationPacingTests {
        @Test func aHalfSecondAnimationPresentsAFrameEveryRefreshThenTheLoopSleeps() throws {
            let root = View()
            root.backgroundColor = .white
            let panel = View(frame: Rect(x: 20, y: 20, width: 120, height: 0))
            panel.backgroundColor = Color(rgb: 0xcc3333)
            panel.cornerRadius = 8
            panel.shadow = Shadow(opacity: 0.5, offset: Point(x: -5, y: 5), radius: 5)
            root.addSubview(panel)
            let test = try TestWindow(size: Size(width: 200, height: 260), rootView: root)
            defer { test.close() }
            #expect(test.window.scene.clock === test.application.clock)  // one clock paces and times

            let framesBefore = test.window.framesPresented
            var finished: Bool?
            View.animate(duration: 0.5, animations: { panel.frame.size.height = 200 }, completion: { finished = $0 })
            #expect(test.wait { finished != nil })
            #expect(test.settle())
            let frames = test.window.framesPresented - framesBefore
            #expect(frames >= 28, "only \(frames) frames reached the window in 0.5 s")
            #expect(frames <= 40, "\(frames) frames in 0.5 s: the loop is not pacing to 60 Hz")
            #expect(finished == true)
            #expect(try test.capture().rgb(x: 80, y: 215) == 0xcc3333)  // the panel is 200 px tall

            // Idle: over 0.3 s the loop makes the one turn that ends at the deadline, no more.
            let turns = test.application.loopTurns
            test.wait(timeout: 0.3) { false }
            #expect(test.application.loopTurns - turns == 1)
        }
    }
}
