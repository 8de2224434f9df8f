@_spi(Testing) import Canopy
@_spi(Testing) @testable import CanopyX11
import CanopyTesting
import CX11
import Foundation
import Testing

extension X11Tests {
    /// Styled runs on screen: each in its colour and face, shaped as one line, with their
    /// lines, and links that take a click.
    @MainActor @Suite struct StyledTextTests {
        let red = Color(rgb: 0xdd0000)
        let blue = Color(rgb: 0x0000dd)
        let font = Canopy.Font.system(size: 24)

        /// A window showing `text` in a label along its top.
        func window(showing text: AttributedText) throws -> (TestWindow, Label) {
            let root = View()
            root.backgroundColor = .white
            let label = Label(
                attributedText: text, font: font, alignment: .left, frame: Rect(x: 10, y: 10, width: 380, height: 40))
            root.addSubview(label)
            return (try TestWindow(size: Size(width: 400, height: 60), rootView: root), label)
        }

        /// The pixels in columns `columns` of the label's rows that are near `color`.
        func count(_ color: Color, in image: Bitmap, columns: Range<Int>) -> Int {
            var count = 0
            for y in 10..<50 {
                for x in columns {
                    guard let pixel = image.color(x: x, y: y) else { continue }
                    if abs(pixel.red - color.red) < 0.25, abs(pixel.green - color.green) < 0.25,
                        abs(pixel.blue - color.blue) < 0.25
                    {
                        count += 1
                    }
                }
            }
            return count
        }

        /// Where each run of `text` lies in the window, left to right.
        func runColumns(_ text: AttributedText, in label: Label) -> [Range<Int>] {
            let layout = label.textMeasurer.layout(text, font: font, direction: .natural)
            return text.runs.map { run in
                let rect = layout.selectionRects(for: run.characters)[0]
                return Int(10 + rect.minX)..<Int(10 + rect.maxX)
            }
        }

        @Test func eachRunIsDrawnInItsOwnColour() throws {
            let text =
                AttributedText("Red ", style: TextStyle(color: red))
                + AttributedText("Blue", style: TextStyle(color: blue))
            let (test, label) = try window(showing: text)
            defer { test.close() }
            let image = try test.capture()
            let columns = runColumns(text, in: label)
            #expect(count(red, in: image, columns: columns[0]) > 40)
            #expect(count(blue, in: image, columns: columns[0]) == 0)
            #expect(count(blue, in: image, columns: columns[1]) > 40)
            #expect(count(red, in: image, columns: columns[1]) == 0)
        }

        @Test func arabicLettersStillJoinAcrossAChangeOfColour() throws {
            let word = "مرحبا بالعالم"
            var text = AttributedText(word, style: TextStyle(color: blue))
            text.setStyle(TextStyle(color: red), in: 0..<3)
            let fonts = try TestWindow(size: Size(width: 10, height: 10))
            defer { fonts.close() }
            let catalog = fonts.application.connection.fonts
            let plain = catalog.line(word, font: font, direction: .natural)
            let styled = catalog.line(
                word, runs: text.runs.map { FontRun(characters: $0.characters, font: font) }, direction: .natural)
            // The same glyphs (joined forms, not isolated ones) at the same places, in two runs.
            #expect(styled.runs.count > plain.runs.count)
            #expect(styled.runs.flatMap(\.glyphs).sorted() == plain.runs.flatMap(\.glyphs).sorted())
            #expect(abs(styled.layout.width - plain.layout.width) < 0.01)
            let (test, _) = try window(showing: text)
            defer { test.close() }
            let image = try test.capture()
            #expect(count(red, in: image, columns: 0..<400) > 30)
            #expect(count(blue, in: image, columns: 0..<400) > 30)
        }

        @Test func boldAndItalicRunsUseTheirFaces() throws {
            let test = try TestWindow(size: Size(width: 10, height: 10))
            defer { test.close() }
            let measurer = test.window.scene.textMeasurer
            let regular = measurer.measure(AttributedText("Hello world"), font: font).width
            #expect(measurer.measure(AttributedText("Hello world", style: .bold), font: font).width > regular + 1)
            let catalog = test.application.connection.fonts
            let italic = catalog.line("Hello", font: Canopy.Font.system(size: 24, isItalic: true), direction: .natural)
            var slant: Int32 = 0
            let face = try #require(italic.runs.first?.face)
            #expect(FcPatternGetInteger(face.pointee.pattern, FC_SLANT, 0, &slant) == FcResultMatch)
            #expect(slant >= FC_SLANT_ITALIC)  // italic or oblique
        }

