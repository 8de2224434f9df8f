@_spi(Testing) import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct FocusTraversalTests {
    let time = ManualTime()

    @Test func tabVisitsFocusableViewsInReadingOrderAndWraps() {
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        let lower = Button(title: "lower", frame: Rect(x: 10, y: 200, width: 80, height: 30))
        let right = TextField(frame: Rect(x: 200, y: 20, width: 80, height: 30))
        let left = Button(title: "left", frame: Rect(x: 10, y: 22, width: 80, height: 30))
        let hidden = Button(title: "hidden", frame: Rect(x: 10, y: 100, width: 80, height: 30))
        hidden.isHidden = true
        let disabled = Button(title: "off", frame: Rect(x: 10, y: 150, width: 80, height: 30))
        disabled.isEnabled = false
        for view in [lower, right, left, hidden, disabled] { scene.rootView.addSubview(view) }
        var visited: [View?] = []
        for _ in 0..<4 {
            scene.handleKeyDown(KeyEvent(key: .tab))
            visited.append(scene.focusedView)
        }
        #expect(
            visited.map { $0.map(ObjectIdentifier.init) } == [left, right, lower, left].map { ObjectIdentifier($0) })
        scene.handleKeyDown(KeyEvent(key: .tab, modifiers: .shift))
        #expect(scene.focusedView === lower)
    }

    @Test func tabbingIntoAFieldSelectsItsTextSoTypingReplacesItWhileAClickPlacesTheCaret() {
        let scene = time.makeScene(size: Size(width: 400, height: 200))
        let name = TextField(text: "Ada Lovelace", frame: Rect(x: 10, y: 10, width: 200, height: 30))
        let mail = TextField(text: "ada@example.org", frame: Rect(x: 10, y: 60, width: 200, height: 30))
        let kept = TextField(text: "keep", frame: Rect(x: 10, y: 110, width: 200, height: 30))
        kept.selectsAllOnTab = false
        for field in [name, mail, kept] { scene.rootView.addSubview(field) }
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(name.selectedText == "Ada Lovelace")
        for character in "Grace" {
            scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character)))
        }
        #expect(name.text == "Grace")
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(mail.selectedText == "ada@example.org")
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(kept.isFocused && kept.selectedText.isEmpty)
        scene.handleKeyDown(KeyEvent(key: .tab, modifiers: .shift))
        #expect(mail.selectedText == "ada@example.org")  // Shift-Tab selects as Tab does
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 30, y: 25)))
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 30, y: 25)))
        #expect(name.isFocused && name.selectedText.isEmpty)
    }

    @Test func tabStaysInsideAModalOverlay() {
        let scene = time.makeScene(size: Size(width: 720, height: 760))
        let behind = Button(title: "behind", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        scene.rootView.addSubview(behind)
        let picker = ListPicker(items: ["1", "2"])
        picker.present(in: scene)
        _ = scene.prepareFrame()
        #expect(scene.focusedView === picker.list)
        for _ in 0..<3 {
            scene.handleKeyDown(KeyEvent(key: .tab))
            #expect(scene.focusedView === picker.list)
        }
    }

    @Test func typeAheadJumpsToTheMatchingRow() {
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 120))
        let source = ArrayListDataSource((0..<20).map { ListRow("Hello \($0)") })
        list.dataSource = source
        scene.rootView.addSubview(list)
        list.becomeFocused()
        for character in "hello 7" {
            scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character)))
        }
        #expect(list.selectedRow == 7)
        #expect(list.visibleRows.contains(7) || list.contentOffset.y == 7 * 40 + 40 - 120)
        time.step(by: ListView.typeAheadTimeout + 0.01)
        for character in "hello 1" {
            scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character)))
        }
        #expect(list.selectedRow == 10)  // the first match from the selection on
    }

    @Test func thePointerShapeFollowsTheViewUnderIt() {
        let host = MemoryHost()
        let scene = time.makeScene(size: Size(width: 300, height: 100), host: host)
        let button = Button(title: "b", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        let field = TextField(frame: Rect(x: 150, y: 0, width: 100, height: 40))
        scene.rootView.addSubview(button)
        scene.rootView.addSubview(field)
        for x in [10.0, 160, 290] {
            scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: x, y: 10), clickCount: 0))
        }
        #expect(host.cursorChanges == [.hand, .text, .arrow])
    }
}
