import Canopy
import Testing

/// How a table shares its width among its columns: each keeps its width, within its minimum and
/// maximum; the flexible ones take the spare width by their shares (none past its maximum) or
/// give the width lacking (none below its minimum); what is left over scrolls sideways.
@Suite struct TableColumnWidthTests {
    @Test func columnsWithoutAShareKeepTheirWidths() {
        let columns = [TableColumn("A", width: 100), TableColumn("B", width: 50)]
        #expect(TableColumn.widths(of: columns, fitting: 400) == [100, 50])
        #expect(TableColumn.widths(of: columns, fitting: 100) == [100, 50])  // wider than the room: scrolls
    }

    @Test func theSpareWidthGoesToTheFlexibleColumnsByTheirShares() {
        let columns = [
            TableColumn("A", width: 100, flex: 1), TableColumn("B", width: 50), TableColumn("C", width: 100, flex: 3),
        ]
        #expect(TableColumn.widths(of: columns, fitting: 330) == [120, 50, 160])
    }

    @Test func aFlexibleColumnStopsAtItsMaximumAndTheOthersTakeTheRest() {
        let columns = [
            TableColumn("A", width: 100, maximumWidth: 110, flex: 1), TableColumn("B", width: 100, flex: 1),
        ]
        #expect(TableColumn.widths(of: columns, fitting: 300) == [110, 190])
    }

    @Test func tooLittleRoomIsTakenFromTheFlexibleColumnsDownToTheirMinimums() {
        let columns = [
            TableColumn("A", width: 100, minimumWidth: 80, flex: 1), TableColumn("B", width: 100, flex: 1),
            TableColumn("C", width: 100),
        ]
        #expect(TableColumn.widths(of: columns, fitting: 260) == [80, 80, 100])
        #expect(TableColumn.widths(of: columns, fitting: 200) == [80, 40, 100])  // B's minimum is the default 40
    }

    @Test func aColumnsWidthIsKeptWithinItsBounds() {
        let column = TableColumn("A", width: 10, minimumWidth: 30, maximumWidth: 20)
        #expect(column.minimumWidth == 30)
        #expect(column.maximumWidth == 30)  // a maximum below the minimum is raised to it
        #expect(column.width == 30)
        #expect(TableColumn.widths(of: [], fitting: 100) == [])
    }
}
