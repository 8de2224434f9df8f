@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Drops onto a list's rows or between them, rows reordered by dragging them, and the list
/// scrolling while a drag hovers near its edge.
@MainActor @Suite struct ListRowDropTests {
    /// Rows of names the test can reorder.
    @MainActor final class Names: ListViewDataSource {
        var names: [String]
        init(count: Int) { names = (0..<count).map { "Row \($0)" } }
        func numberOfRows(in listView: ListView) -> Int { names.count }
        func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow(names[index]) }

        /// Moves `rows` before `gap`, as an app's ``ListView/onMoveRows`` does.
        func move(_ rows: RowSet, before gap: Int) { names.move(fromOffsets: rows, toOffset: gap) }
    }

    /// A focused 200-point list of `rows` 40-point rows (five on screen) that reorders by drag.
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source: Names
        var moves: [(RowSet, Int)] = []

        init(rows: Int) {
            scene = time.makeScene(size: Size(width: 300, height: 300))
            source = Names(count: rows)
            list.dataSource = source
            list.selectionMode = .multiple
            list.onMoveRows = { [unowned self] rows, gap in
                moves.append((rows, gap))
                source.move(rows, before: gap)
            }
            scene.rootView.addSubview(list)
            _ = scene.prepareFrame()
            list.becomeFocused()
        }

        func press(at y: Double, _ modifiers: Modifiers = []) {
            scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 50, y: y), button: .left, modifiers: modifiers))
        }
        func drag(to y: Double) {
            scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: 50, y: y), button: .left))
        }
        func release(at y: Double) {
            scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 50, y: y), button: .left))
        }
    }

    @Test func anArrayMovesElementsBeforeAGap() {
        var letters = ["a", "b", "c", "d"]
        letters.move(fromOffsets: [0, 2], toOffset: 4)
        #expect(letters == ["b", "d", "a", "c"])
        letters.move(fromOffsets: [3], toOffset: 0)
        #expect(letters == ["c", "b", "d", "a"])
    }

    @Test func thePointerProposesTheRowInItsMiddleHalfAndTheNearestGapElsewhere() {
        let f = Fixture(rows: 10)
        #expect(f.list.proposedDropTarget(at: Point(x: 50, y: 45)) == ListDropTarget(row: 1, position: .before))
        #expect(f.list.proposedDropTarget(at: Point(x: 50, y: 52)) == ListDropTarget(row: 1, position: .on))
        #expect(f.list.proposedDropTarget(at: Point(x: 50, y: 69)) == ListDropTarget(row: 1, position: .on))
        #expect(f.list.proposedDropTarget(at: Point(x: 50, y: 75)) == ListDropTarget(row: 2, position: .before))
        // Between rows only, the gap nearest the pointer.
        #expect(
            f.list.proposedDropTarget(at: Point(x: 50, y: 59), onRows: false)
                == ListDropTarget(row: 1, position: .before))
        #expect(
            f.list.proposedDropTarget(at: Point(x: 50, y: 61), onRows: false)
                == ListDropTarget(row: 2, position: .before))
        // Below the last row: after it.
        f.source.names = ["a", "b"]
        f.list.reloadData()
        #expect(f.list.proposedDropTarget(at: Point(x: 50, y: 150)) == ListDropTarget(row: 2, position: .before))
    }

    @Test func aDropFromElsewhereAsksTheAppAndLandsWhereTheIndicatorShowed() {
        let f = Fixture(rows: 10)
        f.list.rowDropKinds = [.uris]
        var asked: [(DropKinds, ListDropTarget)] = []
        f.list.validateDrop = { kinds, proposal in
            asked.append((kinds, proposal))
            return proposal.row == 3 ? nil : proposal  // row 3 takes nothing, on or before
        }
        var dropped: [(DragContent, ListDropTarget)] = []
        f.list.onDrop = { content, target in
            dropped.append((content, target))
            return true
        }
        #expect(f.scene.handleDragMoved(to: Point(x: 50, y: 100), offering: [.uris, .text]) == [.uris])
        #expect(f.list.dropTarget == ListDropTarget(row: 2, position: .on))
        #expect(asked.last?.0 == [.uris, .text])
        f.scene.handleDragMoved(to: Point(x: 50, y: 130), offering: [.uris, .text])
        #expect(f.list.dropTarget == nil)
        f.scene.handleDragMoved(to: Point(x: 50, y: 82), offering: [.uris, .text])
        #expect(f.list.dropTarget == ListDropTarget(row: 2, position: .before))
        #expect(f.scene.handleDrop(.uris(["file:///tmp/a"]), at: Point(x: 50, y: 82)))
        #expect(dropped.count == 1 && dropped.first?.0 == .uris(["file:///tmp/a"]))
        #expect(dropped.first?.1 == ListDropTarget(row: 2, position: .before))
        #expect(f.list.dropTarget == nil)
        // Leaving the list takes the indicator away.
        f.scene.handleDragMoved(to: Point(x: 50, y: 100), offering: [.uris])
        #expect(f.list.dropTarget != nil)
        f.scene.handleDragExited()
        #expect(f.list.dropTarget == nil)
    }

    @Test func draggingSelectedRowsMovesThemAndTheSelectionFollows() {
        let f = Fixture(rows: 10)
        f.list.selectRows([0, 2])
        f.press(at: 20)  // row 0, selected
        f.drag(to: 30)
        f.drag(to: 161)  // nearest the gap before row 4
        #expect(f.list.dropTarget == ListDropTarget(row: 4, position: .before))
        f.release(at: 161)
        #expect(f.moves.count == 1 && f.moves.first?.0 == [0, 2] && f.moves.first?.1 == 4)
        #expect(f.source.names.prefix(5) == ["Row 1", "Row 3", "Row 0", "Row 2", "Row 4"])
        #expect(f.list.selectedRows == [2, 3])
        #expect(f.list.rowView(for: 2)?.content.text == "Row 0")
        #expect(f.list.dropTarget == nil)
    }

    @Test func anUnselectedRowIsSelectedAndMovedAloneAndEscapeOrANoOpMovesNothing() {
        let f = Fixture(rows: 10)
        f.list.selectRows([0])
        f.press(at: 140)  // row 3
        f.drag(to: 130)
        f.drag(to: 41)  // the gap before row 1
        #expect(f.list.selectedRows == [3])
        f.release(at: 41)
        #expect(f.source.names.prefix(4) == ["Row 0", "Row 3", "Row 1", "Row 2"])
        #expect(f.list.selectedRows == [1] && f.list.leadRow == 1)
        // Dropped beside itself: nothing moves.
        f.press(at: 60)
        f.drag(to: 70)
        f.drag(to: 79)
        f.release(at: 79)
        #expect(f.moves.count == 1)
        // Escape cancels: the indicator goes and the release moves nothing.
        f.press(at: 60)
        f.drag(to: 70)
        f.drag(to: 161)
        #expect(f.list.dropTarget != nil)
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(f.list.dropTarget == nil)
        f.drag(to: 170)
        #expect(f.list.dropTarget == nil)
        f.release(at: 170)
        #expect(f.moves.count == 1)
    }

    @Test func aDragNearTheBottomEdgeScrollsOnTheTimersUntilItMovesAway() {
        let f = Fixture(rows: 50)
        f.press(at: 20)
        f.drag(to: 30)
        f.drag(to: 195)
        #expect(f.list.contentOffset.y == 0)
        f.time.step(by: ListView.autoscrollInterval)
        let afterOne = f.list.contentOffset.y
        #expect(afterOne == ListView.autoscrollStep)
        for _ in 0..<10 { f.time.step(by: ListView.autoscrollInterval) }
        #expect(f.list.contentOffset.y == 11 * ListView.autoscrollStep)
        // The gap follows the rows scrolling under the pointer.
        #expect(f.list.dropTarget == ListDropTarget(row: 7, position: .before))
        f.drag(to: 100)
        let stopped = f.list.contentOffset.y
        for _ in 0..<5 { f.time.step(by: ListView.autoscrollInterval) }
        #expect(f.list.contentOffset.y == stopped)
        f.release(at: 100)
        // A drag from another application near the top scrolls back up.
        f.list.rowDropKinds = [.text]
        f.scene.handleDragMoved(to: Point(x: 50, y: 5), offering: [.text])
        for _ in 0..<3 { f.time.step(by: ListView.autoscrollInterval) }
        #expect(f.list.contentOffset.y == stopped - 3 * ListView.autoscrollStep)
        f.scene.handleDragExited()
        f.time.step(by: ListView.autoscrollInterval)
        #expect(f.list.contentOffset.y == stopped - 3 * ListView.autoscrollStep)
    }
}
