import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Undo and redo by the keyboard under a real X server: typing, pasting through the
    /// window's own clipboard, selections given back, and an app's action on the window's stack;
    /// in a text field and in a multi-line text view.
    @MainActor @Suite struct UndoScreenTests {
        /// A focused field alone in a window. Pauses between keys are not what these tests are
        /// about, so a loaded machine handling the keys slowly does not split the typing.
        func makeWindow() throws -> (TestWindow, TextField) {
            let root = View()
            let field = TextField(frame: Rect(x: 10, y: 10, width: 260, height: 36))
            field.editHistory.pauseInterval = 600
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 280, height: 60), rootView: root)
            test.click(field)
            return (test, field)
        }

        @Test func typedWordsAreUndoneAndRedoneByTheKeys() throws {
            let (test, field) = try makeWindow()
            defer { test.close() }
            var reported: [String] = []
            field.onValueChanged = { reported.append($0) }
            test.type("hello world")
            #expect(test.wait { field.text == "hello world" })
            test.tap(.character("z"), modifiers: .control)
            #expect(test.wait { field.text == "hello " })
            test.tap(.character("z"), modifiers: .control)
            #expect(test.wait { field.text == "" })
            test.tap(.character("z"), modifiers: [.control, .shift])
            #expect(test.wait { field.text == "hello " })
            test.tap(.character("y"), modifiers: .control)
            #expect(test.wait { field.text == "hello world" })
            #expect(field.editing.selectionEnds == .caret(at: 11))
            #expect(reported.suffix(4) == ["hello ", "", "hello ", "hello world"])
        }

        @Test func aPasteIsOneStepAndUndoGivesTheSelectionBack() throws {
            let (test, field) = try makeWindow()
            defer { test.close() }
            test.type("ab")
            test.window.scene.host?.clipboard?.setText("pasted 文字")
            test.tap(.character("v"), modifiers: .control)
            #expect(test.wait { field.text == "abpasted 文字" })
            test.type("cd")
            #expect(test.wait { field.text == "abpasted 文字cd" })
            test.tap(.character("z"), modifiers: .control)
            #expect(test.wait { field.text == "abpasted 文字" })
            test.tap(.character("z"), modifiers: .control)
            #expect(test.wait { field.text == "ab" })
            #expect(field.editing.selectionEnds == .caret(at: 2))
            test.tap(.character("y"), modifiers: .control)
            #expect(test.wait { field.text == "abpasted 文字" })
            #expect(field.editing.selectionEnds == .caret(at: 11))
            // Typing over everything selected, undone, selects everything again.
            test.tap(.character("a"), modifiers: .control)
            test.type("x")
            #expect(test.wait { field.text == "x" })
            test.tap(.character("z"), modifiers: .control)
            #expect(test.wait { field.text == "abpasted 文字" })
            #expect(field.editing.selectionEnds == TextEdit.Selection(anchor: 0, caret: 11))
            #expect(field.editing.selectedText == "abpasted 文字")
        }

        @Test func anAppsActionOnTheWindowsStackIsUndoneWhenTheFieldHasNothingToUndo() throws {
            let (test, field) = try makeWindow()
            defer { test.close() }
            var notes = ["groceries", "ideas"]
            notes.removeLast()
            test.window.scene.undoStack.push(
                "Delete Note", undo: { notes.append("ideas") }, redo: { notes.removeLast() })
            #expect(test.window.scene.undoMenuItems.map(\.title) == ["Undo Delete Note", "Redo"])
            test.type("a")
            #expect(test.wait { field.text == "a" })
            test.tap(.character("z"), modifiers: .control)  // the field's typing first
            #expect(test.wait { field.text == "" })
            #expect(notes == ["groceries"])
            test.tap(.character("z"), modifiers: .control)  // then the app's action
            #expect(test.wait { notes == ["groceries", "ideas"] })
            #expect(test.window.scene.undoMenuItems.map(\.title) == ["Undo", "Redo Typing"])
            test.tap(.character("z"), modifiers: [.control, .shift])
            #expect(test.wait { field.text == "a" })
            test.tap(.character("z"), modifiers: [.control, .shift])
            #expect(test.wait { notes == ["groceries"] })
        }

        /// A focused text view alone in a window, its pauses as long as the field's.
        func makeTextViewWindow(_ text: String) throws -> (TestWindow, TextView) {
            let root = View()
            let view = TextView(text: text, frame: Rect(x: 10, y: 10, width: 300, height: 160))
            view.editHistory.pauseInterval = 600
            root.addSubview(view)
            let test = try TestWindow(size: Size(width: 320, height: 180), rootView: root)
            test.click(view)
            return (test, view)
        }

        @Test func typingEnterAndAMultiParagraphPasteInATextViewAreUndoneAndRedoneByTheKeys() throws {
            let (test, view) = try makeTextViewWindow("")
            defer { test.close() }
            test.type("one two")
            test.tap(.enter)
            test.type("three")
            #expect(test.wait { view.text == "one two\nthree" })
            test.window.scene.host?.clipboard?.setText("pasted\nشكرا 文字\n")
            test.tap(.character("v"), modifiers: .control)
            #expect(test.wait { Array(view.document.paragraphs) == ["one two", "threepasted", "شكرا 文字", ""] })
            test.tap(.character("z"), modifiers: .control)  // the paste, all its paragraphs at once
            #expect(test.wait { view.text == "one two\nthree" })
            #expect(view.document.selectionEnds == .caret(at: TextPosition(paragraph: 1, offset: 5)))
            test.tap(.character("z"), modifiers: .control)
            #expect(test.wait { Array(view.document.paragraphs) == ["one two", ""] })
            test.tap(.character("z"), modifiers: .control)  // "two" and the Enter after it
            #expect(test.wait { view.text == "one " })
            test.tap(.character("z"), modifiers: [.control, .shift])
            #expect(test.wait { Array(view.document.paragraphs) == ["one two", ""] })
            #expect(view.document.selectionEnds == .caret(at: TextPosition(paragraph: 1, offset: 0)))
            test.tap(.character("y"), modifiers: .control)
            test.tap(.character("y"), modifiers: .control)
            #expect(test.wait { Array(view.document.paragraphs) == ["one two", "threepasted", "شكرا 文字", ""] })
            #expect(view.document.selectionEnds == .caret(at: TextPosition(paragraph: 3, offset: 0)))
        }

        @Test func deletingASelectionAcrossParagraphsInATextViewIsUndoneWithTheSelection() throws {
            let (test, view) = try makeTextViewWindow("first line\nsecond line\nthird")
            defer { test.close() }
            test.tap(.home, modifiers: .control)  // the click put the caret where it went down
            for _ in 0..<6 { test.tap(.right) }
            test.tap(.end, modifiers: [.control, .shift])
            #expect(test.wait { view.document.selectedText == "line\nsecond line\nthird" })
            test.tap(.backspace)
            #expect(test.wait { view.text == "first " })
            test.tap(.character("z"), modifiers: .control)
            #expect(test.wait { view.text == "first line\nsecond line\nthird" })
            #expect(view.document.selectedText == "line\nsecond line\nthird")
            test.tap(.character("Z"), modifiers: [.control, .shift])
            #expect(test.wait { view.text == "first " })
        }
    }
}
