import Canopy
import CanopyTesting
import Testing

/// The input method's composition (pre-edit): its edits as an input method reports them, and how
/// a scene and its focused text input hold it (issue 29).
@MainActor @Suite struct TextCompositionTests {
    let time = ManualTime()

    @Test func editsCountScalarsAndRunsCountCharacters() {
        var composition = TextComposition(text: "nihao")
        composition.replace(0..<2, with: "你", emphasis: [.highlighted])
        #expect(composition.text == "你hao")
        composition.caret = 1
        #expect(composition.characterRuns.map(\.emphasis) == [.highlighted, .underlined])
        #expect(composition.characterRuns.map(\.range) == [0..<1, 1..<4])
        composition.setEmphasis([.highlighted, .highlighted], from: 1)
        #expect(composition.characterRuns.map(\.range) == [0..<3, 3..<4])
        composition.replace(1..<4, with: "")
        #expect(composition.text == "你")
        #expect(composition.caret == 1)
        composition.caret = 9
        #expect(composition.caret == 1)

        // "é" as e and a combining accent: two scalars, one Character.
        let accented = TextComposition(text: "e\u{301}x", caret: 1)
        #expect(accented.scalarCount == 3)
        #expect(accented.characterCaret == 0)
        #expect(accented.characterRuns.map(\.range) == [0..<2])
    }

    @Test func theFocusedFieldShowsTheCompositionAndFocusMovingCancelsIt() {
        let host = MemoryHost()
        let scene = time.makeScene(size: Size(width: 300, height: 100), host: host)
        let field = TextField(text: "ab", frame: Rect(x: 10, y: 10, width: 200, height: 36))
        let other = TextField(frame: Rect(x: 10, y: 50, width: 200, height: 36))
        scene.rootView.addSubview(field)
        scene.rootView.addSubview(other)
        field.becomeFocused()
        let caret = scene.textInputCaretRect

        scene.handleTextComposition(TextComposition(text: "你好", caret: 1))
        #expect(scene.textComposition?.text == "你好")
        let movedCaret = scene.textInputCaretRect
        #expect((movedCaret?.minX ?? 0) > (caret?.minX ?? .infinity), "the caret is not in the composition")
        #expect(field.text == "ab")

        other.becomeFocused()
        #expect(scene.textComposition == nil)
        #expect(host.compositionCancels == 1)
        #expect(field.text == "ab")

        scene.handleTextComposition(TextComposition())  // an empty one is none
        #expect(scene.textComposition == nil)
        other.resignFocus()
        #expect(scene.textInputCaretRect == nil)
        #expect(host.compositionCancels == 1)
    }
}
