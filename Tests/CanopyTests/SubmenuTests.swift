@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Submenus without a display: where one opens, the hover delay, the keyboard in and out, a
/// press dragged into one, closing the whole chain, shortcuts inside and roles.
@MainActor @Suite(.serialized) struct SubmenuTests {
    let time = ManualTime()

    @MainActor final class Fixture {
        let scene: Scene
        let field = TextField(text: "draft", frame: Rect(x: 20, y: 200, width: 200, height: 30))
        var ran: [String] = []
        lazy var recent = Menu(items: [
            item("One"), item("Two"), item("Three", KeyboardShortcut(.character("3"), modifiers: .control)),
        ])
        lazy var deeper = Menu(items: [item("Deep")])
        lazy var file = Menu(
            title: "_File",
            items: [
                item("New"), MenuItem("Open Recent", submenu: recent),
                MenuItem(
                    "More",
                    submenu: [
                        item("Alpha"), MenuItem("Deeper", submenu: deeper),
                    ]), item("Quit"),
            ])
        lazy var bar = MenuBar(menus: [file, Menu(title: "_Edit", items: [item("Cut")])])

        init(_ time: ManualTime, direction: LayoutDirection = .leftToRight, width: Double = 600) {
            scene = time.makeScene(size: Size(width: width, height: 300))
            scene.layoutDirection = direction
            scene.rootView.addSubview(field)
            bar.frame = Rect(x: 0, y: 0, width: width, height: 30)
            scene.rootView.addSubview(bar)
            field.becomeFocused()
        }

        func item(_ title: String, _ shortcut: KeyboardShortcut? = nil) -> MenuItem {
            MenuItem(title, shortcut: shortcut) { [unowned self] in ran.append(title) }
        }

        func key(_ key: Key, _ modifiers: Modifiers = [], text: String = "") {
            scene.handleKeyDown(KeyEvent(key: key, text: text, modifiers: modifiers))
        }

        /// The middle of item `index` of `menu`, in window coordinates.
        func item(_ index: Int, of menu: Menu) -> Point { menu.convert(menu.rectForItem(at: index).center, to: nil) }
        func title(_ index: Int) -> Point { bar.convert(bar.rectForTitle(at: index).center, to: nil) }

        func press(_ point: Point) { scene.handleMouseDown(MouseEvent(locationInWindow: point)) }
        func drag(_ point: Point) { scene.handleMouseDragged(MouseEvent(locationInWindow: point)) }
        func release(_ point: Point) { scene.handleMouseUp(MouseEvent(locationInWindow: point)) }
        func click(_ point: Point) {
            press(point)
            release(point)
        }
        func move(_ point: Point) { scene.handleMouseMoved(MouseEvent(locationInWindow: point, clickCount: 0)) }
    }

    @Test func restingOnAnItemOpensItsSubmenuBesideItAfterTheDelayAndAnotherItemClosesIt() {
        let f = Fixture(time)
        f.click(f.title(0))
        #expect(f.file.isOpen)
        f.move(f.item(1, of: f.file))
        #expect(f.file.highlightedIndex == 1 && !f.recent.isOpen)
        time.step(by: 0.2)
        #expect(!f.recent.isOpen)  // not yet: the pointer must rest for the delay
        time.step(by: 0.05)
        #expect(f.recent.isOpen && f.file.openSubmenu === f.recent && f.recent.parentMenu === f.file)
        let item = f.file.convert(f.file.rectForItem(at: 1), to: nil)
        #expect(f.recent.frame.minX >= f.file.frame.maxX - 4 && f.recent.frame.minX <= f.file.frame.maxX)
        // Its first item level with the item it opened from.
        #expect(f.recent.convert(f.recent.rectForItem(at: 0), to: nil).minY == item.minY)
        f.move(f.item(3, of: f.file))  // Quit: the submenu closes after the delay
        #expect(f.recent.isOpen)
        time.step(by: 0.25)
        #expect(!f.recent.isOpen && f.file.isOpen && f.file.highlightedIndex == 3)
        f.move(f.item(2, of: f.file))  // More opens its own
        time.step(by: 0.25)
        #expect(f.file.openSubmenu?.items.first?.title == "Alpha")
    }

    @Test func crossingAnotherItemOnTheWayIntoTheSubmenuKeepsItOpen() {
        let f = Fixture(time)
        f.click(f.title(0))
        f.click(f.item(1, of: f.file))  // a click opens it at once
        #expect(f.recent.isOpen && f.ran.isEmpty)
        f.move(f.item(2, of: f.file))  // diagonally across More…
        time.step(by: 0.1)
        f.move(f.item(1, of: f.recent))  // …into the submenu within the delay
        time.step(by: 0.5)
        #expect(f.recent.isOpen && f.file.highlightedIndex == 1 && f.recent.highlightedIndex == 1)
        f.click(f.item(1, of: f.recent))
        #expect(f.ran == ["Two"])
        #expect(!f.recent.isOpen && !f.file.isOpen && f.bar.highlightedIndex == nil && f.field.isFocused)
    }

