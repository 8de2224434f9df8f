import CX11
@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) @testable import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// Composing with a real input method server that offers on-the-spot pre-edit (issue 29):
    /// Debian's uim-xim with its pinyin engine ("py", which converts syllable by syllable:
    /// "ni" composes 你, the next syllable commits it and composes the next). The pre-edit shows
    /// in the field, highlighted and underlined, as it is typed; committing puts the Chinese in
    /// the field's text; moving focus drops the pre-edit; a text view composes the same way, and
    /// undoes a commit as a step of its own.
    @MainActor @Suite struct InputMethodPreeditTests {
        @Test(.enabled(if: UimXim.executable != nil, "uim-xim is not installed (scripts/install-deps installs it)"))
        func pinyinComposesInlineAndCommitsChinese() throws {
            let session = try PinyinSession()
            defer { session.close() }
            let display = session.display, application = session.application, inputMethod = session.inputMethod

            let field = TextField(frame: Rect(x: 10, y: 10, width: 260, height: 36))
            let other = TextView(frame: Rect(x: 10, y: 56, width: 260, height: 60))
            let root = View()
            root.addSubview(field)
            root.addSubview(other)
            let window = try Window(
                application: application, title: "Pre-edit", size: Size(width: 280, height: 126), rootView: root)
            let input = try InputDriver(displayName: display.name)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && window.framesPresented > 0 })
            input.focus(window)
            input.click(at: Point(x: 50, y: 28), in: window)
            try #require(application.run(timeout: 5) { field.isFocused })
            try #require(
                application.run(timeout: 5) { inputMethod.isConnectedToServer },  // opened once idle
                "the window's input context is not on uim-xim")
            #expect(inputMethod.style.preedit == .callbacks)
            #expect(application.run(timeout: 5) { !window.scene.needsFrame })
            let empty = try window.captureImage()

            input.tap(.space, modifiers: .shift)  // turns pinyin on
            input.type("ni")
            #expect(application.run(timeout: 5) { window.scene.textComposition?.text == "你" })
            #expect(window.scene.textComposition?.characterRuns.map(\.emphasis) == [.highlighted])
            #expect(field.text.isEmpty)
            #expect(application.run(timeout: 5) { !window.scene.needsFrame })
            let composing = try window.captureImage()
            try save(composing, "preedit-composing")
            let drawsPreedit = composing != empty
            #expect(drawsPreedit, "the pre-edit is not drawn in the field")

            input.type("hao")  // commits 你, composes 好
            #expect(application.run(timeout: 5) { field.text == "你" && window.scene.textComposition?.text == "好" })
            #expect(application.run(timeout: 5) { !window.scene.needsFrame })
            try save(try window.captureImage(), "preedit-second-syllable")
            input.tap(.enter)  // commits 好
            #expect(application.run(timeout: 5) { field.text == "你好" && window.scene.textComposition == nil })

            // Focus moving on drops the pre-edit: it reaches neither view, and the next one
            // starts afresh, in the text view's line.
            input.type("ha")
            #expect(application.run(timeout: 5) { window.scene.textComposition?.text == "哈" })
            let textViewBefore = try window.captureImage()
            input.click(at: Point(x: 50, y: 74), in: window)
            #expect(application.run(timeout: 5) { other.isFocused && window.scene.textComposition == nil })
            input.type("a")
            #expect(application.run(timeout: 5) { window.scene.textComposition?.text == "啊" })
            #expect(field.text == "你好")
            #expect(other.text.isEmpty)
            #expect(application.run(timeout: 5) { !window.scene.needsFrame })
            let textViewComposing = try window.captureImage()
            try save(textViewComposing, "preedit-text-view")
            let textViewDrawsPreedit = textViewComposing != textViewBefore
            #expect(textViewDrawsPreedit, "the pre-edit is not drawn in the text view")
            input.tap(.enter)  // commits 啊: the input method takes the Return, no line break
            #expect(application.run(timeout: 5) { other.text == "啊" && window.scene.textComposition == nil })

            // A commit is an undo step of its own, one character though it is: Latin typed after
            // it goes first, then the commit.
            input.tap(.space, modifiers: .shift)  // turns pinyin off
            input.type("x")
            #expect(application.run(timeout: 5) { other.text == "啊x" })
            input.tap(.character("z"), modifiers: .control)
            #expect(application.run(timeout: 5) { other.text == "啊" })
            input.tap(.character("z"), modifiers: .control)
            #expect(application.run(timeout: 5) { other.text.isEmpty })
        }

        /// A pre-edit begun with the caret in the middle of a text view's text shows at the
        /// caret, in its line, the text after it moved on; the commit goes in there.
        @Test(.enabled(if: UimXim.executable != nil, "uim-xim is not installed (scripts/install-deps installs it)"))
        func aPreeditInTheMiddleOfATextViewsTextShowsAndCommitsAtTheCaret() throws {
            let session = try PinyinSession()
            defer { session.close() }
            let display = session.display, application = session.application, inputMethod = session.inputMethod

            let view = TextView(
                text: "first line\nabc      def\nlast", font: Canopy.Font(size: 18),
                frame: Rect(x: 10, y: 10, width: 260, height: 100))
            // "abc" in red: the line keeps its styles while it shows the pre-edit.
            let red = Color(rgb: 0xdd0000)
            view.paragraphStyler = { paragraph, _ in
                var text = AttributedText(paragraph)
                if let found = paragraph.range(of: "abc") { text.setStyle(TextStyle(color: red), in: found) }
                return text
            }
            let root = View()
            root.backgroundColor = .white
            root.addSubview(view)
            let window = try Window(
                application: application, title: "Pre-edit mid-text", size: Size(width: 280, height: 120),
                rootView: root)
            let input = try InputDriver(displayName: display.name)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && window.framesPresented > 0 })
            input.focus(window)
            // A click after "abc " in the second paragraph.
            let position = TextPosition(paragraph: 1, offset: 4)
            let caret = view.caretRect(at: position)
            let toWindow = { (x: Double) in view.frame.minX + 2 + x - view.contentOffset.x }
            let lineTop = Int(view.frame.minY + 2 + caret.minY), lineBottom = Int(view.frame.minY + 2 + caret.maxY)
            input.click(at: Point(x: toWindow(caret.minX), y: view.frame.minY + 2 + caret.midY), in: window)
            try #require(application.run(timeout: 5) { view.isFocused && view.document.caret == position })
            try #require(
                application.run(timeout: 5) { inputMethod.isConnectedToServer },  // opened once idle
                "the window's input context is not on uim-xim")
            #expect(inputMethod.style.preedit == .callbacks)
            input.tap(.space, modifiers: .shift)  // turns pinyin on
            #expect(application.run(timeout: 5) { !window.scene.needsFrame })
            let before = try window.captureImage()

            input.type("ni")
            #expect(application.run(timeout: 5) { window.scene.textComposition?.text == "你" })
            #expect(application.run(timeout: 5) { !window.scene.needsFrame })
            let composing = try window.captureImage()
            try save(composing, "preedit-text-view-mid-text")
            /// The columns of `image` in `columns` with ink on the caret's line.
            func inked(_ image: Bitmap, _ columns: Range<Int>) -> [Int] {
                columns.filter { x in
                    (lineTop..<lineBottom).contains { y in
                        guard let pixel = image.color(x: x, y: y) else { return false }
                        return pixel.red + pixel.green + pixel.blue < 1.5
                    }
                }
            }
            let caretX = Int(toWindow(caret.minX))
            let width = Int(view.textMeasurer.measure("你", font: Canopy.Font(size: 18)).width)
            // "abc" stays put; the gap after the caret, blank before, holds the pre-edit.
            #expect(inked(before, 10..<caretX - 1) == inked(composing, 10..<caretX - 1))
            #expect(!inked(before, 10..<caretX - 1).isEmpty)
            /// How many pixels of `image` left of the caret, on its line, are red.
            func reds(_ image: Bitmap) -> Int {
                (10..<caretX - 1).reduce(0) { count, x in
                    count
                        + (lineTop..<lineBottom).filter { y in
                            guard let pixel = image.color(x: x, y: y) else { return false }
                            return pixel.red > 0.6 && pixel.green < 0.3 && pixel.blue < 0.3
                        }.count
                }
            }
            #expect(reds(before) > 20)
            #expect(reds(composing) == reds(before), "the line lost its styles while composing")
            #expect(inked(before, caretX + 2..<caretX + width - 2).isEmpty)
            #expect(inked(composing, caretX + 2..<caretX + width - 2).count > width / 2, "no pre-edit at the caret")
            // The caret the input method is told is where the pre-edit says, on the caret's line.
            let told = try #require(view.textInputCaretRect)
            let composition = try #require(window.scene.textComposition)
            let intoPreedit = view.textMeasurer.measure(
                String(composition.text.prefix(composition.characterCaret)), font: Canopy.Font(size: 18)
            ).width
            #expect(abs(told.minY - (caret.minY + 2)) < 1)
            #expect(abs(told.minX - (caret.minX + 2 + intoPreedit)) <= 1)

            input.tap(.enter)  // commits 你 at the caret
            #expect(
                application.run(timeout: 5) {
                    Array(view.document.paragraphs) == ["first line", "abc 你     def", "last"]
                        && window.scene.textComposition == nil
                })
            #expect(view.document.caret == TextPosition(paragraph: 1, offset: 5))
        }

        /// A method that offers only over-the-spot pre-edit (uim-xim with on-the-spot turned off
        /// here) draws the pre-edit itself at the caret the window told it; the Chinese still
        /// arrives as typed text.
        @Test(.enabled(if: UimXim.executable != nil, "uim-xim is not installed (scripts/install-deps installs it)"))
        func overTheSpotPreeditShowsAtTheCaret() throws {
            let session = try PinyinSession()
            defer { session.close() }
            let display = session.display, application = session.application, inputMethod = session.inputMethod
            inputMethod.allowsOnTheSpot = false

            let field = TextField(text: "abc", frame: Rect(x: 10, y: 10, width: 260, height: 36))
            let root = View()
            root.addSubview(field)
            let window = try Window(
                application: application, title: "Over the spot", size: Size(width: 280, height: 90), rootView: root)
            let input = try InputDriver(displayName: display.name)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && window.framesPresented > 0 })
            input.focus(window)
            input.click(at: Point(x: 250, y: 28), in: window)  // past the text: the caret at its end
            try #require(application.run(timeout: 5) { field.isFocused && field.selectedRange == 3..<3 })
            try #require(
                application.run(timeout: 5) { inputMethod.isConnectedToServer },  // opened once idle
                "the window's input context is not on uim-xim")
            #expect(inputMethod.style.preedit == .position)
            let caret = try #require(window.scene.textInputCaretRect)
            let scale = window.scale
            let told = inputMethod.toldCaret(for: window.windowID)
            #expect(told.map { Double($0.x) } == (caret.minX * scale).rounded())
            #expect(told.map { Double($0.y) } == (caret.maxY * scale).rounded())

            // The pre-edit shows on the screen at the caret (drawn by uim-xim, not by the field).
            let origin = input.screenFrame(of: window.windowID).origin
            let spotArea = Rect(x: origin.x + caret.minX * scale, y: origin.y, width: 60 * scale, height: 90 * scale)
            let before = try #require(input.captureScreen(spotArea))
            input.tap(.space, modifiers: .shift)  // turns pinyin on
            input.type("ni")
            #expect(
                application.run(timeout: 5) {
                    let now = input.captureScreen(spotArea)
                    return now != nil && now != before
                }, "no pre-edit appeared at the caret")
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                let screen = input.captureScreen(Rect(x: origin.x, y: origin.y, width: 280 * scale, height: 90 * scale))
                try screen?.writePNG(to: "\(directory)/preedit-over-the-spot.png")
            }
            #expect(window.scene.textComposition == nil)
            input.tap(.enter)
            #expect(application.run(timeout: 5) { field.text == "abc你" })
        }

        /// Writes `bitmap` to `$CANOPY_SCREENSHOT_DIR/name.png` when that is set, to look at.
        private func save(_ bitmap: Bitmap, _ name: String) throws {
            guard let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] else { return }
            try bitmap.writePNG(to: "\(directory)/\(name).png")
        }
    }
}
