import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// Frames paced to the server (at most two in flight) and to the display (at most one per
    /// refresh).
    @MainActor @Suite struct FramePacingTests {
        /// Draws a different colour every time and asks to be drawn again from `draw`.
        private final class RestlessView: View {
            var draws = 0
            override func draw(in context: GraphicsContext, bounds: Rect) {
                draws += 1
                context.fill(bounds, color: draws % 2 == 0 ? Color(rgb: 0x3366cc) : Color(rgb: 0xcc6633))
                setNeedsDisplay()
            }
        }

        /// Xvfb at 30 bits a pixel draws translucent fills many times slower than at 24: a server
        /// that cannot keep up with a fade at 60 frames a second. Before pacing, the picker's
        /// 0.25 s fade was still reaching the screen about a second after it had ended.
        @Test func aFadeOnASlowServerReachesTheScreenSoonAfterItEnds() throws {
            let display = try VirtualDisplay(width: 1024, height: 768, depth: 30)
            defer { display.stop() }
            let root = View()
            root.backgroundColor = .white
            let test = try TestWindow(size: Size(width: 640, height: 480), rootView: root, display: display)
            defer { test.close() }
            let application = test.application, clock = application.clock
            let picker = ListPicker(items: (1...10).map { "Item \($0)" })

            let start = clock.now
            picker.present(in: test.window.scene)
            #expect(test.wait(timeout: 10) { !test.window.scene.animator.isAnimating })
            let ended = clock.now  // the loop ran the fade's end in the turn just made
            application.synchronize()
            let shown = clock.now  // the server has drawn every frame sent
            #expect(test.settle(timeout: 10))
            #expect(picker.isPresented)

            // What one whole frame of the faded-in picker costs the server now, measured here.
            var costs: [Double] = []
            for _ in 0..<3 {
                let before = clock.now
                root.setNeedsDisplay()
                #expect(test.wait(timeout: 10) { !test.window.scene.needsFrame })
                application.synchronize()
                costs.append(clock.now - before)
            }
            let frameCost = costs.sorted()[1]

            #expect(application.mostFramesInFlight <= 2)
            #expect(ended - start < picker.fadeDuration + 0.5, "the fade ended \(ended - start) s after it began")
            // The server was a few frames behind when the fade ended at most: the two in flight and
            // the last one (with room for a loaded machine); unpaced, it was 15 or more.
            let behind = shown - ended
            #expect(
                behind <= 4 * frameCost + 0.15,
                "the last frame reached the screen \(behind) s after the fade ended; one frame costs \(frameCost) s")
        }

        @Test func aViewThatRedrawsItselfIsPresentedAtMostOncePerRefresh() throws {
            let root = View()
            let restless = RestlessView(frame: Rect(x: 20, y: 20, width: 60, height: 60))
            root.addSubview(restless)
            let test = try TestWindow(size: Size(width: 200, height: 150), rootView: root)
            defer { test.close() }
            let clock = test.application.clock

            let start = clock.now, framesBefore = test.window.framesPresented
            test.wait(timeout: 0.6) { false }
            let elapsed = clock.now - start
            let frames = test.window.framesPresented - framesBefore
            let refreshes = elapsed / test.application.frameInterval
            #expect(frames <= Int(refreshes * 1.1) + 2, "\(frames) frames in \(elapsed) s (\(refreshes) refreshes)")
            #expect(frames >= 10, "only \(frames) frames in \(elapsed) s: the view stopped being redrawn")
            #expect(test.application.mostFramesInFlight <= 2)
        }

        /// Redraws itself from `draw`, like ``RestlessView``, and notes which keys its frames show.
        private final class TypedIntoView: View {
            var keys = 0, keysShown = 0
            override var canBecomeFocused: Bool { true }
            override func keyDown(_ event: KeyEvent) -> Bool {
                keys += 1
                return true
            }
            override func draw(in context: GraphicsContext, bounds: Rect) {
                keysShown = keys
                context.fill(bounds, color: keys % 2 == 0 ? Color(rgb: 0x3366cc) : Color(rgb: 0xcc6633))
                setNeedsDisplay()
            }
        }

        @Test func aKeyRightAfterAFrameIsAnsweredWithoutWaitingForTheNextRefresh() throws {
            let root = View()
            let view = TypedIntoView(frame: Rect(x: 20, y: 20, width: 60, height: 60))
            root.addSubview(view)
            let test = try TestWindow(size: Size(width: 200, height: 150), rootView: root)
            defer { test.close() }
            #expect(view.becomeFocused())
            for _ in 0..<5 {
                let frames = test.window.framesPresented
                #expect(test.wait { test.window.framesPresented > frames })  // a frame went out just now
                test.tap(.character("a"))  // read and answered in one turn
                #expect(view.keysShown == view.keys)
            }
            #expect(view.keys == 5)
        }

        @Test func theFirstFrameAfterIdleIsPresentedInTheTurnThatFindsTheDamage() throws {
            let root = View()
            let square = View(frame: Rect(x: 20, y: 20, width: 60, height: 60))
            square.backgroundColor = Color(rgb: 0x3366cc)
            root.addSubview(square)
            let test = try TestWindow(size: Size(width: 200, height: 150), rootView: root)
            defer { test.close() }

            for colour: UInt32 in [0xcc6633, 0x33cc66] {
                test.wait(timeout: 2 * test.application.frameInterval) { false }  // idle for two refreshes
                square.backgroundColor = Color(rgb: colour)
                let turns = test.application.loopTurns, frames = test.window.framesPresented
                #expect(test.wait { test.window.framesPresented > frames })
                #expect(test.application.loopTurns - turns == 1)  // no wait for a refresh slot
                #expect(try test.capture().rgb(x: 50, y: 50) == colour)
            }
        }
    }
}
