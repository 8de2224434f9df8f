import Canopy
import Testing

@Suite struct TextEditingTests {
    @Test func insertingReplacesTheSelection() {
        var state = TextEditingState(text: "hello world")
        state.setCaret(6)
        state.setCaret(11, extending: true)
        #expect(state.selectedText == "world")
        state.insert("there")
        #expect(state.text == "hello there")
        #expect(state.caret == 11 && !state.hasSelection)
    }

    @Test func deletingRemovesWholeCharactersNotBytes() {
        var state = TextEditingState(text: "ab你👍🏽é")  // é as e + combining accent
        #expect(state.count == 5)
        state.deleteBackward()
        #expect(state.text == "ab你👍🏽")
        state.deleteBackward()
        #expect(state.text == "ab你")
        state.deleteBackward()
        #expect(state.text == "ab")
        state.setCaret(0)
        state.deleteForward()
        #expect(state.text == "b")
    }

    @Test func wordMovesAndWordDeletes() {
        var state = TextEditingState(text: "one two  three")
        state.moveLeft(byWord: true)
        #expect(state.caret == 9)
        state.moveLeft(byWord: true)
        #expect(state.caret == 4)
        state.moveRight(byWord: true)
        #expect(state.caret == 7)
        state.deleteBackward(byWord: true)
        #expect(state.text == "one   three")
        state.setCaret(0)
        state.deleteForward(byWord: true)
        #expect(state.text == "   three")
    }

    /// Word moves read only the text near the caret, widening as far as a word goes: a word far
    /// longer than that window, and words beyond long runs of spaces, are still found whole.
    @Test func wordMovesFindWordsLongerThanTheTextTheyReadAtFirst() {
        let long = String(repeating: "x", count: 2_000)
        let spaces = String(repeating: " ", count: 3_000)
        var state = TextEditingState(text: "alpha " + long + spaces + "omega")
        let omega = 6 + 2_000 + 3_000
        #expect(state.wordStart(before: omega) == 6)  // across 3,000 spaces, to the long word's start
        #expect(state.wordEnd(after: 7) == 6 + 2_000)
        #expect(state.wordEnd(after: 6 + 2_000) == omega + 5)
        state.selectWord(at: 1_000)
        #expect(state.selection == 6..<(6 + 2_000))
        state.selectWord(at: 6 + 2_000 + 10)  // a space: just that character
        #expect(state.selection == (6 + 2_010)..<(6 + 2_011))
    }

    @Test func shiftArrowsExtendAndPlainArrowsCollapse() {
        var state = TextEditingState(text: "abcdef")
        state.moveLeft(extending: true)
        state.moveLeft(extending: true)
        #expect(state.selection == 4..<6)
        state.moveLeft()
        #expect(state.caret == 4 && !state.hasSelection)
        state.selectAll()
        #expect(state.selectedText == "abcdef")
        state.moveRight()
        #expect(state.caret == 6)
    }

    @Test func doubleClickSelectsAWord() {
        var state = TextEditingState(text: "search 你好 now")
        state.selectWord(at: 8)
        #expect(state.selectedText == "你好")
        state.selectWord(at: 6)
        #expect(state.selectedText == " ")
    }

    @Test func theFieldStaysOnOneLine() {
        var state = TextEditingState(text: "a\nb")
        #expect(state.text == "a b")
        state.insert("c\td\u{7}e")
        #expect(state.text == "a bc de")
    }

    @Test func movesClampAtTheEnds() {
        var state = TextEditingState(text: "ab")
        state.moveRight()
        state.moveRight(byWord: true)
        #expect(state.caret == 2)
        state.setCaret(-5)
        state.moveLeft()
        state.deleteBackward()
        #expect(state.caret == 0 && state.text == "ab")
    }

    @Test func aCombiningAccentJoinsTheCharacterBeforeIt() {
        var state = TextEditingState(text: "Cafe")
        state.insert("\u{301}")
        #expect(state.text == "Café")
        #expect(state.count == 4 && state.caret == 4)
        state.insert("!")
        #expect(state.text == "Café!")
        state.deleteBackward()
        state.deleteBackward()
        #expect(state.text == "Caf")  // the accented letter goes whole
    }
}
