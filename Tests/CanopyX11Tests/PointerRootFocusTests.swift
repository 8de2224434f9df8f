import Canopy
@_spi(Testing) import CanopyX11
import CanopyTesting
import Testing

extension X11Tests {
    /// With no window manager the keyboard focus is `PointerRoot`: keys go to the window the
    /// pointer is in, and that window shows the caret in its focused field.
    @MainActor @Suite struct PointerRootFocusTests {
        @Test func withNoWindowManagerTheKeyboardAndTheCaretFollowThePointer() throws {
            let test = try TestWindow(size: Size(width: 200, height: 60))
            defer { test.close() }
            let field = TextField(text: "abc", frame: Rect(x: 10, y: 10, width: 150, height: 36))
            test.rootView.addSubview(field)
            field.becomeFocused()
            let frame = test.input.screenFrame(of: test.window.windowID)
            let outside = Point(x: frame.maxX + 40, y: frame.maxY + 40)
            test.input.move(toScreen: outside)
            test.input.letFocusFollowThePointer()
            #expect(test.wait { !test.window.hasKeyboardFocus })
            #expect(test.settle())
            let unfocused = try test.capture()

            test.move(to: Point(x: 100, y: 30))
            #expect(test.wait { test.window.hasKeyboardFocus })
            #expect(test.window.scene.hasKeyboardFocus)
            #expect(test.settle())
            let focused = try test.capture()
            let showsTheFocus = focused != unfocused  // the caret (and the focus ring) drawn
            #expect(showsTheFocus)
            test.type("d")
            #expect(test.wait { field.text == "abcd" })

            test.input.move(toScreen: outside)
            #expect(test.wait { !test.window.hasKeyboardFocus })
        }
    }
}
