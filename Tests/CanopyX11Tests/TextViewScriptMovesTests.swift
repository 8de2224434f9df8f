@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// A text view's caret moved by real keys and clicks through wrapped Arabic, Hebrew,
    /// Chinese and mixed Latin and Arabic paragraphs, Thai and Devanagari: Home and End of the
    /// line on screen, Up and Down keeping the caret's x, word moves by ICU's boundaries, clicks
    /// and drags over right-to-left text.
    @MainActor @Suite struct TextViewScriptMovesTests {
        static let font = Font(size: 18)

        /// A window holding a focused view `width` wide showing `text`, the caret at its start.
        func makeWindow(_ text: String, width: Double = 220) throws -> (TestWindow, TextView) {
            let root = View()
            root.backgroundColor = .white
            let view = TextView(text: text, font: Self.font, frame: Rect(x: 10, y: 10, width: width, height: 200))
            root.addSubview(view)
            let test = try TestWindow(size: Size(width: width + 20, height: 220), rootView: root)
            view.becomeFocused()
            #expect(test.wait { view.isFocused })
            return (test, view)
        }

        /// Where `point` of the view's scrolled text lies in the window.
        func windowPoint(_ view: TextView, _ point: Point) -> Point {
            Point(
                x: view.frame.minX + 2 + point.x - view.contentOffset.x,
                y: view.frame.minY + 2 + point.y - view.contentOffset.y)
        }

        /// Where each line on screen of paragraph 0 starts, by the caret's place at each offset.
        func lineStarts(_ view: TextView) -> [Int] {
            let count = view.document.paragraphs[0].count
            var starts = [0]
            var y = view.caretRect(at: TextPosition(paragraph: 0, offset: 0)).minY
            for offset in 1...count {
                let top = view.caretRect(at: TextPosition(paragraph: 0, offset: offset)).minY
                if top > y { starts.append(offset) }
                y = top
            }
            return starts
        }

        /// The offsets of `text` where a Swift character (an extended grapheme cluster) starts.
        func clusterBoundaries(_ text: String) -> Set<Int> { Set(0...text.count) }

        nonisolated static let wrappedTexts = [
            "مرحبا بالعالم هذا نص عربي طويل يلتف على عدة أسطر في العرض",
            "שלום עולם זהו טקסט עברי ארוך שנשבר לכמה שורות על המסך",
            "汉字排版测试汉字排版测试汉字排版测试汉字排版测试汉字排版测试",
            "Hello مرحبا بالعالم and more words عربي بين here كلمات ends",
        ]

        @Test(arguments: wrappedTexts)
        func homeAndEndGoToTheEndsOfTheLineOnScreen(_ text: String) throws {
            let (test, view) = try makeWindow(text)
            defer { test.close() }
            let starts = lineStarts(view)
            try #require(starts.count >= 3, "the text wraps on \(starts.count) lines")
            let isRightToLeft = view.caretRect(at: .start).minX > 100
            let lineTwo = view.caretRect(at: TextPosition(paragraph: 0, offset: starts[1])).minY
            test.tap(.down)
            test.tap(.home)
            #expect(view.document.caret == TextPosition(paragraph: 0, offset: starts[1]))
            #expect(view.caretRect().minY == lineTwo)
            // The line's logical start: drawn at the right in a right-to-left paragraph.
            if isRightToLeft { #expect(view.caretRect().minX > 150) } else { #expect(view.caretRect().minX < 20) }
            test.tap(.end)
            let end = view.document.caret.offset
            let lineText = Array(text)[starts[1]..<starts[2]]
            #expect(end == starts[2] - (lineText.last == " " ? 1 : 0), "End lands at \(end)")
            #expect(view.caretRect().minY == lineTwo, "End stays on the line")
            if isRightToLeft { #expect(view.caretRect().minX < 70) } else { #expect(view.caretRect().minX > 120) }
            // Shift+Home selects the line back to its start.
            test.tap(.home, modifiers: .shift)
            #expect(view.document.selection == TextPosition(paragraph: 0, offset: starts[1])..<view.document.anchor)
            #expect(view.document.selectedText == String(Array(text)[starts[1]..<end]))
        }

        @Test(arguments: wrappedTexts)
        func upAndDownKeepTheCaretsXAndComeBackToWhereTheyStarted(_ text: String) throws {
            let (test, view) = try makeWindow(text)
            defer { test.close() }
            let starts = lineStarts(view)
            try #require(starts.count >= 3)
            // A click in the middle of the first line.
            let first = view.caretRect(at: .start)
            test.click(at: windowPoint(view, Point(x: 110, y: first.midY)))
            let start = view.document.caret
            let x = view.caretRect().minX
            #expect(start.offset > 0 && start.offset < starts[1])
            var offsets: [Int] = []
            for key in [Key.down, .down, .up, .up] {
                test.tap(key)
                offsets.append(view.document.caret.offset)
                #expect(clusterBoundaries(text).contains(view.document.caret.offset))
                // Within a character's width of the x it started at.
                #expect(abs(view.caretRect().minX - x) <= Self.font.size, "\(key) went to x \(view.caretRect().minX)")
            }
            #expect(offsets[0] >= starts[1] && offsets[0] < starts[2], "Down went to line 2: \(offsets)")
            #expect(offsets[1] >= starts[2], "Down went to line 3: \(offsets)")
            #expect(offsets[3] == start.offset, "Up twice came back: \(offsets)")
            // Shift+Down extends by a line on screen.
            test.tap(.down, modifiers: .shift)
            #expect(view.document.anchor == start)
            #expect(view.document.caret.offset == offsets[0])
        }
    }
}
