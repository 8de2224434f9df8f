import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// XInput 2 on a real Xorg whose pointer and touch screen are inputtest devices: a
    /// touchpad's scroll valuators scrolling by fractions of a step, touches tapping and
    /// dragging.
    @MainActor @Suite struct XInputTests {
        /// Starts the Xorg, runs `body` with it, and stops it; skips the test, saying why, where
        /// Xorg cannot start.
        func withInputTestServer(_ body: (InputTestServer) throws -> Void) throws {
            let server: InputTestServer
            do {
                server = try InputTestServer()
            } catch {
                try Test.cancel("no Xorg with inputtest devices here: \(error)")
            }
            defer { server.stop() }
            try body(server)
        }

        /// A 200 × 200 scroll view of twenty 50-point rows (one wheel step: 40 points).
        func tallScrollView() -> ScrollView {
            let column = StackView(
                axis: .vertical, spacing: 0,
                views: (0..<20).map { _ in
                    let row = View()
                    row.minimumSize = Size(width: 100, height: 50)
                    return row
                })
            return ScrollView(content: column, frame: Rect(x: 0, y: 0, width: 200, height: 200))
        }

        /// Runs the loop once more after the server has sent everything the input made.
        func drain(_ test: TestWindow) {
            test.application.synchronize()
            let turn = test.application.loopTurns
            test.wait { test.application.loopTurns > turn }
        }

        @Test func scrollValuatorsScrollByFractionsOfAStepAndTheEmulatedWheelCountsNothing() throws {
            try withInputTestServer { server in
                let scroll = tallScrollView()
                let test = try TestWindow(
                    size: Size(width: 200, height: 200), rootView: scroll, display: server.display)
                defer { test.close() }
                #expect(test.application.usesXInput2)
                test.move(to: Point(x: 100, y: 100))
                // Seven moves of a quarter step (30 of the valuator's 120): 1.75 steps, 70 points.
                // The server also makes up one press of wheel button 5 as they pass 120.
                for _ in 0..<7 { server.pointer.move(scrollY: 30) }
                #expect(test.wait { scroll.contentOffset.y == 70 })
                drain(test)
                #expect(scroll.contentOffset.y == 70)
                server.pointer.move(scrollY: -45)  // back three eighths of a step
                #expect(test.wait { scroll.contentOffset.y == 55 })
                drain(test)
                #expect(scroll.contentOffset.y == 55)
            }
        }
    }
}
