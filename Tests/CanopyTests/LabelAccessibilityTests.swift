import Canopy
import CanopyTesting
import Testing

/// A label as a screen reader reads it through ``AccessibilityText``, as GTK's labels are read:
/// its lines as they wrap on screen (a review of the window reads a paragraph line by line),
/// its paragraphs, where its characters are drawn, and no edits. Measured with the
/// character-count estimate (a Latin letter 11 points at this size, a space 6), so breaks are exact.
@MainActor @Suite struct LabelAccessibilityTests {
    let scene = Scene(size: Size(width: 800, height: 600), host: MemoryHost())
    static let sentence = "The quick brown fox jumps over the lazy dog"

    /// A label 150 points wide, as tall as its lines, at (20, 30).
    func label(_ text: String = Self.sentence, lines: Int = 0) -> Label {
        let label = Label(text: text, font: .system(size: 20), numberOfLines: lines)
        let size = label.sizeThatFits(Size(width: 150, height: 1000))
        label.frame = Rect(x: 20, y: 30, width: 150, height: size.height)
        scene.rootView.addSubview(label)
        return label
    }

    func string(_ range: Range<Int>, of label: Label) -> String {
        let text = label.accessibilityTextState.text
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        return String(text[start..<text.index(start, offsetBy: range.count)])
    }

    @Test func eachLineIsALineAsWrappedOnScreenWithTheSpaceItBrokeAfter() {
        let label = label()
        #expect(label.accessibilityTextState == AccessibilityTextState(text: Self.sentence, caret: 0))
        var lines: [String] = []
        var start = 0
        while start < Self.sentence.count {
            let line = label.accessibilityLine(holding: start)
            #expect(line.lowerBound == start)
            lines.append(string(line, of: label))
            start = line.upperBound
        }
        // As drawn: "The quick", "brown fox", "jumps over the", "lazy dog".
        #expect(lines == ["The quick ", "brown fox ", "jumps over the ", "lazy dog"])
        #expect(label.lines(forWidth: 150) == lines.map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(label.accessibilityLine(holding: 12) == 10..<20)
        #expect(label.accessibilityLine(holding: 43) == 35..<43)  // the end: the last line
    }

    @Test func aLineBreakEndsItsLineAndParagraphAndACutLabelsLastLineHoldsTheRest() {
        let broken = label("One\nTwo three four five")
        #expect(broken.accessibilityLine(holding: 1) == 0..<4)
        #expect(broken.accessibilityParagraph(holding: 2) == 0..<4)
        #expect(broken.accessibilityParagraph(holding: 6) == 4..<23)
        #expect(string(broken.accessibilityLine(holding: 4), of: broken) == "Two three four ")
        let cut = label(lines: 2)
        #expect(cut.lines(forWidth: 150) == ["The quick", "brown fox…"])
        #expect(cut.accessibilityLine(holding: 30) == 10..<43)
        let oneLine = label(lines: 1)
        #expect(oneLine.accessibilityLine(holding: 5) == 0..<43)
    }

    @Test func charactersAreWhereTheyAreDrawnLineUnderLine() {
        let label = label()
        let t = label.accessibilityFrame(ofCharactersIn: 0..<1)
        let h = label.accessibilityFrame(ofCharactersIn: 1..<2)
        let b = label.accessibilityFrame(ofCharactersIn: 10..<11)  // "brown", the second line
        #expect(t == Rect(x: 0, y: t.minY, width: 11, height: t.height))
        #expect(h.minX == t.maxX && h.minY == t.minY)
        #expect(b.minX == 0 && b.minY == t.minY + label.lineHeight(of: ["The quick"]))
        let word = label.accessibilityFrame(ofCharactersIn: 10..<15)
        #expect(word == Rect(x: 0, y: b.minY, width: 55, height: b.height))
        let across = label.accessibilityFrame(ofCharactersIn: 4..<13)
        #expect(across == Rect(x: 0, y: t.minY, width: 150, height: b.maxY - t.minY))
        #expect(label.accessibilityCharacterIndex(at: Point(x: 12, y: b.midY)) == 11)
        #expect(label.accessibilityCharacterIndex(at: Point(x: 12, y: 500)) == 36)  // below: the last line
    }

    @Test func aLabelIsReadOnly() {
        let label = label()
        #expect(!label.replaceAccessibilityText(in: 0..<3, with: "A"))
        label.setAccessibilitySelection(0..<3)
        #expect(label.text == Self.sentence)
        #expect(label.accessibilityTextState.selection == 0..<0)
        #expect(AccessibilityElement(label).node?.states.contains(.editable) == false)
    }
}
