@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// A to-do list's data: rows that can be ticked and deleted, as an app would keep them.
@MainActor final class Chores: ListViewDataSource {
    var items: [(title: String, done: Bool)]
    private(set) var asked = 0

    init(_ count: Int) { items = (0..<count).map { ("Chore \($0)", false) } }

    func numberOfRows(in listView: ListView) -> Int { items.count }
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        asked += 1
        return ListRow(items[index].title, isChecked: items[index].done, isDeletable: true)
    }
}

/// Rows that change under a list: inserted, deleted, reloaded, ticked, and the calls a user's
/// actions make.
@MainActor @Suite(.serialized) struct ListRowChangeTests {
    let time = ManualTime()

    func makeList(_ count: Int) -> (Scene, ListView, Chores) {
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let chores = Chores(count)
        list.dataSource = chores
        scene.rootView.addSubview(list)
        _ = scene.prepareFrame()
        return (scene, list, chores)
    }

    func texts(_ list: ListView, presented: Bool) -> [Double: String] {
        var shown: [Double: String] = [:]
        for view in list.subviews.compactMap({ $0 as? ListRowView }) {
            shown[presented ? view.presentedFrame.minY : view.frame.minY] = view.content.text
        }
        return shown
    }

    @Test func deletingARowSlidesTheRowsBelowUpAndLeavesTheRestStill() {
        let (scene, list, chores) = makeList(10)
        list.selectRow(3)
        chores.items.remove(at: 2)
        let askedBefore = chores.asked
        list.deleteRows(at: [2], animated: true)
        #expect(list.numberOfRows == 9)
        #expect(list.selectedRow == 2)  // the selection moved with its row ("Chore 3")
        #expect(chores.asked - askedBefore <= 1)  // only the row coming on screen is asked for
        // The rows above stay, the rows below start where they were and slide up.
        #expect(list.rowView(for: 1)?.presentedFrame.minY == 40)
        #expect(list.rowView(for: 2)?.presentedFrame.minY == 120)
        #expect(list.rowView(for: 4)?.presentedFrame.minY == 200)  // "Chore 5", coming on from below
        time.step(by: list.rowAnimationDuration / 2)
        let halfway = list.rowView(for: 2)?.presentedFrame.minY ?? 0
        #expect(halfway > 80 && halfway < 120)
        time.step(by: list.rowAnimationDuration)
        _ = scene.prepareFrame()
        #expect(
            texts(list, presented: true) == [
                0: "Chore 0", 40: "Chore 1", 80: "Chore 3", 120: "Chore 4", 160: "Chore 5",
            ])
    }

    @Test func insertingARowFadesItInAndPushesTheRestDown() {
        let (scene, list, chores) = makeList(10)
        chores.items.insert(("New", false), at: 1)
        list.insertRows(at: [1], animated: true)
        let inserted = list.rowView(for: 1)
        #expect(inserted?.content.text == "New")
        #expect(inserted?.presentedAlpha == 0)
        #expect(list.rowView(for: 2)?.presentedFrame.minY == 40)  // "Chore 1" still where it was
        time.step(by: 1)
        _ = scene.prepareFrame()
        #expect(inserted?.presentedAlpha == 1)
        #expect(
            texts(list, presented: true) == [0: "Chore 0", 40: "New", 80: "Chore 1", 120: "Chore 2", 160: "Chore 3"])
    }

    @Test func aCountThatDoesNotAddUpReloadsInstead() {
        let (_, list, chores) = makeList(10)
        chores.items.removeAll()
        list.deleteRows(at: [0], animated: true)  // told one went; ten did
        #expect(list.numberOfRows == 0)
        #expect(list.subviews.isEmpty)
    }

    @Test func reloadingOneRowRedrawsItAlone() {
        let (scene, list, chores) = makeList(10)
        chores.items[1].title = "Renamed"
        list.reloadRows(at: [1])
        #expect(list.rowView(for: 1)?.content.text == "Renamed")
        #expect(scene.prepareFrame() == [Rect(x: 0, y: 40, width: 200, height: 40)])
    }

    @Test func theCheckBoxAndSpaceAskToTickAndTheRowShowsTheData() {
        let (scene, list, chores) = makeList(10)
        var ticks: [String] = []
        list.onValueChanged = { row, done in
            ticks.append("\(row) \(done)")
            if row != 4 { chores.items[row].done = done }  // row 4 refuses
        }
        var selections = 0
        list.onSelectionChanged = { _ in selections += 1 }
        let box = try! #require(list.rowView(for: 2)?.checkBox)
        let point = box.convert(box.bounds.center, to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
        #expect(chores.items[2].done)
        #expect(box.isChecked)
        #expect(selections == 0)  // a click on the box does not select the row
        #expect(list.isFocused)  // but the list has the keyboard
        list.selectRow(4)
        scene.handleKeyDown(KeyEvent(key: .space, text: " "))
        #expect(ticks == ["2 true", "4 true"])
        #expect(list.rowView(for: 4)?.checkBox?.isChecked == false)  // the data said no
    }

    @Test func theDeleteButtonAndTheDeleteKeyAskToDelete() {
        let (scene, list, chores) = makeList(10)
        list.onDelete = { row in
            chores.items.remove(at: row)
            list.deleteRows(at: [row], animated: false)
        }
        let button = try! #require(list.rowView(for: 0)?.deleteButton)
        let point = button.convert(button.bounds.center, to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
        #expect(chores.items.first?.title == "Chore 1")
        list.becomeFocused()
        list.selectRow(2)
        scene.handleKeyDown(KeyEvent(key: .delete))
        scene.handleKeyDown(KeyEvent(key: .backspace))
        #expect(chores.items.map(\.title).prefix(3) == ["Chore 1", "Chore 2", "Chore 5"])
        #expect(list.selectedRow == 2)  // ready to delete the next one
    }

    @Test func rowViewsExistOnlyForRowsOnScreenAndAreReused() {
        let (scene, list, _) = makeList(1000)
        let first = Set(list.subviews.map(ObjectIdentifier.init))
        #expect(first.count == 5)
        list.contentOffset.y = 400
        _ = scene.prepareFrame()
        #expect(list.subviews.count == 5)
        #expect(Set(list.subviews.map(ObjectIdentifier.init)) == first)  // the same five views
        list.setContentOffset(Point(x: 0, y: 20_000), animated: true)
        for _ in 0..<10 {
            time.step(by: 0.025)
            _ = scene.prepareFrame()
            #expect(list.subviews.count <= 12)  // the rows drawn now, and those laid out at the end
            #expect(list.visibleRows.allSatisfy { list.rowView(for: $0) != nil })
        }
    }

    @Test func typeAheadLooksAtABoundedNumberOfRows() {
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source = CountingDataSource(count: 1_000_000)
        list.dataSource = source
        scene.rootView.addSubview(list)
        list.becomeFocused()
        _ = scene.prepareFrame()
        source.requested.removeAll()
        scene.handleKeyDown(KeyEvent(key: .character("z"), text: "z"))  // matches nothing
        #expect(source.requested.count == ListView.typeAheadSearchLimit)
        #expect(list.selectedRow == nil)
    }

    @Test func deletingSeveralRowsPassesTheSelectionToTheRowInItsPlace() {
        let (_, list, chores) = makeList(10)
        list.selectRow(5)
        chores.items.remove(at: 5)
        chores.items.remove(at: 0)
        list.deleteRows(at: [5, 0], animated: false)  // in any order
        #expect(list.selectedRow == 4)
        #expect(list.rowView(for: 4)?.content.text == "Chore 6")
        #expect(list.rowView(for: 4)?.isSelected == true)
    }

    @Test func aPressedRowThatIsDeletedLeavesNoPressedLookBehind() {
        let (scene, list, chores) = makeList(10)
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 50, y: 90)))  // row 2, held
        chores.items.remove(at: 2)
        list.deleteRows(at: [2], animated: false)
        #expect(list.subviews.compactMap { $0 as? ListRowView }.allSatisfy { !$0.isHighlighted })
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 50, y: 90)))
        #expect(list.selectedRow == nil)  // the press ended with its row
    }

    @Test func deletingAtTheBottomSlidesTheOffsetToo() {
        let (_, list, chores) = makeList(20)
        list.contentOffset.y = list.maximumContentOffset.y  // 600
        chores.items.removeLast()
        list.deleteRows(at: [19], animated: true)
        #expect(list.contentOffset.y == 560)
        #expect(list.presentedBounds.minY == 600)  // not a jump: it slides
        time.step(by: list.rowAnimationDuration)
        #expect(list.presentedBounds.minY == 560)
    }
}
