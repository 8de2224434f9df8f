import CanopyTesting
@_spi(Testing) @testable import CanopyX11

/// An app on the shared display whose input method is uim-xim composing pinyin, watched for a
/// freeze: what the pre-edit tests start from. Close it when done: the app closes before the
/// server stops, so that it never waits on a dead server.
@MainActor final class PinyinSession {
    let display: VirtualDisplay
    let application: Application
    private let server: UimXim
    private let freeze = Watchdog(seconds: 60, message: "the app froze composing with uim-xim")

    init() throws {
        display = try TestWindow.sharedDisplay()
        server = try UimXim(display: display.name, pinyin: true)
        Application.defaultFontFamily = TestWindow.pinnedFontFamily
        do {
            application = try Application(displayName: display.name)
        } catch {
            server.stop()
            freeze.cancel()
            throw error
        }
        application.connection.inputMethod.modifiers = "@im=uim"
    }

    /// The app's input method.
    var inputMethod: InputMethod { application.connection.inputMethod }

    /// Closes the app, then stops the server.
    func close() {
        application.close()
        server.stop()
        freeze.cancel()
    }
}
