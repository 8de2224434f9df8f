@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// Text and files dropped from another client by XDND, as a file manager or browser drops them.
    @MainActor @Suite struct DragAndDropTests {
        /// A window with a field holding `text` over a label, which takes no drops.
        func makeWindow(text: String, windowManager: WindowManager? = nil) throws -> (TestWindow, TextField, Label) {
            let root = View()
            root.backgroundColor = Color(rgb: 0xe9eef5)
            let field = TextField(text: text, placeholder: "Search", frame: Rect(x: 20, y: 20, width: 260, height: 36))
            let label = Label(text: "Not a drop target")
            label.frame = Rect(x: 20, y: 80, width: 260, height: 30)
            root.addSubview(field)
            root.addSubview(label)
            let test = try TestWindow(size: Size(width: 300, height: 130), rootView: root, windowManager: windowManager)
            return (test, field, label)
        }

        /// Where point `point` of the window lies on the screen, in pixels.
        func screenPoint(_ test: TestWindow, _ point: Point) -> Point {
            let frame = test.input.screenFrame(of: test.window.windowID)
            return Point(x: frame.minX + point.x * test.window.scale, y: frame.minY + point.y * test.window.scale)
        }

        /// Where the caret before character `position` of the field lies in the window, halfway down.
        func caretPoint(_ field: TextField, _ position: Int) -> Point {
            Point(
                x: field.frame.minX + field.textRect.minX + field.textLayout.caretOffset(at: position),
                y: field.frame.midY)
        }

        @Test func textDroppedFromAnotherClientGoesInAtTheDropPoint() throws {
            let (test, field, label) = try makeWindow(text: "hello world")
            defer { test.close() }
            let source = try DragSource(
                servedBy: test.application,
                offering: [("text/plain;charset=utf-8", " big"), ("UTF8_STRING", " big")])
            #expect(source.awareVersion(of: test.window) == 5)
            source.enter(test.window)
            source.move(to: screenPoint(test, Point(x: label.frame.midX, y: label.frame.midY)), over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(source.statuses.last == DragSource.Answer(accepted: false, action: nil))
            let dropPoint = caretPoint(field, 5)
            source.move(to: screenPoint(test, dropPoint), over: test.window)
            #expect(test.wait { source.statuses.count == 2 })
            #expect(source.statuses.last == DragSource.Answer(accepted: true, action: "XdndActionCopy"))
            #expect(field.dropPosition == 5)
            // The drop caret shows in the accent colour between "hello" and " world".
            #expect(test.settle())
            let image = try test.capture()
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                try image.writePNG(to: "\(directory)/drop-caret.png")
            }
            let scale = test.window.scale
            let caretColumn = (Int((dropPoint.x - 1) * scale)...Int((dropPoint.x + 1) * scale)).map {
                image.rgb(x: $0, y: Int(dropPoint.y * scale))
            }
            #expect(caretColumn.contains(0x3478f6))
            source.drop(on: test.window)
            #expect(test.wait { source.finished != nil })
            #expect(source.finished == DragSource.Answer(accepted: true, action: "XdndActionCopy"))
            #expect(source.requestedTypes == ["text/plain;charset=utf-8"])
            #expect(field.text == "hello big world")
            #expect(field.editing.caret == 9)
            #expect(field.dropPosition == nil)
            #expect(field.isFocused)
        }

        @Test func aFileDroppedFromAFileManagerGoesInAsItsPath() throws {
            let (test, field, _) = try makeWindow(text: "")
            defer { test.close() }
            let uri = "file:///home/ana/My%20Notes%20%C3%A9t%C3%A9.txt"
            // Four types: the list goes in XdndTypeList, as file managers send it.
            let source = try DragSource(
                servedBy: test.application,
                offering: [
                    ("x-special/gnome-copied-files", "copy\n\(uri)"), ("text/uri-list", "\(uri)\r\n"),
                    ("text/plain", uri), ("UTF8_STRING", uri),
                ])
            source.enter(test.window)
            source.move(to: screenPoint(test, caretPoint(field, 0)), over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(source.statuses.last?.accepted == true)
            source.drop(on: test.window)
            #expect(test.wait { source.finished != nil })
            #expect(source.finished?.accepted == true)
            #expect(source.requestedTypes == ["text/uri-list"])
            #expect(field.text == "/home/ana/My Notes été.txt")
        }

        @Test func aDropOverAViewThatTakesNoneIsRefusedAndALeaveHidesTheDropCaret() throws {
            let (test, field, label) = try makeWindow(text: "hello")
            defer { test.close() }
            let source = try DragSource(servedBy: test.application, offering: [("UTF8_STRING", "nope")])
            source.enter(test.window)
            source.move(to: screenPoint(test, caretPoint(field, 2)), over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(field.dropPosition == 2)
            source.leave(test.window)
            #expect(test.wait { field.dropPosition == nil })
            source.enter(test.window)
            source.move(to: screenPoint(test, Point(x: label.frame.midX, y: label.frame.midY)), over: test.window)
            #expect(test.wait { source.statuses.count == 2 })
            #expect(source.statuses.last?.accepted == false)
            source.drop(on: test.window)
            #expect(test.wait { source.finished != nil })
            #expect(source.finished == DragSource.Answer(accepted: false, action: nil))
            #expect(source.requestedTypes.isEmpty)
            #expect(field.text == "hello")
        }

        @Test func aSourceThatDiesMidDragLeavesNoDropCaret() throws {
            let (test, field, _) = try makeWindow(text: "hello")
            defer { test.close() }
            var source: DragSource? = try DragSource(servedBy: test.application, offering: [("UTF8_STRING", "x")])
            source?.enter(test.window)
            source?.move(to: screenPoint(test, caretPoint(field, 2)), over: test.window)
            #expect(test.wait { source?.statuses.count == 1 })
            #expect(field.dropPosition == 2)
            source = nil  // its window goes with its connection, without an XdndLeave
            #expect(test.wait { field.dropPosition == nil })
            #expect(test.window.isReceivingDrag == false)
            #expect(field.text == "hello")
        }

        @Test func aDropWhoseContentNeverComesFailsAndLeavesTheFieldAsItWas() throws {
            let (test, field, _) = try makeWindow(text: "hello")
            defer { test.close() }
            let saved = SelectionLimits.current
            SelectionLimits.current.answerTimeout = 0.5
            defer { SelectionLimits.current = saved }
            let source = try DragSource(servedBy: test.application, offering: [("UTF8_STRING", "never")])
            source.answersRequests = false
            source.enter(test.window)
            source.move(to: screenPoint(test, caretPoint(field, 2)), over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(source.statuses.last?.accepted == true)
            source.drop(on: test.window)
            #expect(test.wait { source.finished != nil })
            #expect(source.finished == DragSource.Answer(accepted: false, action: nil))
            #expect(source.requestedTypes == ["UTF8_STRING"])
            #expect(field.dropPosition == nil)
            #expect(field.text == "hello")
            #expect(test.window.isReceivingDrag == false)
            // A later drag from a source that answers drops as usual.
            let next = try DragSource(servedBy: test.application, offering: [("UTF8_STRING", "!")])
            next.enter(test.window)
            next.move(to: screenPoint(test, caretPoint(field, 5)), over: test.window)
            #expect(test.wait { next.statuses.count == 1 })
            next.drop(on: test.window)
            #expect(test.wait { next.finished != nil })
            #expect(field.text == "hello!")
        }

        /// Under a window manager the window is a frame's child, placed where the manager likes:
        /// the source finds it by its `XdndAware` through the frame, and the drop point is
        /// worked out from the screen position the source sends.
        @Test(arguments: WindowManager.Kind.allCases)
        func textDropsUnderARealWindowManager(_ kind: WindowManager.Kind) throws {
            let (test, field, _) = try makeWindow(
                text: "hello world", windowManager: ManagedDisplays.windowManager(kind))
            defer { test.close() }
            #expect(test.input.parent(of: test.window) != test.input.rootWindow)
            let source = try DragSource(servedBy: test.application, offering: [("UTF8_STRING", " big")])
            let dropPoint = screenPoint(test, caretPoint(field, 5))
            #expect(source.target(at: dropPoint) == test.window.windowID)
            source.enter(test.window)
            source.move(to: dropPoint, over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(source.statuses.last?.accepted == true)
            #expect(field.dropPosition == 5)
            source.drop(on: test.window)
            #expect(test.wait { source.finished != nil })
            #expect(source.finished?.accepted == true)
            #expect(field.text == "hello big world")
        }
    }
}
