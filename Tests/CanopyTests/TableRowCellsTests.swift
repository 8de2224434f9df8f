@_spi(Testing) @testable import Canopy
import CanopyTesting
import Testing

/// A table's row views after rows moved under them: each still acts on the row it now shows.
@MainActor @Suite struct TableRowCellsTests {
    /// Three names, each with a check box, that notes which names it was asked to tick.
    @MainActor final class Names: TableViewDataSource {
        var names = ["Ada", "Grace", "Alan"]
        var ticked: [String] = []

        func numberOfRows(in tableView: TableView) -> Int { names.count }
        func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
            column == 0 ? .text(names[row]) : .checkBox(ticked.contains(names[row]))
        }
        func tableView(_ tableView: TableView, setChecked isChecked: Bool, row: Int, column: Int) {
            ticked.append(names[row])
        }
    }

    @Test func aCheckBoxInARowThatMovedInASortTicksTheRowItNowShows() throws {
        let scene = Scene(size: Size(width: 300, height: 200))
        let table = TableView(
            columns: [TableColumn("Name", width: 150), TableColumn("Done", width: 60)],
            frame: Rect(x: 0, y: 0, width: 300, height: 200))
        let source = Names()
        table.dataSource = source
        scene.rootView.addSubview(table)
        _ = scene.prepareFrame()
        source.names.reverse()
        table.listView.reorderRows([2, 1, 0])  // Alan, Grace, Ada: the views move with their rows
        _ = scene.prepareFrame()
        let cells = try #require(table.listView.rowView(for: 0)?.contentView as? TableRowCells)
        let box = try #require(cells.checkBoxes[1])
        let point = box.convert(Point(x: box.bounds.midX, y: box.bounds.midY), to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: point, clickCount: 1))
        scene.handleMouseUp(MouseEvent(locationInWindow: point, clickCount: 1))
        #expect(source.ticked == ["Alan"])
    }
}
