import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// The screen changing under a running app (RandR): its pop-ups are placed on the screen as
    /// it is now.
    @MainActor @Suite struct ScreenChangeTests {
        @Test func aDropDownOpenedAfterTheScreenShrankStaysOnTheNewScreen() throws {
            let display = try VirtualDisplay(width: 1024, height: 768)
            defer { display.stop() }
            let root = View()
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
                frame: Rect(x: 20, y: 100, width: 200, height: 36))
            root.addSubview(dropDown)
            let test = try TestWindow(size: Size(width: 300, height: 150), rootView: root, display: display)
            defer { test.close() }
            test.input.moveWindow(test.window, to: Point(x: 100, y: 380))
            #expect(test.wait { test.input.screenFrame(of: test.window.windowID).minY == 380 })

            test.click(dropDown)
            let before = try openListFrame(test)
            #expect(before.minY > 380 + 100, "the list opens below the button on the tall screen: \(before)")
            test.tap(.escape)
            #expect(test.wait { test.window.popUpWindowIDs.isEmpty })

            let other = try OtherClient(servedBy: test.application)
            let changes = test.application.screenChangesSeen
            #expect(other.resizeScreen(width: 800, height: 600))
            #expect(test.wait { test.application.screenChangesSeen > changes })
            test.click(dropDown)
            let after = try openListFrame(test)
            let screen = Rect(x: 0, y: 0, width: 800, height: 600)
            #expect(screen.contains(after), "the list \(after) must stay on the 800 × 600 screen")
        }

        /// Where the open drop-down's list window is on the screen (pixels).
        func openListFrame(_ test: TestWindow) throws -> Rect {
            #expect(test.wait { !test.window.popUpWindowIDs.isEmpty })
            #expect(test.settle())
            let popUp = try #require(test.window.popUpWindowIDs.first)
            return test.input.screenFrame(of: popUp)
        }
    }
}
