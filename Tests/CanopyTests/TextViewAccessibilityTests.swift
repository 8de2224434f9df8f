@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// A text view as a screen reader reads it through ``AccessibilityText``: one text counted in
/// Characters, lines as they wrap on screen, paragraphs, character frames, the events the
/// change tracker sees, and edits that only an editable view takes.
@MainActor @Suite(.serialized) struct TextViewAccessibilityTests {
    let time = ManualTime()
    static let text = "The first paragraph is long enough to wrap over a few lines in a narrow view.\nShort one.\nLast"

    /// A focused 160 × 200 view holding `text`, laid out and drawn once.
    func makeView(_ text: String = Self.text) -> (Scene, TextView) {
        let scene = time.makeScene(size: Size(width: 400, height: 300), host: MemoryHost())
        let view = TextView(text: text, font: Font(size: 10), frame: Rect(x: 10, y: 10, width: 160, height: 200))
        scene.rootView.addSubview(view)
        view.becomeFocused()
        frame(scene)
        return (scene, view)
    }

    func frame(_ scene: Scene) {
        for rect in scene.prepareFrame() { scene.render(rect, in: RecordingContext(size: scene.size)) }
    }

    func string(_ range: Range<Int>, of view: TextView) -> String {
        let text = view.accessibilityTextState.text
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        return String(text[start..<text.index(start, offsetBy: range.count)])
    }

    @Test func theTextIsTheParagraphsJoinedWithTheCaretCountedAcrossThem() {
        let (_, view) = makeView()
        #expect(view.accessibilityTextState == AccessibilityTextState(text: Self.text, caret: 0))
        view.setAccessibilitySelection(80..<84)
        #expect(
            view.document.selection == TextPosition(paragraph: 1, offset: 2)..<TextPosition(paragraph: 1, offset: 6))
        #expect(view.accessibilityTextState.caret == 84)
        #expect(view.accessibilityTextState.selection == 80..<84)
        #expect(AccessibilityElement(view).node?.states.isSuperset(of: [.multiLine, .editable]) == true)
    }

    @Test func linesAreTheWrappedLinesOnScreenAndParagraphsEndAtTheirLineFeeds() {
        let (_, view) = makeView()
        let first = view.accessibilityLine(holding: 0)
        #expect(first.lowerBound == 0)
        #expect(first.upperBound < 78, "the first paragraph wraps: \(first)")
        #expect(string(first, of: view).hasPrefix("The first"))
        // Each line starts where the one before it ends, until the paragraph's line feed.
        var line = first
        var lines = [line]
        while line.upperBound < 78 {
            line = view.accessibilityLine(holding: line.upperBound)
            #expect(line.lowerBound == lines.last?.upperBound)
            lines.append(line)
        }
        #expect(lines.count >= 3, "\(lines)")
        #expect(string(lines[lines.count - 1], of: view).hasSuffix("view.\n"))
        #expect(view.accessibilityLine(holding: 80) == 78..<89)
        #expect(view.accessibilityLine(holding: 200) == 89..<93)
        #expect(view.accessibilityParagraph(holding: 40) == 0..<78)
        #expect(view.accessibilityParagraph(holding: 78) == 78..<89)
        #expect(view.accessibilityParagraph(holding: 92) == 89..<93)
    }

    @Test func characterFramesFollowTheLinesTheyAreOn() {
        let (_, view) = makeView()
        let second = view.accessibilityLine(holding: 0).upperBound
        let a = view.accessibilityFrame(ofCharactersIn: 0..<1)
        let b = view.accessibilityFrame(ofCharactersIn: 1..<2)
        let below = view.accessibilityFrame(ofCharactersIn: second..<(second + 1))
        #expect(a.width > 0 && b.minX >= a.maxX - 0.5 && a.minY == b.minY)
        #expect(below.minY == a.minY + view.lineHeight)
        #expect(below.minX == a.minX)
        let both = view.accessibilityFrame(ofCharactersIn: 0..<(second + 1))
        #expect(both.minY == a.minY && both.maxY == below.maxY)
        #expect(view.accessibilityCharacterIndex(at: Point(x: below.minX + 1, y: below.midY)) == second)
    }

    @Test func theTrackerSeesTheCaretMoveDownALineAndTheTextChange() {
        let (scene, view) = makeView()
        let tracker = AccessibilityChangeTracker(scene: scene)
        let element = AccessibilityElement(view)
        scene.handleKeyDown(KeyEvent(key: .down))
        let second = view.accessibilityLine(holding: 0).upperBound
        #expect(tracker.changes() == [.caretMoved(element, offset: second)])
        #expect(tracker.changes().isEmpty)
        scene.handleKeyDown(KeyEvent(key: .character("x"), text: "x"))
        #expect(
            tracker.changes() == [
                .textInserted(element, offset: second, text: "x"), .caretMoved(element, offset: second + 1),
            ])
        // "Short one." and its line feed, one further on after the "x".
        #expect(view.replaceAccessibilityText(in: 79..<90, with: "New\nlines\n"))
        #expect(view.text.hasSuffix("view.\nNew\nlines\nLast"))
        #expect(view.accessibilityTextState.caret == 89)
    }

    @Test func anAccentTypedAfterALetterIsReportedAsTheLetterReplaced() {
        let (scene, view) = makeView("cafe\nnoir")
        let tracker = AccessibilityChangeTracker(scene: scene)
        let element = AccessibilityElement(view)
        view.setAccessibilitySelection(4..<4)
        _ = tracker.changes()
        scene.handleKeyDown(KeyEvent(key: .character("\u{301}"), text: "\u{301}"))
        #expect(view.text == "caf\u{E9}\nnoir")
        #expect(
            tracker.changes() == [
                .textRemoved(element, offset: 3, text: "e"), .textInserted(element, offset: 3, text: "e\u{301}"),
            ])
    }

    @Test func aReadOnlyViewIsNotEditable() {
        let (_, view) = makeView()
        view.isEditable = false
        #expect(AccessibilityElement(view).node?.states.contains(.editable) == false)
        #expect(AccessibilityElement(view).node?.states.contains(.readOnly) == true)
        #expect(!view.replaceAccessibilityText(in: 0..<3, with: "A"))
        #expect(view.text == Self.text)
    }
}
