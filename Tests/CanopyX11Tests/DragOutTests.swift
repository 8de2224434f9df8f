@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// Selected text dragged out of a field by XDND, into another client's window or another
    /// field, as a user drags it into a text editor.
    @MainActor @Suite struct DragOutTests {
        /// Where another client's drop target lies on the screen, right of the test window.
        let targetRect = Rect(x: 400, y: 20, width: 200, height: 100)

        /// A window with a field holding `text` (all of it selected when `selectAll`, else its
        /// last word) and an empty field below it.
        func makeWindow(
            text: String, selectAll: Bool = false, windowManager: WindowManager? = nil
        ) throws -> (TestWindow, TextField, TextField) {
            let root = View()
            let field = TextField(text: text, frame: Rect(x: 20, y: 20, width: 260, height: 36))
            let other = TextField(frame: Rect(x: 20, y: 80, width: 260, height: 36))
            root.addSubview(field)
            root.addSubview(other)
            let test = try TestWindow(size: Size(width: 300, height: 130), rootView: root, windowManager: windowManager)
            test.click(field)
            #expect(test.wait { field.isFocused })
            if selectAll {
                test.tap(.character("a"), modifiers: .control)
            } else {
                test.tap(.end)
                test.tap(.left, modifiers: [.shift, .control])
            }
            return (test, field, other)
        }

        /// The middle of the character after caret position `position` of `field`, in the window.
        func characterPoint(_ field: TextField, _ position: Int) -> Point {
            let layout = field.textLayout
            let x = (layout.caretOffset(at: position) + layout.caretOffset(at: position + 1)) / 2
            return Point(x: field.frame.minX + field.textRect.minX + x, y: field.frame.midY)
        }

        /// Presses on the selection at `point` and moves past the drag threshold: the drag begins.
        func startDrag(_ test: TestWindow, at point: Point) {
            test.input.move(to: point, in: test.window)
            test.input.press()
            test.input.move(to: Point(x: point.x + 10, y: point.y), in: test.window)
            #expect(test.wait { test.window.isDraggingOut })
        }

        @Test func selectedTextDraggedIntoAnotherClientArrivesAndTheFieldKeepsIt() throws {
            let (test, field, _) = try makeWindow(text: "hello world")
            defer { test.close() }
            #expect(field.editing.selectedText == "world")
            let target = try DropTarget(servedBy: test.application, at: targetRect)
            startDrag(test, at: characterPoint(field, 7))
            #expect(target.positions == 0)  // still over the window, which a drag out does not enter
            test.input.move(toScreen: Point(x: 500, y: 70))
            #expect(test.wait { target.positions > 0 })
            #expect(target.offeredTypes == ["text/plain;charset=utf-8", "UTF8_STRING", "STRING"])
            #expect(target.lastPosition == Point(x: 500, y: 70))
            test.input.release()
            #expect(test.wait { target.receivedText != nil })
            #expect(target.receivedText == "world")
            #expect(test.wait { !test.window.isDraggingOut })
            #expect(target.drops == 1)
            #expect(field.text == "hello world")
            #expect(field.editing.selectedText == "world")
        }

        @Test func aReleaseBeforeTheTargetAnswersDropsOnceTheAnswerComes() throws {
            let (test, field, _) = try makeWindow(text: "hello world")
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: targetRect)
            target.holdsStatus = true  // a slow target, or one across a slow link
            startDrag(test, at: characterPoint(field, 7))
            test.input.move(toScreen: Point(x: 500, y: 70))
            #expect(test.wait { target.heldPositions > 0 })
            test.input.release()
            #expect(test.wait { test.window.isDropAwaitingStatus })
            #expect(target.leaves == 0 && target.drops == 0)
            target.holdsStatus = false
            target.answerHeldPositions()
            #expect(test.wait { target.receivedText == "world" })
            #expect(target.drops == 1 && target.leaves == 0)
            #expect(test.wait { !test.window.isDraggingOut })
        }

        @Test func escapeMidDragLeavesTheTargetAndDropsNothing() throws {
            let (test, field, _) = try makeWindow(text: "hello world")
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: targetRect)
            startDrag(test, at: characterPoint(field, 8))
            test.input.move(toScreen: Point(x: 480, y: 60))
            #expect(test.wait { target.positions > 0 })
            test.tap(.escape)
            #expect(test.wait { target.leaves == 1 })
            #expect(!test.window.isDraggingOut)
            test.input.release()
            test.tap(.home)  // after the release, in order: once it moved the caret, the release is in
            #expect(test.wait { field.editing.caret == 0 })
            #expect(target.drops == 0)
            #expect(target.receivedText == nil)
            #expect(field.text == "hello world")
        }

        @Test func aLargeSelectionReachesTheTargetInChunks() throws {
            let text = String(repeating: "0123456789", count: 100_000)  // 1 MB, four chunks
            let (test, field, _) = try makeWindow(text: text, selectAll: true)
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: targetRect)
            startDrag(test, at: characterPoint(field, 2))
            test.input.move(toScreen: Point(x: 500, y: 70))
            #expect(test.wait { target.positions > 0 })
            test.input.release()
            #expect(test.wait { target.receivedText != nil })
            #expect(target.receivedText?.count == text.count)
            #expect(target.receivedText == text)
            #expect(test.wait { !test.window.isDraggingOut && !test.window.isSendingSelection })
            #expect(field.text.count == text.count)
        }

        @Test func textDraggedIntoAnotherFieldOfTheSameWindowIsCopiedThere() throws {
            let (test, field, other) = try makeWindow(text: "hello world")
            defer { test.close() }
            startDrag(test, at: characterPoint(field, 7))
            test.input.move(to: Point(x: other.frame.midX, y: other.frame.midY), in: test.window)
            #expect(test.wait { other.dropPosition == 0 })
            test.input.release()
            #expect(test.wait { other.text == "world" })
            #expect(test.wait { !test.window.isDraggingOut })
            #expect(other.dropPosition == nil)
            #expect(field.text == "hello world")
        }

        /// A window with a file's icon (which drags out the file `uri` once pressed and moved) and
        /// an empty field below it.
        func makeFileWindow(uri: String) throws -> (TestWindow, FileIcon, TextField) {
            let root = View()
            let icon = FileIcon(uri: uri, frame: Rect(x: 20, y: 20, width: 48, height: 48))
            let field = TextField(frame: Rect(x: 20, y: 80, width: 260, height: 36))
            root.addSubview(icon)
            root.addSubview(field)
            return (try TestWindow(size: Size(width: 300, height: 130), rootView: root), icon, field)
        }

        @Test func aFileDraggedOutReachesAClientThatTakesOnlyURIListsAndAFieldAsItsPath() throws {
            let uri = "file:///tmp/Caf%C3%A9%20menu.txt"
            let (test, icon, field) = try makeFileWindow(uri: uri)
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: targetRect, taking: "text/uri-list")
            startDrag(test, at: icon.frame.center)
            test.input.move(toScreen: Point(x: 500, y: 70))
            #expect(test.wait { target.positions > 0 })
            #expect(target.offeredTypes == ["text/uri-list", "text/plain;charset=utf-8", "UTF8_STRING"])
            test.input.release()
            #expect(test.wait { target.receivedText != nil })
            #expect(target.receivedText == uri + "\r\n")
            #expect(test.wait { !test.window.isDraggingOut })
            // Into a field of the window: the file's path goes in, decoded.
            startDrag(test, at: icon.frame.center)
            test.input.move(to: field.frame.center, in: test.window)
            #expect(test.wait { field.dropPosition == 0 })
            test.input.release()
            #expect(test.wait { field.text == "/tmp/Café menu.txt" })
        }

        @Test func textDraggedOverAClientThatTakesOnlyFilesIsRefusedAndDropsNothing() throws {
            let (test, field, _) = try makeWindow(text: "hello world")
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: targetRect, taking: "text/uri-list")
            startDrag(test, at: characterPoint(field, 7))
            test.input.move(toScreen: Point(x: 500, y: 70))
            #expect(test.wait { target.positions > 0 })
            test.input.release()
            #expect(test.wait { target.leaves == 1 })  // the source tells it the drag left
            #expect(!test.window.isDraggingOut)
            #expect(target.drops == 0)
            #expect(target.receivedText == nil)
        }

        /// Under a window manager the window is a frame's child: the drag finds it under the
        /// pointer through the frame, and the drop point comes from the screen position.
        @Test(arguments: WindowManager.Kind.allCases)
        func textDraggedIntoAnotherFieldUnderARealWindowManager(_ kind: WindowManager.Kind) throws {
            let (test, field, other) = try makeWindow(
                text: "hello world", windowManager: ManagedDisplays.windowManager(kind))
            defer { test.close() }
            #expect(test.input.parent(of: test.window) != test.input.rootWindow)
            #expect(field.editing.selectedText == "world")
            startDrag(test, at: characterPoint(field, 7))
            test.input.move(to: Point(x: other.frame.midX, y: other.frame.midY), in: test.window)
            #expect(test.wait { other.dropPosition == 0 })
            test.input.release()
            #expect(test.wait { other.text == "world" })
            #expect(test.wait { !test.window.isDraggingOut })
            #expect(field.text == "hello world")
        }
    }
}

/// A file's icon, as a file manager shows one: pressed and moved, it drags the file out.
@MainActor final class FileIcon: View {
    let uri: String
    private var isDragging = false

    init(uri: String, frame: Rect) {
        self.uri = uri
        super.init(frame: frame)
        backgroundColor = Color(rgb: 0x3366cc)
    }

    override func mouseDown(_ event: MouseEvent) -> Bool {
        isDragging = false
        return event.button == .left
    }

    override func mouseDragged(_ event: MouseEvent) {
        guard !isDragging else { return }
        isDragging = true
        scene?.host?.dragHost?.beginDrag(.uris([uri]))
    }
}
