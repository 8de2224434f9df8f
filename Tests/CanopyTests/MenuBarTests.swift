@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The menu bar without a display: mnemonics, F10 and the arrows, Escape back to the bar,
/// the pointer across titles, shortcuts with the menus closed, right to left and roles.
@MainActor @Suite(.serialized) struct MenuBarTests {
    let time = ManualTime()

    @Test func anUnderscoreMarksTheMnemonicAndTwoShowOne() {
        let file = MnemonicTitle("_File")
        #expect(file.text == "File" && file.mnemonicOffset == 0 && file.mnemonic == "f")
        let saveAs = MnemonicTitle("Save __As _Copy")
        #expect(saveAs.text == "Save _As Copy" && saveAs.mnemonicOffset == 9 && saveAs.mnemonic == "c")
        #expect(MnemonicTitle("View").mnemonic == nil && MnemonicTitle("View").text == "View")
        #expect(MnemonicTitle("Tail_").text == "Tail_")
        #expect(MnemonicTitle("_E_dit").text == "Edit" && MnemonicTitle("_E_dit").mnemonic == "e")
    }

    @MainActor final class Fixture {
        let scene: Scene
        let field = TextField(text: "draft", frame: Rect(x: 20, y: 80, width: 200, height: 30))
        var ran: [String] = []
        lazy var bar = MenuBar(menus: [
            Menu(
                title: "_File",
                items: [
                    item("New", KeyboardShortcut(.character("n"), modifiers: .control)), item("Open"),
                    MenuItem(
                        "Print", isEnabled: false, shortcut: KeyboardShortcut(.character("p"), modifiers: .control)),
                ]),
            Menu(
                title: "_Edit",
                items: [item("Cut"), item("Select All", KeyboardShortcut(.character("a"), modifiers: .control))]),
            Menu(title: "_View", items: [item("Zoom In")]),
        ])

        init(_ time: ManualTime, direction: LayoutDirection = .leftToRight, host: SceneHost? = nil) {
            scene = time.makeScene(size: Size(width: 500, height: 300), host: host)
            scene.layoutDirection = direction
            scene.rootView.addSubview(field)
            bar.frame = Rect(x: 0, y: 0, width: 500, height: 30)
            scene.rootView.addSubview(bar)
            field.becomeFocused()
        }

        func item(_ title: String, _ shortcut: KeyboardShortcut? = nil) -> MenuItem {
            MenuItem(title, shortcut: shortcut) { [unowned self] in ran.append(title) }
        }

        func key(_ key: Key, _ modifiers: Modifiers = [], text: String = "") {
            scene.handleKeyDown(KeyEvent(key: key, text: text, modifiers: modifiers))
        }

        var openTitles: [String] { bar.menus.filter(\.isOpen).map(\.title) }

        /// The middle of title `index`, in window coordinates.
        func title(_ index: Int) -> Point { bar.convert(bar.rectForTitle(at: index).center, to: nil) }

        /// The middle of item `index` of `menu`, in window coordinates.
        func item(_ index: Int, of menu: Menu) -> Point { menu.convert(menu.rectForItem(at: index).center, to: nil) }

        func press(_ point: Point) { scene.handleMouseDown(MouseEvent(locationInWindow: point)) }
        func drag(_ point: Point) { scene.handleMouseDragged(MouseEvent(locationInWindow: point)) }
        func release(_ point: Point) { scene.handleMouseUp(MouseEvent(locationInWindow: point)) }
        func move(_ point: Point) { scene.handleMouseMoved(MouseEvent(locationInWindow: point, clickCount: 0)) }
    }

    @Test func altAndAMnemonicOpensThatMenuWithTheKeyboardAndEscapeClosesBackToTheBarThenLeaves() {
        let f = Fixture(time)
        f.key(.character("e"), .alt, text: "e")
        #expect(f.openTitles == ["_Edit"])
        #expect(f.field.text == "draft")  // Alt+E is the bar's, not typing in the focused field
        #expect(f.bar.menus[1].isFocused && f.bar.highlightedIndex == 1)
        #expect(f.bar.menus[1].frame.minX == f.bar.convert(f.bar.rectForTitle(at: 1), to: nil).minX)
        f.key(.escape)
        #expect(f.openTitles.isEmpty)
        #expect(f.bar.isFocused && f.bar.highlightedIndex == 1)  // back in the bar
        f.key(.escape)
        #expect(f.bar.highlightedIndex == nil && f.field.isFocused)  // left: focus back where it was
        #expect(f.ran.isEmpty)
    }

