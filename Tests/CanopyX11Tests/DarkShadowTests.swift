import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Shadows in the dark theme: darker and stronger than the light theme's, so a menu or a
    /// drop-down list shows above a dark window, the list with a faint light edge, as
    /// Adwaita-dark's popovers.
    @MainActor @Suite struct DarkShadowTests {
        /// The brightest of a pixel's red, green and blue.
        static func level(_ pixel: UInt32?) -> Int {
            guard let pixel else { return -1 }
            return (0..<3).map { Int((pixel >> ($0 * 8)) & 0xff) }.max() ?? -1
        }

        /// A dark window of 400 × 300 points showing `views`.
        static func darkWindow(_ views: [View]) throws -> TestWindow {
            let root = View()
            root.themeBackgroundColor = \.windowBackground
            for view in views { root.addSubview(view) }
            let test = try TestWindow(size: Size(width: 400, height: 300), rootView: root)
            test.window.popUpsMayLeaveWindow = false  // the capture reads the window
            test.window.scene.colorSchemePreference = .dark
            return test
        }

        @Test func aMenusShadowIsClearlyDarkerThanTheDarkWindow() throws {
            let test = try Self.darkWindow([])
            defer { test.close() }
            let menu = Menu(items: ["Open", "Save", "Close"].map { MenuItem($0) {} })
            menu.present(at: Point(x: 100, y: 60), in: test.window.scene)
            #expect(test.settle())
            let image = try test.capture()
            let background = Self.level(image.rgb(x: 380, y: 280))
            #expect(background == 0x1f)
            // Just below the menu's bottom edge, in its middle, where a shadow is deepest.
            let shadow = Self.level(image.rgb(x: Int(menu.frame.midX), y: Int(menu.frame.maxY) + 2))
            #expect(shadow <= background - 10, "shadow \(shadow) on \(background)")
        }

        @Test func aDropDownListHasADarkShadowAndALightEdge() throws {
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<4).map { "Hello \($0)" },
                frame: Rect(x: 60, y: 20, width: 200, height: 36))
            let test = try Self.darkWindow([dropDown])
            defer { test.close() }
            test.click(dropDown)
            #expect(test.wait { dropDown.isOpen })
            #expect(test.settle())
            let list = dropDown.popup.frame
            let image = try test.capture()
            let background = Self.level(image.rgb(x: 380, y: 280))
            let shadow = Self.level(image.rgb(x: Int(list.midX), y: Int(list.maxY) + 2))
            #expect(shadow <= background - 10, "shadow \(shadow) on \(background)")
            // The list's left edge, clear of its rounded corners, is lighter than its fill beside it.
            let y = Int(list.midY) + 5
            let edge = Self.level(image.rgb(x: Int(list.minX), y: y))
            let fill = Self.level(image.rgb(x: Int(list.minX) + 3, y: y))
            #expect(edge >= fill + 8, "edge \(edge), fill \(fill)")
        }
    }
}
