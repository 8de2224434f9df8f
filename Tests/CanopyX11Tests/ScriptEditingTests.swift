@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Editing Arabic, Hebrew, Devanagari and mixed text in a field with real keys and clicks:
    /// the caret always lands between clusters.
    @MainActor @Suite struct ScriptEditingTests {
        static let font = Font(size: 20)

        /// A focused field holding `text` with the caret at its end: typed key by key, as a
        /// person would, or (to spare the test display's few free keycodes, which each
        /// character the keyboard lacks takes for good) set.
        func field(holding text: String, byKeys: Bool = false) throws -> (TestWindow, TextField) {
            let field = TextField(font: Self.font, frame: Rect(x: 10, y: 10, width: 380, height: 40))
            let root = View()
            root.backgroundColor = .white
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 400, height: 60), rootView: root)
            test.click(field)
            if byKeys { test.type(text) } else { field.text = text }
            #expect(
                test.wait { field.text == text },
                "typed \(field.text.unicodeScalars.map { String($0.value, radix: 16) })")
            return (test, field)
        }

        /// The caret positions the arrow `key` visits, pressed `count` times.
        func caretsVisited(by key: Key, _ count: Int, in test: TestWindow, _ field: TextField) -> [Int] {
            (0..<count).map { _ in
                test.tap(key)
                return field.editing.caret
            }
        }

        @Test func typedArabicRunsRightToLeftFromTheRightEdge() throws {
            let (test, field) = try field(holding: "مرحبا", byKeys: true)
            defer { test.close() }
            let layout = field.textLayout
            #expect(layout.isRightToLeft)
            #expect(field.editing.caret == 5)
            // The caret after the last letter typed is at the text's left end, and the text sits
            // against the field's right edge.
            let caretX = field.textRect.maxX - 2 - layout.width + layout.caretOffset(at: 5)
            #expect(abs(caretX - (field.textRect.maxX - 2 - layout.width)) < 0.5)
            let image = try test.capture()
            let row = 30
            let inked = (10..<390).filter { (image.rgb(x: $0, y: row) ?? 0xffffff) & 0xff < 0x80 }
            #expect((inked.min() ?? 0) > 200, "the Arabic word sits at the right, not the left")
        }

        @Test func arrowsMoveOnScreenThroughHebrew() throws {
            let (test, field) = try field(holding: "שלום")
            defer { test.close() }
            #expect(field.editing.caret == 4)  // drawn at the left end of the word
            #expect(caretsVisited(by: .left, 1, in: test, field) == [4])  // nothing further left
            #expect(caretsVisited(by: .right, 5, in: test, field) == [3, 2, 1, 0, 0])
            test.tap(.end)
            #expect(field.editing.caret == 4)
        }

        @Test func arrowsCrossMixedTextInVisualOrder() throws {
            // Shown as "abc םולש def": the Hebrew word reads right to left inside the line.
            let (test, field) = try field(holding: "abc שלום def")
            defer { test.close() }
            test.tap(.home)
            #expect(field.editing.caret == 0)
            let rightwards = caretsVisited(by: .right, 12, in: test, field)
            #expect(rightwards == [1, 2, 3, 4, 7, 6, 5, 8, 9, 10, 11, 12])
            // Each press moves the caret right on screen.
            let layout = field.textLayout
            let xs = ([0] + rightwards).map { layout.caretOffset(at: $0) }
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 })
            let leftwards = caretsVisited(by: .left, 12, in: test, field)
            #expect(leftwards == [11, 10, 9, 8, 5, 6, 7, 4, 3, 2, 1, 0])
        }

        @Test func backspaceRemovesADevanagariConjunctWhole() throws {
            let (test, field) = try field(holding: "नमस्ते", byKeys: true)
            defer { test.close() }
            #expect(field.text.count == 3)  // न, म and the conjunct स्ते
            test.tap(.backspace)
            #expect(test.wait { field.text == "नम" })
            test.tap(.left)
            #expect(field.editing.caret == 1)
            test.tap(.delete)
            #expect(test.wait { field.text == "न" })
        }

        @Test func aCombiningAccentMovesWithItsLetter() throws {
            let (test, field) = try field(holding: "e\u{301}a")
            defer { test.close() }
            #expect(caretsVisited(by: .left, 2, in: test, field) == [1, 0])
            test.tap(.delete)
            #expect(test.wait { field.text == "a" })
        }

        @Test func shiftArrowsSelectArabicAndTheSelectionIsDrawnThere() throws {
            let (test, field) = try field(holding: "مرحبا بالعالم")
            defer { test.close() }
            // The caret is at the end (the left of the line); Shift-Right selects towards the start.
            for _ in 0..<7 { test.tap(.right, modifiers: .shift) }
            #expect(field.editing.selection == 6..<13)
            #expect(field.editing.selectedText == "بالعالم")
            let rects = field.textLayout.selectionRects(for: 6..<13)
            #expect(rects.count == 1)
            // The selection colour covers the left word and not the right one.
            let image = try test.capture()
            let left = field.textRect.maxX - 2 - field.textLayout.width
            let selected = try #require(rects.first)
            let selection = Theme.standard.textSelection
            let selectionRGB =
                UInt32((selection.red * 255).rounded()) << 16 | UInt32((selection.green * 255).rounded()) << 8
                | UInt32((selection.blue * 255).rounded())
            func selectionPixels(_ columns: ClosedRange<Double>) -> Int {
                var count = 0
                for y in 15..<45 {
                    for x in Int(columns.lowerBound)...Int(columns.upperBound)
                    where image.rgb(x: x, y: y) == selectionRGB {
                        count += 1
                    }
                }
                return count
            }
            #expect(selectionPixels((10 + left + selected.minX + 2)...(10 + left + selected.maxX - 2)) > 100)
            #expect(selectionPixels((10 + left + selected.maxX + 4)...(10 + left + field.textLayout.width)) == 0)
        }

        @Test func clicksLandBetweenClustersInEveryScript() throws {
            for text in ["नमस्ते दुनिया", "مرحبا بالعالم", "שלום עולם", "Hello مرحبا 123 עולם"] {
                let (test, field) = try field(holding: text)
                defer { test.close() }
                let layout = field.textLayout
                let left = field.textRect.maxX - 2 - layout.width
                let textLeft = layout.isRightToLeft ? left : field.textRect.minX
                for cluster in layout.clusters where cluster.width >= 6 {
                    // A click in the left third lands on the cluster's left edge, in the right
                    // third on its right edge: never inside it.
                    let leftEdge = cluster.isRightToLeft ? cluster.characters.upperBound : cluster.characters.lowerBound
                    let rightEdge =
                        cluster.isRightToLeft ? cluster.characters.lowerBound : cluster.characters.upperBound
                    for (fraction, expected) in [(0.2, leftEdge), (0.8, rightEdge)] where cluster.characters.count == 1
                    {
                        let x = field.frame.minX + textLeft + cluster.x + cluster.width * fraction
                        // A click elsewhere first, so this one is not taken for a double click.
                        test.click(at: Point(x: field.frame.minX + 2, y: field.frame.minY + 2))
                        test.click(at: Point(x: x, y: field.frame.midY))
                        #expect(field.editing.caret == expected, "\(text): cluster \(cluster.characters)")
                    }
                }
            }
        }

        @Test func typedHebrewRunsRightToLeftAndBackspaceTakesTheLastLetterTyped() throws {
            let (test, field) = try field(holding: "שלום", byKeys: true)
            defer { test.close() }
            #expect(field.textLayout.isRightToLeft)
            test.tap(.backspace)
            #expect(test.wait { field.text == "שלו" })
            // The caret stays at the end, now the left end of the shorter word.
            #expect(field.editing.caret == 3)
            #expect(field.textLayout.caretOffset(at: 3) == 0)
        }

        @Test func typedMixedTextKeepsItsOrderAndBackspaceRemovesClustersInArabic() throws {
            let (test, field) = try field(holding: "ab שלום", byKeys: true)
            defer { test.close() }
            // A left-to-right paragraph: the Hebrew word read from its right end, after "ab ".
            #expect(!field.textLayout.isRightToLeft)
            let placed = field.textLayout.clusters.map(\.characters.lowerBound)
            #expect(placed == [0, 1, 2, 6, 5, 4, 3])
            test.type(" مرحبا")
            #expect(test.wait { field.text == "ab שלום مرحبا" })
            test.tap(.backspace)
            test.tap(.backspace)
            #expect(test.wait { field.text == "ab שלום مرح" })
            #expect(field.editing.caret == 11)
        }

        @Test func shiftArrowsSelectDevanagariByWholeConjuncts() throws {
            let (test, field) = try field(holding: "नमस्ते")
            defer { test.close() }
            test.tap(.left, modifiers: .shift)
            #expect(field.editing.selectedText == "स्ते")
            test.tap(.left, modifiers: .shift)
            #expect(field.editing.selection == 1..<3)
            test.tap(.backspace)
            #expect(test.wait { field.text == "न" })
        }

        @Test func aSelectionAcrossDirectionsIsDrawnAsTwoRectangles() throws {
            // Shown as "abc םולש def"; selecting "abc שלו" leaves ם, drawn between them, out.
            let (test, field) = try field(holding: "abc שלום def")
            defer { test.close() }
            test.tap(.home)
            for _ in 0..<5 { test.tap(.right, modifiers: .shift) }
            #expect(field.editing.selection == 0..<7)
            let layout = field.textLayout
            let rects = layout.selectionRects(for: 0..<7)
            #expect(rects.count == 2)
            let unselected = try #require(layout.clusters.first { $0.characters == 7..<8 })
            test.settle()
            let image = try test.capture()
            let selection = Theme.standard.textSelection
            let selectionRGB =
                UInt32((selection.red * 255).rounded()) << 16 | UInt32((selection.green * 255).rounded()) << 8
                | UInt32((selection.blue * 255).rounded())
            let textLeft = field.frame.minX + field.textRect.minX
            func selectionPixels(from minX: Double, to maxX: Double) -> Int {
                var count = 0
                for y in 15..<45 {
                    for x in Int((textLeft + minX).rounded(.up))..<Int((textLeft + maxX).rounded(.down))
                    where image.rgb(x: x, y: y) == selectionRGB {
                        count += 1
                    }
                }
                return count
            }
            for rect in rects { #expect(selectionPixels(from: rect.minX + 1, to: rect.maxX - 1) > 50) }
            #expect(selectionPixels(from: unselected.x + 1, to: unselected.x + unselected.width - 1) == 0)
        }

        @Test func controlArrowsAndBackspaceGoByWordInArabicAndDevanagari() throws {
            let (test, field) = try field(holding: "مرحبا بالعالم")
            defer { test.close() }
            // Right on screen is backwards in a right-to-left paragraph: word by word to its start.
            test.tap(.right, modifiers: .control)
            #expect(field.editing.caret == 6)
            test.tap(.right, modifiers: .control)
            #expect(field.editing.caret == 0)
            test.tap(.left, modifiers: [.control, .shift])
            #expect(field.editing.selectedText == "مرحبا")
            field.text = "नमस्ते दुनिया"
            test.tap(.end)
            test.tap(.backspace, modifiers: .control)
            #expect(test.wait { field.text == "नमस्ते " })
        }

        @Test func typedTextStaysPutWhenAChineseCharacterJoinsIt() throws {
            let (test, field) = try field(holding: "Hello", byKeys: true)
            defer { test.close() }
            let columns = 22..<60  // "Hello", left of where the Chinese character goes
            let before = try test.capture()
            test.type("你")
            #expect(test.wait { field.text == "Hello你" })
            test.settle()
            let after = try test.capture()
            let moved = (12..<50).flatMap { y in columns.filter { before.rgb(x: $0, y: y) != after.rgb(x: $0, y: y) } }
            #expect(moved.isEmpty, "\(moved.count) pixels of \"Hello\" changed")
        }
    }
}
