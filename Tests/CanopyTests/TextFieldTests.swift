@_spi(Testing) import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct TextFieldTests {
    let time = ManualTime()

    /// A field in a scene whose text is measured as 7.5 points a character (15-point font).
    func makeField() -> (Scene, TextField, RecordingContext) {
        let size = Size(width: 300, height: 100)
        let measurer = RecordingContext(size: size)
        let scene = time.makeScene(size: size, host: MemoryHost(textMeasurer: measurer))
        let field = TextField(frame: Rect(x: 10, y: 10, width: 116, height: 36))
        scene.rootView.addSubview(field)
        field.becomeFocused()
        return (scene, field, measurer)
    }

    func type(_ text: String, into scene: Scene) {
        for character in text { scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character))) }
    }

    @Test func typingEditingAndSubmitting() {
        let (scene, field, _) = makeField()
        var submitted: [String] = []
        var edits = 0
        field.onSubmit = { submitted.append($0) }
        field.onValueChanged = { _ in edits += 1 }
        type("hello wide world", into: scene)
        scene.handleKeyDown(KeyEvent(key: .backspace, modifiers: .control))
        #expect(field.text == "hello wide ")
        scene.handleKeyDown(KeyEvent(key: .home))
        scene.handleKeyDown(KeyEvent(key: .right, modifiers: [.shift, .control]))
        #expect(field.editing.selectedText == "hello")
        type("你好", into: scene)
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(submitted == ["你好 wide "])
        // Control chords type nothing.
        scene.handleKeyDown(KeyEvent(key: .character("q"), text: "", modifiers: .control))
        #expect(field.text == "你好 wide ")
        #expect(edits == 16 + 1 + 2)  // each typed character, the word deleted, 你 and 好
        field.text = "set by code"  // calls nothing
        #expect(edits == 19)
    }

    @Test func aDisabledFieldRefusesFocusTypingAndEditsAndLooksIt() {
        let (scene, field, context) = makeField()
        type("hi", into: scene)
        field.isEnabled = false
        #expect(scene.focusedView == nil)  // disabling gave focus up
        #expect(!field.becomeFocused())
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 40, y: 28)))
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 40, y: 28)))
        #expect(scene.focusedView == nil)
        type("x", into: scene)
        #expect(!field.keyDown(KeyEvent(key: .character("y"), text: "y")))
        #expect(!field.replaceAccessibilityText(in: 0..<2, with: "z"))
        #expect(field.text == "hi")
        #expect(field.acceptedDropKinds.isEmpty)
        #expect(field.cursor == nil)
        #expect(field.state == [.disabled])
        let node = field.accessibilityNode
        #expect(node?.states.contains(.enabled) == false)
        #expect(node?.states.contains(.editable) == true)
        context.removeAll()
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        let textColors = context.operations.compactMap { op -> Color? in
            if case let .text("hi", _, _, color) = op { return color } else { return nil }
        }
        let backgrounds = context.operations.compactMap { op -> Color? in
            switch op {
            case let .fill(rect, color), let .fillRoundedRect(rect, _, color):
                return rect.size == field.bounds.size ? color : nil
            default: return nil
            }
        }
        #expect(textColors == [Theme.standard.secondaryText])
        #expect(backgrounds == [Theme.standard.disabledControlBackground])
        field.isEnabled = true
        #expect(field.becomeFocused())
        type("!", into: scene)
        #expect(field.text == "hi!")
    }

    @Test func longTextScrollsToKeepTheCaretVisible() {
        let (scene, field, measurer) = makeField()
        type(String(repeating: "x", count: 40), into: scene)  // 300 points in a 100-point area
        _ = scene.prepareFrame()
        for rect in [field.convert(field.bounds, to: nil)] { scene.render(rect, in: measurer) }
        let drawn = measurer.operations.compactMap { op -> Point? in
            if case let .text(_, at: origin, _, _) = op { return origin } else { return nil }
        }
        // The text starts left of the field so its end (and the caret) shows.
        #expect((drawn.last?.x ?? 0) < 10 + TextField.padding - 190)
        scene.handleKeyDown(KeyEvent(key: .home))
        measurer.removeAll()
        for rect in scene.prepareFrame() { scene.render(rect, in: measurer) }
        let home = measurer.operations.compactMap { op -> Point? in
            if case let .text(_, at: origin, _, _) = op { return origin } else { return nil }
        }
        #expect(home.last?.x == 10 + TextField.padding)
    }

    @Test func theCaretBlinksOnlyWhileFocused() {
        let (scene, field, _) = makeField()
        #expect(scene.timers.nextFireTime != nil)
        let frames = scene.prepareFrame()
        #expect(!frames.isEmpty)
        time.step(by: TextField.blinkInterval)
        #expect(!scene.prepareFrame().isEmpty)  // the caret went off: a redraw
        field.resignFocus()
        #expect(scene.timers.nextFireTime == nil)  // nothing left to wake the loop
    }

    @Test func theCaretBlinksAtTheDesktopsPaceOrNotAtAll() {
        let (scene, field, measurer) = makeField()
        scene.desktopSettings.caretBlinkInterval = 1
        field.resignFocus()
        field.becomeFocused()
        #expect(scene.timers.nextFireTime == time.clock.now + 1)
        scene.desktopSettings.caretBlinkInterval = nil
        field.resignFocus()
        field.becomeFocused()
        #expect(scene.timers.nextFireTime == nil)  // a steady caret: nothing wakes the loop
        #expect(caretsDrawn(in: scene, measurer) == 1)
    }

    /// The caret rectangles (1.5 points wide) a frame draws.
    func caretsDrawn(in scene: Scene, _ measurer: RecordingContext) -> Int {
        measurer.removeAll()
        for rect in scene.prepareFrame() { scene.render(rect, in: measurer) }
        return measurer.operations.filter {
            if case let .fill(rect, _) = $0 { return rect.width == 1.5 } else { return false }
        }.count
    }

    @Test func inAWindowWithoutTheKeyboardTheCaretHidesAndStopsBlinking() {
        let (scene, field, measurer) = makeField()
        type("hi", into: scene)
        #expect(caretsDrawn(in: scene, measurer) == 1)
        scene.hasKeyboardFocus = false  // the window manager focused another window
        #expect(caretsDrawn(in: scene, measurer) == 0)
        #expect(scene.timers.nextFireTime == nil)  // no blink wakes the loop meanwhile
        #expect(field.isFocused)  // the field keeps its focus for when the window comes back
        scene.hasKeyboardFocus = true
        #expect(caretsDrawn(in: scene, measurer) == 1)
        #expect(scene.timers.nextFireTime != nil)
    }

    @Test func clickingPlacesTheCaretAndDraggingSelects() {
        let (scene, field, _) = makeField()
        type("abcdef", into: scene)
        let x0 = 10 + TextField.padding
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: x0 + 7.5 * 2 + 1, y: 20)))
        #expect(field.editing.caret == 2)
        scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: x0 + 7.5 * 4 + 1, y: 20)))
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: x0 + 7.5 * 4 + 1, y: 20)))
        #expect(field.editing.selectedText == "cd")
    }

    @Test func aBlinkRedrawsOnlyTheCaretsRectangle() {
        let (scene, field, _) = makeField()
        type("hello", into: scene)
        _ = scene.prepareFrame()
        time.step(by: TextField.blinkInterval)
        let damage = scene.prepareFrame()
        // The caret after "hello" (5 × 7.5 points from the text's left edge), a few points wide.
        let caretX = field.convert(Point(x: TextField.padding + 37.5, y: 0), to: nil).x
        #expect(damage.count == 1)
        #expect(damage.allSatisfy { $0.minX <= caretX && $0.maxX >= caretX + 1.5 && $0.width <= 4 })
    }

    @Test func editingAtTheEndOfAHugeTextStaysCorrectAndLaysOutOnlyAWindow() {
        let (scene, field, measurer) = makeField()
        let huge = String(repeating: "ab ", count: 100_000)
        field.text = huge
        type("xyz", into: scene)
        scene.handleKeyDown(KeyEvent(key: .backspace))
        scene.handleKeyDown(KeyEvent(key: .left))
        type("!", into: scene)
        #expect(field.text == huge + "x!y")
        #expect(field.editing.caret == huge.count + 2)
        #expect(field.laidOutCharacters.count == field.layoutWindow)
        #expect(field.laidOutCharacters.contains(field.editing.caret))
        measurer.removeAll()
        for rect in scene.prepareFrame() { scene.render(rect, in: measurer) }
        // The window's end shows, ending in the edit, with the caret after the "!".
        let drawn = measurer.drawnTexts
        #expect(
            drawn.count == 1 && drawn.allSatisfy { $0.count == field.layoutWindow && $0.hasSuffix("x!y") })
        let caretX = field.convert(field.bounds, to: nil).maxX - TextField.padding - 2 - 7.5
        let carets = measurer.operations.filter {
            if case let .fill(rect, _) = $0 {
                return rect.width == 1.5 && abs(rect.minX - caretX) <= 1
            } else {
                return false
            }
        }
        #expect(carets.count == 1)
        // Back at the start: a window there, the text drawn from the field's left edge.
        scene.handleKeyDown(KeyEvent(key: .home))
        type("<", into: scene)
        #expect(field.text.hasPrefix("<ab ab"))
        #expect(field.laidOutCharacters.lowerBound == 0)
    }

    @Test func theLayoutWindowFollowsTheFieldsWidth() {
        let field = TextField(frame: Rect(x: 0, y: 0, width: 116, height: 36))
        field.font = .system(size: 16)  // no character narrower than 4 points
        #expect(field.layoutWindow == 1_000)  // a narrow field: the least
        field.frame = Rect(x: 0, y: 0, width: 600, height: 36)
        #expect(field.layoutWindow == 1_200)  // eight times the 150 characters it could show
        field.frame = Rect(x: 0, y: 0, width: 4_000, height: 36)
        #expect(field.layoutWindow == TextField.layoutWindowLength)
    }

    @Test func enterRightAfterAPasteSubmitsThePastedText() {
        let (scene, field, _) = makeField()
        let clipboard = SlowClipboard()
        (scene.host as? MemoryHost)?.clipboard = clipboard
        var submitted: [String] = []
        field.onSubmit = { submitted.append($0) }
        type("to ", into: scene)
        scene.handleKeyDown(KeyEvent(key: .character("v"), text: "", modifiers: .control))
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(submitted.isEmpty)  // the paste has not arrived yet
        clipboard.deliver("pasted")
        #expect(submitted == ["to pasted"])
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(submitted == ["to pasted", "to pasted"])
    }
}

