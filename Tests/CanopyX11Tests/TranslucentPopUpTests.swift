import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// Pop-up windows under a compositing manager (xcompmgr, and picom as light desktops run
    /// it): 32-bit windows whose soft shadow and rounded corners the compositor blends with what
    /// is beneath, as GTK's are under mutter, KWin and xfwm4's compositor; square, outlined and
    /// shaped ones once it is gone.
    @MainActor @Suite struct TranslucentPopUpTests {
        @Test(arguments: CompositingManager.Kind.allCases)
        func underACompositorAPopUpWindowCastsItsShadowOnTheScreen(_ kind: CompositingManager.Kind) throws {
            let display = try VirtualDisplay(width: 800, height: 600)
            defer { display.stop() }
            var compositor: CompositingManager? = try CompositingManager(kind, on: display)
            defer { compositor?.stop() }
            let root = View()
            let background: UInt32 = 0x203040  // dark, so the list's white corners would show on it
            root.backgroundColor = Color(rgb: background)
            let dropDown = DropDown(
                placeholder: "Select", items: (0..<10).map { "Hello \($0)" },
                frame: Rect(x: 60, y: 100, width: 200, height: 36))
            root.addSubview(dropDown)
            let test = try TestWindow(size: Size(width: 300, height: 150), rootView: root, display: display)
            defer { test.close() }
            #expect(test.wait { test.window.popUpSurfacesAreTranslucent })  // seen after the first frame
            let window = test.input.screenFrame(of: test.window.windowID)
            /// The list's frame on the screen (pixels: the window's scale is 1).
            func listOnScreen() -> Rect { dropDown.popup.frame.offsetBy(dx: window.minX, dy: window.minY) }
            /// The screen's colour at `point`.
            func screen(at point: Point) -> UInt32? {
                test.input.captureScreen(Rect(origin: point, size: Size(width: 1, height: 1)))?.rgb(x: 0, y: 0)
            }
            /// Channel `index` (0 blue, 1 green, 2 red) of `colour`.
            func channel(_ colour: UInt32, _ index: Int) -> Int { Int((colour >> (index * 8)) & 0xff) }
            /// Whether each channel of `colour` is within 16 of `other`'s.
            func isClose(_ colour: UInt32?, to other: UInt32) -> Bool {
                guard let colour else { return false }
                return (0..<3).allSatisfy { abs(channel(colour, $0) - channel(other, $0)) <= 16 }
            }
            /// Whether each channel of `colour` lies well between `low`'s and `high`'s: a blend.
            func isBetween(_ colour: UInt32?, _ low: UInt32, and high: UInt32) -> Bool {
                guard let colour else { return false }
                return (0..<3).allSatisfy {
                    (channel(low, $0) + 32..<channel(high, $0) - 32).contains(channel(colour, $0))
                }
            }
            func isDarker(_ colour: UInt32?, than other: UInt32?) -> Bool {
                guard let colour, let other else { return false }
                return (0..<3).allSatisfy { (colour >> ($0 * 8)) & 0xff < (other >> ($0 * 8)) & 0xff }
            }

            test.click(dropDown)
            #expect(test.wait { dropDown.isOpen })
            #expect(test.settle())
            let list = listOnScreen()
            try #require(list.maxY > window.maxY, "the list leaves the window: \(list), window \(window)")
            let popUp = try #require(test.window.popUpWindowIDs.first)
            // Its window takes in the shadow around the frame: wider, and deeper below.
            let popUpFrame = test.input.screenFrame(of: popUp)
            #expect(popUpFrame.minX < list.minX && popUpFrame.maxX > list.maxX && popUpFrame.maxY > list.maxY + 2)
            let belowTheList = Point(x: list.midX, y: list.maxY + 2)
            let besideTheList = Point(x: popUpFrame.maxX + 20, y: list.maxY - 20)
            // The compositor draws in its own time: wait for its frame, not for a fixed while.
            #expect(test.wait { isDarker(screen(at: belowTheList), than: screen(at: besideTheList)) })
            #expect(screen(at: Point(x: list.midX, y: list.maxY - 22)) == 0xffffff)  // a row, opaque
            // Its rounded top corners, over the app's window, are blended with it: at the very
            // corner the window's dark background shows (a little darker, in the shadow), and
            // along the arc a pixel between the two is partly of each.
            try #require(list.minY < window.maxY)
            let diagonal = (0..<5).map { screen(at: Point(x: list.minX + Double($0), y: list.minY + Double($0))) }
            #expect(isClose(diagonal[0], to: background), "corner \(String(describing: diagonal[0]))")
            #expect(diagonal.contains { isBetween($0, background, and: 0xffffff) }, "\(diagonal)")
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                let around = popUpFrame.union(window).insetBy(dx: -20, dy: -20)
                let shot = around.intersection(Rect(x: 0, y: 0, width: 800, height: 600)) ?? around
                try test.input.captureScreen(shot)?.writePNG(to: "\(directory)/pop-up-under-\(kind).png")
            }
            test.input.tap(.escape)
            #expect(test.wait { !dropDown.isOpen && test.window.popUpWindowIDs.isEmpty })

            // Without the compositor the next pop-up is opaque: its window is its frame, no shadow.
            compositor?.stop()
            compositor = nil
            #expect(test.wait { !test.window.popUpSurfacesAreTranslucent })
            test.click(dropDown)
            #expect(test.wait { dropDown.isOpen })
            #expect(test.settle())
            let opaque = try #require(test.window.popUpWindowIDs.first)
            #expect(test.input.screenFrame(of: opaque) == listOnScreen())
        }
    }
}
