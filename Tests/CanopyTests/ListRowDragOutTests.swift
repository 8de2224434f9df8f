@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Rows dragged out of a list through the scene's drag host: at once in a list that does not
/// reorder, once the pointer leaves the list in one that does.
@MainActor @Suite struct ListRowDragOutTests {
    /// A focused 200-point list of ten 40-point rows ("Row 0"…), several selectable, whose rows
    /// drag out as `file:///f/Row%20N` URIs, with a drag host that records what goes out.
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let host = RecordingDragHost()
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source = TextListDataSource((0..<10).map { "Row \($0)" })
        var asked: [RowSet] = []
        var moves: [(RowSet, Int)] = []

        init(reorders: Bool, withHost: Bool = true) {
            scene = time.makeScene(
                size: Size(width: 400, height: 300), host: MemoryHost(dragHost: withHost ? host : nil))
            list.dataSource = source
            list.selectionMode = .multiple
            list.dragContentForRows = { [unowned self] rows in
                asked.append(rows)
                return .uris(rows.map { "file:///f/Row%20\($0)" })
            }
            if reorders {
                list.onMoveRows = { [unowned self] rows, gap in
                    moves.append((rows, gap))
                    source.texts.move(fromOffsets: rows, toOffset: gap)
                }
            }
            scene.rootView.addSubview(list)
            _ = scene.prepareFrame()
            list.becomeFocused()
        }

