import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

/// What another client sees of a new window the moment the server maps it, before the app has
/// handled a single event: the window's content, never black.
extension X11Tests {
    @MainActor @Suite struct FirstFrameTests {
        @Test func aNewWindowShowsItsContentTheMomentItIsMapped() throws {
            let root = View()
            root.backgroundColor = Color(rgb: 0x336699)
            let band = View(frame: Rect(x: 0, y: 0, width: 120, height: 20))
            band.backgroundColor = Color(rgb: 0xCC3311)
            root.addSubview(band)
            let application = try Application(displayName: TestWindow.sharedDisplay().name)
            defer { application.close() }
            let observer = try OtherClient(servedBy: application)
            let screen = try InputDriver(displayName: application.displayName)
            let window = try Window(
                application: application, title: "first", size: Size(width: 120, height: 80), rootView: root, scale: 1)
            window.show()
            // The app pauses here: its map has reached the server, no event has been handled.
            application.synchronize()
            #expect(observer.waitForMap(of: window.windowID, timeout: 5))
            #expect(!window.isMapped && window.exposuresRepaired == 0)
            let shown = try #require(screen.captureScreen(Rect(x: 0, y: 0, width: 120, height: 80)))
            #expect(shown.rgb(x: 60, y: 10) == 0xCC3311)
            #expect(shown.rgb(x: 60, y: 50) == 0x336699)
            #expect(application.run(timeout: 5) { window.framesPresented == 1 })  // the map showed it
        }

        /// XKB is left out of the connection's opening and started afterwards: a window that has
        /// the keyboard still gets a held key's repeats as presses without releases.
        @Test func aWindowWithTheKeyboardHasDetectableAutoRepeat() throws {
            let test = try TestWindow(size: Size(width: 120, height: 80))
            defer { test.close() }
            #expect(test.window.hasKeyboardFocus)
            #expect(test.application.keyRepeatIsDetectable)
        }
    }
}
