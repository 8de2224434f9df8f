@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests.DragOutTests {
    /// Text selected across two paragraphs of a text view, dragged into another client's window
    /// by XDND, arrives there with its line break; the view keeps its text and its selection.
    @Test func paragraphsSelectedInATextViewDraggedIntoAnotherClientArriveAndTheViewKeepsThem() throws {
        let root = View()
        let view = TextView(
            text: "alpha beta\ngamma delta\nepsilon", frame: Rect(x: 20, y: 20, width: 260, height: 100))
        root.addSubview(view)
        let test = try TestWindow(size: Size(width: 300, height: 130), rootView: root)
        defer { test.close() }
        test.click(at: Point(x: 250, y: 110))
        #expect(test.wait { view.isFocused })
        test.tap(.home, modifiers: .control)
        test.tap(.right, modifiers: [.shift, .control])
        test.tap(.down, modifiers: .shift)
        let selected = view.document.selectedText
        #expect(selected.contains("\n"), "the selection spans two paragraphs: \(selected.debugDescription)")
        let target = try DropTarget(servedBy: test.application, at: targetRect)
        let start = view.caretRect(at: TextPosition(paragraph: 0, offset: 2)).center
        startDrag(test, at: view.convert(start, to: nil))
        test.input.move(toScreen: Point(x: 500, y: 70))
        #expect(test.wait { target.positions > 0 })
        test.input.release()
        #expect(test.wait { target.receivedText != nil })
        #expect(target.receivedText == selected)
        #expect(test.wait { !test.window.isDraggingOut })
        #expect(view.text == "alpha beta\ngamma delta\nepsilon")
        #expect(view.document.selectedText == selected)
    }
}
