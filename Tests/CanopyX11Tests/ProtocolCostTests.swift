import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import ShowcaseKit
import Testing

extension X11Tests {
    /// What frames cost on the wire, recorded by the server (RECORD): no round trips, and only
    /// the damaged pixels copied onto the window.
    @MainActor @Suite struct ProtocolCostTests {
        /// Shows `root` in a 320 × 320 window, runs `setUp` unrecorded, then `work`, and returns the
        /// frames presented meanwhile and what the server recorded of them.
        func record(
            _ root: View, after setUp: (TestWindow) -> Void = { _ in }, during work: (TestWindow) -> Void
        ) throws -> (frames: Int, tally: ProtocolRecorder.Tally) {
            let test = try TestWindow(size: Size(width: 320, height: 320), rootView: root)
            defer { test.close() }
            setUp(test)
            test.settle()
            let recorder = try ProtocolRecorder(recording: test.window, of: test.application)
            defer { recorder.close() }
            try recorder.reset()
            let framesBefore = test.window.framesPresented
            work(test)
            let tally = try recorder.tally()
            return (test.window.framesPresented - framesBefore, tally)
        }

        @Test func dropDownAnimationFramesMakeNoRoundTripsAndCopyOnlyTheList() throws {
            let root = View()
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
                frame: Rect(x: 40, y: 40, width: 200, height: 40))
            SeedStyle.apply(to: dropDown)
            root.addSubview(dropDown)
            let (frames, tally) = try record(root) { test in
                dropDown.open()
                #expect(test.settle())
            }
            #expect(frames > 1)
            #expect(tally.pointerGrabs == 1)  // a click elsewhere on the screen closes it
            #expect(tally.replies - tally.pointerGrabs == 0)  // the grab's reply is not waited for
            #expect(tally.copiesToWindow >= frames)
            // No copy is larger than the list's final 200 × 200 area with its shadow's reach (twice
            // its 5 px blur, all round): 220 × 220, well under the 320 × 320 window.
            #expect(tally.largestCopyToWindow <= 220 * 220, "\(tally)")
            // The server stamps each copy with its own clock: the frames of the half-second
            // opening arrive in order, spread over time.
            let times = tally.copyToWindowServerTimes
            #expect(times.count == tally.copiesToWindow)
            #expect(times == times.sorted())
            #expect((times.last ?? 0) - (times.first ?? 0) >= 100, "\(times)")
        }

        @Test func scrollFramesMakeNoRoundTripsAndCopyOnlyTheList() throws {
            final class Rows: ListViewDataSource {
                func numberOfRows(in listView: ListView) -> Int { 1_000_000 }
                func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow("Hello \(index)") }
            }
            let rows = Rows()
            let list = ListView(frame: Rect(x: 40, y: 40, width: 200, height: 200))
            list.dataSource = rows
            let root = View()
            root.addSubview(list)
            let pointer = Point(x: 100, y: 100)
            // The pointer rests over the list first: the first hover makes the hand cursor once.
            let (frames, tally) = try record(
                root, after: { $0.window.scene.handleMouseMoved(MouseEvent(locationInWindow: pointer, clickCount: 0)) }
            ) { test in
                for _ in 0..<20 {
                    test.window.scene.handleScroll(ScrollEvent(locationInWindow: pointer, deltaY: 1))
                    let presented = test.window.framesPresented
                    #expect(test.wait { test.window.framesPresented > presented })
                }
            }
            withExtendedLifetime(rows) {}  // the list holds its data source weakly
            #expect(frames == 20)
            #expect(tally.replies == 0)
            #expect(tally.copiesToWindow == 20)
            #expect(tally.pixelsCopiedToWindow == 20 * 200 * 200, "\(tally)")  // the list, and nothing else
            #expect(tally.largestCopyToWindow == 200 * 200)
        }
    }
}