    @Test func anEditMenuSetsItsItemsAsItOpensSoUndoAndRedoAreNamedAndEnabledAsThingsStand() {
        let f = Fixture(time)
        let edit = f.bar.menus[1]
        var opened = 0
        edit.onWillOpen = { [unowned f] menu in
            opened += 1
            menu.items = f.scene.undoMenuItems + [.separator, MenuItem("Select All") {}]
        }
        f.key(.end)
        f.key(.character("s"), text: "s")
        f.key(.character("e"), .alt, text: "e")
        #expect(opened == 1 && edit.isOpen)
        #expect(edit.items.map(\.title).prefix(2) == ["Undo Typing", "Redo"])
        #expect(edit.items.map(\.isEnabled).prefix(2) == [true, false])
        #expect(edit.rectForItem(at: 3).maxY <= edit.bounds.height)  // sized for the four new items
        f.key(.down)
        f.key(.enter)
        #expect(f.field.text == "draft")
        f.press(f.title(1))
        f.release(f.title(1))
        #expect(opened == 2 && edit.isOpen)
        #expect(edit.items.map(\.title).prefix(2) == ["Undo", "Redo Typing"])
        #expect(edit.items.map(\.isEnabled).prefix(2) == [false, true])
    }

    @Test func theEditMenusCutCopyPasteAndSelectAllActOnTheFieldBeingEditedAndAreEnabledAsThingsStand() {
        let host = MemoryHost()  // a clipboard to paste from
        let f = Fixture(time, host: host)
        let edit = f.bar.menus[1]
        edit.onWillOpen = { [unowned f] menu in menu.items = f.scene.editMenuItems }
        let titles = ["", "Cut", "Copy", "Paste", "", "Select All"]  // after Undo and Redo
        func open() -> [Bool] {
            f.key(.character("e"), .alt, text: "e")
            #expect(edit.isOpen && Array(edit.items.map(\.title).dropFirst(2)) == titles)
            return edit.items.map(\.isEnabled)
        }
        func choose(downs: Int) {
            for _ in 0..<downs { f.key(.down) }
            f.key(.enter)
        }
        f.key(.end)
        // Nothing selected: Cut and Copy are off; Paste and Select All on.
        #expect(open() == [false, false, false, false, false, true, false, true])
        choose(downs: 2)  // Paste, then Select All
        #expect(f.field.isFocused && f.field.selectedText == "draft")
        #expect(open() == [false, false, false, true, true, true, false, true])
        choose(downs: 2)  // Cut, then Copy
        f.key(.end)
        #expect(open()[5])
        choose(downs: 3)  // Cut, Copy, then Paste
        #expect(f.field.text == "draftdraft")
        #expect(edit.items[0].title == "Undo")  // built before the paste; next time:
        #expect(open()[0] && edit.items[0].title.hasPrefix("Undo "))
    }

    @Test func f10EntersTheBarArrowsMoveAcrossAndOpenNeighboursAndEnterRunsAnItem() {
        let f = Fixture(time)
        f.key(.function(10))
        #expect(f.bar.isFocused && f.bar.highlightedIndex == 0 && f.openTitles.isEmpty)
        f.key(.left)  // wraps around
        #expect(f.bar.highlightedIndex == 2)
        f.key(.right)
        f.key(.right)
        #expect(f.bar.highlightedIndex == 1 && f.openTitles.isEmpty)
        f.key(.down)
        #expect(f.openTitles == ["_Edit"])
        f.key(.right)  // with a menu open, the neighbour opens
        #expect(f.openTitles == ["_View"] && f.bar.highlightedIndex == 2 && f.bar.menus[2].isFocused)
        f.key(.left)
        f.key(.left)
        #expect(f.openTitles == ["_File"])
        f.key(.down)
        f.key(.down)
        f.key(.enter)
        #expect(f.ran == ["Open"])
        #expect(f.openTitles.isEmpty && f.bar.highlightedIndex == nil && f.field.isFocused)
        f.key(.function(10))
        f.key(.character("v"), text: "v")  // a mnemonic without Alt, in the bar
        #expect(f.openTitles == ["_View"])
        f.key(.function(10))  // leaves from an open menu too
        #expect(f.openTitles.isEmpty && f.bar.highlightedIndex == nil && f.field.isFocused)
    }