        func press(at point: Point, _ modifiers: Modifiers = []) {
            scene.handleMouseDown(MouseEvent(locationInWindow: point, button: .left, modifiers: modifiers))
        }
        func drag(to point: Point) {
            scene.handleMouseDragged(MouseEvent(locationInWindow: point, button: .left))
        }
        func release(at point: Point) {
            scene.handleMouseUp(MouseEvent(locationInWindow: point, button: .left))
        }
    }

    @Test func aPressThatMovesSidewaysDragsTheSelectedRowsOutAtOnce() {
        let f = Fixture(reorders: false)
        f.list.selectRows([1, 3])
        f.press(at: Point(x: 50, y: 130))  // row 3, selected
        f.drag(to: Point(x: 52, y: 131))
        #expect(f.host.contents.isEmpty)  // within the threshold
        f.drag(to: Point(x: 60, y: 131))
        #expect(f.host.contents == [.uris(["file:///f/Row%201", "file:///f/Row%203"])])
        #expect(f.list.contentOffset.y == 0)  // it did not scroll
        f.drag(to: Point(x: 300, y: 10))
        f.release(at: Point(x: 300, y: 10))
        #expect(f.host.contents.count == 1)
        #expect(f.list.selectedRows == [1, 3])  // the release selects nothing else
    }

    @Test func aRowThatIsNotSelectedIsSelectedAndDraggedAlone() {
        let f = Fixture(reorders: false)
        f.list.selectRows([1, 3])
        f.press(at: Point(x: 50, y: 90))  // row 2
        f.drag(to: Point(x: 50, y: 110))
        #expect(f.host.contents == [.uris(["file:///f/Row%202"])])
        #expect(f.list.selectedRows == [2])
        f.release(at: Point(x: 50, y: 110))
    }

    @Test func withShiftOrWithoutAHostOrContentThePressSelectsOrScrollsAsBefore() {
        let shift = Fixture(reorders: false)
        shift.list.selectRow(0)
        shift.press(at: Point(x: 50, y: 90), .shift)
        shift.drag(to: Point(x: 60, y: 91))
        shift.release(at: Point(x: 60, y: 91))
        #expect(shift.host.contents.isEmpty)
        #expect(shift.list.selectedRows == [0, 1, 2])

        let noHost = Fixture(reorders: false, withHost: false)
        noHost.press(at: Point(x: 50, y: 150))
        noHost.drag(to: Point(x: 50, y: 100))
        #expect(noHost.list.contentOffset.y == 50)  // scrolled instead
        #expect(noHost.list.selectedRows.isEmpty)  // and selected nothing
        noHost.release(at: Point(x: 50, y: 100))

        let nothing = Fixture(reorders: false)
        nothing.list.dragContentForRows = { _ in .uris([]) }
        nothing.press(at: Point(x: 50, y: 150))
        nothing.drag(to: Point(x: 50, y: 100))
        #expect(nothing.host.contents.isEmpty)
        #expect(nothing.list.contentOffset.y == 50)
        nothing.release(at: Point(x: 50, y: 100))
    }

    @Test func aListThatDoesNotDragRowsOutScrollsByDragSelectingNothing() {
        let f = Fixture(reorders: false)
        f.list.dragContentForRows = nil
        f.press(at: Point(x: 50, y: 150))
        f.drag(to: Point(x: 50, y: 100))
        #expect(f.list.contentOffset.y == 50)
        #expect(f.list.selectedRows.isEmpty)
        f.release(at: Point(x: 50, y: 100))
        #expect(f.host.contents.isEmpty)
    }

    @Test func aReorderKeptInsideTheListMovesTheRowsAndDragsNothingOut() {
        let f = Fixture(reorders: true)
        f.press(at: Point(x: 50, y: 10))  // row 0
        f.drag(to: Point(x: 50, y: 30))
        f.drag(to: Point(x: 50, y: 125))  // the gap before row 3
        #expect(f.list.dropTarget == ListDropTarget(row: 3, position: .before))
        f.release(at: Point(x: 50, y: 125))
        #expect(f.moves.count == 1)
        #expect(f.source.texts.prefix(4) == ["Row 1", "Row 2", "Row 0", "Row 3"])
        #expect(f.host.contents.isEmpty)
        #expect(f.asked.isEmpty)
    }

    @Test func aReorderThatLeavesTheListGoesOutAndMovesNothing() {
        let f = Fixture(reorders: true)
        f.list.selectRows([0, 1])
        f.press(at: Point(x: 50, y: 50))  // row 1
        f.drag(to: Point(x: 50, y: 90))
        #expect(f.list.dropTarget == ListDropTarget(row: 2, position: .before))
        #expect(f.host.contents.isEmpty)
        f.drag(to: Point(x: 250, y: 90))  // out of the list, right
        #expect(f.host.contents == [.uris(["file:///f/Row%200", "file:///f/Row%201"])])
        #expect(f.list.dropTarget == nil)  // the indicator went
        f.drag(to: Point(x: 50, y: 130))  // back over the list: the host leads now
        f.release(at: Point(x: 50, y: 130))
        #expect(f.moves.isEmpty)
        #expect(f.source.texts.prefix(3) == ["Row 0", "Row 1", "Row 2"])
        #expect(f.host.contents.count == 1)
        #expect(f.list.selectedRows == [0, 1])
    }

    @Test func aReorderCancelledByEscapeDoesNotGoOut() {
        let f = Fixture(reorders: true)
        f.press(at: Point(x: 50, y: 10))
        f.drag(to: Point(x: 50, y: 60))
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        f.drag(to: Point(x: 250, y: 60))
        f.release(at: Point(x: 250, y: 60))
        #expect(f.host.contents.isEmpty)
        #expect(f.moves.isEmpty)
    }

    @Test func aTablesRowsDragOutAsItsListsDo() {
        let time = ManualTime()
        let host = RecordingDragHost()
        let scene = time.makeScene(size: Size(width: 400, height: 300), host: MemoryHost(dragHost: host))
        let names = NameTable(["a", "b", "c"])
        let table = TableView(
            columns: [TableColumn("Name", width: 200)], frame: Rect(x: 0, y: 0, width: 300, height: 200))
        table.dataSource = names
        table.listView.dragContentForRows = { rows in .text(rows.map { names.names[$0] }.joined(separator: "\n")) }
        scene.rootView.addSubview(table)
        _ = scene.prepareFrame()
        let row1 = table.frame(ofRow: 1, column: 0).center
        scene.handleMouseDown(MouseEvent(locationInWindow: row1, button: .left))
        scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: row1.x + 20, y: row1.y), button: .left))
        #expect(host.contents == [.text("b")])
        #expect(table.listView.selectedRows == [1])
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: row1.x + 20, y: row1.y), button: .left))
    }
}

/// A one-column table of names.
@MainActor final class NameTable: TableViewDataSource {
    var names: [String]
    init(_ names: [String]) { self.names = names }
    func numberOfRows(in tableView: TableView) -> Int { names.count }
    func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell { .text(names[row]) }
}
