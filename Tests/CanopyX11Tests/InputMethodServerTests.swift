import CX11
import Canopy
import CanopyTesting
@_spi(Testing) @testable import CanopyX11
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension X11Tests {
    /// An input method server that dies mid-typing (issue 8): the app neither freezes nor crashes
    /// nor loses keys, goes on with Xlib's built-in input method, and takes a server back when one
    /// registers again. The server is Debian's uim-xim, run on the test Xvfb.
    @MainActor @Suite struct InputMethodServerTests {
        @Test(.enabled(if: UimXim.executable != nil, "uim-xim is not installed (scripts/install-deps installs it)"))
        func typingGoesOnWhenTheInputMethodServerDies() throws {
            // Whatever fails, a frozen main thread must end the run rather than hang it.
            let freeze = Watchdog(seconds: 30, message: "the app froze with a dying input method server")
            defer { freeze.cancel() }
            let display = try TestWindow.sharedDisplay()
            var servers: [UimXim] = []
            defer { servers.forEach { $0.stop() } }  // after the app closes: it must not wait on a dead server
            Application.defaultFontFamily = TestWindow.pinnedFontFamily
            let application = try Application(displayName: display.name)
            defer { application.close() }
            let inputMethod = application.connection.inputMethod
            inputMethod.modifiers = "@im=uim"  // this connection only: no XMODIFIERS for other tests
            let server = try UimXim(display: display.name)
            servers.append(server)

            let first = TextField(frame: Rect(x: 10, y: 10, width: 200, height: 36))
            let second = TextField(frame: Rect(x: 10, y: 60, width: 200, height: 36))
            let root = View()
            root.addSubview(first)
            root.addSubview(second)
            let window = try Window(
                application: application, title: "IM test", size: Size(width: 220, height: 110), rootView: root)
            let input = try InputDriver(displayName: display.name)
            window.show()
            try #require(application.run(timeout: 5) { window.isMapped && window.framesPresented > 0 })
            input.focus(window)
            input.click(at: Point(x: 50, y: 28), in: window)
            try #require(application.run(timeout: 5) { first.isFocused })
            try #require(
                application.run(timeout: 5) { inputMethod.isConnectedToServer },
                "the window's input context is not on uim-xim")

            input.type("abc")
            #expect(application.run(timeout: 5) { first.text == "abc" })

            // Keys typed while the server dies, read after its death: Xlib would forward them to
            // the dead server and wait forever for the answer.
            input.type("def")
            try server.kill()
            #expect(application.run(timeout: 5) { first.text == "abcdef" })
            #expect(inputMethod.serverLosses == 1)
            #expect(!inputMethod.isConnectedToServer)

            // Typed after the death, through the built-in method; clicks and focus still work.
            input.type("ghi 你好")
            #expect(application.run(timeout: 5) { first.text == "abcdefghi 你好" })
            input.click(at: Point(x: 50, y: 78), in: window)
            input.type("ok")
            #expect(application.run(timeout: 5) { second.text == "ok" })

            // A new server: the next key switches back to it.
            servers.append(try UimXim(display: display.name))
            #expect(application.run(timeout: 5) { inputMethod.serverAppeared })
            input.type("jkl")
            #expect(application.run(timeout: 5) { second.text == "okjkl" })
            #expect(inputMethod.isConnectedToServer)
            #expect(first.text == "abcdefghi 你好")
        }
    }
}
