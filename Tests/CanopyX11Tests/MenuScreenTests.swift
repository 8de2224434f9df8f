@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Menus and tooltips on a real window, driven with XTest.
    @MainActor @Suite struct MenuScreenTests {
        static let background: UInt32 = 0x203040
        static let white: UInt32 = 0xffffff
        static let accent: UInt32 = 0x3478f6

        @MainActor final class Fixture {
            let test: TestWindow
            let root = View()
            let target = View(frame: Rect(x: 20, y: 20, width: 200, height: 140))
            let button = Button(title: "Actions", frame: Rect(x: 20, y: 180, width: 110, height: 30))
            var ran: [String] = []
            lazy var menu = Menu(items: [
                item("Open"), item("Save", isEnabled: false), .separator, item("Close"), item("Copy"),
            ])

            init(size: Size = Size(width: 320, height: 240), scale: Double? = nil) throws {
                root.backgroundColor = Color(rgb: MenuScreenTests.background)
                target.backgroundColor = Color(rgb: 0x405060)
                root.addSubview(target)
                root.addSubview(button)
                test = try TestWindow(size: size, rootView: root, scale: scale)
                test.window.popUpsMayLeaveWindow = false  // these test the flips at the window's edges
                target.contextMenu = menu
            }

            func item(_ title: String, isEnabled: Bool = true) -> MenuItem {
                MenuItem(title, isEnabled: isEnabled) { [unowned self] in ran.append(title) }
            }

            /// The middle of item `index` of `menu`, in window coordinates.
            func center(of index: Int, in menu: Menu? = nil) -> Point {
                let menu = menu ?? self.menu
                return menu.convert(menu.rectForItem(at: index).center, to: nil)
            }

            /// A pixel of `image` at `point` (window coordinates) at the window's scale.
            func rgb(_ image: Bitmap, _ point: Point) -> UInt32? {
                let scale = test.window.scale
                return image.rgb(x: Int(point.x * scale), y: Int(point.y * scale))
            }
        }

        @Test func aRightClickOpensTheContextMenuAndAClickOnAnItemRunsIt() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.test.click(at: Point(x: 60, y: 50), button: .right)
            #expect(f.test.wait { f.menu.isOpen })
            #expect(f.test.settle())
            #expect(f.menu.frame.origin == Point(x: 60, y: 50))
            var image = try f.test.capture()
            let frame = f.menu.frame
            // White inside (clear of the text), the edge of the target beside it.
            #expect(f.rgb(image, Point(x: frame.maxX - 6, y: f.center(of: 0).y)) == Self.white)
            #expect(f.rgb(image, Point(x: frame.minX + 10, y: frame.minY + 2)) == Self.white)
            #expect(f.ran.isEmpty)  // the release of the opening click chose nothing

            f.test.move(to: f.center(of: 3))
            #expect(f.test.wait { f.menu.highlightedIndex == 3 })
            #expect(f.test.settle())
            image = try f.test.capture()
            let highlight = Point(x: frame.minX + 7, y: f.center(of: 3).y)
            #expect(f.rgb(image, highlight) == Self.accent)
            #expect(f.rgb(image, Point(x: frame.minX + 7, y: f.center(of: 0).y)) == Self.white)

            f.test.click(at: f.center(of: 3))
            #expect(f.test.wait { !f.ran.isEmpty })
            #expect(f.ran == ["Close"])
            #expect(f.test.wait { f.menu.scene == nil })
            #expect(f.test.settle())
            #expect(f.rgb(try f.test.capture(), highlight) == 0x405060)
        }

        @Test func aRightClickOnAViewWithoutAMenuOpensNothing() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.test.click(at: Point(x: 280, y: 100), button: .right)
            #expect(!f.test.wait(timeout: 0.3) { f.menu.isOpen })
            #expect(f.test.window.scene.presentations.isEmpty)
        }

        @Test func nearTheWindowsCornerTheMenuFlipsToStayInside() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.root.contextMenu = f.menu
            f.test.click(at: Point(x: 310, y: 230), button: .right)
            #expect(f.test.wait { f.menu.isOpen })
            #expect(f.test.settle())
            let frame = f.menu.frame
            #expect(frame.maxX == 310 && frame.maxY == 230)  // it ends at the pointer
            #expect(frame.minX >= 0 && frame.minY >= 0)
            let image = try f.test.capture()
            #expect(f.rgb(image, Point(x: frame.maxX - 4, y: frame.midY)) == Self.white)
            #expect(f.rgb(image, Point(x: frame.minX + 10, y: frame.minY + 2)) == Self.white)
            #expect(f.rgb(image, Point(x: frame.maxX + 2, y: frame.minY + 30)) != Self.white)
            // Items take clicks where they are drawn.
            f.test.click(at: f.center(of: 0))
            #expect(f.test.wait { f.ran == ["Open"] })
        }

        @Test func theKeyboardAloneOpensAMenuButtonsMenuAndRunsAnItem() throws {
            let f = try Fixture()
            defer { f.test.close() }
            let menu = Menu(items: [
                f.item("Rename"), f.item("Archive", isEnabled: false), .separator, f.item("Delete"),
            ])
            let button = MenuButton(title: "More", menu: menu, frame: Rect(x: 150, y: 180, width: 90, height: 30))
            f.root.addSubview(button)
            f.button.removeFromSuperview()
            f.test.tap(.tab)  // the only focusable view
            #expect(f.test.wait { button.isFocused })
            f.test.tap(.space)
            #expect(f.test.wait { menu.isOpen && menu.isFocused })
            #expect(f.test.settle())
            #expect(menu.frame.maxY <= 180)  // no room below: above the button
            f.test.tap(.down)
            f.test.tap(.down)
            #expect(f.test.wait { menu.highlightedIndex == 3 })  // Archive and the separator skipped
            f.test.tap(.enter)
            #expect(f.test.wait { f.ran == ["Delete"] })
            #expect(!menu.isOpen && button.isFocused)
            // Escape closes it without running anything; a letter jumps.
            f.test.tap(.enter)
            #expect(f.test.wait { menu.isOpen })
            f.test.type("r")
            #expect(f.test.wait { menu.highlightedIndex == 0 })
            f.test.tap(.escape)
            #expect(f.test.wait { !menu.isOpen })
            #expect(f.ran == ["Delete"] && button.isFocused)
        }

        @Test func atTwoTimesTheItemsHitAreasDouble() throws {
            let f = try Fixture(scale: 2)
            defer { f.test.close() }
            f.menu.present(at: Point(x: 40, y: 30), in: f.test.window.scene)
            #expect(f.test.wait { f.menu.isOpen })
            #expect(f.test.settle())
            let open = f.menu.convert(f.menu.rectForItem(at: 0), to: nil)
            let close = f.menu.convert(f.menu.rectForItem(at: 3), to: nil)
            // The last pixel row of "Open" highlights it; the first of the row below does not.
            f.test.move(to: Point(x: open.midX, y: open.maxY - 0.5))  // pixel 2 × maxY − 1
            #expect(f.test.wait { f.menu.highlightedIndex == 0 })
            f.test.move(to: Point(x: open.midX, y: open.maxY))  // pixel 2 × maxY: the disabled Save
            #expect(f.test.wait { f.menu.highlightedIndex == nil })
            f.test.move(to: Point(x: close.midX, y: close.minY))
            #expect(f.test.wait { f.menu.highlightedIndex == 3 })
            #expect(f.test.settle())
            // The highlight covers twice the pixels: its rows from 2 × minY to 2 × maxY − 1.
            let image = try f.test.capture()
            let x = Int((close.maxX - 10) * 2)  // clear of the title and the highlight's corners
            #expect(image.rgb(x: x, y: Int(close.minY * 2) + 1) == Self.accent)
            #expect(image.rgb(x: x, y: Int(close.maxY * 2) - 2) == Self.accent)
            #expect(image.rgb(x: x, y: Int(close.minY * 2) - 2) != Self.accent)
            #expect(image.rgb(x: x, y: Int(close.maxY * 2) + 1) != Self.accent)
            f.test.click(at: Point(x: close.midX, y: close.maxY - 0.5))
            #expect(f.test.wait { f.ran == ["Close"] })
        }

        @Test func aTooltipAppearsAfterThePointerRestsAndGoesWhenItLeaves() throws {
            let f = try Fixture()
            defer { f.test.close() }
            f.button.toolTip = "More actions"
            let scene = f.test.window.scene
            func shown() -> Tooltip? {
                scene.presentations.last { $0.isPresented && $0.view is Tooltip }?.view as? Tooltip
            }
            f.test.move(to: Point(x: 60, y: 190))
            #expect(!f.test.wait(timeout: 0.3) { shown() != nil })  // not before the delay
            #expect(f.test.wait { shown() != nil })
            // A timer started the fade in: the loop paces it rather than sleeping.
            #expect(f.test.wait(timeout: 1) { !scene.animator.isAnimating })
            #expect(f.test.settle())
            let tooltip = try #require(shown())
            #expect(tooltip.text == "More actions")
            #expect(tooltip.frame.minX >= 60 && tooltip.frame.minY >= 190)  // below and right of the pointer
            #expect(tooltip.frame.maxX <= 320 && tooltip.frame.maxY <= 240)
            let image = try f.test.capture()
            #expect(f.rgb(image, Point(x: tooltip.frame.minX + 3, y: tooltip.frame.midY)) == Self.white)
            var dark = 0  // the text
            for y in Int(tooltip.frame.minY)..<Int(tooltip.frame.maxY) {
                for x in Int(tooltip.frame.minX)..<Int(tooltip.frame.maxX) where (image.rgb(x: x, y: y) ?? 0) < 0x404040
                {
                    dark += 1
                }
            }
            #expect(dark > 20)
            f.test.move(to: Point(x: 280, y: 100))
            #expect(f.test.wait { shown() == nil })
            #expect(f.test.wait { scene.presentations.isEmpty })
            #expect(scene.timers.nextFireTime == nil)
        }
    }
}
