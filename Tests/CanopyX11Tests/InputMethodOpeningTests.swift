import Canopy
import CanopyTesting
@_spi(Testing) @testable import CanopyX11
import Testing

extension X11Tests {
    /// When the input method opens: not while the click that gives a window the keyboard waits
    /// for its frame (Xlib's built-in method reads the locale's Compose file first, some 10 ms),
    /// but when the loop is next idle; a key typed before then opens it at once and is not lost.
    @MainActor @Suite struct InputMethodOpeningTests {
        /// A window of one text field on the shared display, shown, its first frame up.
        @MainActor final class Screen {
            let application: Application
            let field = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
            let window: Window
            let input: InputDriver

            init() throws {
                let display = try TestWindow.sharedDisplay()
                Application.defaultFontFamily = TestWindow.pinnedFontFamily
                application = try Application(displayName: display.name)
                let root = View()
                root.addSubview(field)
                window = try Window(
                    application: application, title: "IM opening", size: Size(width: 220, height: 60), rootView: root)
                input = try InputDriver(displayName: display.name)
                window.show()
                try #require(application.run(timeout: 5) { window.isMapped && window.framesPresented > 0 })
            }

            var inputMethod: InputMethod { application.connection.inputMethod }
        }

        @Test func theClickThatGivesTheKeyboardIsAnsweredBeforeTheInputMethodOpens() throws {
            let screen = try Screen()
            defer { screen.application.close() }
            let (application, window, input) = (screen.application, screen.window, screen.input)
            #expect(!screen.inputMethod.isOpen)
            let presented = window.framesPresented
            input.focus(window)
            input.click(at: Point(x: 50, y: 28), in: window)
            #expect(application.run(timeout: 5) { screen.field.isFocused && window.framesPresented > presented })
            #expect(window.hasKeyboardFocus && !screen.inputMethod.isOpen)
            #expect(application.run(timeout: 5) { screen.inputMethod.isOpen })  // once idle
            input.type("abc")
            #expect(application.run(timeout: 5) { screen.field.text == "abc" })
        }

        @Test func aKeyTypedBeforeTheLoopIsIdleOpensItAtOnce() throws {
            let screen = try Screen()
            defer { screen.application.close() }
            let (application, window, input) = (screen.application, screen.window, screen.input)
            input.focus(window)
            input.click(at: Point(x: 50, y: 28), in: window)
            input.type("xy")  // in the same read as the focus and the click
            #expect(application.run(timeout: 5) { screen.field.text == "xy" })
            #expect(screen.inputMethod.isOpen)
        }
    }
}
