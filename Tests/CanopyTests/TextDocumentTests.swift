import Canopy
import CanopyTesting
import Testing

@Suite struct TextDocumentTests {
    @Test func everyLineBreakStartsAParagraph() {
        let text = "a\nb\r\nc\rd\u{85}e\u{0B}f\u{0C}g\u{2028}h\u{2029}i"
        let document = TextDocument(text: text)
        #expect(Array(document.paragraphs) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        #expect(document.text == "a\nb\nc\nd\ne\nf\ng\nh\ni")
        #expect(Array(TextDocument(text: "").paragraphs) == [""])
        #expect(Array(TextDocument(text: "end\n").paragraphs) == ["end", ""])
        // Tabs stay; other control characters go.
        #expect(Array(TextDocument(text: "a\tb\u{7}c\u{0}").paragraphs) == ["a\tbc"])
    }

    /// Every line break and control character, and the bytes that lead some of them in UTF-8
    /// without being one (é is C3 A9, a no-break space C2 A0, € E2 82 AC), at every place
    /// against the eight-byte words the splitting reads at once: the paragraphs are those a
    /// splitting scalar by scalar makes.
    @Test func breaksAndControlsAreFoundWhereverTheyFallInTheText() {
        func scalarByScalar(_ text: String) -> [String] {
            var paragraphs = [""], scalars = Array(text.unicodeScalars)[...]
            while let scalar = scalars.popFirst() {
                switch scalar {
                case "\r" where scalars.first == "\n":
                    scalars.removeFirst()
                    paragraphs.append("")
                case "\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}": paragraphs.append("")
                case "\t": paragraphs[paragraphs.count - 1].unicodeScalars.append(scalar)
                case _ where scalar.properties.generalCategory == .control: break
                default: paragraphs[paragraphs.count - 1].unicodeScalars.append(scalar)
                }
            }
            return paragraphs
        }
        let pieces = [
            "\n", "\r\n", "\r", "\u{85}", "\u{0B}", "\u{0C}", "\u{2028}", "\u{2029}", "\t", "\u{7}", "\u{0}", "\u{7F}",
            "\u{9F}", "é", "\u{A0}", "€", "\u{2027}", "\u{202A}",
        ]
        for piece in pieces {
            for before in 0..<17 {
                let text = String(repeating: "a", count: before) + piece + "bcdefghijklmnopq" + piece
                #expect(
                    TextDocument(text: text).paragraphs.map(String.init) == scalarByScalar(text),
                    "\(piece.unicodeScalars.map(\.value)) after \(before)")
            }
        }
    }

    @Test func positionsCountCharactersSoTheCaretNeverSplitsACluster() {
        var document = TextDocument(text: "e\u{301}你🇫🇷\nשלום")
        #expect(document.characterCount(ofParagraph: 0) == 3)
        #expect(
            document.position(after: TextPosition(paragraph: 0, offset: 3)) == TextPosition(paragraph: 1, offset: 0))
        #expect(
            document.position(before: TextPosition(paragraph: 1, offset: 0)) == TextPosition(paragraph: 0, offset: 3))
        document.setCaret(TextPosition(paragraph: 0, offset: 3))
        document.deleteBackward()
        #expect(document.paragraphs[0] == "e\u{301}你")
        // A combining accent typed after "e" makes one character.
        document.setCaret(TextPosition(paragraph: 1, offset: 4))
        document.insert("e")
        document.insert("\u{301}")
        #expect(document.caret == TextPosition(paragraph: 1, offset: 5))
        #expect(document.paragraphs[1] == "שלוםé")
    }

    @Test func insertingLineBreaksSplitsAndDeletingThemJoins() {
        var document = TextDocument(text: "hello world")
        document.setCaret(TextPosition(paragraph: 0, offset: 5))
        document.insert("\n")
        #expect(Array(document.paragraphs) == ["hello", " world"])
        #expect(document.caret == TextPosition(paragraph: 1, offset: 0))
        document.insert("one\r\ntwo\n")
        #expect(Array(document.paragraphs) == ["hello", "one", "two", " world"])
        #expect(document.caret == TextPosition(paragraph: 3, offset: 0))
        document.deleteBackward()
        #expect(Array(document.paragraphs) == ["hello", "one", "two world"])
        #expect(document.caret == TextPosition(paragraph: 2, offset: 3))
        document.setCaret(TextPosition(paragraph: 0, offset: 5))
        document.deleteForward()
        #expect(Array(document.paragraphs) == ["helloone", "two world"])
    }

    @Test func aSelectionAcrossParagraphsIsReadAndReplacedWhole() {
        var document = TextDocument(text: "first line\nsecond\nthird line")
        document.select(from: TextPosition(paragraph: 0, offset: 6), to: TextPosition(paragraph: 2, offset: 5))
        #expect(document.selectedText == "line\nsecond\nthird")
        document.insert("X")
        #expect(Array(document.paragraphs) == ["first X line"])
        #expect(document.caret == TextPosition(paragraph: 0, offset: 7))
        // The anchor stays the end that does not move.
        document.setCaret(TextPosition(paragraph: 0, offset: 2))
        document.setCaret(TextPosition(paragraph: 0, offset: 0), extending: true)
        #expect(document.anchor == TextPosition(paragraph: 0, offset: 2))
        #expect(document.selection == TextPosition(paragraph: 0, offset: 0)..<TextPosition(paragraph: 0, offset: 2))
        document.selectAll()
        #expect(document.selectedText == "first X line")
    }

    @Test func aReplacementElsewhereKeepsTheSelectionOnItsText() {
        var document = TextDocument(text: "ab\ncd\nef")
        document.select(from: TextPosition(paragraph: 2, offset: 0), to: TextPosition(paragraph: 2, offset: 2))
        document.replace(TextPosition(paragraph: 0, offset: 1)..<TextPosition(paragraph: 0, offset: 1), with: "1\n2")
        #expect(Array(document.paragraphs) == ["a1", "2b", "cd", "ef"])
        #expect(document.selectedText == "ef")
        document.replace(TextPosition(paragraph: 2, offset: 1)..<TextPosition(paragraph: 2, offset: 2), with: "")
        #expect(Array(document.paragraphs) == ["a1", "2b", "c", "ef"])
        #expect(document.selectedText == "ef")
    }

    @Test func wordMovesAndDeletesCrossParagraphs() {
        var document = TextDocument(text: "one two\nthree")
        let start = TextPosition(paragraph: 1, offset: 0)
        #expect(document.wordStart(before: start) == TextPosition(paragraph: 0, offset: 4))
        #expect(document.wordEnd(after: TextPosition(paragraph: 0, offset: 4)) == TextPosition(paragraph: 0, offset: 7))
        #expect(document.wordEnd(after: TextPosition(paragraph: 0, offset: 7)) == TextPosition(paragraph: 1, offset: 5))
        document.setCaret(TextPosition(paragraph: 1, offset: 5))
        document.deleteBackward(byWord: true)
        #expect(Array(document.paragraphs) == ["one two", ""])
        document.deleteBackward(byWord: true)
        #expect(Array(document.paragraphs) == ["one "])
        document.selectWord(at: TextPosition(paragraph: 0, offset: 1))
        #expect(document.selectedText == "one")
        document.selectParagraph(at: TextPosition(paragraph: 0, offset: 1))
        #expect(document.selectedText == "one ")
    }

    @Test func positionsOutsideTheTextAreClamped() {
        var document = TextDocument(text: "ab\ncd")
        document.setCaret(TextPosition(paragraph: 9, offset: 9))
        #expect(document.caret == document.end)
        #expect(document.end == TextPosition(paragraph: 1, offset: 2))
        document.setCaret(TextPosition(paragraph: -1, offset: -3))
        #expect(document.caret == .start)
        #expect(
            document.text(in: TextPosition(paragraph: 0, offset: 1)..<TextPosition(paragraph: 7, offset: 0)) == "b\ncd")
    }

    /// Random edits agree with the same edits made on one flat string: the text, and where the
    /// caret ends, counted in the characters of the flat text; the edit each returns, inverted,
    /// gives the text and selection before it back, and made again, the text after it.
    @Test func randomEditsAgreeWithAFlatString() {
        var random = SeededRandom(seed: 25)
        var document = TextDocument(text: "start\nof it")
        var flat = "start\nof it"
        let pieces = ["a", "bc", " ", "\n", "你好", "\u{301}", "e", "x\ny\nz", "", "\t", "👍🏽"]
        /// The flat offset of a position, and back.
        func offset(of position: TextPosition) -> Int {
            document.paragraphs[..<position.paragraph].reduce(0) { $0 + $1.count + 1 } + position.offset
        }
        func position(ofFlat offset: Int) -> TextPosition {
            var remaining = offset
            for (index, paragraph) in document.paragraphs.enumerated() {
                if remaining <= paragraph.count { return TextPosition(paragraph: index, offset: remaining) }
                remaining -= paragraph.count + 1
            }
            return document.end
        }
        for step in 0..<400 {
            let before = document.text
            let edit: TextEdit<TextPosition>
            let count = flat.count
            let a = Int.random(in: 0...count, using: &random), b = Int.random(in: 0...count, using: &random)
            let range = min(a, b)..<max(a, b)
            let lower = flat.index(flat.startIndex, offsetBy: range.lowerBound)
            let upper = flat.index(flat.startIndex, offsetBy: range.upperBound)
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
                document.select(from: position(ofFlat: range.lowerBound), to: position(ofFlat: range.upperBound))
                edit = document.insert(piece)
                let caret = min(
                    (String(flat[..<lower]) + piece).count, (String(flat[..<lower]) + piece + flat[upper...]).count)
                flat.replaceSubrange(lower..<upper, with: piece)
                #expect(offset(of: document.caret) == caret, "step \(step): inserting \(piece.debugDescription)")
            case 1:
                document.setCaret(position(ofFlat: range.upperBound))
                edit = document.deleteBackward()
                if range.upperBound > 0 {
                    let at = flat.index(flat.startIndex, offsetBy: range.upperBound - 1)
                    flat.remove(at: at)
                }
            default:
                document.setCaret(position(ofFlat: range.lowerBound))
                edit = document.deleteForward()
                if range.lowerBound < count { flat.remove(at: lower) }
            }
            #expect(document.text == flat, "step \(step)")
            #expect(document.paragraphs.count == flat.split(separator: "\n", omittingEmptySubsequences: false).count)
            var undone = document
            undone.apply(edit.inverted)
            #expect(undone.text == before && undone.selectionEnds == edit.selectionBefore, "step \(step): undo \(edit)")
            undone.apply(edit)
            #expect(undone.text == document.text, "step \(step): redo \(edit)")
            if document.text != flat || undone.text != document.text { break }
        }
    }
}
