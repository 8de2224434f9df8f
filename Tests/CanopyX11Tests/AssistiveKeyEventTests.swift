import CX11
import CanopyAccessibility
import CanopyTesting
@testable import CanopyX11
import Testing

extension X11Tests {
    /// X key presses as the bridge tells them to a screen reader: what a key types, or its name
    /// where it types nothing a screen reader can echo from the text, as GTK's bridge tells them.
    @MainActor @Suite struct AssistiveKeyEventTests {
        /// The press of the key that types `keysym`'s symbol, with the modifier bits `state`, as
        /// the bridge tells it.
        static func press(_ keysym: Int32, state: Int32 = 0) throws -> AssistiveKeyEvent {
            let display = try #require(XOpenDisplay(try TestWindow.sharedDisplay().name))
            defer { XCloseDisplay(display) }
            var event = XKeyEvent()
            event.type = KeyPress
            event.display = display
            event.keycode = UInt32(XKeysymToKeycode(display, KeySym(keysym)))
            event.state = UInt32(state)
            return AssistiveKeyEvent(event)
        }

        @Test func aLetterIsItsCharacterAndASpaceOrAFunctionKeyItsName() throws {
            let letter = try Self.press(XK_a), space = try Self.press(XK_space)
            #expect((letter.text, letter.typesText) == ("a", true))
            // Orca echoes "space" for this; a " " it would wait for the text to report, in vain.
            #expect((space.text, space.typesText) == ("space", true))
            let backspace = try Self.press(XK_BackSpace), left = try Self.press(XK_Left)
            #expect((backspace.text, backspace.typesText) == ("BackSpace", false))
            #expect((left.text, left.typesText) == ("Left", false))
        }

        @Test func aLetterWithControlIsItsNameAndTypesNothing() throws {
            let shortcut = try Self.press(XK_s, state: ControlMask)
            #expect((shortcut.text, shortcut.typesText) == ("s", false))
        }
    }
}
