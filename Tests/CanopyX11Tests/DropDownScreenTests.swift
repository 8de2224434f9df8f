@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import ShowcaseKit
import Testing

extension X11Tests {
    /// The seed-000 drop-down on a real window, driven with XTest.
    @MainActor @Suite struct DropDownScreenTests {
        static let background: UInt32 = 0x203040

        @MainActor final class Fixture {
            let test: TestWindow
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
                frame: Rect(x: 40, y: 40, width: 160, height: 40))
            var chosen: [String] = []

            init() throws {
                let root = View()
                root.backgroundColor = Color(rgb: DropDownScreenTests.background)
                SeedStyle.apply(to: dropDown)
                root.addSubview(dropDown)
                test = try TestWindow(size: Size(width: 320, height: 320), rootView: root)
                dropDown.onValueChanged = { [unowned self] index in self.chosen.append(self.dropDown.items[index]) }
            }

            func clickButton() { test.click(at: Point(x: 120, y: 60)) }

            func openFully() {
                clickButton()
                #expect(test.wait { dropDown.isOpen })
                #expect(test.settle())
            }
        }

        @Test func clickingTheButtonDropsATwoHundredPixelListRightBeneathIt() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.openFully()
            let image = try f.test.capture()
            // The list's left column (clear of text and separators) is white from the button's
            // bottom edge (y 80) for 200 pixels, and not below.
            #expect((82...277).allSatisfy { image.rgb(x: 45, y: $0) == 0xffffff })
            #expect(image.rgb(x: 45, y: 283) != 0xffffff)
            // As wide as the button: white just inside its right edge, not just outside.
            #expect(image.rgb(x: 197, y: 180) == 0xffffff)
            #expect(image.rgb(x: 202, y: 180) == DropDownScreenTests.background)
            // The shadow falls to the lower left: darker than the background beside the list.
            #expect(image.rgb(x: 38, y: 200)! & 0xff < DropDownScreenTests.background & 0xff)
            // The rows are red text on white.
            var redPixels = 0
            for y in 90..<120 {
                for x in 60..<180 {
                    let pixel = image.rgb(x: x, y: y) ?? 0
                    if pixel >> 16 > 0xc0, (pixel >> 8) & 0xff < 0x60 { redPixels += 1 }
                }
            }
            #expect(redPixels > 20)
        }

        @Test func choosingHello3SetsTheTitleDeliversItAndCloses() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.openFully()
            f.test.click(at: Point(x: 120, y: 80 + 3 * 40 + 20))
            #expect(f.test.wait { !f.chosen.isEmpty })
            #expect(f.chosen == ["Hello 3"])
            #expect(f.dropDown.title == "Hello 3")
            #expect(f.test.wait { f.dropDown.popup.scene == nil })
            #expect(f.test.settle())
            #expect(try f.test.capture().rgb(x: 45, y: 200) == DropDownScreenTests.background)
        }

        @Test func theWheelBringsHello9IntoView() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.openFully()
            f.test.scroll(steps: 5, at: Point(x: 120, y: 180))
            #expect(f.test.wait { f.dropDown.list.visibleRows.contains(9) })
            #expect(f.test.settle())
            f.test.click(at: Point(x: 120, y: 80 + 200 - 20))  // the bottom row
            #expect(f.test.wait { !f.chosen.isEmpty })
            #expect(f.chosen == ["Hello 9"])
        }

        @Test func escapeAndAClickOutsideCloseIt() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.openFully()
            f.test.tap(.escape)
            #expect(f.test.wait { !f.dropDown.isOpen })
            #expect(f.test.wait { f.dropDown.popup.scene == nil })
            f.openFully()
            f.test.click(at: Point(x: 280, y: 300))
            #expect(f.test.wait { !f.dropDown.isOpen })
            #expect(f.chosen.isEmpty)
        }

        @Test func aClickWhileOpeningReversesSmoothly() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.clickButton()
            #expect(f.test.wait { f.dropDown.popup.presentedFrame.height > 60 })
            f.clickButton()
            #expect(f.test.wait { !f.dropDown.isOpen })
            var heights: [Double] = []
            #expect(
                f.test.wait {
                    heights.append(f.dropDown.popup.presentedFrame.height)
                    return f.dropDown.popup.scene == nil
                })
            let shown = heights.dropLast()
            #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 >= $1 })  // only shrinking: no jump
            #expect((shown.first ?? 0) < 200)
        }
    }
}
