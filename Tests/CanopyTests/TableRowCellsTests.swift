@_spi(Testing) @testable import Canopy
import CanopyTesting
import Testing

/// A table's row views: after rows moved under them each still acts on the row it now shows, and
/// image cells are drawn scaled down to the row, placed as their column aligns.
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

    /// Two files, each with an icon 40 points square (taller than a row), a name and a badge image
    /// only 10 points wide.
    @MainActor final class Icons: TableViewDataSource {
        let icon = Image(pixelWidth: 40, pixelHeight: 40, pixels: Array(repeating: 0xff, count: 40 * 40 * 4))!
        let badge = Image(pixelWidth: 10, pixelHeight: 10, pixels: Array(repeating: 0xff, count: 10 * 10 * 4))!

        func numberOfRows(in tableView: TableView) -> Int { 2 }
        func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
            switch column {
            case 0: .image(icon)
            case 1: .text("file \(row)")
            default: .image(badge)
            }
        }
    }

    @Test func imageCellsAreScaledDownToTheRowAndPlacedAsTheirColumnAligns() throws {
        let scene = Scene(size: Size(width: 300, height: 200))
        let table = TableView(
            columns: [
                TableColumn("Icon", width: 60, alignment: .center), TableColumn("Name", width: 150),
                TableColumn("Badge", width: 60, alignment: .trailing),
            ], frame: Rect(x: 0, y: 0, width: 270, height: 200))
        let source = Icons()
        table.dataSource = source
        scene.rootView.addSubview(table)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        let drawn = context.operations.compactMap { operation -> (Image, Rect)? in
            if case let .image(image, rect) = operation { return (image, rect) }
            return nil
        }
        let icons = drawn.filter { $0.0 === source.icon }.map(\.1)
        let badges = drawn.filter { $0.0 === source.badge }.map(\.1)
        #expect(icons.count == 2 && badges.count == 2)
        for row in 0..<2 {
            let iconCell = table.frame(ofRow: row, column: 0), badgeCell = table.frame(ofRow: row, column: 2)
            // 30-point rows: the icon shrinks to 22 points (4 clear above and below), centred.
            #expect(icons[row].size == Size(width: 22, height: 22))
            #expect(abs(icons[row].midX - iconCell.midX) <= 0.5 && abs(icons[row].midY - iconCell.midY) <= 0.5)
            // The badge keeps its size, at the trailing end inside the padding.
            #expect(badges[row].size == Size(width: 10, height: 10))
            #expect(badges[row].maxX == badgeCell.maxX - TableView.cellPadding)
        }
    }
}
