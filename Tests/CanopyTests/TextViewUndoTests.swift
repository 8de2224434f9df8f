@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Undo and redo of a text view's edits: which edits make one step (timed by the scene's clock),
/// across paragraph breaks, and the paragraphs and selection each undo and redo gives back.
@MainActor @Suite(.serialized) struct TextViewUndoTests {
    let time = ManualTime()
    let measurer = LayoutRecordingMeasurer()

    /// A focused view holding `text` in a scene laid out and drawn once.
    func makeView(_ text: String = "") -> (Scene, TextView) {
        let scene = time.makeScene(size: Size(width: 400, height: 300), host: MemoryHost(textMeasurer: measurer))
        let view = TextView(text: text, font: Font(size: 10), frame: Rect(x: 10, y: 10, width: 300, height: 200))
        scene.rootView.addSubview(view)
        view.becomeFocused()
        frame(scene)
        return (scene, view)
    }

    func frame(_ scene: Scene) {
        for rect in scene.prepareFrame() { scene.render(rect, in: RecordingContext(size: scene.size)) }
    }

    func type(_ text: String, into scene: Scene) {
        for character in text {
            guard character != "\n" else {
                press(.enter, in: scene)
                continue
            }
            scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character)))
        }
    }

    func press(_ key: Key, _ modifiers: Modifiers = [], in scene: Scene, times: Int = 1) {
        for _ in 0..<times { scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers)) }
    }

    func undo(_ scene: Scene) { press(.character("z"), .control, in: scene) }
    func redo(_ scene: Scene) { press(.character("Z"), [.control, .shift], in: scene) }

    func at(_ paragraph: Int, _ offset: Int) -> TextPosition { TextPosition(paragraph: paragraph, offset: offset) }

    func caret(_ view: TextView) -> TextEdit<TextPosition>.Selection { view.document.selectionEnds }

    @Test func typingIsUndoneAWordAtATimeAcrossParagraphsAndRedoneTheSameWay() {
        let (scene, view) = makeView()
        var reported = 0
        view.onValueChanged = { reported += 1 }
        type("one two\nthree", into: scene)
        #expect(view.editHistory.stack.undoTitle == "Undo Typing")
        undo(scene)
        #expect(Array(view.document.paragraphs) == ["one two", ""] && caret(view) == .caret(at: at(1, 0)))
        undo(scene)
        #expect(view.text == "one " && caret(view) == .caret(at: at(0, 4)))
        undo(scene)
        #expect(view.text == "" && !view.editHistory.stack.canUndo)
        redo(scene)
        #expect(view.text == "one ")
        press(.character("y"), .control, in: scene)
        #expect(view.text == "one two\n" && caret(view) == .caret(at: at(1, 0)))
        redo(scene)
        #expect(view.text == "one two\nthree" && caret(view) == .caret(at: at(1, 5)))
        #expect(!view.editHistory.stack.canRedo)
        // 13 keys, then every undo and redo, reported as the user's edits.
        #expect(reported == 13 + 6)
    }

    @Test func aPauseOnTheScenesClockOrACaretMoveStartsANewStep() {
        let (scene, view) = makeView()
        type("abc", into: scene)
        time.step(by: view.editHistory.pauseInterval - 0.1)
        type("d", into: scene)
        time.step(by: view.editHistory.pauseInterval + 0.1)
        type("ef", into: scene)
        press(.left, in: scene)
        type("x", into: scene)
        #expect(view.text == "abcdexf")
        undo(scene)
        #expect(view.text == "abcdef" && caret(view) == .caret(at: at(0, 5)))
        undo(scene)
        #expect(view.text == "abcd")
        undo(scene)
        #expect(view.text == "")
    }

    @Test func aCombiningAccentTypedJoinsTheWordsStep() {
        let (scene, view) = makeView("x\n")
        press(.end, .control, in: scene)
        type("cafe", into: scene)
        scene.handleKeyDown(KeyEvent(key: .character("\u{301}"), text: "\u{301}"))  // joins the "e"
        type("s", into: scene)
        #expect(Array(view.document.paragraphs) == ["x", "cafés"])
        undo(scene)
        #expect(Array(view.document.paragraphs) == ["x", ""] && !view.editHistory.stack.canUndo)
        redo(scene)
        #expect(Array(view.document.paragraphs) == ["x", "cafés"] && caret(view) == .caret(at: at(1, 5)))
    }

    @Test func enterInsideAParagraphIsUndoneWithTheCaretPutBack() {
        let (scene, view) = makeView("first line\nsecond")
        press(.right, in: scene, times: 5)
        press(.enter, in: scene)
        #expect(Array(view.document.paragraphs) == ["first", " line", "second"])
        undo(scene)
        #expect(Array(view.document.paragraphs) == ["first line", "second"] && caret(view) == .caret(at: at(0, 5)))
        redo(scene)
        #expect(Array(view.document.paragraphs) == ["first", " line", "second"] && caret(view) == .caret(at: at(1, 0)))
    }

    @Test func aMultiParagraphPasteOverASelectionIsOneStepThatPutsTheSelectionBack() {
        let (scene, view) = makeView("alpha\nbeta\ngamma")
        let host = scene.host as? MemoryHost
        press(.down, in: scene)
        press(.end, .shift, in: scene)
        #expect(view.document.selectedText == "beta")
        host?.memoryClipboard.setText("one\r\ntwo\nthree")
        press(.character("v"), .control, in: scene)
        #expect(Array(view.document.paragraphs) == ["alpha", "one", "two", "three", "gamma"])
        #expect(view.editHistory.stack.undoTitle == "Undo Paste")
        undo(scene)
        #expect(Array(view.document.paragraphs) == ["alpha", "beta", "gamma"])
        #expect(caret(view) == TextEdit.Selection(anchor: at(1, 0), caret: at(1, 4)))
        redo(scene)
        #expect(Array(view.document.paragraphs) == ["alpha", "one", "two", "three", "gamma"])
        #expect(caret(view) == .caret(at: at(3, 5)))
    }

    @Test func deletingASelectionAcrossParagraphsAndRunsOfDeletesOverBreaksAreOneStepEach() {
        let (scene, view) = makeView("ab\ncd\nef")
        press(.end, .control, in: scene)
        press(.backspace, in: scene, times: 4)  // "f", "e", the break, "d"
        #expect(view.text == "ab\nc")
        undo(scene)
        #expect(view.text == "ab\ncd\nef" && caret(view) == .caret(at: at(2, 2)))
        press(.home, .control, in: scene)
        press(.right, in: scene)
        press(.delete, in: scene, times: 3)  // "b", the break, "c"
        #expect(view.text == "ad\nef")
        undo(scene)
        #expect(view.text == "ab\ncd\nef" && caret(view) == .caret(at: at(0, 1)))
        press(.down, .shift, in: scene)
        press(.down, .shift, in: scene)
        press(.backspace, in: scene)
        #expect(view.text == "af")
        #expect(view.editHistory.stack.undoTitle == "Undo Delete")
        undo(scene)
        #expect(view.text == "ab\ncd\nef")
        #expect(caret(view) == TextEdit.Selection(anchor: at(0, 1), caret: at(2, 1)))
    }

    @Test func anInputMethodsCommitIsOneStepHoweverLong() {
        let (scene, view) = makeView()
        type("ab", into: scene)
        scene.handleKeyDown(KeyEvent(key: .character("你"), text: "你", isInputMethodCommit: true))
        scene.handleKeyDown(KeyEvent(key: .character("好"), text: "好的", isInputMethodCommit: true))
        type("c", into: scene)
        undo(scene)
        #expect(view.text == "ab你好的")
        undo(scene)
        #expect(view.text == "ab你")
        undo(scene)
        #expect(view.text == "ab" && caret(view) == .caret(at: at(0, 2)))
        redo(scene)
        redo(scene)
        #expect(view.text == "ab你好的")
    }

    @Test func aCutAndADropAreOneStepEach() {
        let (scene, view) = makeView("keep this")
        press(.end, .control, in: scene)
        press(.left, [.control, .shift], in: scene)
        press(.character("x"), .control, in: scene)
        #expect(view.text == "keep ")
        #expect(view.editHistory.stack.undoTitle == "Undo Cut")
        #expect(view.performDrop(.text("dropped\ntext"), at: Point(x: 4, y: 4)))
        #expect(Array(view.document.paragraphs) == ["dropped", "textkeep "])
        undo(scene)
        #expect(view.text == "keep " && caret(view) == .caret(at: at(0, 5)))
        undo(scene)
        #expect(view.text == "keep this" && caret(view) == TextEdit.Selection(anchor: at(0, 9), caret: at(0, 5)))
    }

    @Test func undoLaysOutAgainOnlyTheParagraphsItTouches() {
        let (scene, view) = makeView(TextViewTests.lines(5_000))
        press(.down, in: scene, times: 3)
        press(.end, in: scene)
        type("-more", into: scene)
        frame(scene)
        measurer.laidOut = []
        undo(scene)
        frame(scene)
        #expect(view.document.paragraphs[3] == "line 3")
        #expect(measurer.laidOut == ["line 3"], "\(measurer.laidOut)")
        measurer.laidOut = []
        redo(scene)
        frame(scene)
        #expect(measurer.laidOut == ["line 3-more"], "\(measurer.laidOut)")
    }

    @Test func textFromCodeClearsTheHistoryAndAnEmptyHistoryPassesUndoToTheWindow() {
        let (scene, view) = makeView()
        type("typed", into: scene)
        view.text = "from code"
        #expect(!view.editHistory.stack.canUndo)
        var undoneByApp = false
        scene.undoStack.push("Delete Note") { undoneByApp = true }
        undo(scene)
        #expect(undoneByApp && view.text == "from code")
        // A read-only view offers no history: the window's is used.
        type("x", into: scene)
        view.isEditable = false
        #expect(view.undoStack == nil)
        view.isEditable = true
        undo(scene)
        #expect(view.text == "from code")
    }
}
