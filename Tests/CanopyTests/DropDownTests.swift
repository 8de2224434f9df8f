import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct DropDownTests {
    let time = ManualTime()

    func makeDropDown(buttonY: Double = 40) -> (Scene, Button, DropDown, () -> [String]) {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let holder = View(frame: Rect(x: 20, y: buttonY, width: 300, height: 60))
        let button = Button(title: "Select", frame: Rect(x: 10, y: 10, width: 150, height: 40))
        holder.addSubview(button)
        scene.rootView.addSubview(holder)
        let dropDown = DropDown(anchor: button, items: (0..<10).map { "Hello \($0)" })
        var chosen: [String] = []
        dropDown.onChoose = { _, item in chosen.append(item) }
        return (scene, button, dropDown, { chosen })
    }

    func click(_ scene: Scene, _ point: Point) {
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
    }

    @Test func opensBeneathTheButtonGrowingToTwoHundredPoints() {
        let (scene, button, dropDown, _) = makeDropDown()
        click(scene, Point(x: 50, y: 60))  // the button, at window (30, 50)...(180, 90)
        #expect(dropDown.isOpen)
        #expect(dropDown.superview === scene.rootView)
        #expect(dropDown.presentedFrame == Rect(x: 30, y: 90, width: 150, height: 0))
        time.step(by: 0.25)
        #expect(abs(dropDown.presentedFrame.height - 100) < 0.5)
        #expect(abs(dropDown.list.presentedFrame.height - 100) < 0.5)
        time.step(by: 0.25)
        #expect(dropDown.presentedFrame == Rect(x: 30, y: 90, width: button.frame.width, height: 200))
        #expect(dropDown.list.frame == Rect(x: 0, y: 0, width: 150, height: 200))
        #expect(dropDown.list.isFocused)
    }

    @Test func aMillionItemsCostTheirStringsAndNothingPerRow() {
        let items = (0..<1_000_000).map { "Hello \($0)" }  // the caller's data
        let heapBefore = HeapUsage.bytesInUse
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let button = Button(title: "Select", frame: Rect(x: 10, y: 10, width: 150, height: 40))
        scene.rootView.addSubview(button)
        let dropDown = DropDown(anchor: button, items: items)
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
        let (scene, button, dropDown, chosen) = makeDropDown()
        dropDown.open()
        time.step(by: 0.5)
        click(scene, Point(x: 100, y: 90 + 3 * 40 + 20))  // row 3
        #expect(chosen() == ["Hello 3"])
        #expect(button.title == "Hello 3")
        #expect(!dropDown.isOpen)
        time.step(by: 0.5)
        #expect(dropDown.superview == nil)  // the owner forgets it once closed
        #expect(button.isFocused)
    }

    @Test func aClickOnTheButtonWhileOpeningReversesFromWhereItIs() {
        let (scene, _, dropDown, chosen) = makeDropDown()
        click(scene, Point(x: 50, y: 60))
        time.step(by: 0.2)
        let shown = dropDown.presentedFrame.height
        click(scene, Point(x: 50, y: 60))
        #expect(!dropDown.isOpen)
        #expect(dropDown.presentedFrame.height == shown)
        time.step(by: 0.05)
        #expect(dropDown.presentedFrame.height < shown)
        time.step(by: 0.5)
        #expect(dropDown.superview == nil)
        #expect(chosen().isEmpty)
        // And it opens again from nothing.
        click(scene, Point(x: 50, y: 60))
        time.step(by: 0.5)
        #expect(dropDown.presentedFrame.height == 200)
    }

    @Test func aClickOutsideOrEscapeClosesWithoutAChoice() {
        let (scene, _, dropDown, chosen) = makeDropDown()
        dropDown.open()
        time.step(by: 0.5)
        click(scene, Point(x: 350, y: 350))
        #expect(!dropDown.isOpen)
        time.step(by: 0.5)
        dropDown.open()
        time.step(by: 0.5)
        scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!dropDown.isOpen)
        #expect(chosen().isEmpty)
    }

    @Test func theKeyboardChoosesToo() {
        let (scene, _, dropDown, chosen) = makeDropDown()
        dropDown.open()
        time.step(by: 0.5)
        for _ in 0..<3 { scene.handleKeyDown(KeyEvent(key: .down)) }
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(chosen() == ["Hello 2"])
    }

    @Test func withNoRoomBelowItOpensUpward() {
        let (scene, _, dropDown, _) = makeDropDown(buttonY: 320)  // button at window y 330...370
        dropDown.open()
        time.step(by: 0.5)
        #expect(dropDown.presentedFrame == Rect(x: 30, y: 130, width: 150, height: 200))
        withExtendedLifetime(scene) {}
    }

    @Test func aDropDownWhoseFrameIsReassignedMidCloseStillGoesAway() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let button = Button(title: "Select", frame: Rect(x: 10, y: 10, width: 150, height: 40))
        scene.rootView.addSubview(button)
        let dropDown = DropDown(anchor: button, items: ["a", "b"])
        dropDown.open()
        time.step(by: 0.5)
        dropDown.close()
        time.step(by: 0.1)
        dropDown.frame = dropDown.frame
        time.step(by: 0.5)
        #expect(dropDown.superview == nil)
    }
}
