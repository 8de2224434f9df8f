@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests.TextViewScreenTests {
    /// Another program (xclip) reads what the user selected in a text view as the primary
    /// selection, paragraphs as lines, and what they copied as the clipboard; once the selection
    /// is gone, the primary selection is given up and xclip finds nothing there.
    @Test func anotherProgramReadsTheSelectionAsPrimaryAndTheCopyAsTheClipboard() throws {
        let (test, view, _) = try makeWindow("first line\nsecond line\nthird")
        defer { test.close() }
        test.tap(.home, modifiers: .control)
        test.tap(.down, modifiers: .shift)
        test.tap(.end, modifiers: .shift)
        #expect(view.document.selectedText == "first line\nsecond line")
        let primary = try #require(try test.readWithXclip(selection: "primary"))
        #expect(primary.status == 0, "\(primary.errors)")
        #expect(primary.output == "first line\nsecond line")

        test.tap(.character("c"), modifiers: .control)
        test.tap(.end, modifiers: .control)  // the selection goes; the copy stays
        #expect(view.document.selectedText.isEmpty)
        let clipboard = try #require(try test.readWithXclip(selection: "clipboard"))
        #expect(clipboard.output == "first line\nsecond line")
        let released = try #require(try test.readWithXclip(selection: "primary"))
        #expect(released.status != 0, "xclip read \(released.output.debugDescription) after the selection went")
    }
}
