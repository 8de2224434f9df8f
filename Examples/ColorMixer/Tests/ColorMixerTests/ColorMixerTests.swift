import Canopy
import CanopyTesting
import CanopyX11
import ColorMixerKit
import Testing

/// The mixer on a real window under Xvfb, driven with XTest through Canopy's test support.
@MainActor @Suite(.serialized) struct ColorMixerTests {
    @Test func draggingTheRedSliderToTheEndMakesTheSwatchRedder() throws {
        let mixer = ColorMixerView()
        let test = try TestWindow(size: Size(width: 360, height: 540), rootView: mixer)
        defer { test.close() }
        let track = mixer.red.convert(mixer.red.bounds, to: nil)
        test.input.move(to: Point(x: track.minX + 40, y: track.midY), in: test.window)
        test.input.press()
        test.input.move(to: Point(x: track.maxX + 50, y: track.midY), in: test.window)  // past the end
        test.input.release()
        #expect(test.wait { mixer.red.value == 255 })
        #expect(test.settle())
        #expect(mixer.hexLabel.text == "#ff78f6")
        let swatch = mixer.swatch.convert(mixer.swatch.bounds, to: nil)
        #expect(try test.capture().rgb(x: Int(swatch.midX), y: Int(swatch.midY)) == 0xff78f6)
    }

    @Test func theKeyboardAdjustsTheFocusedSlider() throws {
        let mixer = ColorMixerView()
        let test = try TestWindow(size: Size(width: 360, height: 540), rootView: mixer)
        defer { test.close() }
        test.tap(.tab)  // reading order: red first
        #expect(test.wait { mixer.red.isFocused })
        test.tap(.home)
        test.tap(.tab)
        test.tap(.end)
        test.tap(.tab)
        test.tap(.left, modifiers: .shift)  // ten steps down
        #expect(test.wait { mixer.blue.value == 236 })
        #expect(test.settle())
        #expect(mixer.hexLabel.text == "#00ffec")
    }

    @Test func aSavedColourComesBackWhenItsRowIsChosen() throws {
        let mixer = ColorMixerView()
        let test = try TestWindow(size: Size(width: 360, height: 540), rootView: mixer)
        defer { test.close() }
        test.click(at: mixer.saveButton.convert(mixer.saveButton.bounds.center, to: nil))
        #expect(test.wait { mixer.savedList.numberOfRows == 1 })
        mixer.red.becomeFocused()
        test.tap(.home)  // red to 0
        #expect(test.wait { mixer.hexLabel.text == "#0078f6" })
        test.click(at: mixer.savedList.convert(mixer.savedList.rect(ofRow: 0).center, to: nil))
        #expect(test.wait { mixer.hexLabel.text == "#3478f6" })
        #expect(test.settle())
        let swatch = mixer.swatch.convert(mixer.swatch.bounds, to: nil)
        #expect(try test.capture().rgb(x: Int(swatch.midX), y: Int(swatch.midY)) == 0x3478f6)
    }

    @Test func aClickOnTheSwatchCopiesItsHexCode() throws {
        let mixer = ColorMixerView()
        let test = try TestWindow(size: Size(width: 360, height: 540), rootView: mixer)
        defer { test.close() }
        var copied: [String] = []
        mixer.swatch.onCopy = { copied.append($0) }
        test.click(mixer.swatch)
        #expect(test.wait { copied == ["#3478f6"] })
        let reader = try SelectionReader(servedBy: test.application)
        reader.request("CLIPBOARD", as: "UTF8_STRING")
        #expect(test.wait { reader.answer != nil })
        #expect(reader.answer == .text("#3478f6"))
    }

    @Test func aPressDraggedOffTheSwatchShowsItUnpressedAndCopiesNothing() {
        let scene = Scene(size: Size(width: 200, height: 200))
        let swatch = ColorSwatch(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        scene.rootView.addSubview(swatch)
        var copied: [String] = []
        swatch.onCopy = { copied.append($0) }
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 50, y: 50)))
        #expect(swatch.isHighlighted)
        scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: 150, y: 50)))
        #expect(!swatch.isHighlighted)
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 150, y: 50)))
        #expect(copied.isEmpty)
        #expect(!swatch.canBecomeFocused)  // out of the Tab order: it has no focus ring
    }

    @Test func aScreenReaderFindsTheSwatchAndItsPressCopies() {
        let mixer = ColorMixerView()
        let node = mixer.swatch.accessibilityNode
        #expect(node?.role == .pushButton)
        #expect(node?.name == "Mixed colour")
        #expect(node?.description == "#3478f6")
        #expect(node?.actions == [.click])
        var copied: [String] = []
        mixer.swatch.onCopy = { copied.append($0) }
        #expect(mixer.swatch.performAccessibilityAction(.click))
        #expect(copied == ["#3478f6"])
        #expect([mixer.red, mixer.green, mixer.blue].map { $0.accessibilityNode?.name } == ["Red", "Green", "Blue"])
        #expect(mixer.savedList.accessibilityNode?.name == "Saved colours")
    }
}
