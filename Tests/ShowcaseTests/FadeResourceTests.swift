import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit
import Testing

/// Fades draw through translucent colours at every step; they must not leave the server holding
/// more for the app each time.
@MainActor @Suite(.serialized) struct FadeResourceTests {

    @Test func openingAndClosingThePickerAgainMakesNoNewPictures() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let display = try TestWindow.sharedDisplay().name
        func pictures() -> Int? {
            ServerResources.count(forClientOwning: f.test.window.windowID, displayName: display)?["PICTURE"]
        }
        func fadeThePickerInAndOut() {
            _ = f.openPicker()
            f.test.tap(.escape)
            #expect(f.test.wait { f.showcase.pickerDemo.picker?.isPresented == false })
            #expect(f.test.settle())
        }
        fadeThePickerInAndOut()
        let afterFirstFade = try #require(pictures())
        for _ in 1...4 { fadeThePickerInAndOut() }
        #expect(pictures() == afterFirstFade)
    }
}
