import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit
import Testing

/// The seed-004 picker in the real Showcase window, driven with XTest.
@MainActor @Suite(.serialized) struct PickerScreenTests {

    @Test func theBackdropDimsTheContentToSeventyPercent() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let before = try f.test.capture().rgb(x: 20, y: 300)!
        _ = f.openPicker()
        let after = try f.test.capture().rgb(x: 20, y: 300)!
        for shift: UInt32 in [16, 8, 0] {
            let original = Double((before >> shift) & 0xff), dimmed = Double((after >> shift) & 0xff)
            #expect(abs(dimmed - original * 0.7) <= 1.5, "channel \(shift): \(original) → \(dimmed)")
        }
        // The panel itself is white with rounded corners.
        let image = try f.test.capture()
        #expect(image.rgb(x: 60, y: 600) == 0xffffff)
        #expect(image.rgb(x: 50, y: 100) != 0xffffff)
    }

    @Test func clickingRow4ShowsAndAnnouncesItAndRemovesTheBackdrop() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        let picker = try #require(f.openPicker())
        f.test.click(at: picker.list.convert(picker.list.rect(ofRow: 3).center, to: nil))
        #expect(f.test.wait { f.showcase.pickerDemo.resultLabel.text == "Selected: 4" })
        #expect(f.announced == ["picker: SelectValue 4"])
        #expect(f.test.wait { picker.list.scene == nil })
        #expect(f.test.settle())
        #expect(try f.test.capture().rgb(x: 20, y: 300) == 0xf2f4f7)
    }

    @Test func aClickAt20_20OrEscapeDismissesWithNoValue() throws {
        let f = try ShowcaseOnScreen()
        defer { f.test.close() }
        _ = f.openPicker()
        f.test.click(at: Point(x: 20, y: 20))
        #expect(f.test.wait { f.showcase.pickerDemo.picker?.isPresented == false })
        _ = f.openPicker()
        f.test.tap(.escape)
        #expect(f.test.wait { f.showcase.pickerDemo.picker?.isPresented == false })
        #expect(f.announced == ["picker: dismissed", "picker: dismissed"])
        #expect(f.showcase.pickerDemo.resultLabel.text == "Selected: –")
    }
}

extension ShowcaseOnScreen {
    /// Presents the picker with a click and waits until it is fully up.
    func openPicker() -> ListPicker? {
        let button = showcase.pickerDemo.button
        test.click(at: button.convert(button.bounds.center, to: nil))
        #expect(test.wait { showcase.pickerDemo.picker?.isPresented == true })
        #expect(test.settle())
        return showcase.pickerDemo.picker
    }
}
