@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Measures as ``ApproximateTextMeasurer`` does and records each line it lays out.
@MainActor final class LayoutRecordingMeasurer: TextMeasuring {
    private let approximate = ApproximateTextMeasurer()
    /// The texts laid out, oldest first.
    var laidOut: [String] = []

    func measure(_ text: String, font: Font) -> TextMetrics { approximate.measure(text, font: font) }

    func layout(_ text: String, font: Font, direction: TextDirection) -> TextLayout {
        laidOut.append(text)
        return approximate.layout(text, font: font, direction: direction)
    }
}

@MainActor @Suite(.serialized) struct TextViewTests {
    let time = ManualTime()

    /// A focused 300 × 200 view holding `text` in a scene laid out and drawn once.
    func makeView(_ text: String, wraps: Bool = true) -> (Scene, TextView, LayoutRecordingMeasurer) {
        let measurer = LayoutRecordingMeasurer()
        let scene = time.makeScene(size: Size(width: 400, height: 300), host: MemoryHost(textMeasurer: measurer))
        let view = TextView(text: text, font: Font(size: 10), frame: Rect(x: 10, y: 10, width: 300, height: 200))
        view.wrapsLines = wraps
        scene.rootView.addSubview(view)
        view.becomeFocused()
        frame(scene)
        return (scene, view, measurer)
    }

    func frame(_ scene: Scene) {
        for rect in scene.prepareFrame() { scene.render(rect, in: RecordingContext(size: scene.size)) }
    }

