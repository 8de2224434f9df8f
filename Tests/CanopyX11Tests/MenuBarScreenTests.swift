@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// A menu bar on a real window, driven through the X server by the keyboard alone and by
    /// the mouse: what opens is read back as pixels, what runs as callbacks.
    @MainActor @Suite struct MenuBarScreenTests {
        static let background: UInt32 = 0x203040
        static let white: UInt32 = 0xffffff
        static let accent: UInt32 = 0x3478f6

        @MainActor final class Screen {
            let test: TestWindow
            let field = TextField(text: "draft", frame: Rect(x: 20, y: 180, width: 200, height: 30))
            var ran: [String] = []
            lazy var bar = MenuBar(menus: [
                Menu(title: "_File", items: [item("New", .character("n")), item("Open", .character("o"))]),
                Menu(title: "_Edit", items: [item("Cut", .character("x")), item("Copy", .character("c"))]),
                Menu(title: "_View", items: [item("Zoom In")]),
            ])

            init(scale: Double? = nil, direction: LayoutDirection = .leftToRight) throws {
                let root = View()
                root.backgroundColor = Color(rgb: MenuBarScreenTests.background)
                test = try TestWindow(size: Size(width: 400, height: 240), rootView: root, scale: scale)
                test.window.popUpsMayLeaveWindow = false  // the menus are read from the window's pixels
                test.window.scene.layoutDirection = direction
                bar.frame = Rect(origin: .zero, size: bar.sizeThatFits(Size(width: 400, height: 100)))
                bar.frame.size.width = 400
                root.addSubview(bar)
                root.addSubview(field)
                field.becomeFocused()
                #expect(test.settle())
            }

            func item(_ title: String, _ key: Key? = nil) -> MenuItem {
                MenuItem(title, shortcut: key.map { KeyboardShortcut($0, modifiers: .control) }) { [unowned self] in
                    ran.append(title)
                }
            }

            var openTitles: [String] { bar.menus.filter(\.isOpen).map(\.title) }

            /// The middle of title `index`, in window coordinates.
            func title(_ index: Int) -> Point { bar.convert(bar.rectForTitle(at: index).center, to: nil) }

            /// The middle of item `index` of menu `menu`, in window coordinates.
            func item(_ index: Int, ofMenu menu: Int) -> Point {
                bar.menus[menu].convert(bar.menus[menu].rectForItem(at: index).center, to: nil)
            }

            /// The colour at `point` (window coordinates) once the screen has caught up.
            func rgb(_ point: Point) throws -> UInt32? {
                #expect(test.settle())
                let scale = test.window.scale
                return try test.capture().rgb(x: Int(point.x * scale), y: Int(point.y * scale))
            }

            /// A point inside menu `index`, right of its items' text, near its top.
            func insideMenu(_ index: Int) -> Point {
                let frame = bar.menus[index].frame
                return Point(x: frame.maxX - 8, y: frame.minY + 2)
            }

            /// A point on title `index`'s highlight, clear of its text.
            func onTitle(_ index: Int) -> Point {
                let rect = bar.convert(bar.rectForTitle(at: index), to: nil)
                return Point(x: rect.minX + 4, y: rect.midY)
            }
        }

        @Test(arguments: [1.0, 2.0]) func altFOpensFileBelowItsTitleAndTheKeyboardRunsAnItem(scale: Double) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let test = screen.test
            #expect(try screen.rgb(screen.onTitle(0)) == Self.white)
            test.tap(.character("f"), modifiers: .alt)
            #expect(test.wait { screen.openTitles == ["_File"] })
            let menu = screen.bar.menus[0]
            #expect(menu.frame.minY >= screen.bar.frame.maxY && menu.frame.minX == screen.bar.rectForTitle(at: 0).minX)
            #expect(try screen.rgb(screen.insideMenu(0)) == Self.white)
            #expect(try screen.rgb(screen.onTitle(0)) != Self.white)  // the open menu's title is highlighted
            test.tap(.down)
            #expect(test.wait { menu.highlightedIndex == 0 })
            let highlight = Point(x: menu.frame.minX + 7, y: screen.item(0, ofMenu: 0).y)
            #expect(try screen.rgb(highlight) == Self.accent)
            test.tap(.enter)
            #expect(test.wait { screen.ran == ["New"] })
            #expect(test.wait { menu.scene == nil })
            #expect(try screen.rgb(highlight) == Self.background)
            #expect(screen.field.isFocused)
        }

        @Test func f10AndTheArrowsWalkTheMenusAndEscapeClosesBackToTheBarThenLeaves() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.tap(.function(10))
            #expect(test.wait { screen.bar.isFocused && screen.bar.highlightedIndex == 0 })
            #expect(try screen.rgb(screen.onTitle(0)) != Self.white)
            test.tap(.right)
            #expect(test.wait { screen.bar.highlightedIndex == 1 })
            #expect(try screen.rgb(screen.onTitle(0)) == Self.white)
            #expect(try screen.rgb(screen.onTitle(1)) != Self.white)
            test.tap(.down)
            #expect(test.wait { screen.openTitles == ["_Edit"] })
            #expect(try screen.rgb(screen.insideMenu(1)) == Self.white)
            test.tap(.right)
            #expect(test.wait { screen.openTitles == ["_View"] })
            test.tap(.escape)
            #expect(test.wait { screen.openTitles.isEmpty && screen.bar.isFocused })
            #expect(screen.bar.highlightedIndex == 2)
            test.tap(.escape)
            #expect(test.wait { screen.field.isFocused && screen.bar.highlightedIndex == nil })
            #expect(try screen.rgb(screen.onTitle(2)) == Self.white)
            #expect(screen.ran.isEmpty)
        }

        @Test func aClickOpensAMenuAClickOutsideClosesItAndPressDragReleaseRunsAnItem() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.title(1))
            #expect(test.wait { screen.openTitles == ["_Edit"] })
            #expect(try screen.rgb(screen.insideMenu(1)) == Self.white)
            test.move(to: screen.title(2))  // hovering another title switches
            #expect(test.wait { screen.openTitles == ["_View"] })
            test.click(at: Point(x: 380, y: 220))
            #expect(test.wait { screen.openTitles.isEmpty && screen.bar.highlightedIndex == nil })
            #expect(screen.ran.isEmpty)

            test.input.move(to: screen.title(0), in: test.window)
            test.input.press()
            #expect(test.wait { screen.openTitles == ["_File"] })
            test.input.move(to: screen.title(1), in: test.window)
            #expect(test.wait { screen.openTitles == ["_Edit"] })
            #expect(test.settle())
            test.input.move(to: screen.item(1, ofMenu: 1), in: test.window)
            #expect(test.wait { screen.bar.menus[1].highlightedIndex == 1 })
            test.input.release()
            #expect(test.wait { screen.ran == ["Copy"] })
            #expect(test.wait { screen.openTitles.isEmpty })
        }

        @Test func aShortcutRunsItsItemWithoutTheMenuOpen() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.tap(.character("o"), modifiers: .control)
            #expect(test.wait { screen.ran == ["Open"] })
            #expect(test.window.scene.presentations.isEmpty)
            #expect(screen.field.isFocused && screen.field.text == "draft")
        }

        @Test func inARightToLeftWindowTheTitlesStartAtTheRightEdge() throws {
            let screen = try Screen(direction: .rightToLeft)
            defer { screen.test.close() }
            let test = screen.test
            let file = screen.bar.convert(screen.bar.rectForTitle(at: 0), to: nil)
            #expect(file.maxX == 400 - MenuBar.leadingInset)
            test.tap(.character("f"), modifiers: .alt)
            #expect(test.wait { screen.openTitles == ["_File"] })
            #expect(screen.bar.menus[0].frame.maxX == file.maxX)
            #expect(try screen.rgb(Point(x: file.maxX - 4, y: file.midY)) != Self.white)
            #expect(try screen.rgb(Point(x: 20, y: file.midY)) == Self.white)  // no title at the left
        }
    }
}
