@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// A multi-line text view driven by real keys and clicks: Latin, Chinese, Arabic and Hebrew
    /// paragraphs, wrapped lines, mouse selection, the clipboards and drops.
    @MainActor @Suite struct TextViewScreenTests {
        static let font = Font(size: 18)

        /// A window holding a focused 360 × 200 view (holding `text`) and, below it, a field.
        func makeWindow(_ text: String = "", width: Double = 360) throws -> (TestWindow, TextView, TextField) {
            let root = View()
            root.backgroundColor = .white
            let view = TextView(text: text, font: Self.font, frame: Rect(x: 10, y: 10, width: width, height: 200))
            let field = TextField(frame: Rect(x: 10, y: 220, width: 360, height: 36))
            root.addSubview(view)
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 380, height: 266), rootView: root)
            test.click(at: Point(x: 10 + width - 20, y: 200))  // focuses, below the short texts here
            #expect(test.wait { view.isFocused })
            return (test, view, field)
        }

        /// Where `point` of the view's scrolled text lies in the window.
        func windowPoint(_ view: TextView, _ point: Point) -> Point {
            Point(
                x: view.frame.minX + 2 + point.x - view.contentOffset.x,
                y: view.frame.minY + 2 + point.y - view.contentOffset.y)
        }

        /// The middle of the caret drawn at `position` of the view, in the window.
        func caretPoint(_ view: TextView, at position: TextPosition) -> Point {
            windowPoint(view, view.caretRect(at: position).center)
        }

        func carets(_ key: Key, _ count: Int, in test: TestWindow, _ view: TextView) -> [TextPosition] {
            (0..<count).map { _ in
                test.tap(key)
                return view.document.caret
            }
        }

        @Test func typedParagraphsAndUpAndDownKeepTheCaretsX() throws {
            let (test, view, _) = try makeWindow()
            defer { test.close() }
            test.type("Hello world")
            test.tap(.enter)
            test.type("你好世界")
            test.tap(.enter)
            test.type("abc")
            #expect(test.wait { Array(view.document.paragraphs) == ["Hello world", "你好世界", "abc"] })
            let x = view.caretRect().minX
            test.tap(.up)
            // Between two Chinese characters, the nearest to the x "abc" ends at.
            #expect(view.document.caret.paragraph == 1)
            #expect(abs(view.caretRect().minX - x) <= Self.font.size / 2 + 0.5)
            test.tap(.up)
            #expect(view.document.caret.paragraph == 0)
            #expect(abs(view.caretRect().minX - x) <= Self.font.size / 3)
            test.tap(.down)
            test.tap(.down)
            #expect(view.document.caret == TextPosition(paragraph: 2, offset: 3))
            test.tap(.up, modifiers: .shift)
            test.tap(.left, modifiers: [.shift, .control])
            #expect(view.document.selectedText == "你好世界\nabc")
            test.tap(.backspace)
            #expect(Array(view.document.paragraphs) == ["Hello world", ""])
            test.tap(.backspace)
            test.tap(.backspace, modifiers: .control)
            #expect(view.text == "Hello ")
        }

        @Test func arrowsMoveOnScreenThroughArabicAndHebrewParagraphs() throws {
            let (test, view, _) = try makeWindow("مرحبا\nשלום abc")
            defer { test.close() }
            test.tap(.home, modifiers: .control)
            #expect(view.document.caret == TextPosition.start)
            // An Arabic paragraph starts at the right edge; Left walks it towards its end.
            #expect(view.caretRect().minX > 300)
            #expect(carets(.right, 1, in: test, view) == [TextPosition.start])
            let arabic = carets(.left, 6, in: test, view).map(\.offset)
            #expect(arabic == [1, 2, 3, 4, 5, 0])
            #expect(view.document.caret == TextPosition(paragraph: 1, offset: 0))
            // The Hebrew paragraph runs right to left too: its caret starts at the right edge.
            #expect(view.caretRect().minX > 300)
            let hebrew = carets(.left, 4, in: test, view).map(\.offset)
            #expect(hebrew == [1, 2, 3, 4])
            let xs = [view.caretRect().minX]
            test.tap(.right)
            #expect(view.document.caret.offset == 3)
            #expect(view.caretRect().minX > xs[0])
            // Down from the Arabic paragraph's right end lands at the Hebrew one's right end.
            test.tap(.home, modifiers: .control)
            test.tap(.down)
            #expect(view.document.caret == TextPosition(paragraph: 1, offset: 0))
            // The Arabic letters are inked at the right of the view, not the left.
            #expect(test.settle())
            let image = try test.capture()
            let row = Int(view.frame.minY + 2 + TextView.padding + view.lineHeight / 2)
            let inked = (12..<368).filter { (image.rgb(x: $0, y: row) ?? 0xffffff) & 0xff < 0x80 }
            #expect((inked.min() ?? 0) > 200, "the Arabic word sits at the right")
        }

        @Test func wrappedChineseMovesByLinesOnScreen() throws {
            let text = String(repeating: "汉字排版测试", count: 6)
            let (test, view, _) = try makeWindow(text, width: 200)
            defer { test.close() }
            test.tap(.home, modifiers: .control)
            test.tap(.end)
            let firstLineEnd = view.document.caret.offset
            #expect(firstLineEnd > 3 && firstLineEnd < 20, "the first line holds \(firstLineEnd) characters")
            #expect(view.caretRect().minY == TextView.padding, "End stays on the line")
            test.tap(.home)
            #expect(view.document.caret.offset == 0)
            test.tap(.right)
            test.tap(.right)
            test.tap(.down)
            #expect(view.document.caret.offset == firstLineEnd + 2)
            #expect(view.caretRect().minY == TextView.padding + view.lineHeight)
            test.tap(.end, modifiers: .shift)
            #expect(view.document.selectedText.count == firstLineEnd - 2)
            test.tap(.end, modifiers: .control)
            #expect(view.document.caret.offset == text.count)
        }

        @Test func clicksDragsDoubleAndTripleClicksAndShiftClicksSelect() throws {
            let (test, view, _) = try makeWindow("alpha beta gamma\nsecond line here")
            defer { test.close() }
            let beta = caretPoint(view, at: TextPosition(paragraph: 0, offset: 8))
            test.click(at: beta)
            #expect(view.document.caret == TextPosition(paragraph: 0, offset: 8))
            test.click(at: caretPoint(view, at: TextPosition(paragraph: 1, offset: 6)))  // a pause ends the click count
            test.input.move(to: Point(x: 380 - 1, y: 250), in: test.window)
            // Shift-click extends from the caret.
            test.window.scene.handleMouseDown(
                MouseEvent(locationInWindow: beta, clickCount: 1, modifiers: .shift, timestamp: 100))
            test.window.scene.handleMouseUp(MouseEvent(locationInWindow: beta, modifiers: .shift, timestamp: 100))
            #expect(view.document.selectedText == "ta gamma\nsecond")
            test.click(at: beta)
            test.click(at: beta)
            #expect(view.document.selectedText == "beta")
            test.click(at: beta)
            #expect(view.document.selectedText == "alpha beta gamma")
            // A drag from "second" to "here" selects between.
            test.click(at: Point(x: 370, y: 250))
            let from = caretPoint(view, at: TextPosition(paragraph: 1, offset: 0))
            let to = caretPoint(view, at: TextPosition(paragraph: 1, offset: 11))
            test.input.move(to: from, in: test.window)
            test.input.press()
            test.input.move(to: to, in: test.window)
            test.input.release()
            #expect(test.wait { view.document.selectedText == "second line" })
            #expect(test.window.scene.host?.primarySelection != nil)
        }

        @Test func aDragPastTheBottomEdgeScrollsAndSelects() throws {
            let text = (0..<200).map { "line \($0)" }.joined(separator: "\n")
            let (test, view, _) = try makeWindow(text)
            defer { test.close() }
            test.tap(.home, modifiers: .control)
            let start = caretPoint(view, at: TextPosition(paragraph: 0, offset: 2))
            test.input.move(to: start, in: test.window)
            test.input.press()
            test.input.move(to: Point(x: start.x, y: 100), in: test.window)
            test.input.move(to: Point(x: start.x, y: 215), in: test.window)  // below the view
            #expect(test.wait { view.document.caret.paragraph > 40 }, "the selection followed the scrolling")
            #expect(view.contentOffset.y > 300)
            test.input.release()
            #expect(test.wait { !view.document.selectedText.isEmpty })
            #expect(view.document.anchor == TextPosition(paragraph: 0, offset: 2))
        }

        @Test func aDragPastTheTopEdgeScrollsUpAndSelects() throws {
            let text = (0..<200).map { "line \($0)" }.joined(separator: "\n")
            let (test, view, _) = try makeWindow(text)
            defer { test.close() }
            view.contentOffset = Point(x: 0, y: view.top(ofParagraph: 100))
            #expect(test.settle())
            let offset = view.contentOffset.y
            #expect(offset > 1000)
            let start = Point(x: 40, y: 110)
            test.input.move(to: start, in: test.window)
            test.input.press()
            #expect(test.wait { view.document.caret.paragraph >= 95 })
            let middle = view.document.caret
            test.input.move(to: Point(x: start.x, y: 60), in: test.window)
            test.input.move(to: Point(x: start.x, y: 4), in: test.window)  // above the view
            #expect(test.wait { view.document.caret.paragraph < 60 }, "the selection followed the scrolling up")
            #expect(view.contentOffset.y < offset - 300)
            test.input.release()
            #expect(test.wait { !view.document.selectedText.isEmpty })
            #expect(view.document.anchor == middle)
            // The caret is on screen, at the top: the selection's start shows.
            let caret = view.caretRect()
            #expect(caret.minY >= view.contentOffset.y && caret.maxY <= view.contentOffset.y + view.bounds.height)
        }

        @Test func aDragPastTheRightEdgeOfUnwrappedLinesScrollsSidewaysAndSelects() throws {
            let text = (0..<40).map { "word\($0)" }.joined(separator: " ")
            let (test, view, _) = try makeWindow(text + "\nsecond")
            defer { test.close() }
            view.wrapsLines = false
            test.tap(.home, modifiers: .control)
            #expect(test.settle())
            let start = caretPoint(view, at: TextPosition(paragraph: 0, offset: 2))
            test.input.move(to: start, in: test.window)
            test.input.press()
            test.input.move(to: Point(x: 200, y: start.y), in: test.window)
            test.input.move(to: Point(x: 377, y: start.y), in: test.window)  // right of the view, held
            #expect(
                test.wait { view.contentOffset.x > 400 && view.document.caret.offset > 100 },
                "the selection followed the scrolling sideways: \(view.contentOffset.x), \(view.document.caret)")
            test.input.release()
            #expect(test.wait { view.document.selectedText.count > 98 })
            #expect(view.document.anchor == TextPosition(paragraph: 0, offset: 2))
            // The caret shows, at the right of what shows.
            let caret = view.caretRect()
            #expect(caret.minX >= view.contentOffset.x && caret.maxX <= view.contentOffset.x + view.bounds.width)
        }

        @Test func pageDownAndUpScrollAPageLessALineAndShiftExtends() throws {
            let text = (0..<200).map { "line \($0)" }.joined(separator: "\n")
            let (test, view, _) = try makeWindow(text)
            defer { test.close() }
            test.tap(.home, modifiers: .control)
            #expect(view.contentOffset.y == 0, "the padding above the first line shows")
            test.tap(.down)
            test.tap(.right)
            let line = view.lineHeight
            let shown = view.bounds.height - 4  // the viewport, inside the border
            let page = shown - line
            let lines = Int((page / line).rounded(.down))
            let screenY = view.caretRect().minY - view.contentOffset.y
            test.tap(.pageDown)
            #expect(view.contentOffset.y == page, "scrolled \(view.contentOffset.y), not a page less a line")
            // The caret stays where it was on screen, as many lines on, at the same x.
            #expect(abs(view.caretRect().minY - view.contentOffset.y - screenY) < line)
            let first = view.document.caret
            #expect(first.offset == 1)
            #expect(abs(first.paragraph - (1 + lines)) <= 1, "the caret went to line \(first.paragraph)")
            test.tap(.pageDown, modifiers: .shift)
            #expect(abs(view.contentOffset.y - 2 * page) < 0.5)
            #expect(view.document.anchor == first)
            #expect(abs(view.document.caret.paragraph - first.paragraph - lines) <= 1)
            #expect(view.document.selectedText.hasPrefix("ine \(first.paragraph)\n"))
            test.tap(.pageUp, modifiers: .shift)
            #expect(view.document.caret == first)
            #expect(!view.document.hasSelection)
            #expect(abs(view.contentOffset.y - page) < 0.5)
            test.tap(.pageUp)
            #expect(view.contentOffset.y == 0)
            #expect(view.document.caret == TextPosition(paragraph: 1, offset: 1))
            // At the top already, Page Up goes to the start of the text; at the bottom, Page
            // Down to its end.
            test.tap(.pageUp)
            #expect(view.document.caret == TextPosition.start)
            test.tap(.end, modifiers: .control)
            test.tap(.home)
            test.tap(.pageDown, modifiers: .shift)
            #expect(view.document.caret == TextPosition(paragraph: 199, offset: 8))
            #expect(view.document.selectedText == "line 199")
        }

        @Test func theClipboardAndThePrimarySelectionCarryParagraphs() throws {
            let (test, view, field) = try makeWindow("first\nsecond")
            defer { test.close() }
            test.tap(.character("a"), modifiers: .control)
            test.tap(.character("c"), modifiers: .control)
            test.tap(.end, modifiers: .control)
            test.tap(.enter)
            test.tap(.character("v"), modifiers: .control)
            #expect(test.wait { Array(view.document.paragraphs) == ["first", "second", "first", "second"] })
            // Text selected in the field pastes by a middle click where the click is.
            test.click(field)
            test.type("pasted ")
            test.tap(.character("a"), modifiers: .control)
            #expect(test.wait { field.editing.selectedText == "pasted " })
            test.click(at: caretPoint(view, at: TextPosition(paragraph: 1, offset: 0)), button: .middle)
            #expect(test.wait { view.document.paragraphs[1] == "pasted second" })
            // A cut leaves the text; the field gets it on one line.
            view.becomeFocused()
            test.tap(.home, modifiers: .control)
            test.tap(.down, modifiers: .shift)
            test.tap(.character("x"), modifiers: .control)
            #expect(view.document.paragraphs.first == "pasted second")
            test.click(field)
            test.tap(.end)
            test.tap(.character("v"), modifiers: .control)
            #expect(test.wait { field.text == "pasted first " })
        }

        @Test func tabInsertsATabAndControlTabMovesTheFocus() throws {
            let (test, view, field) = try makeWindow("ab")
            defer { test.close() }
            test.tap(.end)
            test.tap(.tab)
            #expect(view.text == "ab\t")
            test.tap(.tab, modifiers: .control)
            #expect(field.isFocused)
            view.becomeFocused()
            view.tabMovesFocus = true
            test.tap(.tab)
            #expect(field.isFocused)
            #expect(view.text == "ab\t")
        }

        @Test func textDroppedFromAnotherClientGoesInAtTheDropPoint() throws {
            let (test, view, _) = try makeWindow("one\ntwo")
            defer { test.close() }
            let source = try DragSource(
                servedBy: test.application, offering: [("text/plain;charset=utf-8", "1\n2"), ("UTF8_STRING", "1\n2")])
            source.enter(test.window)
            let point = caretPoint(view, at: TextPosition(paragraph: 1, offset: 1))
            let frame = test.input.screenFrame(of: test.window.windowID)
            source.move(to: Point(x: frame.minX + point.x, y: frame.minY + point.y), over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(source.statuses.last == DragSource.Answer(accepted: true, action: "XdndActionCopy"))
            #expect(view.dropPosition == TextPosition(paragraph: 1, offset: 1))
            source.drop(on: test.window)
            #expect(test.wait { source.finished != nil })
            #expect(Array(view.document.paragraphs) == ["one", "t1", "2wo"])
            #expect(view.document.caret == TextPosition(paragraph: 2, offset: 1))
            #expect(view.dropPosition == nil)
        }

        @Test func selectedTextDraggedOutOfTheViewIsCopiedIntoTheField() throws {
            let (test, view, field) = try makeWindow("drag these words\nsecond")
            defer { test.close() }
            // Selected by keys from a click well left of where the drag starts (so the press that
            // starts it is not a double click).
            test.click(at: caretPoint(view, at: TextPosition(paragraph: 0, offset: 0)))
            test.tap(.right, modifiers: .control)
            test.tap(.right, modifiers: [.control, .shift])
            #expect(view.document.selectedText == " these")
            let word = caretPoint(view, at: TextPosition(paragraph: 0, offset: 8))
            test.input.move(to: word, in: test.window)
            test.input.press()
            test.input.move(to: Point(x: word.x + 10, y: word.y), in: test.window)
            #expect(test.wait { test.window.isDraggingOut })
            test.input.move(to: Point(x: field.frame.midX, y: field.frame.midY), in: test.window)
            #expect(test.wait { field.dropPosition == 0 })
            test.input.release()
            #expect(test.wait { field.text == " these" })
            #expect(test.wait { !test.window.isDraggingOut })
            #expect(view.text == "drag these words\nsecond")
            #expect(view.document.selectedText == " these")
        }

        @Test func aTabShowsAsBlankSpaceNotAMissingGlyphBox() throws {
            let (test, view, _) = try makeWindow("a\tb")
            defer { test.close() }
            view.resignFocus()  // no caret in the picture
            #expect(test.settle())
            let image = try test.capture()
            let afterA = caretPoint(view, at: TextPosition(paragraph: 0, offset: 1))
            let beforeB = caretPoint(view, at: TextPosition(paragraph: 0, offset: 2))
            #expect(beforeB.x - afterA.x > 8, "the tab takes room")
            let top = Int(view.frame.minY + 2 + TextView.padding), bottom = top + Int(view.lineHeight)
            let inked: [Int] = (Int(afterA.x) + 2..<Int(beforeB.x) - 1).flatMap { x in
                (top..<bottom).filter { (image.rgb(x: x, y: $0) ?? 0xffffff) & 0xff < 0xc0 }
            }
            #expect(inked.isEmpty, "ink where the tab is")
        }
    }
}
