import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Selected text is offered as X's PRIMARY selection and a middle click pastes it.
    @MainActor @Suite struct PrimarySelectionTests {
        /// A window with a field holding `text` above an empty one.
        func twoFields(_ text: String) throws -> (TestWindow, source: TextField, target: TextField) {
            let root = View()
            let source = TextField(text: text, frame: Rect(x: 10, y: 10, width: 200, height: 36))
            let target = TextField(frame: Rect(x: 10, y: 60, width: 200, height: 36))
            root.addSubview(source)
            root.addSubview(target)
            return (try TestWindow(size: Size(width: 220, height: 110), rootView: root), source, target)
        }

        @Test func selectingInOneFieldAndMiddleClickingAnotherCopiesTheText() throws {
            let (test, source, target) = try twoFields("selected 文字")
            defer { test.close() }
            test.click(at: Point(x: 50, y: 28))
            test.tap(.character("a"), modifiers: .control)
            #expect(test.wait { source.editing.selectedText == "selected 文字" })
            test.click(at: Point(x: 50, y: 78), button: .middle)
            #expect(test.wait { target.text == "selected 文字" })
        }

        @Test func aSelectionThatGoesAwayLetsGoOfPrimarySoAMiddleClickPastesNothing() throws {
            let (test, _, target) = try twoFields("gone")
            defer { test.close() }
            let other = try SelectionReader(servedBy: test.application)
            test.click(at: Point(x: 50, y: 28))
            test.tap(.character("a"), modifiers: .control)
            #expect(test.wait { other.owner(of: "PRIMARY") != 0 })  // the app's
            test.tap(.end)  // the selection goes: the caret alone is left
            #expect(test.wait { other.owner(of: "PRIMARY") == 0 })
            test.click(at: Point(x: 50, y: 78), button: .middle)
            test.application.synchronize()
            #expect(test.settle())
            #expect(target.text.isEmpty)
        }
    }
}

extension X11Tests {
    /// UTF-8 text typed key by key reaches a field through the window's input context.
    @MainActor @Suite struct TypingTests {
        @Test func chineseAndLatinKeysTypeIntoTheField() throws {
            let root = View()
            let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 220, height: 60), rootView: root)
            defer { test.close() }
            test.click(at: Point(x: 50, y: 28))
            test.input.type("你好 Ok-1")
            #expect(test.wait { field.text == "你好 Ok-1" })
        }

        @Test func aCharacterOfSeveralScalarsIsTypedScalarByScalar() throws {
            let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
            let test = try TestWindow(size: Size(width: 220, height: 60), rootView: field)
            defer { test.close() }
            test.click(field)
            test.type("Cafe\u{301} 🇫🇷")  // a combining accent, and a flag of two regional letters
            #expect(
                test.wait { field.text == "Café 🇫🇷" }, "\(field.text.unicodeScalars.map { String($0.value, radix: 16) })"
            )
            #expect(field.text.count == 6)  // one character each: é and the flag
        }
    }
}

extension X11Tests {
    /// Where a field's text sits comes from the field's font, not from the fonts its text falls
    /// back to.
    @MainActor @Suite struct FieldBaselineTests {
        @Test func latinTextStaysPutWhenAChineseCharacterJoinsIt() throws {
            let root = View()
            let field = TextField(text: "hig", frame: Rect(x: 10, y: 10, width: 200, height: 36))
            root.addSubview(field)
            let test = try TestWindow(size: Size(width: 220, height: 60), rootView: root)
            defer { test.close() }
            #expect(test.settle())
            // "hig" but the last few columns, which the Chinese character's antialiasing may reach.
            let latinWidth = Int(field.textLayout.caretOffset(at: 3)) - 4
            let left = Int(field.frame.minX + TextField.padding)
            func latinPixels() throws -> [UInt32?] {
                let image = try test.capture()
                return (Int(field.frame.minY)..<Int(field.frame.maxY)).flatMap { y in
                    (left..<(left + latinWidth)).map { image.rgb(x: $0, y: y) }
                }
            }
            let before = try latinPixels()
            #expect(before.contains { $0 != before.first! }, "the Latin text is drawn")
            field.text = "hig你"
            #expect(test.settle())
            #expect(try latinPixels() == before)
        }
    }
}

extension X11Tests {
    /// A field tells when the user is done with it: Tab away after typing ends the edit session.
    @MainActor @Suite struct EditingEndedTests {
        @Test func tabbingAwayFromAnEditedFieldReportsItsText() throws {
            let root = View()
            let field = TextField(text: "Note", frame: Rect(x: 10, y: 10, width: 200, height: 36))
            let next = TextField(frame: Rect(x: 10, y: 60, width: 200, height: 36))
            root.addSubview(field)
            root.addSubview(next)
            var ended: [String] = []
            field.onEditingEnded = { ended.append($0) }
            let test = try TestWindow(size: Size(width: 220, height: 110), rootView: root)
            defer { test.close() }
            test.click(field)
            test.tap(.end)
            test.type(" one")
            #expect(test.wait { field.text == "Note one" })
            #expect(ended.isEmpty)
            test.tap(.tab)
            #expect(test.wait { next.isFocused })
            #expect(ended == ["Note one"])
        }
    }
}
