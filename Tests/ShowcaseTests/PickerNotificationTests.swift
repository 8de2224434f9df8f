import Canopy
import CanopyTesting
import Foundation
import ShowcaseKit
import Testing

@MainActor @Suite(.serialized) struct PickerNotificationTests {
    let time = ManualTime()

    /// Counts `SelectValue` notifications while it lives.
    final class NotificationLog: @unchecked Sendable {
        private(set) var values: [String?] = []
        private var token: NSObjectProtocol?
        init() {
            token = NotificationCenter.default.addObserver(forName: .selectValue, object: nil, queue: nil) {
                [unowned self] in values.append($0.userInfo?["Value"] as? String)
            }
        }
        deinit { if let token { NotificationCenter.default.removeObserver(token) } }
    }

    @Test func eachChoicePostsSelectValueOnceAndTheBackdropPostsNothing() {
        var said: [String] = []
        let showcase = ShowcaseView { said.append($0) }
        let scene = time.makeScene(rootView: showcase, size: ShowcaseView.preferredSize)
        _ = scene.prepareFrame()
        let log = NotificationLog()
        @MainActor func click(_ point: Point) {
            scene.handleMouseDown(MouseEvent(locationInWindow: point))
            scene.handleMouseUp(MouseEvent(locationInWindow: point))
        }
        let button = showcase.pickerDemo.button
        click(button.convert(button.bounds.center, to: nil))
        time.step(by: 0.3)
        _ = scene.prepareFrame()  // lays the picker out, as the window's next frame would
        let list = showcase.pickerDemo.picker!.list
        click(list.convert(list.rect(ofRow: 3).center, to: nil))
        #expect(log.values == ["4"])
        #expect(showcase.pickerDemo.resultLabel.text == "Selected: 4")
        #expect(said == ["picker: SelectValue 4"])
        time.step(by: 0.3)
        click(button.convert(button.bounds.center, to: nil))
        time.step(by: 0.3)
        _ = scene.prepareFrame()
        click(Point(x: 20, y: 20))
        #expect(log.values == ["4"])
        #expect(said == ["picker: SelectValue 4", "picker: dismissed"])
    }

    @Test func presentingThePickerClosesTheDropDown() {
        let showcase = ShowcaseView { _ in }
        let scene = time.makeScene(rootView: showcase, size: ShowcaseView.preferredSize)
        _ = scene.prepareFrame()
        showcase.dropDownDemo.dropDown.open()
        time.step(by: 0.5)
        showcase.pickerDemo.presentPicker()
        #expect(!showcase.dropDownDemo.dropDown.isOpen)
        withExtendedLifetime(scene) {}
    }
}
