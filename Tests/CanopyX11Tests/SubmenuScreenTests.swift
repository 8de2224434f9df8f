@_spi(Testing) import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// Submenus of a menu bar's menu on a real window, driven through the X server by the mouse
    /// and by the keyboard alone: what opens is read back as pixels, what runs as callbacks.
    @MainActor @Suite struct SubmenuScreenTests {
        static let background: UInt32 = 0x203040
        static let white: UInt32 = 0xffffff
        static let accent: UInt32 = 0x3478f6

        @MainActor final class Screen {
            let test: TestWindow
            var ran: [String] = []
            lazy var recent = Menu(items: [item("One"), item("Two"), item("Three")])
            lazy var file = Menu(
                title: "_File", items: [item("New"), MenuItem("Open Recent", submenu: recent), item("Quit")])
            lazy var bar = MenuBar(menus: [file, Menu(title: "_Edit", items: [item("Cut")])])

            init(
                size: Size = Size(width: 400, height: 240), scale: Double? = nil,
                direction: LayoutDirection = .leftToRight, popUpsMayLeaveWindow: Bool = false
            ) throws {
                let root = View()
                root.backgroundColor = Color(rgb: SubmenuScreenTests.background)
                test = try TestWindow(size: size, rootView: root, scale: scale)
                test.window.popUpsMayLeaveWindow = popUpsMayLeaveWindow
                test.window.scene.layoutDirection = direction
                bar.frame = Rect(x: 0, y: 0, width: size.width, height: 30)
                root.addSubview(bar)
                #expect(test.settle())
            }

            func item(_ title: String) -> MenuItem {
                MenuItem(title) { [unowned self] in ran.append(title) }
            }

            /// The middle of title `index`, in window coordinates.
            func title(_ index: Int) -> Point { bar.convert(bar.rectForTitle(at: index).center, to: nil) }

            /// The middle of item `index` of `menu`, in window coordinates.
            func item(_ index: Int, of menu: Menu) -> Point {
                menu.convert(menu.rectForItem(at: index).center, to: nil)
            }

            /// The colour at `point` (window coordinates) once the screen has caught up.
            func rgb(_ point: Point) throws -> UInt32? {
                #expect(test.settle())
                let scale = test.window.scale
                return try test.capture().rgb(x: Int(point.x * scale), y: Int(point.y * scale))
            }

            /// A point inside `menu` near its trailing edge, clear of its text, level with item
            /// `index`.
            func blank(of menu: Menu, beside index: Int) -> Point {
                let y = item(index, of: menu).y
                let mirrored = test.window.scene.layoutDirection == .rightToLeft
                return Point(x: mirrored ? menu.frame.minX + 8 : menu.frame.maxX - 8, y: y)
            }

            /// Writes the window to `$CANOPY_SCREENSHOT_DIR/name.png` when that is set, to look at.
            func save(_ name: String) throws {
                guard let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] else { return }
                #expect(test.settle())
                try test.capture().writePNG(to: "\(directory)/\(name).png")
            }
        }

        @Test(arguments: [1.0, 2.0]) func restingOnAnItemOpensItsSubmenuAfterTheDelayAndAClickInItRunsAnItem(
            scale: Double
        ) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.title(0))
            #expect(test.wait { screen.file.isOpen })
            #expect(test.settle())
            let start = ContinuousClock.now
            test.move(to: screen.item(1, of: screen.file))
            #expect(test.wait { screen.recent.isOpen })
            let waited = ContinuousClock.now - start
            #expect(waited >= .milliseconds(200), "opened after \(waited)")
            // Beside the item, its first row level with it, white inside and the item still on
            // the accent.
            let file = screen.file.frame, recent = screen.recent.frame
            #expect(recent.minX >= file.maxX - 4 && recent.minX <= file.maxX)
            #expect(screen.item(0, of: screen.recent).y == screen.item(1, of: screen.file).y)
            #expect(try screen.rgb(screen.blank(of: screen.recent, beside: 2)) == Self.white)
            #expect(try screen.rgb(Point(x: file.minX + 7, y: screen.item(1, of: screen.file).y)) == Self.accent)
            test.move(to: screen.item(0, of: screen.recent))
            test.move(to: screen.item(1, of: screen.recent))
            #expect(test.wait { screen.recent.highlightedIndex == 1 })
            try screen.save("submenu-hover-\(Int(scale))x")
            test.click(at: screen.item(1, of: screen.recent))
            #expect(test.wait { screen.ran == ["Two"] })
            #expect(test.wait { screen.recent.scene == nil && screen.file.scene == nil })
            #expect(screen.bar.highlightedIndex == nil)
            #expect(try screen.rgb(Point(x: recent.midX, y: recent.midY)) == Self.background)
        }

        @Test func pressingATitleAndDraggingIntoASubmenuRunsTheItemReleasedOn() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.input.move(to: screen.title(0), in: test.window)
            test.input.press()
            #expect(test.wait { screen.file.isOpen })
            test.input.move(to: screen.item(0, of: screen.file), in: test.window)
            test.input.move(to: screen.item(1, of: screen.file), in: test.window)
            #expect(test.wait { screen.recent.isOpen })
            #expect(test.settle())
            test.input.move(to: screen.item(2, of: screen.recent), in: test.window)
            #expect(test.wait { screen.recent.highlightedIndex == 2 })
            test.input.release()
            #expect(test.wait { screen.ran == ["Three"] })
            #expect(test.wait { screen.file.scene == nil && screen.recent.scene == nil })
        }

        @Test func theKeyboardAloneOpensASubmenuClosesItBackAndRunsAnItemInIt() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.tap(.function(10))
            #expect(test.wait { screen.bar.isFocused })
            test.tap(.down)
            #expect(test.wait { screen.file.isOpen })
            test.tap(.down)
            test.tap(.down)
            #expect(test.wait { screen.file.highlightedIndex == 1 })
            test.tap(.right)
            #expect(test.wait { screen.recent.isOpen && screen.recent.highlightedIndex == 0 })
            #expect(try screen.rgb(screen.blank(of: screen.recent, beside: 2)) == Self.white)
            test.tap(.left)
            #expect(test.wait { screen.recent.scene == nil && screen.file.isFocused })
            #expect(screen.file.highlightedIndex == 1)
            test.tap(.right)
            #expect(test.wait { screen.recent.isOpen })
            test.tap(.down)
            test.tap(.enter)
            #expect(test.wait { screen.ran == ["Two"] })
            #expect(test.wait { screen.file.scene == nil && screen.recent.scene == nil })
            #expect(screen.bar.highlightedIndex == nil)
        }

        @Test func inARightToLeftWindowASubmenuOpensToTheLeftOnLeft() throws {
            let screen = try Screen(direction: .rightToLeft)
            defer { screen.test.close() }
            let test = screen.test
            test.tap(.character("f"), modifiers: .alt)
            #expect(test.wait { screen.file.isOpen })
            test.tap(.down)
            test.tap(.down)
            test.tap(.left)
            #expect(test.wait { screen.recent.isOpen })
            let file = screen.file.frame, recent = screen.recent.frame
            #expect(recent.maxX <= file.minX + 4 && recent.maxX >= file.minX)
            #expect(try screen.rgb(screen.blank(of: screen.recent, beside: 2)) == Self.white)
            try screen.save("submenu-rtl")
            test.tap(.right)
            #expect(test.wait { screen.recent.scene == nil && screen.file.isFocused })
        }

        @Test func aSubmenuPastTheWindowsEdgeGoesInAPopUpWindowAndTakesAClick() throws {
            // A window so narrow the submenu reaches past its right edge, onto the screen.
            let screen = try Screen(size: Size(width: 220, height: 200), popUpsMayLeaveWindow: true)
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.title(0))
            #expect(test.wait { screen.file.isOpen })
            test.click(at: screen.item(1, of: screen.file))
            #expect(test.wait { screen.recent.isOpen })
            #expect(test.settle())
            #expect(screen.recent.frame.maxX > 220)
            let presentation = test.window.scene.presentations.first { $0.view === screen.recent }
            #expect(presentation?.surfaceArea != nil)  // in a window of its own, the menu in the window
            #expect(test.window.scene.presentations.first { $0.view === screen.file }?.surfaceArea == nil)
            #expect(test.window.popUpWindowIDs.count == 1)
            // What the submenu's own window shows past the window's edge: the menu's white.
            let origin = test.input.screenFrame(of: test.window.windowID).origin
            let probe = screen.blank(of: screen.recent, beside: 2)
            let pixel = try #require(
                test.input.captureScreen(Rect(x: origin.x + probe.x, y: origin.y + probe.y, width: 1, height: 1)))
            #expect(probe.x > 220 && pixel.rgb(x: 0, y: 0) == Self.white)
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                let area = Rect(x: origin.x, y: origin.y, width: 420, height: 200)
                try test.input.captureScreen(area)?.writePNG(to: "\(directory)/submenu-popup-window.png")
            }
            test.click(at: screen.item(2, of: screen.recent))
            #expect(test.wait { screen.ran == ["Three"] })
            #expect(test.wait { test.window.popUpWindowIDs.isEmpty && !test.window.isGrabbingPointer })
        }

        @Test func aPressDraggedFromTheBarIntoASubmenuInAPopUpWindowRunsTheItemReleasedOn() throws {
            let screen = try Screen(size: Size(width: 220, height: 200), popUpsMayLeaveWindow: true)
            defer { screen.test.close() }
            let test = screen.test
            test.input.move(to: screen.title(0), in: test.window)
            test.input.press()
            #expect(test.wait { screen.file.isOpen })
            test.input.move(to: screen.item(1, of: screen.file), in: test.window)
            #expect(test.wait { screen.recent.isOpen })
            #expect(test.wait { test.window.popUpWindowIDs.count == 1 })
            let target = Point(x: screen.recent.frame.maxX - 12, y: screen.item(2, of: screen.recent).y)
            #expect(target.x > 220)  // past the window's edge, over the submenu's own window
            test.input.move(to: target, in: test.window)
            #expect(test.wait { screen.recent.highlightedIndex == 2 })
            test.input.release()
            #expect(test.wait { screen.ran == ["Three"] })
            #expect(test.wait { test.window.popUpWindowIDs.isEmpty && !test.window.isGrabbingPointer })
        }
    }
}