/// A clipboard whose text arrives only when the test hands it over, as another program's does.
@MainActor private final class SlowClipboard: Clipboard {
    private var waiting: [(String?) -> Void] = []

    func setText(_ text: String) {}

    func requestText(_ completion: @escaping (String?) -> Void) { waiting.append(completion) }

    func release(_ text: String) {}

    /// Answers every request made so far with `text`.
    func deliver(_ text: String?) {
        let requests = waiting
        waiting.removeAll()
        for request in requests { request(text) }
    }
}

/// A drag host that records the drags views begin.
@MainActor final class RecordingDragHost: DragHost {
    /// What each drag carried, as text.
    var dragged: [String] { contents.map(\.plainText) }
    /// What each drag carried.
    var contents: [DragContent] = []

    func beginDrag(_ content: DragContent) { contents.append(content) }
}

@MainActor @Suite struct TextFieldDragTests {
    let time = ManualTime()

    /// A focused field holding "hello world" with "world" selected, text measured 7.5 points a
    /// character from x = 18 in the window, and a drag host when `withHost`.
    func makeField(withHost: Bool) -> (Scene, TextField, RecordingDragHost) {
        let host = RecordingDragHost()
        let size = Size(width: 300, height: 100)
        let scene = time.makeScene(
            size: size, host: MemoryHost(textMeasurer: RecordingContext(size: size), dragHost: withHost ? host : nil))
        let field = TextField(text: "hello world", frame: Rect(x: 10, y: 10, width: 200, height: 36))
        scene.rootView.addSubview(field)
        field.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .end))
        scene.handleKeyDown(KeyEvent(key: .left, modifiers: [.shift, .control]))
        #expect(field.editing.selectedText == "world")
        return (scene, field, host)
    }

    func mouse(_ x: Double) -> MouseEvent { MouseEvent(locationInWindow: Point(x: x, y: 28)) }

    /// The window x of the middle of character `index`.
    func characterX(_ index: Int) -> Double { 18 + 7.5 * Double(index) + 3.75 }
    /// The window x just right of the caret position before character `index`.
    func nearBoundary(_ index: Int) -> Double { 18 + 7.5 * Double(index) + 1 }

    @Test func pressingOnTheSelectionAndMovingPastTheThresholdDragsACopyOfIt() {
        let (scene, field, host) = makeField(withHost: true)
        let start = characterX(7)
        scene.handleMouseDown(mouse(start))
        scene.handleMouseDragged(mouse(start + TextField.dragThreshold - 1))
        #expect(host.dragged.isEmpty)  // not yet: a shaky click is no drag
        scene.handleMouseDragged(mouse(start + TextField.dragThreshold + 1))
        #expect(host.dragged == ["world"])
        scene.handleMouseDragged(mouse(start + 40))
        scene.handleMouseUp(mouse(start + 40))
        #expect(host.dragged == ["world"])  // one drag per press
        #expect(field.text == "hello world")
        #expect(field.editing.selectedText == "world")
    }

    @Test func aClickOnTheSelectionWithoutMovingPlacesTheCaret() {
        let (scene, field, host) = makeField(withHost: true)
        scene.handleMouseDown(mouse(nearBoundary(7)))
        scene.handleMouseDragged(mouse(nearBoundary(7) + 1))
        scene.handleMouseUp(mouse(nearBoundary(7) + 1))
        #expect(host.dragged.isEmpty)
        #expect(!field.editing.hasSelection)
        #expect(field.editing.caret == 7)
    }

    @Test func pressingOutsideTheSelectionOrWithoutAHostSelectsAsUsual() {
        let (scene, field, host) = makeField(withHost: true)
        scene.handleMouseDown(mouse(nearBoundary(1)))  // on "hello", not selected
        scene.handleMouseDragged(mouse(nearBoundary(3)))
        #expect(host.dragged.isEmpty)
        #expect(field.editing.selectedText == "el")
        scene.handleMouseUp(mouse(nearBoundary(3)))
        let (bare, bareField, _) = makeField(withHost: false)
        bare.handleMouseDown(mouse(nearBoundary(9)))
        bare.handleMouseDragged(mouse(nearBoundary(6)))
        #expect(bareField.editing.selectedText == "wor")
    }
}
