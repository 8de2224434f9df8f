@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// A data source of `count` rows that remembers which rows it was asked for.
@MainActor final class CountingDataSource: ListViewDataSource {
    var count: Int
    var requested: [Int] = []
    init(count: Int) { self.count = count }
    func numberOfRows(in listView: ListView) -> Int { count }
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        requested.append(index)
        return ListRow("Row \(index)")
    }
}

@MainActor @Suite struct ListViewTests {
    @Test func visibleRowsCoverTheViewportAtAnyOffset() {
        #expect(ListView.visibleRows(offset: 0, height: 200, rowHeight: 40, count: 10) == 0..<5)
        #expect(ListView.visibleRows(offset: 20, height: 200, rowHeight: 40, count: 10) == 0..<6)
        #expect(ListView.visibleRows(offset: 200, height: 200, rowHeight: 40, count: 10) == 5..<10)
        #expect(
            ListView.visibleRows(offset: 39_999_800, height: 200, rowHeight: 40, count: 1_000_000)
                == 999_995..<1_000_000)
        #expect(ListView.visibleRows(offset: 0, height: 200, rowHeight: 40, count: 3) == 0..<3)
        #expect(ListView.visibleRows(offset: 0, height: 200, rowHeight: 40, count: 0).isEmpty)
        #expect(ListView.visibleRows(offset: 0, height: 0, rowHeight: 40, count: 10).isEmpty)
        #expect(ListView.visibleRows(offset: -50, height: 100, rowHeight: 40, count: 10) == 0..<2)
    }

    @Test func aHandOnlyOverRowsNotOverTheEmptyPartBelowThem() {
        let (_, _, scene) = makeList(rows: 2)  // rows 0..<80 of a 200-point list
        let host = MemoryHost()
        scene.host = host
        for y in [20.0, 60, 150, 60] {
            scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 50, y: y), clickCount: 0))
        }
        #expect(host.cursorChanges == [.hand, .arrow, .hand])
    }

    func makeList(rows: Int) -> (ListView, CountingDataSource, Scene) {
        let scene = Scene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source = CountingDataSource(count: rows)
        list.dataSource = source
        scene.rootView.addSubview(list)
        _ = scene.prepareFrame()
        return (list, source, scene)
    }

    @Test func theOffsetIsClampedToTheContent() {
        let (list, _, _) = makeList(rows: 10)
        list.contentOffset.y = -30
        #expect(list.contentOffset.y == 0)
        list.contentOffset.y = 10_000
        #expect(list.contentOffset.y == 200)
        list.contentOffset.y = .nan
        #expect(list.contentOffset.y == 0)
        let (short, _, _) = makeList(rows: 3)
        short.contentOffset.y = 50
        #expect(short.contentOffset.y == 0)
    }

    @Test func keyboardMovesTheSelectionAndKeepsItVisible() {
        let (list, _, scene) = makeList(rows: 100)
        list.becomeFocused()
        var moves: [Int?] = []
        list.onSelectionChanged = { moves.append($0) }
        scene.handleKeyDown(KeyEvent(key: .down))
        #expect(list.selectedRow == 0)
        for _ in 0..<6 { scene.handleKeyDown(KeyEvent(key: .down)) }
        #expect(list.selectedRow == 6)
        #expect(list.contentOffset.y == 7 * 40 - 200)  // row 6's bottom at the list's bottom
        scene.handleKeyDown(KeyEvent(key: .end))
        #expect(list.selectedRow == 99 && list.contentOffset.y == list.maximumContentOffset.y)
        scene.handleKeyDown(KeyEvent(key: .pageUp))
        #expect(list.selectedRow == 95)
        scene.handleKeyDown(KeyEvent(key: .home))
        #expect(list.selectedRow == 0 && list.contentOffset.y == 0)
        scene.handleKeyDown(KeyEvent(key: .up))
        #expect(list.selectedRow == 0)
        var chosen: [Int] = []
        list.onPrimaryAction = { chosen.append($0) }
        scene.handleKeyDown(KeyEvent(key: .pageDown))
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(chosen == [4])
        #expect(moves == [0, 1, 2, 3, 4, 5, 6, 99, 95, 0, 4])  // Up at the top moved nothing
        list.selectRow(50)  // from code: not reported
        #expect(moves.count == 11)
    }

    @Test func aClickSelectsAndADoubleClickChooses() {
        let (list, _, scene) = makeList(rows: 100)
        var chosen: [Int] = []
        var selections: [Int?] = []
        list.onPrimaryAction = { chosen.append($0) }
        list.onSelectionChanged = { selections.append($0) }
        func click(_ y: Double, at time: Double) {
            scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 50, y: y), timestamp: time))
            scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 50, y: y), timestamp: time))
        }
        click(90, at: 1)
        #expect(selections == [2] && chosen.isEmpty)
        click(90, at: 1.2)  // the second click of a double click
        #expect(chosen == [2])
        click(130, at: 3)
        #expect(selections == [2, 3] && chosen == [2])
    }

    @Test func clickingARowChoosesItButDraggingScrolls() {
        let (list, _, scene) = makeList(rows: 100)
        list.activatesOnSingleClick = true
        var chosen: [Int] = []
        list.onPrimaryAction = { chosen.append($0) }
        func event(_ y: Double) -> MouseEvent { MouseEvent(locationInWindow: Point(x: 50, y: y)) }
        scene.handleMouseDown(event(90))
        scene.handleMouseUp(event(91))
        #expect(chosen == [2])
        #expect(list.selectedRow == 2)
        scene.handleMouseDown(event(150))
        scene.handleMouseDragged(event(60))
        scene.handleMouseUp(event(60))
        #expect(chosen == [2])
        #expect(list.contentOffset.y == 90)
        // Released over another row: no choice.
        scene.handleMouseDown(event(10))
        scene.handleMouseUp(event(55))
        #expect(chosen == [2])
    }

    @Test func theWheelScrollsByRows() {
        let (list, _, scene) = makeList(rows: 10)
        scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 10, y: 10), deltaY: 3))
        #expect(list.contentOffset.y == 120)
        scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 10, y: 10), deltaY: 10))
        #expect(list.contentOffset.y == 200)
        #expect(list.visibleRows.contains(9))
    }

    @Test func aMillionRowsCostWhatTenDo() {
        let heapBefore = HeapUsage.bytesInUse
        let (small, smallSource, smallScene) = makeList(rows: 10)
        let (large, largeSource, largeScene) = makeList(rows: 1_000_000)
        for (list, scene) in [(small, smallScene), (large, largeScene)] {
            list.contentOffset.y = 100
            let context = RecordingContext(size: scene.size)
            for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        }
        large.contentOffset.y = 20_000_000
        let context = RecordingContext(size: largeScene.size)
        for rect in largeScene.prepareFrame() { largeScene.render(rect, in: context) }
        let heapGrowth = HeapUsage.bytesInUse - heapBefore
        // Only the rows on screen were asked for, in both lists.
        #expect(smallSource.requested.count <= 2 * 6)
        #expect(largeSource.requested.count <= 3 * 6)
        #expect(largeSource.requested.allSatisfy { $0 < 3 || (2..<9).contains($0) || (500_000..<500_006).contains($0) })
        #expect(context.drawnTexts == (500_000..<500_005).map { "Row \($0)" })
        // Nothing sized by the row count was allocated (the recordings themselves are small).
        #expect(heapGrowth < 256 * 1024, "heap grew by \(heapGrowth) bytes")
    }

    @Test func reloadingKeepsOffsetAndSelectionInRange() {
        let (list, _, scene) = makeList(rows: 100)
        list.becomeFocused()
        list.selectRow(99)
        #expect(list.contentOffset.y == list.maximumContentOffset.y)
        let fewer = CountingDataSource(count: 5)
        list.dataSource = fewer
        #expect(list.selectedRow == 4)
        #expect(list.contentOffset.y == 0)
        list.dataSource = CountingDataSource(count: 0)
        #expect(list.selectedRow == nil)
        scene.handleKeyDown(KeyEvent(key: .down))  // an empty list ignores the keys
        #expect(list.selectedRow == nil)
    }
}

@MainActor @Suite struct ListHoverTests {
    @Test func theRowUnderThePointerIsTintedAndForgottenWhenThePointerLeaves() {
        let scene = Scene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source = ArrayListDataSource((0..<10).map { ListRow("Row \($0)") })
        list.dataSource = source
        scene.rootView.addSubview(list)
        _ = scene.prepareFrame()
        scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 50, y: 90), clickCount: 0))
        #expect(list.hoveredRow == 2)
        #expect(scene.currentCursor == .hand)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        #expect(
            context.operations.contains(
                .fill(Rect(x: 0, y: 80, width: 200, height: 40), Color(white: 0.5, alpha: 0.08))))
        scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 250, y: 90), clickCount: 0))
        #expect(list.hoveredRow == nil)
        #expect(scene.currentCursor == .arrow)
    }
}
