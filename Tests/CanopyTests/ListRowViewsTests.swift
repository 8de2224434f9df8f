@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// A million rows of two heights, every third one a two-line row, each shown in a label of the
/// app's own, with counts of the views made and the rows bound to them.
@MainActor final class TallRows: ListViewRowHeights {
    let count: Int
    private(set) var viewsMade = 0
    private(set) var binds = 0

    init(count: Int) { self.count = count }

    static func height(of row: Int) -> Double { row % 3 == 0 ? 64 : 40 }
    static func title(of row: Int) -> String { "Item \(row)" }

    func numberOfRows(in listView: ListView) -> Int { count }
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow(Self.title(of: index)) }
    func listView(_ listView: ListView, heightOfRow index: Int) -> Double { Self.height(of: index) }
    func makeRowContentView(for listView: ListView) -> View? {
        viewsMade += 1
        return Label(text: "")
    }
    func listView(_ listView: ListView, bind view: View, toRow index: Int) {
        binds += 1
        (view as? Label)?.text = "Custom \(index)"
    }
}

/// Rows of the app's own views and rows of their own heights: where rows lie, how few views
/// scrolling a million rows makes, and selection, type-ahead and screen readers on such rows.
@MainActor @Suite(.serialized) struct ListRowViewsTests {
    let time = ManualTime()

    func makeList(_ source: TallRows) -> (Scene, ListView) {
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        list.dataSource = source
        scene.rootView.addSubview(list)
        _ = scene.prepareFrame()
        return (scene, list)
    }

    /// The top of `row` as the heights add up.
    func top(of row: Int) -> Double { Double(row / 3) * 144 + (row % 3 >= 1 ? 64 : 0) + (row % 3 == 2 ? 40 : 0) }

    @Test func rowsLieWhereTheirHeightsAddUp() {
        let source = TallRows(count: 1_000_000)
        let (scene, list) = makeList(source)
        #expect(list.contentHeight == 1_000_000 / 3 * 144 + 64)
        for row in [0, 1, 2, 3, 4, 500_000, 999_999] {
            #expect(list.rect(ofRow: row) == Rect(x: 0, y: top(of: row), width: 200, height: TallRows.height(of: row)))
        }
        #expect(list.visibleRows == 0..<4)  // 64 + 40 + 40 + 64 = 208 > 200
        list.contentOffset.y = top(of: 500_001) - 10
        _ = scene.prepareFrame()
        #expect(list.visibleRows == 500_000..<500_005)  // 10 of 40, then 64 + 40 + 40 + 64
        #expect(list.row(at: Point(x: 10, y: top(of: 500_001))) == 500_001)
        #expect(list.row(at: Point(x: 10, y: top(of: 500_001) - 0.5)) == 500_000)
        for row in list.visibleRows {
            #expect(list.rowView(for: row)?.frame == list.rect(ofRow: row))
            #expect((list.rowView(for: row)?.contentView as? Label)?.text == "Custom \(row)")
        }
        // Scrolling back and forth lands every row where it was: nothing is measured anew.
        list.contentOffset.y = 0
        _ = scene.prepareFrame()
        list.contentOffset.y = top(of: 500_001) - 10
        _ = scene.prepareFrame()
        #expect(list.rowView(for: 500_001)?.frame.minY == top(of: 500_001))
    }

    @Test func scrollingAMillionRowsMakesOnlyAsManyViewsAsFitOnScreen() {
        let source = TallRows(count: 1_000_000)
        let (scene, list) = makeList(source)
        var mostOnScreen = list.visibleRows.count
        var offset = 0.0
        for step in 0..<3_000 {
            // Small steps, then jumps across the whole list.
            offset = step < 2_000 ? offset + 37 : Double(step * 7_919 % 1_000_000) * 48
            list.contentOffset.y = min(offset, list.maximumContentOffset.y)
            _ = scene.prepareFrame()
            mostOnScreen = max(mostOnScreen, list.visibleRows.count)
            #expect(list.subviews.count == list.visibleRows.count)
        }
        #expect(mostOnScreen == 6)  // 200 points cut through six rows at most
        #expect(list.rowViewsMade == mostOnScreen)
        #expect(source.viewsMade == mostOnScreen)
        #expect(source.binds > 3_000)  // rows were bound to the reused views as they came on screen
    }

    @Test func customRowsSelectTypeAheadAndReadAsListItemsWithTheirText() {
        let source = TallRows(count: 100)
        let (scene, list) = makeList(source)
        list.becomeFocused()
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 50, y: 80)))  // row 1: 64..<104
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 50, y: 80)))
        #expect(list.selectedRow == 1)
        #expect(list.rowView(for: 1)?.isSelected == true)
        scene.handleKeyDown(KeyEvent(key: .down))
        #expect(list.selectedRow == 2)
        for character in "item 42" {
            scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character)))
        }
        #expect(list.selectedRow == 42)
        let item = list.accessibilityItem(at: 42)
        #expect(item.role == .listItem)
        #expect(item.name == "Item 42")
        #expect(item.states.contains(.selected))
        #expect(item.frame == list.rect(ofRow: 42))
    }

    @Test func changedHeightsMoveTheRowsBelowWhenReloaded() {
        final class Growing: ListViewRowHeights {
            var heights = [40.0, 40, 40]
            func numberOfRows(in listView: ListView) -> Int { heights.count }
            func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow("Row \(index)") }
            func listView(_ listView: ListView, heightOfRow index: Int) -> Double { heights[index] }
        }
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source = Growing()
        list.dataSource = source
        scene.rootView.addSubview(list)
        _ = scene.prepareFrame()
        source.heights[0] = 70  // its text now wraps to two lines
        list.reloadRows(at: [0])
        _ = scene.prepareFrame()
        #expect(list.rowView(for: 1)?.frame.minY == 70)
        #expect(list.contentHeight == 150)
    }

    @Test func aTooLongLineEndsInAnEllipsisAndLineBreaksBecomeSpaces() {
        let measurer = ApproximateTextMeasurer()
        let font = Font.system(size: 15)
        let line = ListRowView.oneLine("A title far too long for its row", width: 80, font: font, measurer: measurer)
        #expect(line.hasSuffix("…"))
        #expect(line.count > 2)
        #expect(measurer.measure(line, font: font).width <= 80)
        #expect(ListRowView.oneLine("Two\nlines", width: 500, font: font, measurer: measurer) == "Two lines")
    }
}
