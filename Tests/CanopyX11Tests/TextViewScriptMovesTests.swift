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

        /// The caret's offsets after tapping `key` (with `modifiers`) `count` times.
        func offsets(_ key: Key, _ count: Int, modifiers: Modifiers = [], in test: TestWindow, _ view: TextView)
            -> [Int]
        {
            (0..<count).map { _ in
                test.tap(key, modifiers: modifiers)
                return view.document.caret.offset
            }
        }

        /// Where each of `words` ends and starts in their concatenation, in characters.
        func edges(of words: [String]) -> (ends: [Int], starts: [Int]) {
            var ends: [Int] = [], offset = 0
            for word in words {
                offset += word.count
                ends.append(offset)
            }
            return (ends, [0] + ends.dropLast())
        }

        @Test func controlArrowsTakeAContractionAndANumberAsOneWordEach() throws {
            let text = "Don't stop 10,000.50 now"
            let (test, view) = try makeWindow(text, width: 360)
            defer { test.close() }
            #expect(offsets(.right, 4, modifiers: .control, in: test, view) == [5, 10, 20, 24])
            #expect(offsets(.left, 4, modifiers: .control, in: test, view) == [21, 11, 6, 0])
            // Shift with Control selects whole words.
            test.tap(.right, modifiers: .control)
            test.tap(.right, modifiers: .control)
            test.tap(.right, modifiers: [.control, .shift])
            #expect(view.document.selectedText == " 10,000.50")
        }

        @Test func controlArrowsStepThroughThaiWordsByTheDictionary() throws {
            let words = ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"]
            let (test, view) = try makeWindow(words.joined(), width: 360)
            defer { test.close() }
            let (ends, starts) = edges(of: words)
            #expect(offsets(.right, words.count, modifiers: .control, in: test, view) == ends)
            #expect(offsets(.left, words.count, modifiers: .control, in: test, view) == starts.reversed())
            // A double click selects the word under it.
            let middle = view.caretRect(at: TextPosition(paragraph: 0, offset: ends[1] + 2))
            let point = windowPoint(view, Point(x: middle.minX - 1, y: middle.midY))
            test.click(at: point)
            test.click(at: point)
            #expect(test.wait { view.document.selectedText == "ง่าย" })
        }

        @Test func wrappedThaiBreaksBetweenWordsAndEndStaysOnTheLine() throws {
            let words = ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"]
            let all = Array(repeating: words, count: 4).flatMap { $0 }
            let (test, view) = try makeWindow(all.joined(), width: 160)
            defer { test.close() }
            let starts = lineStarts(view)
            try #require(starts.count >= 3, "the Thai wraps on \(starts.count) lines")
            let boundaries = Set(edges(of: all).starts)
            #expect(starts.allSatisfy(boundaries.contains), "a line starts inside a word: \(starts)")
            test.tap(.down)
            test.tap(.end)
            #expect(view.document.caret.offset == starts[2])
            #expect(view.caretRect().minY == view.caretRect(at: TextPosition(paragraph: 0, offset: starts[1])).minY)
            test.tap(.home)
            #expect(view.document.caret.offset == starts[1])
        }

        @Test func arrowsStepOverDevanagariClustersWhole() throws {
            let text = "नमस्ते दुनिया क्षत्रिय"
            let (test, view) = try makeWindow(text, width: 360)
            defer { test.close() }
            let count = text.count
            let rights = offsets(.right, count, in: test, view)
            #expect(rights == Array(1...count), "Right moves a character (an extended grapheme cluster) at a time")
            // Every step moves the caret on screen, rightwards, and Left walks back the same way.
            let xs = (0...count).map { view.caretRect(at: TextPosition(paragraph: 0, offset: $0)).minX }
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "\(xs)")
            #expect(offsets(.left, count, in: test, view) == Array((0..<count).reversed()))
            // A word at a time, and Backspace takes a whole cluster.
            #expect(offsets(.right, 3, modifiers: .control, in: test, view) == edges(of: ["नमस्ते", " दुनिया", " क्षत्रिय"]).ends)
            test.tap(.backspace)
            #expect(view.text == String(text.dropLast()))
        }

        @Test func clicksAndDragsInArabicGoWhereThePointerIs() throws {
            let text = "مرحبا بالعالم السعيد"
            let (test, view) = try makeWindow(text, width: 360)
            defer { test.close() }
            func point(_ offset: Int) -> Point {
                let caret = view.caretRect(at: TextPosition(paragraph: 0, offset: offset))
                return windowPoint(view, Point(x: caret.minX, y: caret.midY))
            }
            // The caret goes where each click is (clicks spaced apart so none is a double).
            for offset in [0, 3, 9, 14, text.count] {
                test.click(at: point(offset))
                #expect(view.document.caret.offset == offset, "a click at offset \(offset)'s x")
                test.click(at: Point(x: 14, y: 180))  // below the text: the end, and a pause
            }
            // A drag from right to left over the first word selects it.
            test.input.move(to: point(0), in: test.window)
            test.input.press()
            test.input.move(to: point(3), in: test.window)
            test.input.move(to: point(5), in: test.window)
            test.input.release()
            #expect(test.wait { view.document.selectedText == "مرحبا" })
            // A click, then a Shift-click (Shift held on the keyboard) further left, extends.
            test.click(at: point(6))
            test.click(at: point(13), modifiers: .shift)
            #expect(test.wait { view.document.selectedText == "بالعالم" })
            #expect(view.document.anchor == TextPosition(paragraph: 0, offset: 6))
            // Shift-click back to the right of the anchor reverses the selection.
            test.click(at: point(2), modifiers: .shift)
            #expect(
                view.document.selection == TextPosition(paragraph: 0, offset: 2)..<TextPosition(paragraph: 0, offset: 6)
            )
            // The highlight is drawn over the selected (rightmost) letters, not elsewhere.
            #expect(test.settle())
            let image = try test.capture()
            let y = Int(point(0).y)
            let highlighted = (12..<368).filter { x in
                guard let pixel = image.color(x: x, y: y) else { return false }
                return pixel.blue > pixel.red + 0.08
            }
            let left = point(6).x, right = point(2).x
            #expect(!highlighted.isEmpty)
            #expect(highlighted.allSatisfy { Double($0) >= left - 2 && Double($0) <= right + 2 }, "\(highlighted)")
        }

        @Test func aHebrewParagraphsDragSelectsAcrossItsWrappedLines() throws {
            let text = "שלום עולם זהו טקסט עברי ארוך שנשבר לכמה שורות על המסך"
            let (test, view) = try makeWindow(text)
            defer { test.close() }
            let starts = lineStarts(view)
            try #require(starts.count >= 2)
            let from = view.caretRect(at: TextPosition(paragraph: 0, offset: 2))
            let to = view.caretRect(at: TextPosition(paragraph: 0, offset: starts[1] + 3))
            test.input.move(to: windowPoint(view, Point(x: from.minX, y: from.midY)), in: test.window)
            test.input.press()
            test.input.move(to: windowPoint(view, Point(x: to.minX, y: to.midY)), in: test.window)
            test.input.release()
            #expect(test.wait { view.document.selectedText == String(Array(text)[2..<starts[1] + 3]) })
        }
    }
}
