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

        /// The touch screen's axes (0...65535 across the screen) at the middle of window pixel
        /// `point` (the window is at the screen's top left: no window manager places it).
        func touchAxes(_ point: Point, on server: InputTestServer) -> (x: Double, y: Double) {
            let display = server.display
            return ((point.x + 0.5) * 65536 / Double(display.width), (point.y + 0.5) * 65536 / Double(display.height))
        }

        @Test func aTapClicksAButton() throws {
            try withInputTestServer { server in
                let root = View()
                let button = Button(title: "Tap me", frame: Rect(x: 50, y: 50, width: 100, height: 40))
                var taps = 0
                button.onPrimaryAction = { taps += 1 }
                root.addSubview(button)
                let test = try TestWindow(size: Size(width: 300, height: 200), rootView: root, display: server.display)
                defer { test.close() }
                #expect(test.settle())
                let at = touchAxes(Point(x: 100, y: 70), on: server)
                server.touchScreen.touch(1, .begin, x: at.x, y: at.y)
                server.touchScreen.touch(1, .end, x: at.x, y: at.y)
                #expect(test.wait { taps == 1 })
                drain(test)
                #expect(taps == 1)
            }
        }

        /// Drags a finger from window point (100, 150) 100 pixels up, 10 at a time.
        func dragAFingerUp(on server: InputTestServer) {
            for (index, y) in stride(from: 150.0, through: 50, by: -10).enumerated() {
                let at = touchAxes(Point(x: 100, y: y), on: server)
                server.touchScreen.touch(1, index == 0 ? .begin : .update, x: at.x, y: at.y)
            }
            let end = touchAxes(Point(x: 100, y: 50), on: server)
            server.touchScreen.touch(1, .end, x: end.x, y: end.y)
        }

        @Test func aTouchDragScrollsAScrollViewWithTheFinger() throws {
            try withInputTestServer { server in
                let scroll = tallScrollView()
                let test = try TestWindow(
                    size: Size(width: 200, height: 200), rootView: scroll, display: server.display)
                defer { test.close() }
                #expect(test.settle())
                dragAFingerUp(on: server)
                #expect(test.wait { abs(scroll.contentOffset.y - 100) < 1 })
                drain(test)
                #expect(abs(scroll.contentOffset.y - 100) < 1)
            }
        }

        @Test func aTouchDragScrollsAListOfMovableRowsAndMovesAndSelectsNothing() throws {
            try withInputTestServer { server in
                let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
                let rows = TextListDataSource((0..<50).map { "Row \($0)" })
                list.dataSource = rows
                var moves = 0, selections = 0
                list.onMoveRows = { _, _ in moves += 1 }  // a mouse drag on a row would move it
                list.onSelectedRowsChanged = { _ in selections += 1 }
                let test = try TestWindow(size: Size(width: 200, height: 200), rootView: list, display: server.display)
                defer { test.close() }
                #expect(test.settle())
                dragAFingerUp(on: server)
                #expect(test.wait { abs(list.contentOffset.y - 100) < 1 })
                drain(test)
                #expect(abs(list.contentOffset.y - 100) < 1)
                #expect(moves == 0)
                #expect(selections == 0)
            }
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
