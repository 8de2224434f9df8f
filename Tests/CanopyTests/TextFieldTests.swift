import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct TextFieldTests {
    let time = ManualTime()

    /// A field in a scene whose text is measured as 7.5 points a character (15-point font).
    func makeField() -> (Scene, TextField, RecordingContext) {
        let scene = time.makeScene(size: Size(width: 300, height: 100))
        let measurer = RecordingContext(size: scene.size)
        scene.textMeasurer = measurer
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
        field.onPrimaryAction = { submitted.append($0) }
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
}
