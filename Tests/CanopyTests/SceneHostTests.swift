import Canopy
import CanopyTesting
import Testing

/// A scene reaches its platform only through its ``SceneHost``: copying and pasting, the primary
/// selection, the pointer's shape, where pop-ups may go and how text measures all go to the host
/// it is given, and to no other.
@MainActor @Suite(.serialized) struct SceneHostTests {
    let time = ManualTime()

    /// A host that lets pop-ups cover `area`.
    @MainActor final class Area: PopUpHost {
        let popUpArea: Rect?
        init(_ area: Rect) { popUpArea = area }
    }

    /// Measures every character 10 points wide, unlike any other measurer here.
    @MainActor final class TenPointMeasurer: TextMeasuring {
        func measure(_ text: String, font: Font) -> TextMetrics {
            TextMetrics(width: 10 * Double(text.count), ascent: 12, descent: 4)
        }
    }

    /// A focused field holding "hello world" with "world" selected, in a scene on `host`.
    func makeField(host: SceneHost?) -> (Scene, TextField) {
        let scene = time.makeScene(size: Size(width: 300, height: 100), host: host)
        let field = TextField(text: "hello world", frame: Rect(x: 10, y: 10, width: 200, height: 36))
        scene.rootView.addSubview(field)
        field.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .end))
        scene.handleKeyDown(KeyEvent(key: .left, modifiers: [.shift, .control]))
        return (scene, field)
    }

    func control(_ character: Character) -> KeyEvent {
        KeyEvent(key: .character(character), text: "", modifiers: .control)
    }

    @Test func copyAndPasteGoThroughTheHostsClipboard() {
        let host = MemoryHost()
        let (scene, field) = makeField(host: host)
        scene.handleKeyDown(control("c"))
        #expect(host.memoryClipboard.text == "world")
        host.memoryClipboard.text = "there"
        scene.handleKeyDown(control("v"))
        #expect(field.text == "hello there")
        // A scene given another host copies to that one's clipboard from then on.
        let next = MemoryHost()
        scene.host = next
        scene.handleKeyDown(KeyEvent(key: .left, modifiers: [.shift, .control]))
        scene.handleKeyDown(control("x"))
        #expect(next.memoryClipboard.text == "there" && host.memoryClipboard.text == "there")
        #expect(field.text == "hello ")
    }

    @Test func withoutAHostCopyAndPasteDoNothing() {
        let (scene, field) = makeField(host: nil)
        scene.handleKeyDown(control("c"))
        scene.handleKeyDown(control("v"))
        #expect(field.text == "hello world")
    }

    @Test func aSelectionIsOfferedOnTheHostsPrimarySelectionAndAMiddleClickPastesIt() {
        let host = MemoryHost()
        let (scene, field) = makeField(host: host)
        #expect(host.memoryPrimarySelection.text == "world")
        #expect(host.memoryClipboard.text == nil)  // selecting copies nothing to the clipboard
        host.memoryPrimarySelection.text = "again"
        scene.handleKeyDown(KeyEvent(key: .end))
        let inside = field.convert(field.bounds.center, to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: inside, button: .middle))
        scene.handleMouseUp(MouseEvent(locationInWindow: inside, button: .middle))
        #expect(field.text.hasSuffix("again"))
    }

    @Test func thePointerShapeIsTheHostsToShow() {
        let host = MemoryHost()
        let scene = time.makeScene(size: Size(width: 300, height: 100), host: host)
        scene.rootView.addSubview(TextField(frame: Rect(x: 0, y: 0, width: 100, height: 40)))
        scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 50, y: 20), clickCount: 0))
        #expect(host.cursor == .text && scene.currentCursor == .text)
        scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 200, y: 20), clickCount: 0))
        #expect(host.cursorChanges == [.text, .arrow])
    }

    @Test func popUpsGoWhereTheHostLetsThem() {
        let area = Rect(x: -300, y: -200, width: 1024, height: 768)
        let scene = time.makeScene(size: Size(width: 300, height: 150), host: MemoryHost(popUpHost: Area(area)))
        #expect(scene.popUpBounds == area)
        scene.host = MemoryHost()  // one that keeps them in the window
        #expect(scene.popUpBounds == Rect(x: 0, y: 0, width: 300, height: 150))
    }

    @Test func viewsMeasureTheirTextWithTheHostsMeasurer() {
        let host = MemoryHost(textMeasurer: TenPointMeasurer())
        let scene = time.makeScene(size: Size(width: 1000, height: 300), host: host)
        let label = Label(text: "Hello")
        scene.rootView.addSubview(label)
        label.sizeToFit()
        #expect(label.frame.size == Size(width: 50, height: 16))
        #expect(scene.textMeasurer === host.textMeasurer)
        // A menu measures with it too: ten more characters in its item, 100 points wider.
        var widths: [Double] = []
        for count in [30, 40] {
            let menu = Menu(items: [MenuItem(String(repeating: "m", count: count))])
            menu.present(at: Point(x: 0, y: 0), in: scene)
            time.step(by: 1)
            widths.append(menu.frame.width)
        }
        #expect(widths[1] - widths[0] == 100, "\(widths)")
    }
}
