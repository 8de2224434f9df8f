@_spi(Testing) import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct DropDownTests {
    let time = ManualTime()

    /// A drop-down shaped as in seed 000: a 200-point list, straight from the button's edge,
    /// over half a second.
    func makeDropDown(buttonY: Double = 40) -> (Scene, DropDown, () -> [String]) {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let holder = View(frame: Rect(x: 20, y: buttonY, width: 300, height: 60))
        let dropDown = DropDown(
            placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
            frame: Rect(x: 10, y: 10, width: 150, height: 40))
        dropDown.listHeight = 200
        dropDown.popupOffset = .zero
        dropDown.revealDuration = 0.5
        holder.addSubview(dropDown)
        scene.rootView.addSubview(holder)
        var chosen: [String] = []
        dropDown.onValueChanged = { chosen.append(dropDown.items[$0]) }
        return (scene, dropDown, { chosen })
    }

    func click(_ scene: Scene, _ point: Point) {
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
    }

    @Test func opensBeneathTheButtonGrowingToItsListHeight() {
        let (scene, dropDown, _) = makeDropDown()
        let popup = dropDown.popup
        click(scene, Point(x: 50, y: 60))  // the button, at window (30, 50)...(180, 90)
        #expect(dropDown.isOpen)
        #expect(scene.presentations.count == 1 && scene.presentations.first?.view === popup)
        #expect(popup.presentedFrame == Rect(x: 30, y: 90, width: 150, height: 0))
        time.step(by: 0.25)
        #expect(abs(popup.presentedFrame.height - 100) < 0.5)
        #expect(abs(dropDown.list.presentedFrame.height - 100) < 0.5)
        time.step(by: 0.25)
        #expect(popup.presentedFrame == Rect(x: 30, y: 90, width: 150, height: 200))
        #expect(dropDown.list.frame == Rect(x: 0, y: 0, width: 150, height: 200))
        #expect(dropDown.list.isFocused)
    }

    @Test func byDefaultTheListFitsItsRowsUpToAMaximum() {
        let scene = time.makeScene(size: Size(width: 400, height: 600))
        let short = DropDown(
            placeholder: "Few", items: ["a", "b", "c"], frame: Rect(x: 10, y: 10, width: 150, height: 32))
        let long = DropDown(
            placeholder: "Many", items: (0..<50).map(String.init), frame: Rect(x: 200, y: 10, width: 150, height: 32))
        scene.rootView.addSubview(short)
        scene.rootView.addSubview(long)
        short.open()
        time.step(by: 1)
        #expect(short.popup.frame == Rect(x: 10, y: 46, width: 150, height: 3 * short.list.rowHeight))
        long.open()  // and the first closes: one pop-up at a time
        #expect(!short.isOpen)
        time.step(by: 1)
        #expect(long.popup.frame.height == long.maximumListHeight)
        #expect(scene.presentations.count == 1 && scene.presentations.first?.view === long.popup)
    }

    @Test func aMillionItemsCostTheirStringsAndNothingPerRow() {
        let items = (0..<1_000_000).map { "Hello \($0)" }  // the caller's data
        let heapBefore = HeapUsage.bytesInUse
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let dropDown = DropDown(placeholder: "Select", items: items, frame: Rect(x: 10, y: 10, width: 150, height: 40))
        scene.rootView.addSubview(dropDown)
        dropDown.open()
        time.step(by: 0.5)
        dropDown.list.scrollToRow(999_999, animated: false)
        time.step(by: 0.5)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        let heapGrowth = HeapUsage.bytesInUse - heapBefore
        #expect(context.drawnTexts.contains("Hello 999999"))
        #expect(heapGrowth < 256 * 1024, "heap grew by \(heapGrowth) bytes")  // a row each would be tens of MB
    }

    @Test func choosingARowSetsTheTitleTellsTheOwnerAndCloses() {
        let (scene, dropDown, chosen) = makeDropDown()
        click(scene, Point(x: 50, y: 60))
        time.step(by: 0.5)
        click(scene, Point(x: 100, y: 90 + 3 * 40 + 20))  // row 3
        #expect(chosen() == ["Hello 3"])
        #expect(dropDown.title == "Hello 3" && dropDown.selectedIndex == 3)
        #expect(!dropDown.isOpen)
        time.step(by: 0.5)
        #expect(scene.presentations.isEmpty)  // the layer forgets it once closed
        #expect(dropDown.isFocused)
    }

    @Test func settingTheValueFromCodeCallsNothing() {
        let (_, dropDown, chosen) = makeDropDown()
        dropDown.selectedIndex = 4
        #expect(dropDown.title == "Hello 4")
        dropDown.selectedIndex = 40  // out of range: nothing chosen
        #expect(dropDown.selectedIndex == nil && dropDown.title == "Select")
        #expect(chosen().isEmpty)
    }

    @Test func aClickOnTheButtonWhileOpeningReversesFromWhereItIs() {
        let (scene, dropDown, chosen) = makeDropDown()
        let popup = dropDown.popup
        click(scene, Point(x: 50, y: 60))
        time.step(by: 0.2)
        let shown = popup.presentedFrame.height
        click(scene, Point(x: 50, y: 60))
        #expect(!dropDown.isOpen)
        #expect(popup.presentedFrame.height == shown)
        time.step(by: 0.05)
        #expect(popup.presentedFrame.height < shown)
        time.step(by: 0.5)
        #expect(popup.scene == nil)
        #expect(chosen().isEmpty)
        // And it opens again from nothing.
        click(scene, Point(x: 50, y: 60))
        time.step(by: 0.5)
        #expect(popup.presentedFrame.height == 200)
    }

    @Test func reopeningMidCloseTurnsBackAndStays() {
        let (scene, dropDown, _) = makeDropDown()
        dropDown.open()
        time.step(by: 0.5)
        dropDown.close()
        time.step(by: 0.2)
        dropDown.open()
        time.step(by: 1)
        #expect(dropDown.isOpen && dropDown.popup.scene === scene)
        #expect(dropDown.popup.presentedFrame.height == 200)
    }

    @Test func aClickOutsideOrEscapeClosesWithoutAChoice() {
        let (scene, dropDown, chosen) = makeDropDown()
        var dismissals: [Presentation.DismissalReason] = []
        dropDown.onDismiss = { dismissals.append($0) }
        dropDown.open()
        time.step(by: 0.5)
        click(scene, Point(x: 350, y: 350))
        #expect(!dropDown.isOpen)
        time.step(by: 0.5)
        dropDown.open()
        time.step(by: 0.5)
        scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!dropDown.isOpen)
        dropDown.open()
        dropDown.close()  // from code: not reported
        #expect(chosen().isEmpty)
        #expect(dismissals == [.outsideClick, .escape])
    }

    @Test func theKeyboardChoosesToo() {
        let (scene, dropDown, chosen) = makeDropDown()
        dropDown.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .space))
        time.step(by: 0.5)
        for _ in 0..<3 { scene.handleKeyDown(KeyEvent(key: .down)) }
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(chosen() == ["Hello 2"])
        #expect(dropDown.isFocused)
    }

    @Test func tabClosesTheListAndMovesOnFromTheButton() {
        let (scene, dropDown, _) = makeDropDown()
        let next = Button(title: "Next", frame: Rect(x: 200, y: 50, width: 80, height: 40))
        scene.rootView.addSubview(next)
        dropDown.open()
        time.step(by: 0.5)
        #expect(dropDown.list.isFocused)
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(!dropDown.isOpen)
        #expect(next.isFocused)
    }

    @Test func withNoRoomBelowItOpensUpward() {
        let (scene, dropDown, _) = makeDropDown(buttonY: 320)  // button at window y 330...370
        dropDown.open()
        time.step(by: 0.5)
        #expect(dropDown.popup.presentedFrame == Rect(x: 30, y: 130, width: 150, height: 200))
        withExtendedLifetime(scene) {}
    }

    @Test func aPopupWhoseFrameIsReassignedMidCloseStillGoesAway() {
        let (scene, dropDown, _) = makeDropDown()
        dropDown.open()
        time.step(by: 0.5)
        dropDown.close()
        time.step(by: 0.1)
        dropDown.popup.frame = dropDown.popup.frame  // what a layout pass re-placing it does
        #expect(dropDown.popup.presentedFrame.height > 0)  // still closing
        time.step(by: 0.5)
        #expect(dropDown.popup.scene == nil)
        #expect(scene.presentations.isEmpty)
        dropDown.open()
        time.step(by: 0.2)
        dropDown.close()
        time.step(by: 0.1)
        dropDown.popup.frame.size.height = 3  // a different value snaps and cuts the way out short
        time.step(by: 0.5)
        #expect(dropDown.popup.scene == nil)  // still cleaned up: from its state, not from `finished`
    }

    @Test func aDropDownLeavingTheWindowTakesItsListAway() {
        let (scene, dropDown, _) = makeDropDown()
        dropDown.open()
        time.step(by: 0.5)
        dropDown.superview?.removeFromSuperview()
        #expect(!dropDown.isOpen)
        time.step(by: 0.5)  // it folds away
        #expect(scene.presentations.isEmpty)
        #expect(dropDown.popup.scene == nil)
    }

    @Test func openingShowsTheChosenItemSelected() {
        let (scene, dropDown, chosen) = makeDropDown()
        dropDown.selectedIndex = 7  // from code
        dropDown.open()
        time.step(by: 0.5)
        #expect(dropDown.list.selectedRow == 7)
        #expect(dropDown.list.visibleRows.contains(7))
        scene.handleKeyDown(KeyEvent(key: .down))
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(chosen() == ["Hello 8"])
    }

    /// `count` rows named "Item i", made when asked for, counting the asking.
    @MainActor final class CountingRows: ListViewDataSource {
        var count: Int
        var rowsAsked = 0
        var prefix = "Item"
        init(count: Int) { self.count = count }
        func numberOfRows(in listView: ListView) -> Int { count }
        func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
            rowsAsked += 1
            return ListRow("\(prefix) \(index)")
        }
    }

    @Test func overADataSourceOnlyTheRowsShownAreMade() {
        let rows = CountingRows(count: 1_000_000)
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let dropDown = DropDown(
            placeholder: "Select", dataSource: rows, frame: Rect(x: 10, y: 10, width: 150, height: 40))
        dropDown.listHeight = 200
        dropDown.popupOffset = .zero
        scene.rootView.addSubview(dropDown)
        var chosen: [Int] = []
        dropDown.onValueChanged = { chosen.append($0) }
        #expect(dropDown.itemCount == 1_000_000 && rows.rowsAsked == 0)
        dropDown.open()
        time.step(by: 0.5)
        dropDown.list.scrollToRow(500_000, animated: false)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        #expect(context.drawnTexts.contains("Item 500000"))
        #expect(rows.rowsAsked < 20, "\(rows.rowsAsked) rows made for a 200-point list")
        let firstShown = dropDown.list.visibleRows.lowerBound
        click(scene, Point(x: 50, y: 50 + Double(firstShown) * dropDown.list.rowHeight - dropDown.list.bounds.minY + 5))
        #expect(chosen == [firstShown])
        #expect(dropDown.title == "Item \(firstShown)" && !dropDown.isOpen)
    }

    @Test func reloadingADataSourceKeepsTheTitleAndTheChoiceTrue() {
        let rows = CountingRows(count: 10)
        let dropDown = DropDown(placeholder: "Select", dataSource: rows)
        dropDown.selectedIndex = 8
        #expect(dropDown.title == "Item 8")
        rows.prefix = "Row"
        dropDown.reloadData()
        #expect(dropDown.title == "Row 8" && dropDown.selectedIndex == 8)
        rows.count = 5  // the chosen item is gone
        dropDown.reloadData()
        #expect(dropDown.selectedIndex == nil && dropDown.title == "Select" && dropDown.itemCount == 5)
        #expect(dropDown.items == (0..<5).map { "Row \($0)" })
        dropDown.setItems(["Apple", "Banana"])  // strings again
        dropDown.selectedIndex = 1
        #expect(dropDown.title == "Banana" && dropDown.itemCount == 2 && dropDown.dataSource !== rows)
    }
}