    @Test func theKeyboardOpensASubmenuWithRightAndClosesItWithLeftOrEscape() {
        let f = Fixture(time)
        f.key(.function(10))
        f.key(.down)
        #expect(f.file.isOpen && f.file.isFocused)
        f.key(.down)
        f.key(.down)
        #expect(f.file.highlightedIndex == 1)
        f.key(.right)
        #expect(f.recent.isOpen && f.recent.isFocused && f.recent.highlightedIndex == 0)
        f.key(.left)
        #expect(!f.recent.isOpen && f.file.isOpen && f.file.isFocused && f.file.highlightedIndex == 1)
        f.key(.enter)
        #expect(f.recent.isOpen && f.recent.highlightedIndex == 0)
        f.key(.escape)  // closes only the submenu
        #expect(!f.recent.isOpen && f.file.isFocused && f.bar.highlightedIndex == 0)
        f.click(f.item(1, of: f.file))
        f.file.becomeFocused()
        f.key(.down)  // the keys move off its item: the submenu closes
        #expect(!f.recent.isOpen && f.file.highlightedIndex == 2)
        f.key(.up)
        f.key(.space)
        f.key(.down)
        f.key(.enter)
        #expect(f.ran == ["Two"])
        #expect(!f.file.isOpen && f.bar.highlightedIndex == nil && f.field.isFocused)
    }

    @Test func rightOnAnItemWithoutASubmenuMovesAcrossTheBarFromAnyDepth() throws {
        let f = Fixture(time)
        f.key(.character("f"), .alt, text: "f")
        f.key(.down)
        f.key(.down)
        f.key(.down)
        f.key(.right)  // into More, on Alpha
        let more = try #require(f.file.openSubmenu)
        #expect(more.highlightedIndex == 0)
        f.key(.down)
        f.key(.right)  // into Deeper
        #expect(f.deeper.isOpen && f.deeper.isFocused && f.deeper.parentMenu === more)
        f.key(.right)  // Deep has no submenu: the bar moves on to Edit
        #expect(!f.file.isOpen && !more.isOpen && !f.deeper.isOpen)
        #expect(f.bar.menus[1].isOpen && f.bar.highlightedIndex == 1)
    }

    @Test func pressDragReleaseFromTheBarRunsAnItemInASubmenu() {
        let f = Fixture(time)
        f.press(f.title(0))
        f.drag(f.item(1, of: f.file))
        time.step(by: 0.25)
        #expect(f.recent.isOpen)
        f.drag(f.item(2, of: f.recent))
        #expect(f.recent.highlightedIndex == 2 && f.file.highlightedIndex == 1)
        f.release(f.item(2, of: f.recent))
        #expect(f.ran == ["Three"])
        #expect(!f.recent.isOpen && !f.file.isOpen && f.field.isFocused)
    }

    @Test func aClickOutsideClosesTheWholeChain() throws {
        let f = Fixture(time)
        f.click(f.title(0))
        f.click(f.item(2, of: f.file))
        let more = try #require(f.file.openSubmenu)
        f.click(f.item(1, of: more))
        #expect(f.deeper.isOpen && more.isOpen && f.file.isOpen)
        f.click(Point(x: 590, y: 290))
        #expect(!f.deeper.isOpen && !more.isOpen && !f.file.isOpen && f.bar.highlightedIndex == nil)
        #expect(f.ran.isEmpty)
    }

    @Test func aShortcutInsideASubmenuRunsWithTheMenusClosed() {
        let f = Fixture(time)
        f.key(.character("3"), .control)
        #expect(f.ran == ["Three"])
        #expect(f.scene.presentations.isEmpty && f.field.isFocused)
    }

    @Test func inARightToLeftWindowASubmenuOpensToTheLeftAndLeftOpensIt() {
        let f = Fixture(time, direction: .rightToLeft)
        f.key(.character("f"), .alt, text: "f")
        f.key(.down)
        f.key(.down)
        f.key(.left)
        #expect(f.recent.isOpen && f.recent.frame.maxX <= f.file.frame.minX + 4)
        f.key(.right)
        #expect(!f.recent.isOpen && f.file.isFocused)
    }

    @Test func aSubmenuWithoutRoomOnItsSideFlipsToTheOther() {
        let f = Fixture(time, width: 600)
        let menu = Menu(items: [MenuItem("Open Recent", submenu: f.recent)])
        menu.present(at: Point(x: 560, y: 40), in: f.scene)
        f.key(.down)
        f.key(.right)
        #expect(f.recent.isOpen && f.recent.frame.maxX <= menu.frame.minX + 4)
        #expect(f.scene.popUpBounds.contains(f.recent.frame))
    }

    @Test func aSubmenuItemIsAMenuWhoseChildrenAreTheSubmenusItems() throws {
        let f = Fixture(time)
        f.click(f.title(0))
        let item = AccessibilityElement(item: 1, of: f.file)
        let node = try #require(item.node)
        #expect(node.role == .submenu && node.name == "Open Recent" && node.states.contains(.hasPopup))
        #expect(!node.states.contains(.expanded))
        #expect(item.children.compactMap(\.node?.name) == ["One", "Two", "Three"])
        #expect(AccessibilityElement(item: 0, of: f.file).childCount == 0)
        f.click(f.item(1, of: f.file))
        #expect(item.node?.states.contains(.expanded) == true)
    }

    @Test func highlightingItemsOfAnOpenSubmenuMovesItsActiveDescendant() {
        let f = Fixture(time)
        f.key(.character("f"), .alt, text: "f")
        f.key(.down)
        f.key(.down)
        f.key(.right)
        let tracker = AccessibilityChangeTracker(scene: f.scene)
        f.key(.down)
        let submenu = AccessibilityElement(f.recent)
        #expect(
            tracker.changes().contains(
                .activeDescendantChanged(container: submenu, descendant: AccessibilityElement(item: 1, of: f.recent))))
        #expect(f.scene.focusedAccessibilityElement == submenu)
        #expect(AccessibilityElement(item: 1, of: f.recent).parent == AccessibilityElement(item: 1, of: f.file))
    }
}