        @Test func anUnderlineRunsUnderTheRunAndAStrikethroughThroughIt() throws {
            let text =
                AttributedText("under", style: TextStyle(color: red, isUnderlined: true)) + "  "
                + AttributedText("struck", style: TextStyle(color: blue, isStruckThrough: true))
            let (test, label) = try window(showing: text)
            defer { test.close() }
            let image = try test.capture()
            let columns = runColumns(text, in: label)
            /// Rows where at least 90 % of the run's columns are its colour: its line.
            func solidRows(_ color: Color, _ columns: Range<Int>) -> [Int] {
                (10..<50).filter { y in
                    columns.filter { x in
                        guard let pixel = image.color(x: x, y: y) else { return false }
                        return abs(pixel.red - color.red) < 0.25 && abs(pixel.blue - color.blue) < 0.25
                            && pixel.green < 0.25
                    }.count * 10 >= columns.count * 9
                }
            }
            let baseline =
                10
                + (40 + label.textMeasurer.lineMetrics(for: font).ascent
                    - label.textMeasurer.lineMetrics(for: font).descent) / 2
            let underline = solidRows(red, columns[0])
            let strike = solidRows(blue, columns[2])
            #expect(!underline.isEmpty && underline.allSatisfy { Double($0) > baseline })
            #expect(!strike.isEmpty && strike.allSatisfy { Double($0) < baseline - 3 })
        }

        @Test func aClickOnALinkActivatesItAndThePointerShowsTheHandOverIt() throws {
            let text =
                AttributedText("Read the ")
                + AttributedText("manual", style: TextStyle(link: "https://example.org/manual"))
            let (test, label) = try window(showing: text)
            defer { test.close() }
            var activated: [String] = []
            label.onLinkActivated = { activated.append($0) }
            let columns = runColumns(text, in: label)
            let onLink = Point(x: Double(columns[1].lowerBound + columns[1].upperBound) / 2, y: 30)
            let offLink = Point(x: Double(columns[0].lowerBound + 10), y: 30)
            test.move(to: offLink)
            #expect(test.window.scene.currentCursor == .arrow)
            test.move(to: onLink)
            #expect(test.window.scene.currentCursor == .hand)
            test.click(at: offLink)
            #expect(activated.isEmpty)
            test.click(at: onLink)
            #expect(test.wait { activated == ["https://example.org/manual"] })
            // The link is drawn in the accent colour, underlined.
            let image = try test.capture()
            #expect(count(Theme.standard.accent, in: image, columns: columns[1]) > 40)
            #expect(count(Theme.standard.accent, in: image, columns: columns[0]) == 0)
        }

        /// The rows of `image` (in `columns`) holding a pixel near `color`.
        func rows(_ color: Color, in image: Bitmap, columns: Range<Int>, rows: Range<Int>) -> [Int] {
            rows.filter { y in
                columns.contains { x in
                    guard let pixel = image.color(x: x, y: y) else { return false }
                    return abs(pixel.red - color.red) < 0.3 && abs(pixel.green - color.green) < 0.3
                        && abs(pixel.blue - color.blue) < 0.3
                }
            }
        }

