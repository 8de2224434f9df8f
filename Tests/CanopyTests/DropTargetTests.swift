import Canopy
import CanopyTesting
import Testing

/// Drags from other applications: which view is the drop target, what it is told, and what a
/// text field does with a drop.
@MainActor @Suite struct DropTargetTests {
    let time = ManualTime()

    /// A scene with a label (which takes no drops) beside a field holding "hello world", whose
    /// text is measured as 7.5 points a character and starts at x = 18.
    func makeScene() -> (Scene, TextField, Label, RecordingContext) {
        let size = Size(width: 400, height: 100)
        let context = RecordingContext(size: size)
        let scene = time.makeScene(size: size, host: MemoryHost(textMeasurer: context))
        let field = TextField(text: "hello world", frame: Rect(x: 10, y: 10, width: 200, height: 36))
        let label = Label(text: "Drop here?")
        label.frame = Rect(x: 250, y: 10, width: 100, height: 36)
        scene.rootView.addSubview(field)
        scene.rootView.addSubview(label)
        return (scene, field, label, context)
    }

    @Test func aFieldTakesTextAndFilesAndAViewThatTakesNothingRefuses() {
        let (scene, field, _, _) = makeScene()
        #expect(scene.handleDragMoved(to: Point(x: 300, y: 20), offering: [.text, .uris]) == [])
        #expect(scene.dropTargetView == nil)
        #expect(scene.handleDragMoved(to: Point(x: 55, y: 20), offering: [.text]) == [.text])
        #expect(scene.dropTargetView === field)
        #expect(field.dropPosition == 5)  // 37.5 points in: between "hello" and " world"
        #expect(scene.handleDragMoved(to: Point(x: 18 + 7.5 * 11, y: 20), offering: [.text]) == [.text])
        #expect(field.dropPosition == 11)
        // Back over the label: the field hears the drag leave.
        #expect(scene.handleDragMoved(to: Point(x: 300, y: 20), offering: [.text]) == [])
        #expect(field.dropPosition == nil)
        #expect(scene.handleDrop(.text("lost"), at: Point(x: 300, y: 20)) == false)
        #expect(field.text == "hello world")
    }

    @Test func aViewThatTakesOnlyOtherKindsLetsTheDragPassToItsContainer() {
        final class FileWell: View {
            var dropped: [DragContent] = []
            override var acceptedDropKinds: DropKinds { .uris }
            override func performDrop(_ content: DragContent, at location: Point) -> Bool {
                dropped.append(content)
                return true
            }
        }
        let scene = time.makeScene(size: Size(width: 200, height: 200))
        let well = FileWell(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let inner = View(frame: Rect(x: 50, y: 50, width: 50, height: 50))
        well.addSubview(inner)
        scene.rootView.addSubview(well)
        #expect(scene.handleDragMoved(to: Point(x: 60, y: 60), offering: .text) == [])
        #expect(scene.handleDragMoved(to: Point(x: 60, y: 60), offering: [.text, .uris]) == .uris)
        #expect(scene.dropTargetView === well)
        #expect(scene.handleDrop(.uris(["file:///tmp/a"]), at: Point(x: 60, y: 60)))
        #expect(well.dropped == [.uris(["file:///tmp/a"])])
        #expect(scene.dropTargetView == nil)
    }

    @Test func aDropInsertsAtThePointAsTheUsersEditAndTakesFocus() {
        let (scene, field, _, context) = makeScene()
        var edits: [String] = []
        field.onValueChanged = { edits.append($0) }
        scene.handleDragMoved(to: Point(x: 55, y: 20), offering: [.text, .uris])
        // The drop caret shows where the text will go, two points wide in the accent colour.
        _ = scene.prepareFrame()
        scene.render(field.convert(field.bounds, to: nil), in: context)
        let carets = context.operations.filter {
            if case let .fill(rect, color) = $0 { rect.width == 2 && color == scene.theme.accent } else { false }
        }
        #expect(carets.count == 1)
        if case let .fill(rect, _) = carets.first { #expect(abs(rect.midX - 55.5) <= 1) }
        #expect(scene.handleDrop(.text(" big"), at: Point(x: 55, y: 20)))
        #expect(field.text == "hello big world")
        #expect(field.editing.caret == 9)
        #expect(field.dropPosition == nil)
        #expect(field.isFocused)
        #expect(edits == ["hello big world"])
        // A file goes in as its path.
        scene.handleDragMoved(to: Point(x: 18, y: 20), offering: .uris)
        #expect(scene.handleDrop(.uris(["file:///tmp/My%20Notes.txt"]), at: Point(x: 18, y: 20)))
        #expect(field.text == "/tmp/My Notes.txthello big world")
    }

    @Test func aViewLeavingTheTreeStopsBeingTheDropTarget() {
        let (scene, field, _, _) = makeScene()
        scene.handleDragMoved(to: Point(x: 55, y: 20), offering: .text)
        field.removeFromSuperview()
        #expect(scene.dropTargetView == nil)
        #expect(field.dropPosition == nil)
        #expect(scene.handleDrop(.text("x"), at: Point(x: 55, y: 20)) == false)
    }

    @Test func uriListsAndFilePaths() {
        let list = "# dragged from a file manager\r\nfile:///home/ana/Caf%C3%A9.txt\r\n\r\nhttps://example.org/a b\r\n"
        #expect(
            DragContent.uris(fromURIList: list)
                == .uris(["file:///home/ana/Caf%C3%A9.txt", "https://example.org/a b"]))
        #expect(DragContent.filePath(ofURI: "file:///home/ana/Caf%C3%A9.txt") == "/home/ana/Café.txt")
        #expect(DragContent.filePath(ofURI: "file://localhost/etc/hosts") == "/etc/hosts")
        #expect(DragContent.filePath(ofURI: "file://elsewhere/etc/hosts") == nil)
        #expect(DragContent.filePath(ofURI: "file:///bad%zz") == nil)
        #expect(DragContent.filePath(ofURI: "file:///bad%ff") == nil)  // not UTF-8
        #expect(DragContent.uris(["file:///a%20b", "https://x.org/"]).plainText == "/a b\nhttps://x.org/")
    }
}
