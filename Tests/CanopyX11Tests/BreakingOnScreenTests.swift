@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Breaking to the standard in a window: a wrapped Thai label breaks between its words (Thai
    /// writes no spaces), and Control-word moves and double-clicks in a field go by word
    /// boundaries ("Don't" and "10,000.50" are one word each, Thai words are found by dictionary).
    @MainActor @Suite struct BreakingOnScreenTests {
        static let thaiWords = ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวยงาม", "มาก"]

        /// Where each of `lines` starts, in characters.
        func lineStarts(_ lines: [String]) -> [Int] {
            lines.dropLast().reduce(into: [0]) { starts, line in starts.append(starts[starts.count - 1] + line.count) }
        }

        @Test func aWrappedThaiLabelBreaksBetweenWords() throws {
            let text = Self.thaiWords.joined()
            let wordStarts = Set(lineStarts(Self.thaiWords))
            let font = Font(size: 24)
            let label = Label(text: text, font: font, textColor: .black, alignment: .left, numberOfLines: 0)
            label.frame = Rect(x: 10, y: 10, width: 130, height: 150)
            let root = View()
            root.backgroundColor = .white
            root.addSubview(label)
            let test = try TestWindow(size: Size(width: 150, height: 170), rootView: root, scale: 1)
            defer { test.close() }
            test.settle()
            let lines = label.lines(forWidth: label.bounds.width)
            #expect(lines.count >= 3, "\(lines)")
            #expect(lines.joined() == text)
            #expect(Set(lineStarts(lines)).isSubset(of: wordStarts), "\(lines)")
            try test.capture().writePNG(to: "/tmp/canopy-thai-label.png")

            // Canopy's own breaking finds no place to break and cuts the text where it overflows,
            // inside a word.
            let segmenter = View.defaultTextSegmenter
            View.defaultTextSegmenter = SimpleTextSegmenter()
            defer { View.defaultTextSegmenter = segmenter }
            let cut = Label(text: text, font: font, numberOfLines: 0).lines(forWidth: label.bounds.width)
            #expect(!Set(lineStarts(cut)).isSubset(of: wordStarts), "\(cut)")
        }

        @Test func controlArrowsAndDoubleClicksGoByWords() throws {
            let field = TextField(
                text: "Don't pay 10,000.50 ภาษาไทย", frame: Rect(x: 10, y: 10, width: 380, height: 36))
            let root = View()
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 400, height: 60), rootView: root)
            defer { test.close() }
            test.click(at: Point(x: 200, y: 28))
            test.tap(.home)
            var stops: [Int] = []
            for _ in 0..<5 {
                test.tap(.right, modifiers: .control)
                stops.append(field.editing.caret)
            }
            #expect(stops == [5, 9, 19, 24, 27])
            test.tap(.left, modifiers: .control)
            #expect(field.editing.caret == 24)
            test.tap(.backspace, modifiers: .control)
            #expect(field.text == "Don't pay 10,000.50 ไทย")

            let start = field.convert(Point(x: field.textRect.minX + 12, y: 18), to: nil)
            test.click(at: start)
            test.click(at: start)
            #expect(field.editing.selectedText == "Don't")
        }
    }
}