        @Test func aTextViewLineAsTallAsItsTallestRunKeepsClearOfItsNeighbours() throws {
            let green = Color(rgb: 0x00aa00)
            let root = View()
            root.backgroundColor = .white
            // The middle paragraph wraps: its second line holds the large run.
            let view = TextView(
                text: "Top line\nsmall words then Big\nBottom line", font: Canopy.Font.system(size: 16),
                frame: Rect(x: 10, y: 10, width: 200, height: 240))
            view.paragraphStyler = { [red, blue] paragraph, index in
                var text = AttributedText(paragraph, style: TextStyle(color: index == 0 ? blue : green))
                if let big = paragraph.range(of: "Big") {
                    text.setStyle(TextStyle(color: red, size: 44), in: text.characterRange(of: big))
                }
                return text
            }
            root.addSubview(view)
            let test = try TestWindow(size: Size(width: 220, height: 260), rootView: root)
            defer { test.close() }
            #expect(test.settle())
            let image = try test.capture()
            try save(image, "text-view-tall-run")
            let top = rows(blue, in: image, columns: 12..<208, rows: 10..<250)
            let big = rows(red, in: image, columns: 12..<208, rows: 10..<250)
            let others = rows(green, in: image, columns: 12..<208, rows: 10..<250)
            try #require(!top.isEmpty && !big.isEmpty)
            let bigMiddle = (big.min()! + big.max()!) / 2
            let (small, bottom) = (others.filter { $0 < bigMiddle }, others.filter { $0 > bigMiddle })
            try #require(!small.isEmpty && !bottom.isEmpty)
            #expect(big.count > 25, "the large run is drawn large")
            // Each line's ink lies inside its own line, none reaching into the next.
            let bigStart = TextPosition(paragraph: 1, offset: 17)
            let bigLine = view.caretRect(at: bigStart)
            try #require(bigLine.minY > view.caretRect(at: TextPosition(paragraph: 1, offset: 0)).minY, "no wrap")
            let window = { (y: Double) in Int(view.frame.minY + 2 + y - view.contentOffset.y) }
            #expect(bigLine.height > 44, "the large run's line is \(bigLine.height) points tall")
            #expect(big.min()! >= window(bigLine.minY) && big.max()! < window(bigLine.maxY))
            #expect(top.max()! < big.min()!)
            #expect(small.max()! < big.min()!)
            #expect(bottom.min()! > big.max()!)
            // The paragraph after starts below the large line; a click on the large run's lower
            // half lands on its line, not the next.
            #expect(view.top(ofParagraph: 2) >= bigLine.maxY)
            test.click(at: Point(x: 14, y: Double(window(bigLine.maxY)) - 4))
            #expect(test.wait { view.isFocused })
            #expect(view.document.caret.paragraph == 1)
            #expect(view.document.caret.offset >= bigStart.offset)
        }

        /// Writes `bitmap` to `$CANOPY_SCREENSHOT_DIR/name.png` when that is set, to look at.
        private func save(_ bitmap: Bitmap, _ name: String) throws {
            guard let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] else { return }
            try bitmap.writePNG(to: "\(directory)/\(name).png")
        }

        @Test func aTextViewsLinkTakesAClickWhenReadOnlyAndAControlClickWhileEditable() throws {
            let root = View()
            root.backgroundColor = .white
            let view = TextView(
                text: "Read the manual now", font: font, frame: Rect(x: 10, y: 10, width: 380, height: 80))
            view.paragraphStyler = { paragraph, _ in
                var text = AttributedText(paragraph)
                if let found = paragraph.range(of: "manual") {
                    text.setStyle(TextStyle(link: "https://example.org/manual"), in: found)
                }
                return text
            }
            view.isEditable = false
            root.addSubview(view)
            let test = try TestWindow(size: Size(width: 400, height: 100), rootView: root)
            defer { test.close() }
            var activated: [String] = []
            view.onLinkActivated = { activated.append($0) }
            // The link is drawn in the link colour, underlined; the rest of the text is not.
            let image = try test.capture()
            let linkColumns = (0..<400).filter { count(Theme.standard.link, in: image, columns: $0..<$0 + 1) > 0 }
            try #require(linkColumns.count > 40, "the link is not drawn in the link colour")
            let y = 10 + 2 + TextView.padding + view.lineHeight / 2
            let onLink = Point(x: Double(linkColumns[linkColumns.count / 2]), y: y)
            let offLink = Point(x: Double(linkColumns[0] - 30), y: y)

            test.move(to: offLink)
            #expect(test.window.scene.currentCursor == .text)
            test.move(to: onLink)
            #expect(test.window.scene.currentCursor == .hand)
            test.click(at: offLink)
            test.click(at: onLink)
            #expect(test.wait { activated == ["https://example.org/manual"] })

            // While editable a click goes into the link's text (this one, soon after the last,
            // selects its word); Control-click follows it.
            view.isEditable = true
            test.click(at: onLink)
            #expect(test.wait { view.isFocused && view.document.selection.upperBound.offset > 9 })
            let selection = view.document.selection
            #expect(selection.lowerBound.offset >= 9 && selection.upperBound.offset <= 15, "\(selection)")
            #expect(activated.count == 1)
            test.click(at: onLink, modifiers: .control)
            #expect(test.wait { activated.count == 2 })
        }
    }
}