    func press(_ key: Key, _ modifiers: Modifiers = [], in scene: Scene) {
        scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers))
    }

    func type(_ text: String, into scene: Scene) {
        for character in text { scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character))) }
    }

    /// `count` paragraphs "line 0", "line 1", …
    static func lines(_ count: Int) -> String { (0..<count).map { "line \($0)" }.joined(separator: "\n") }

    @Test func onlyTheParagraphsOnScreenAreLaidOut() {
        let (_, view, measurer) = makeView(Self.lines(10_000))
        // 200 points at 14-point lines: about 15 lines, and a few near them.
        #expect(measurer.laidOut.count < 40, "\(measurer.laidOut.count) lines laid out")
        #expect(view.laidOutParagraphCount < 40)
        #expect(measurer.laidOut.contains("line 3"))
        #expect(!measurer.laidOut.contains("line 100"))
    }

    @Test func anEditLaysOutOnlyTheParagraphEdited() {
        let long = (0..<2_000).map { "paragraph \($0) " + String(repeating: "word ", count: $0 % 7 * 9) }
        let (scene, view, measurer) = makeView(long.joined(separator: "\n"))
        press(.down, in: scene)
        press(.down, in: scene)
        frame(scene)
        let caret = view.document.caret.paragraph
        measurer.laidOut = []
        type("x", into: scene)
        frame(scene)
        #expect(!measurer.laidOut.isEmpty)
        let edited = view.document.paragraphs[caret]
        #expect(measurer.laidOut.allSatisfy { edited.contains($0) }, "\(measurer.laidOut)")
        // A new paragraph lays out the two halves only.
        measurer.laidOut = []
        press(.enter, in: scene)
        frame(scene)
        let halves = view.document.paragraphs[caret] + view.document.paragraphs[caret + 1]
        #expect(measurer.laidOut.allSatisfy { halves.contains($0) }, "\(measurer.laidOut)")
    }

    @Test func scrollingUpIntoEstimatedParagraphsKeepsWhatShowsInPlace() {
        // Long and short paragraphs, so estimates are wrong.
        let text = (0..<3_000).map { $0 % 3 == 0 ? String(repeating: "你好", count: 40) : "short \($0)" }
        let (scene, view, _) = makeView(text.joined(separator: "\n"))
        press(.end, .control, in: scene)
        frame(scene)
        let last = view.document.paragraphs.count - 1
        var screenY = view.top(ofParagraph: last) - view.contentOffset.y
        // Each notch moves what shows down by three lines, however tall the paragraphs coming
        // into view turn out.
        let notch = 3 * view.lineHeight
        var measured = 0
        for _ in 0..<20 {
            let before = view.contentOffset.y
            scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 100, y: 100), deltaY: -1))
            frame(scene)
            if before - view.contentOffset.y != notch { measured += 1 }  // a paragraph shorter than estimated
            let now = view.top(ofParagraph: last) - view.contentOffset.y
            #expect(abs(now - (screenY + notch)) < 0.01, "the last paragraph moved \(now - screenY), not \(notch)")
            screenY = now
        }
        #expect(measured > 0, "some paragraphs scrolled into view were measured other than estimated")
        #expect(screenY > 200, "scrolled the last paragraph off the bottom")
    }

    @Test func typingEnterAndBackspaceEditParagraphs() {
        let (scene, view, _) = makeView("")
        var edits = 0
        view.onValueChanged = { edits += 1 }
        type("one", into: scene)
        press(.enter, in: scene)
        type("two", into: scene)
        #expect(Array(view.document.paragraphs) == ["one", "two"])
        press(.home, in: scene)
        press(.backspace, in: scene)
        #expect(view.text == "onetwo")
        press(.tab, in: scene)
        #expect(view.text == "one\ttwo")
        #expect(edits == 9)
        view.text = "set"
        #expect(edits == 9)
        view.isEditable = false
        type("x", into: scene)
        press(.backspace, in: scene)
        #expect(view.text == "set")
    }

    @Test func upAndDownMoveByLinesOnScreenKeepingTheCaretsX() {
        // Wrapped at 286 points (5.5 points a letter): "aaaa…" paragraphs wrap into lines.
        let long = String(repeating: "word ", count: 30)
        let (scene, view, _) = makeView("ab\n" + long + "\nabcdefghijklmnop")
        press(.end, in: scene)
        #expect(view.document.caret == TextPosition(paragraph: 0, offset: 2))
        let x = view.caretRect().minX
        press(.down, in: scene)
        #expect(view.document.caret.paragraph == 1)
        #expect(abs(view.caretRect().minX - x) < 6)
        let firstLineY = view.caretRect().minY
        press(.down, in: scene)
        #expect(view.document.caret.paragraph == 1)
        #expect(view.caretRect().minY == firstLineY + view.lineHeight)
        press(.down, in: scene)
        press(.down, in: scene)
        #expect(view.document.caret == TextPosition(paragraph: 2, offset: 2))
        press(.down, in: scene)
        #expect(view.document.caret == view.document.end)
        press(.up, .shift, in: scene)
        #expect(view.document.caret.paragraph == 1 && view.document.anchor == view.document.end)
        press(.home, .control, in: scene)
        #expect(view.document.caret == TextPosition.start && !view.document.hasSelection)
        press(.end, [.control, .shift], in: scene)
        #expect(view.document.selectedText == view.text)
    }

    @Test func endStaysOnAWrappedLineAndPageDownMovesAScreen() {
        let (scene, view, _) = makeView(String(repeating: "word ", count: 600))
        press(.end, in: scene)
        let end = view.caretRect()
        #expect(end.minY == TextView.padding, "End keeps the caret on the first line")
        #expect(view.document.caret.offset > 10)
        press(.home, in: scene)
        #expect(view.document.caret.offset == 0)
        press(.pageDown, in: scene)
        frame(scene)
        let page = view.caretRect().minY - end.minY
        #expect(page > 150 && page < 200, "a page is \(page)")
        #expect(view.contentOffset.y > 150)
        press(.pageUp, in: scene)
        #expect(view.document.caret.offset == 0)
    }

    @Test func unwrappedTextScrollsSideways() {
        let (scene, view, _) = makeView(String(repeating: "long ", count: 200) + "\nshort", wraps: false)
        press(.end, in: scene)
        frame(scene)
        #expect(view.contentOffset.x > 500)
        let caret = view.caretRect()
        #expect(caret.minX >= view.contentOffset.x && caret.maxX <= view.contentOffset.x + view.bounds.width)
        press(.down, in: scene)
        frame(scene)
        #expect(view.document.caret == TextPosition(paragraph: 1, offset: 5))
        #expect(view.contentOffset.x < view.caretRect().minX && view.contentOffset.x < 50)
    }

    @Test func clicksPlaceTheCaretDoubleClicksSelectAWordTripleClicksAParagraph() {
        let (scene, view, _) = makeView("hello brave world\nsecond paragraph")
        let host = scene.host as? MemoryHost
        /// `count` clicks at `point` (window coordinates), after a pause that ends any click
        /// before.
        func click(_ point: Point, count: Int = 1, modifiers: Modifiers = []) {
            time.step(by: 1)
            for _ in 0..<count {
                scene.handleMouseDown(MouseEvent(locationInWindow: point, modifiers: modifiers))
                scene.handleMouseUp(MouseEvent(locationInWindow: point, modifiers: modifiers))
            }
        }
        // Text starts 8 points in (border and padding); letters are 5.5 points, spaces 3.
        let left = 10 + 8.0, firstLine = 10 + 8 + 3.0, secondLine = firstLine + view.lineHeight
        click(Point(x: left + 5.5 * 3, y: secondLine))
        #expect(view.document.caret == TextPosition(paragraph: 1, offset: 3))
        click(Point(x: left + 1, y: firstLine), modifiers: .shift)
        #expect(view.document.selectedText == "hello brave world\nsec")
        #expect(host?.memoryPrimarySelection.text == "hello brave world\nsec")
        click(Point(x: left + 30.5 + 2, y: firstLine), count: 2)
        #expect(view.document.selectedText == "brave")
        click(Point(x: left + 5.5 * 3, y: secondLine), count: 3)
        #expect(view.document.selectedText == "second paragraph")
    }

    @Test func copyCutAndPasteGoThroughTheClipboard() {
        let (scene, view, _) = makeView("alpha\nbeta")
        let host = scene.host as? MemoryHost
        press(.character("a"), .control, in: scene)
        press(.character("c"), .control, in: scene)
        #expect(host?.memoryClipboard.text == "alpha\nbeta")
        press(.character("x"), .control, in: scene)
        #expect(view.text == "")
        host?.memoryClipboard.setText("one\r\ntwo")
        press(.character("v"), .control, in: scene)
        #expect(Array(view.document.paragraphs) == ["one", "two"])
    }

    @Test func thePlaceholderShowsWhileEmptyAndTheCaretBlinksWhileFocused() {
        let (scene, view, _) = makeView("")
        view.placeholder = "Notes"
        func texts() -> [String] {
            let context = RecordingContext(size: scene.size)
            for rect in scene.prepareFrame() { scene.render(rect, in: context) }
            return context.operations.compactMap { op in
                if case let .text(text, _, _, _) = op { return text } else { return nil }
            }
        }
        #expect(texts().contains("Notes"))
        type("a", into: scene)
        #expect(texts() == ["a"])
        let caret = view.caretRect()
        func caretFilled() -> Bool {
            let context = RecordingContext(size: scene.size)
            scene.rootView.setNeedsDisplay()
            for rect in scene.prepareFrame() { scene.render(rect, in: context) }
            return context.operations.contains { op in
                if case let .fill(rect, color) = op {
                    return color == Theme.standard.accent && rect.width == caret.width
                }
                return false
            }
        }
        #expect(caretFilled())
        time.step(by: TextField.blinkInterval + 0.01)
        #expect(!caretFilled())
        time.step(by: TextField.blinkInterval)
        #expect(caretFilled())
    }

    @Test func aNewWidthKeepsTheParagraphAtTheTop() {
        let text = (0..<1_000).map { "paragraph \($0) " + String(repeating: "word ", count: $0 % 5 * 12) }
        let (scene, view, _) = makeView(text.joined(separator: "\n"))
        for _ in 0..<40 { press(.pageDown, in: scene) }
        frame(scene)
        func topParagraph() -> Int {
            (0..<view.document.paragraphs.count).last { view.top(ofParagraph: $0) <= view.contentOffset.y + 0.5 } ?? 0
        }
        let top = topParagraph()
        #expect(top > 100)
        view.frame.size.width = 200
        frame(scene)
        #expect(topParagraph() == top)
        view.frame.size.width = 380
        frame(scene)
        #expect(topParagraph() == top)
    }

    @Test func aDragPastTheBottomScrollsEveryIntervalUntilReleased() {
        let (scene, view, _) = makeView(Self.lines(500))
        let inside = Point(x: 40, y: 30), below = Point(x: 40, y: 10 + 200 + 30)
        scene.handleMouseDown(MouseEvent(locationInWindow: inside))
        scene.handleMouseDragged(MouseEvent(locationInWindow: below))
        let first = view.contentOffset.y
        #expect(first > 0)
        var offsets: [Double] = []
        for _ in 0..<3 {
            time.step(by: TextView.autoscrollInterval)
            offsets.append(view.contentOffset.y)
        }
        #expect(offsets[0] > first && offsets[1] > offsets[0] && offsets[2] > offsets[1])
        #expect(view.document.caret.paragraph > 10 && view.document.anchor.paragraph == 0)
        scene.handleMouseUp(MouseEvent(locationInWindow: below))
        let released = view.contentOffset.y
        time.step(by: 5 * TextView.autoscrollInterval)
        #expect(view.contentOffset.y == released)
    }

    @Test func aParagraphStylerColoursEachParagraphAsItIsLaidOutAndFollowsEdits() {
        let (scene, view, _) = makeView("12:00 ERROR disk full\n12:01 ok")
        let red = Color(rgb: 0xcc0000)
        var styled: [Int] = []
        view.paragraphStyler = { paragraph, index in
            styled.append(index)
            var text = AttributedText(paragraph)
            if let found = paragraph.range(of: "ERROR") {
                text.setStyle(TextStyle(color: red, weight: .bold), in: found)
            }
            return text
        }
        func drawnTexts() -> [(String, Color, Font)] {
            let context = RecordingContext(size: scene.size)
            scene.rootView.setNeedsDisplay()
            for rect in scene.prepareFrame() { scene.render(rect, in: context) }
            return context.operations.compactMap { op in
                if case let .text(text, _, font, color) = op { return (text, color, font) } else { return nil }
            }
        }
        let first = drawnTexts()
        #expect(Set(styled) == [0, 1])
        #expect(first.filter { $0.1 == red }.map(\.0) == ["ERROR"])
        #expect(first.first { $0.0 == "ERROR" }?.2.weight == .bold)
        #expect(first.contains { $0.0 == "12:00 " && $0.1 != red })
        // Typing ERROR into the second paragraph styles it there too.
        press(.end, .control, in: scene)
        type(" ERROR", into: scene)
        #expect(drawnTexts().filter { $0.1 == red }.map(\.0) == ["ERROR", "ERROR"])
        // A styler that answers with other text is ignored: the paragraph shows plain.
        view.paragraphStyler = { _, _ in AttributedText("something else", style: TextStyle(color: red)) }
        #expect(!drawnTexts().contains { $0.1 == red })
    }
}