    @Test func inARightToLeftWindowTheTitlesStartAtTheRightAndTheArrowsMoveTheWayTheyPoint() {
        let f = Fixture(time, direction: .rightToLeft)
        let file = f.bar.rectForTitle(at: 0), edit = f.bar.rectForTitle(at: 1)
        #expect(file.maxX == f.bar.bounds.width - MenuBar.leadingInset)
        #expect(edit.maxX == file.minX)
        f.key(.function(10))
        f.key(.left)  // towards Edit, which is on the left of File
        #expect(f.bar.highlightedIndex == 1)
        f.key(.enter)
        #expect(f.bar.menus[1].frame.maxX == f.bar.convert(edit, to: nil).maxX)  // lined up with its right edge
        f.key(.right)
        #expect(f.openTitles == ["_File"])
    }

    @Test func aClickOpensAndAgainClosesAndHoveringAnotherTitleSwitchesAndAClickOutsideLeaves() {
        let f = Fixture(time)
        f.press(f.title(0))
        f.release(f.title(0))
        #expect(f.openTitles == ["_File"] && f.bar.menus[0].isFocused)
        f.move(f.title(2))
        #expect(f.openTitles == ["_View"])
        f.press(f.title(2))
        f.release(f.title(2))
        #expect(f.openTitles.isEmpty && f.bar.highlightedIndex == nil && f.field.isFocused)
        f.press(f.title(1))
        f.release(f.title(1))
        f.press(Point(x: 400, y: 250))  // outside
        f.release(Point(x: 400, y: 250))
        #expect(f.openTitles.isEmpty && f.bar.highlightedIndex == nil)
        f.move(f.title(1))  // with nothing open, hovering opens nothing
        #expect(f.openTitles.isEmpty && f.ran.isEmpty)
    }

    @Test func pressDragAcrossTitlesOpensEachAndReleasingOnAnItemRunsIt() {
        let f = Fixture(time)
        f.press(f.title(0))
        #expect(f.openTitles == ["_File"])
        f.drag(f.title(1))
        #expect(f.openTitles == ["_Edit"])
        f.drag(f.title(2))
        #expect(f.openTitles == ["_View"])
        f.drag(f.title(1))
        let edit = f.bar.menus[1]
        f.drag(f.item(1, of: edit))
        #expect(edit.highlightedIndex == 1)
        f.release(f.item(1, of: edit))
        #expect(f.ran == ["Select All"])
        #expect(f.openTitles.isEmpty && f.bar.highlightedIndex == nil)
    }

    @Test func anItemRunsFromItsShortcutWithItsMenuClosedButTheFocusedFieldKeepsItsEditingKeys() {
        let f = Fixture(time)
        f.key(.character("n"), .control)
        #expect(f.ran == ["New"] && f.openTitles.isEmpty)
        f.key(.character("p"), .control)  // disabled: nothing
        f.key(.character("a"), .control)  // the focused text field's select-all, not Edit's
        #expect(f.ran == ["New"])
        f.field.resignFocus()
        f.key(.character("a"), .control)
        #expect(f.ran == ["New", "Select All"])
        f.key(.character("f"), .alt)  // a shortcut run from an open menu closes it
        f.key(.character("n"), .control)
        #expect(f.ran == ["New", "Select All", "New"] && f.openTitles.isEmpty && f.bar.highlightedIndex == nil)
        f.scene.present(View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), style: .modal())
        f.key(.character("n"), .control)  // a modal has the keyboard
        f.key(.character("f"), .alt)
        #expect(f.ran == ["New", "Select All", "New"] && f.openTitles.isEmpty)
    }

    @Test func toAssistiveTechnologyItIsAMenuBarOfMenusWhoseChildrenAreTheirItems() throws {
        let f = Fixture(time)
        #expect(f.bar.accessibilityNode?.role == .menuBar)
        #expect(f.bar.accessibilityItemCount == 3)
        let file = f.bar.accessibilityItem(at: 0)
        #expect(file.role == .submenu && file.name == "File")
        let title = AccessibilityElement(item: 0, of: f.bar)
        #expect(title.children.compactMap { $0.node?.name } == ["New", "Open", "Print"])
        #expect(title.child(at: 0)?.parent == title)
        #expect(file.states.contains(.hasPopup) && !file.states.contains(.expanded))
        #expect(file.keyboardShortcut == KeyboardShortcut(.character("f"), modifiers: .alt))
        #expect(f.bar.performAccessibilityAction(.activate, onItem: 0))
        #expect(f.bar.accessibilityItem(at: 0).states.contains(.expanded))
        let new = f.bar.menus[0].accessibilityItem(at: 0)
        #expect(new.keyboardShortcut?.displayName == "Ctrl+N")
    }
}
