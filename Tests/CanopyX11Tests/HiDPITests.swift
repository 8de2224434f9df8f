import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Windows at 2×: views keep their point sizes and cover twice the pixels.
    @MainActor @Suite struct HiDPITests {
        @Test func aTwoTimesButtonHasATwiceAsLargeHitAreaAndFootprint() throws {
            let root = View()
            root.backgroundColor = .white
            var taps = 0
            let button = Button(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40))
            var style = Button.Style.standard(for: .standard)
            style.background = Color(rgb: 0x3366cc)
            style.hoveredBackground = Color(rgb: 0x3366cc)
            button.style = style
            button.onPrimaryAction = { taps += 1 }
            root.addSubview(button)
            let test = try TestWindow(size: Size(width: 200, height: 100), rootView: root, scale: 2)
            defer { test.close() }
            #expect(test.window.scale == 2)
            #expect(test.window.scene.size == Size(width: 200, height: 100))
            let image = try test.capture()
            #expect(image.width == 400 && image.height == 200)
            #expect(image.rgb(x: 25, y: 60) == 0x3366cc)  // inside: pixel (25, 60) is point (12.5, 30)
            #expect(image.rgb(x: 217, y: 60) == 0x3366cc)  // point 108.5: still the button
            #expect(image.rgb(x: 223, y: 60) == 0xffffff)  // point 111.5: past its right edge

            // Clicks land by pixel: the button spans pixels 20...219 across.
            test.input.click(at: Point(x: 109, y: 20), in: test.window)  // pixel 218
            #expect(test.wait { taps == 1 })
            test.input.click(at: Point(x: 111, y: 20), in: test.window)  // pixel 222
            test.wait(timeout: 0.2) { taps > 1 }
            #expect(taps == 1)
        }

        @Test func textIsSetAtTwiceThePixelSize() throws {
            let root = View()
            root.backgroundColor = .white
            let label = Label(
                text: "Hello 你好", font: .system(size: 15), frame: Rect(x: 0, y: 0, width: 200, height: 40))
            root.addSubview(label)
            let one = try TestWindow(size: Size(width: 200, height: 40), rootView: root, scale: 1)
            let widthAt1 = one.window.scene.textMeasurer.measure("Hello 你好", font: .system(size: 15)).width
            one.close()
            let twiceRoot = View()
            let test = try TestWindow(size: Size(width: 200, height: 40), rootView: twiceRoot, scale: 2)
            defer { test.close() }
            let widthAt2 = test.window.scene.textMeasurer.measure("Hello 你好", font: .system(size: 15)).width
            #expect(abs(widthAt1 - widthAt2) <= 3)  // the same width in points, drawn with twice the pixels
        }
    }
}

extension X11Tests {
    /// An application measures text with the display's fonts for views not yet in a window.
    @MainActor @Suite struct MeasuringWithoutAWindowTests {
        @Test func aLabelMeasuresWithTheDisplaysFontsBeforeItIsShown() throws {
            let test = try TestWindow(size: Size(width: 200, height: 60))
            defer { test.close() }
            let label = Label(text: "Hello 你好", font: .system(size: 15))
            label.sizeToFit()  // not in any window
            let inWindow = test.window.scene.textMeasurer.measure("Hello 你好", font: .system(size: 15))
            #expect(label.frame.width == inWindow.width.rounded(.up))
            #expect(label.frame.height == inWindow.height.rounded(.up))
        }
    }
}
