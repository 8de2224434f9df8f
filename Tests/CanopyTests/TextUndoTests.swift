@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Undo and redo of a text field's edits: which edits make one step (timed by the scene's
/// clock), and the text and selection each undo and redo gives back.
@MainActor @Suite(.serialized) struct TextUndoTests {
    let time = ManualTime()
    let host = MemoryHost()

    func makeField(text: String = "") -> (Scene, TextField) {
        let scene = time.makeScene(size: Size(width: 400, height: 100), host: host)
        let field = TextField(text: text, frame: Rect(x: 10, y: 10, width: 300, height: 36))
        scene.rootView.addSubview(field)
        field.becomeFocused()
        return (scene, field)
    }

    func type(_ text: String, into scene: Scene) {
        for character in text { scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character))) }
    }

    func press(_ key: Key, _ modifiers: Modifiers = [], in scene: Scene, times: Int = 1) {
        for _ in 0..<times { scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers)) }
    }

    func undo(_ scene: Scene) { press(.character("z"), .control, in: scene) }
    func redo(_ scene: Scene) { press(.character("Z"), [.control, .shift], in: scene) }

    func selection(_ field: TextField) -> TextEdit<Int>.Selection { field.editing.selectionEnds }

    @Test func typingIsUndoneAWordAtATimeAndRedoneTheSameWay() {
        let (scene, field) = makeField()
        var reported: [String] = []
        field.onValueChanged = { reported.append($0) }
        type("hello big world", into: scene)
        #expect(field.editHistory.stack.undoTitle == "Undo Typing")
        undo(scene)
        #expect(field.text == "hello big ")
        undo(scene)
        #expect(field.text == "hello ")
        undo(scene)
        #expect(field.text == "" && !field.editHistory.stack.canUndo)
        redo(scene)
        #expect(field.text == "hello " && selection(field) == .caret(at: 6))
        press(.character("y"), .control, in: scene)
        #expect(field.text == "hello big ")
        redo(scene)
        #expect(field.text == "hello big world" && selection(field) == .caret(at: 15))
        #expect(!field.editHistory.stack.canRedo)
        // Every undo and redo was reported as the user's edit.
        #expect(reported.suffix(6) == ["hello big ", "hello ", "", "hello ", "hello big ", "hello big world"])
    }

    @Test func aPauseStartsANewStepOnTheScenesClock() {
        let (scene, field) = makeField()
        type("abc", into: scene)
        time.step(by: field.editHistory.pauseInterval - 0.1)
        type("d", into: scene)  // soon enough: the same step
        time.step(by: field.editHistory.pauseInterval + 0.1)
        type("ef", into: scene)
        undo(scene)
        #expect(field.text == "abcd")
        undo(scene)
        #expect(field.text == "")
    }

    @Test func movingTheCaretStartsANewStepAndUndoPutsTheCaretBack() {
        let (scene, field) = makeField()
        type("ab", into: scene)
        press(.left, in: scene)
        type("x", into: scene)
        #expect(field.text == "axb")
        undo(scene)
        #expect(field.text == "ab" && selection(field) == .caret(at: 1))
        undo(scene)
        #expect(field.text == "" && selection(field) == .caret(at: 0))
    }

    @Test func aRunOfBackspacesOrDeletesIsOneStep() {
        let (scene, field) = makeField()
        type("hello world", into: scene)
        press(.backspace, in: scene, times: 3)
        press(.backspace, .control, in: scene)  // the word's start joins the run too
        #expect(field.text == "hello ")
        #expect(field.editHistory.stack.undoTitle == "Undo Delete")
        undo(scene)
        #expect(field.text == "hello world" && selection(field) == .caret(at: 11))
        press(.home, in: scene)
        press(.delete, in: scene, times: 2)
        press(.delete, .control, in: scene)
        #expect(field.text == " world")
        undo(scene)
        #expect(field.text == "hello world" && selection(field) == .caret(at: 0))
        undo(scene)  // then the typing, a word at a time
        #expect(field.text == "hello ")
    }

    @Test func typingOverASelectionGivesTheSelectionBack() {
        let (scene, field) = makeField()
        type("hello world", into: scene)
        press(.left, [.control, .shift], in: scene)
        #expect(field.editing.selectedText == "world")
        type("you", into: scene)
        #expect(field.text == "hello you")
        undo(scene)
        #expect(field.text == "hello world")
        #expect(selection(field) == TextEdit.Selection(anchor: 11, caret: 6))  // the caret where it was
        redo(scene)
        #expect(field.text == "hello you" && selection(field) == .caret(at: 9))
    }

    @Test func aOneCharacterCommitIsAStepOfItsOwn() {
        let (scene, field) = makeField()
        type("ab", into: scene)
        // Pinyin "ni" committed as 你: one character, but the input method's, not a key's.
        scene.handleKeyDown(KeyEvent(key: .character("你"), text: "你", isInputMethodCommit: true))
        type("c", into: scene)
        undo(scene)
        #expect(field.text == "ab你")
        undo(scene)
        #expect(field.text == "ab" && selection(field) == .caret(at: 2))
        redo(scene)
        #expect(field.text == "ab你")
    }

    @Test func aPasteACutAnInputMethodsCommitAndADropAreEachAStep() {
        let (scene, field) = makeField()
        type("ab", into: scene)
        host.memoryClipboard.setText("PASTE")
        press(.character("v"), .control, in: scene)
        type("cd", into: scene)
        #expect(field.text == "abPASTEcd")
        #expect(field.editHistory.stack.undoTitle == "Undo Typing")
        undo(scene)
        #expect(field.editHistory.stack.undoTitle == "Undo Paste")
        undo(scene)
        #expect(field.text == "ab" && selection(field) == .caret(at: 2))
        scene.handleKeyDown(KeyEvent(key: .character("你"), text: "你好"))  // an input method's commit
        type("ef", into: scene)
        undo(scene)
        #expect(field.text == "ab你好")
        undo(scene)
        #expect(field.text == "ab")
        press(.character("a"), .control, in: scene)
        press(.character("x"), .control, in: scene)
        #expect(field.text == "" && field.editHistory.stack.undoTitle == "Undo Cut")
        undo(scene)
        #expect(field.text == "ab" && selection(field) == TextEdit.Selection(anchor: 0, caret: 2))
        press(.end, in: scene)
        #expect(field.performDrop(.text("DROP"), at: Point(x: 2, y: 18)))
        #expect(field.text == "DROPab" && field.editHistory.stack.undoTitle == "Undo Drop")
        undo(scene)
        #expect(field.text == "ab" && selection(field) == .caret(at: 2))  // the caret before the drop
        #expect(field.replaceAccessibilityText(in: 0..<1, with: "A"))
        #expect(field.editHistory.stack.undoTitle == "Undo Replace")
        undo(scene)
        #expect(field.text == "ab")
    }

    @Test func aCombiningAccentJoinsTheLetterItIsTypedAfter() {
        let (scene, field) = makeField()
        type("cafe", into: scene)
        scene.handleKeyDown(KeyEvent(key: .character("\u{301}"), text: "\u{301}"))
        #expect(field.text == "café" && field.text.count == 4)
        undo(scene)
        #expect(field.text == "")
        redo(scene)
        #expect(field.text.unicodeScalars.elementsEqual("cafe\u{301}".unicodeScalars))
        // The accent typed after a caret move is its own step, and its undo leaves the bare letter.
        press(.left, in: scene)
        press(.right, in: scene)
        scene.handleKeyDown(KeyEvent(key: .character("\u{300}"), text: "\u{300}"))
        undo(scene)
        #expect(field.text.unicodeScalars.elementsEqual("cafe\u{301}".unicodeScalars))
        #expect(selection(field) == .caret(at: 4))
    }

    @Test func textSetFromCodeClearsTheHistoryAndKeysGoOnWhenThereIsNothingToUndo() {
        let (scene, field) = makeField()
        type("abc", into: scene)
        field.text = "from code"
        #expect(!field.editHistory.stack.canUndo)
        #expect(!field.keyDown(KeyEvent(key: .character("z"), modifiers: .control)))
        #expect(!field.keyDown(KeyEvent(key: .character("y"), modifiers: .control)))
        #expect(field.text == "from code")
        type("!", into: scene)
        #expect(field.keyDown(KeyEvent(key: .character("z"), modifiers: .control)))
        #expect(field.text == "from code")
    }

    @Test func aDisabledFieldOffersNoUndo() {
        let (scene, field) = makeField()
        type("abc", into: scene)
        field.isEnabled = false
        #expect(field.undoStack == nil)
        #expect(!field.keyDown(KeyEvent(key: .character("z"), modifiers: .control)))
        #expect(!scene.undo())
        #expect(field.text == "abc")
        field.isEnabled = true
        #expect(field.undoStack === field.editHistory.stack)
    }

    @Test func theEditAnInsertReturnsUndoesIt() {
        var state = TextEditingState(text: "one two")
        state.setCaret(4)
        state.setCaret(7, extending: true)
        let edit = state.insert("2")
        #expect(
            edit
                == TextEdit(
                    range: 4..<7, oldText: "two", newText: "2",
                    selectionBefore: TextEdit.Selection(anchor: 4, caret: 7),
                    selectionAfter: .caret(at: 5)))
        state.apply(edit.inverted)
        #expect(state.text == "one two" && state.selectionEnds == TextEdit.Selection(anchor: 4, caret: 7))
        // A change that leaves the text as it was records nothing.
        state.setCaret(0)
        #expect(state.deleteBackward().changesNothing)
    }
}
