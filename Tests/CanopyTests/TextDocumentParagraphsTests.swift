import Canopy
import CanopyTesting
import Testing

/// How a document stores its paragraphs: slices of the one text it was opened from (each
/// slice's `base` is the string it slices), a string of its own for an edited paragraph, the
/// same paragraphs however the text was stored.
@Suite struct TextDocumentParagraphsTests {
    /// "line 0" to "line \(count - 1)", joined by `separator`.
    func lines(_ count: Int, separator: String = "\n") -> String {
        (0..<count).map { "line \($0)" }.joined(separator: separator)
    }

    @Test func openingSlicesOneBufferAndCopiesOnlyAParagraphWithAControlCharacter() {
        let text = "first\r\nsecond\u{2028}thi\u{7}rd\u{85}fourth\rfifth"
        let document = TextDocument(text: text)
        #expect(Array(document.paragraphs) == ["first", "second", "third", "fourth", "fifth"])
        for index in [0, 1, 3, 4] {
            #expect(document.paragraphs[index].base == text, "paragraph \(index) slices the text")
        }
        // The bell is dropped, so that paragraph is a copy without it.
        #expect(document.paragraphs[2].base == "third")
    }

    @Test func anEditCopiesOnlyTheParagraphsItTouches() {
        let text = lines(1_000)
        var document = TextDocument(text: text)
        document.setCaret(TextPosition(paragraph: 500, offset: 4))
        document.insert("X")
        #expect(document.paragraphs[500] == "lineX 500")
        #expect(document.paragraphs[500].base == "lineX 500", "the edited paragraph has a string of its own")
        #expect(document.paragraphs[499].base == text && document.paragraphs[501].base == text)
        // A paste of many paragraphs: the middle ones slice one copy of what was pasted.
        let pasted = "a\r\nb\u{2029}c\nd"
        document.insert(pasted)
        #expect(Array(document.paragraphs[500...503]) == ["lineXa", "b", "c", "d 500"])
        #expect(document.paragraphs[501].base == pasted && document.paragraphs[502].base == pasted)
        #expect(document.paragraphs[504].base == text && document.paragraphs.count == 1_003)
        #expect(document.caret == TextPosition(paragraph: 503, offset: 1))
    }

    @Test func editsAcrossParagraphBreaksJoinAndSplitWithEveryKindOfBreak() {
        var document = TextDocument(text: "one\r\ntwo\u{2028}three\u{0B}four")
        // From inside "one" to inside "three": "on" and "ee" make one paragraph.
        document.replace(TextPosition(paragraph: 0, offset: 2)..<TextPosition(paragraph: 2, offset: 3), with: "")
        #expect(Array(document.paragraphs) == ["onee", "four"])
        // A replacement holding CR LF, a lone CR and U+2028 makes four paragraphs of one.
        document.replace(
            TextPosition(paragraph: 0, offset: 2)..<TextPosition(paragraph: 1, offset: 1), with: "1\r\n2\r3\u{2028}4")
        #expect(Array(document.paragraphs) == ["on1", "2", "3", "4our"])
        #expect(document.text == "on1\n2\n3\n4our")
        // Deleting the break between two paragraphs from either side joins them.
        document.setCaret(TextPosition(paragraph: 2, offset: 0))
        document.deleteBackward()
        document.setCaret(TextPosition(paragraph: 1, offset: 2))
        document.deleteForward()
        #expect(Array(document.paragraphs) == ["on1", "234our"])
    }

    @Test func aJoinAcrossABreakMakesOneClusterAndTheCaretStaysOutsideIt() {
        // A paragraph may start with a combining accent; joined to an "e" they make one é.
        var document = TextDocument(text: "cafe\n\u{301}s 🇫🇷\n👍🏽x")
        #expect(document.characterCount(ofParagraph: 1) == 4)
        document.setCaret(TextPosition(paragraph: 1, offset: 0))
        document.deleteBackward()
        #expect(Array(document.paragraphs) == ["cafe\u{301}s 🇫🇷", "👍🏽x"])
        #expect(document.characterCount(ofParagraph: 0) == 7)
        #expect(document.caret == TextPosition(paragraph: 0, offset: 4), "after the é, not inside it")
        // Deleting before the flag removes both its scalars; before the toned thumb, the thumb.
        document.setCaret(TextPosition(paragraph: 0, offset: 7))
        document.deleteBackward()
        #expect(document.paragraphs[0] == "cafe\u{301}s ")
        document.setCaret(TextPosition(paragraph: 1, offset: 1))
        document.deleteBackward()
        #expect(document.paragraphs[1] == "x")
    }

    @Test func documentsWithTheSameParagraphsAreEqualHoweverTheyAreStored() {
        var edited = TextDocument(text: "a\r\nc")
        edited.setCaret(TextPosition(paragraph: 1, offset: 0))
        edited.insert("b\n")
        edited.setCaret(.start)
        let opened = TextDocument(text: "a\nb\nc")
        #expect(edited == opened)
        #expect(edited.hashValue == opened.hashValue)
        #expect(edited != TextDocument(text: "a\nb\nd"))
    }

    /// Thousands of edits at random places in a text of 2,000 paragraphs, each adding,
    /// removing or changing paragraphs, agree with the same edits made on an array of strings:
    /// every paragraph and every paragraph's place stays right however many came before it.
    @Test func paragraphsStayInPlaceAfterManyEdits() {
        var random = SeededRandom(seed: 2_025)
        var model = (0..<2_000).map { "line \($0)" }
        var document = TextDocument(text: model.joined(separator: "\r\n"))
        // What is inserted, and the paragraphs it is made of.
        let insertions: [(text: String, paragraphs: [String])] = [
            ("", [""]), ("x", ["x"]), ("\n", ["", ""]), ("a\r\nb", ["a", "b"]), ("\u{2028}", ["", ""]), ("é", ["é"]),
            ("\n\n", ["", "", ""]), ("你好\u{2029}🇫🇷", ["你好", "🇫🇷"]),
        ]
        for step in 0..<3_000 {
            let first = Int.random(in: 0..<model.count, using: &random)
            let last = min(model.count - 1, first + Int.random(in: 0...2, using: &random))
            let lower = Int.random(in: 0...model[first].count, using: &random)
            let upper =
                first == last
                ? Int.random(in: lower...model[last].count, using: &random)
                : Int.random(in: 0...model[last].count, using: &random)
            let insertion = insertions[Int.random(in: 0..<insertions.count, using: &random)]
            document.replace(
                TextPosition(paragraph: first, offset: lower)..<TextPosition(paragraph: last, offset: upper),
                with: insertion.text)
            var made = insertion.paragraphs
            made[0] = String(model[first].prefix(lower)) + made[0]
            made[made.count - 1] += model[last].dropFirst(upper)
            model.replaceSubrange(first...last, with: made)
            guard document.paragraphs.count == model.count else {
                Issue.record("step \(step): \(document.paragraphs.count) paragraphs, not \(model.count)")
                return
            }
        }
        #expect(document.paragraphs.map(String.init) == model)
        let last = model.count * 3 / 4
        let from = TextPosition(paragraph: 10, offset: 2), to = TextPosition(paragraph: last, offset: 3)
        let expected =
            String(model[10].dropFirst(2)) + "\n" + model[11..<last].joined(separator: "\n") + "\n"
            + String(model[last].prefix(3))
        #expect(document.text(in: from..<to) == expected)
    }
}
