@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Code selecting a field's text and reading the selection, and the field telling when the user
/// is done editing.
@MainActor @Suite struct TextFieldSelectionTests {
    let time = ManualTime()

    /// A focused field holding `text` in a scene, and a second field to Tab to.
    func makeFields(text: String = "") -> (Scene, TextField, TextField) {
        let scene = time.makeScene(size: Size(width: 300, height: 100))
        let field = TextField(text: text, frame: Rect(x: 10, y: 10, width: 200, height: 36))
        let other = TextField(frame: Rect(x: 10, y: 50, width: 200, height: 36))
        scene.rootView.addSubview(field)
        scene.rootView.addSubview(other)
        field.becomeFocused()
        return (scene, field, other)
    }

    func type(_ text: String, into scene: Scene) {
        for character in text { scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character))) }
    }

    @Test func selectingARangeCountsCharacters() {
        let (_, field, _) = makeFields(text: "né 你好 👍🏽 ok")
        #expect(field.selectedRange == 10..<10)  // the caret at the end
        #expect(field.selectedText.isEmpty)
        field.select(3..<5)
        #expect(field.selectedRange == 3..<5)
        #expect(field.selectedText == "你好")
        #expect(field.editing.caret == 5)
        field.select(6..<7)
        #expect(field.selectedText == "👍🏽")  // one Character of two scalars
        field.select(4..<4)
        #expect(field.selectedRange == 4..<4)
        #expect(!field.editing.hasSelection)
    }

    @Test func rangesOutsideTheTextAreClamped() {
        let (_, field, _) = makeFields(text: "hello")
        field.select(-3..<2)
        #expect(field.selectedRange == 0..<2)
        #expect(field.selectedText == "he")
        field.select(3..<99)
        #expect(field.selectedText == "lo")
        field.select(40..<50)
        #expect(field.selectedRange == 5..<5)
        field.text = ""
        field.select(-1..<1)
        #expect(field.selectedRange == 0..<0)
        field.selectAll()
        #expect(field.selectedText.isEmpty)
    }

    @Test func selectAllSelectsEverythingAndTypingReplacesIt() {
        let (scene, field, _) = makeFields(text: "old text")
        var changes: [String] = []
        field.onValueChanged = { changes.append($0) }
        field.selectAll()
        #expect(field.selectedRange == 0..<8)
        #expect(field.selectedText == "old text")
        #expect(changes.isEmpty)  // selecting is no edit
        type("n", into: scene)
        #expect(field.text == "n")
        #expect(changes == ["n"])
    }

    @Test func tabbingAwayAfterAnEditEndsTheSessionOnce() {
        let (scene, field, other) = makeFields(text: "draft")
        var ended: [String] = []
        field.onEditingEnded = { ended.append($0) }
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(other.isFocused)
        #expect(ended.isEmpty)  // nothing was changed
        field.becomeFocused()
        type("s", into: scene)
        #expect(ended.isEmpty)
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(ended == ["drafts"])
        field.becomeFocused()
        other.becomeFocused()
        #expect(ended == ["drafts"])  // focus came and went without an edit
    }

    @Test func enterEndsTheSessionAfterSubmittingAndTabbingAwayThenCallsNothing() {
        let (scene, field, _) = makeFields()
        var calls: [String] = []
        field.onSubmit = { calls.append("submit \($0)") }
        field.onEditingEnded = { calls.append("ended \($0)") }
        type("hi", into: scene)
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(calls == ["submit hi", "ended hi"])
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(calls == ["submit hi", "ended hi"])  // once per session
        field.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(calls == ["submit hi", "ended hi", "submit hi"])  // no edit: submitted, not ended
    }

    @Test func enterInAFieldWithoutSubmitEndsTheSessionAndGoesOn() {
        let (scene, field, _) = makeFields()
        var ended: [String] = []
        field.onEditingEnded = { ended.append($0) }
        type("x", into: scene)
        #expect(!field.keyDown(KeyEvent(key: .enter)))  // left to the window
        #expect(ended == ["x"])
    }

    @Test func settingTheTextFromCodeEndsTheSessionSilently() {
        let (scene, field, other) = makeFields()
        var ended: [String] = []
        field.onEditingEnded = { ended.append($0) }
        type("typed", into: scene)
        field.text = "replaced"
        other.becomeFocused()
        #expect(ended.isEmpty)
        field.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .backspace))
        field.removeFromSuperview()  // focus leaves with the field
        #expect(ended == ["replace"])
    }

    @Test func aTripleClickSelectsTheWholeLineAndADoubleClickAWord() {
        let (scene, field, _) = makeFields(text: "alpha beta gamma")
        let point = field.convert(Point(x: 62, y: 18), to: nil)
        var selections: [String] = []
        for time in [1.0, 1.1, 1.2] {
            scene.handleMouseDown(MouseEvent(locationInWindow: point, timestamp: time))
            scene.handleMouseUp(MouseEvent(locationInWindow: point, timestamp: time))
            selections.append(field.selectedText)
        }
        #expect(selections == ["", "beta", "alpha beta gamma"])
    }
}
