import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import GalleryKit
import Testing

/// The gallery on a real window under Xvfb: every control reached and used with the keyboard
/// alone, and the mouse where it matters.
@MainActor @Suite(.serialized) struct GalleryTests {
    final class Log {
        var lines: [String] = []
    }

    func open() throws -> (GalleryView, TestWindow, Log) {
        let log = Log()
        let gallery = GalleryView { log.lines.append($0) }
        let test = try TestWindow(size: GalleryView.preferredSize, title: "Gallery", rootView: gallery)
        return (gallery, test, log)
    }

    @Test func tabVisitsEveryControlInReadingOrderAndTheKeysWorkThem() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        let scene = test.window.scene
        var visited: [View] = []
        for _ in 0..<15 {
            test.tap(.tab)
            if let focused = scene.focusedView { visited.append(focused) }
        }
        let expected: [View] = [
            gallery.saveButton, gallery.doneButton, gallery.moreButton, gallery.deleteButton, gallery.rememberBox,
            gallery.wifiSwitch, gallery.sizeGroup, gallery.volume, gallery.field, gallery.fruit, gallery.actions,
            gallery.arabicField, gallery.sendButton, gallery.hebrewField, gallery.list,
        ]
        let first = visited.prefix(expected.count)
        #expect(first.map(ObjectIdentifier.init) == expected.map(ObjectIdentifier.init))
        // Work each with keys.
        gallery.rememberBox.becomeFocused()
        test.tap(.space)
        gallery.wifiSwitch.becomeFocused()
        test.tap(.space)
        gallery.sizeGroup.becomeFocused()
        test.tap(.down)
        gallery.volume.becomeFocused()
        test.tap(.right, modifiers: .shift)  // ten steps
        gallery.field.becomeFocused()
        test.type("hi")
        test.tap(.enter)
        #expect(
            test.wait {
                log.lines == [
                    "checkbox: on", "switch: on", "radio: Large", "slider: 50", "field: hi",
                ]
            }, "\(log.lines)")
        #expect(gallery.volumeLabel.text == "50")
        #expect(test.wait { gallery.progress.progress == 0.5 })
    }

    @Test func aFocusedControlBelowTheFoldIsScrolledIntoView() throws {
        let (gallery, test, _) = try open()
        defer { test.close() }
        test.window.resize(to: Size(width: 640, height: 300))
        #expect(test.wait { test.window.scene.size.height == 300 })
        gallery.list.becomeFocused()
        // The busy bar sweeps for ever, so wait for the scroll rather than for everything to settle.
        #expect(
            test.wait {
                let frame = gallery.list.convert(gallery.list.bounds, to: nil)
                return frame.minY >= 0 && frame.minY < 300  // at least its top shows
            })
    }

    @Test func theDeleteButtonAsksInADestructiveAlertAnsweredByKeysOrTheMouse() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        test.input.focus(test.window)
        #expect(test.wait { test.window.hasKeyboardFocus })
        gallery.deleteButton.becomeFocused()
        test.tap(.enter)
        let alert = try #require(gallery.deleteAlert)
        #expect(test.window.scene.focusedView === alert.buttons[0])  // Cancel, the safe button
        test.tap(.tab, modifiers: .shift)  // back to "Don't ask again"
        test.tap(.space)
        test.tap(.escape)
        #expect(test.wait { log.lines == ["alert: Cancel, don't ask again"] }, "\(log.lines)")
        #expect(gallery.deleteButton.isFocused)  // focus comes back
        test.click(gallery.deleteButton)
        let second = try #require(gallery.deleteAlert)
        test.settle()
        test.click(second.buttons[1])
        #expect(test.wait { log.lines.last == "alert: Delete" }, "\(log.lines)")
    }

    @Test func theMenuButtonAndTheContextMenuRunTheirItems() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        test.click(gallery.actions)
        test.tap(.down)
        test.tap(.down)
        test.tap(.enter)
        // The card sits at the fold, under the menu bar: scrolled into view first.
        let scroller = try #require(gallery.subviews.first { $0 is ScrollView } as? ScrollView)
        scroller.scrollRectToVisible(gallery.card.convert(gallery.card.bounds, to: scroller), animated: false)
        test.click(gallery.card, button: .right)
        #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
        test.tap(.down)
        test.tap(.enter)
        #expect(test.wait { log.lines == ["menu: Rename", "context: Copy"] }, "\(log.lines)")
    }

    @Test func theMenuBarOpensFromItsMnemonicAndItsItemsRunFromTheirShortcuts() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        test.tap(.character("e"), modifiers: .alt)
        #expect(test.wait { gallery.menuBar.openMenu === gallery.menuBar.menus[1] })
        test.tap(.down)
        test.tap(.enter)
        test.tap(.function(2))  // Edit's Rename, menu closed
        gallery.field.becomeFocused()
        test.type("ab")
        test.tap(.left)
        test.tap(.delete)  // the field's, not Edit's Delete
        test.tap(.character("n"), modifiers: .control)
        #expect(test.wait { log.lines == ["menubar: Rename", "menubar: Rename", "menubar: New"] }, "\(log.lines)")
        #expect(gallery.field.text == "a")
    }

    @Test func theLinkInTheStyledParagraphTakesAClick() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        let label = gallery.styledParagraph
        let points = stride(from: 0.0, to: label.bounds.height, by: 4).flatMap { y in
            stride(from: 0.0, to: label.bounds.width, by: 4).map { Point(x: $0, y: y) }
        }
        let onLink = try #require(points.first { label.link(at: $0) == "manual" })
        test.click(at: label.convert(onLink, to: nil))
        #expect(test.wait { log.lines == ["link: manual"] }, "\(log.lines)")
    }

    @Test func theMenuKeyOpensTheFocusedListsContextMenu() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        gallery.list.becomeFocused()
        test.tap(.menu)
        test.tap(.down)
        test.tap(.enter)
        #expect(test.wait { log.lines == ["list: all done"] }, "\(log.lines)")
        #expect(gallery.list.isFocused)
        #expect(test.wait { gallery.list.rowView(for: 0)?.checkBox?.isChecked == true })
        test.tap(.function(10), modifiers: .shift)
        test.tap(.up)
        test.tap(.enter)
        #expect(test.wait { log.lines.last == "list: all open" }, "\(log.lines)")
    }

    @Test func theListSelectsSeveralByKeysAndItsMenuActsOnTheRowUnderThePointer() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        let list = gallery.list
        list.becomeFocused()
        test.tap(.down)
        test.tap(.down, modifiers: .shift)
        test.tap(.down, modifiers: .shift)
        test.tap(.menu)
        for _ in 0..<3 { test.tap(.down) }  // past the separator, to "Check selected"
        test.tap(.enter)
        let checked = ["list: 1 selected", "list: 2 selected", "list: 3 selected", "list: Task 1, Task 2, Task 3 done"]
        #expect(test.wait { log.lines == checked }, "\(log.lines)")
        // Row 4 on screen (focus scrolled the list into view), where a press reaches it.
        let point = list.convert(list.rect(ofRow: 4).center, to: nil)
        #expect(test.wait { test.window.scene.hitView(at: point) === list.rowView(for: 4) })
        test.click(at: point, button: .right)  // not selected: it becomes the selection
        #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
        for _ in 0..<4 { test.tap(.down) }
        test.tap(.enter)
        #expect(test.wait { log.lines.last == "list: Task 5 open" }, "\(log.lines)")
        #expect(log.lines.dropLast().last == "list: 1 selected" && list.selectedRows == [4])
    }

    @Test func theTableOfFilesSortsByATitlesClickAndSpaceTicksTheLeadRow() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        let files = gallery.files
        files.listView.becomeFocused()  // scrolled into view, at the window's end
        // The busy bar sweeps for ever, so wait for the scroll rather than for everything to settle.
        #expect(test.wait { files.convert(files.bounds, to: nil).maxY <= test.window.scene.size.height })
        test.click(at: files.convert(files.headerFrame(ofColumn: 1).center, to: nil))
        #expect(test.wait { log.lines.last == "table: by Name ascending" }, "\(log.lines)")
        let first = try #require(files.accessibilityItem(atRow: 0, column: 1))
        #expect(files.accessibilityItem(at: first).name == "budget-1.ods")
        test.click(at: files.convert(files.frame(ofRow: 0, column: 1).center, to: nil))
        test.tap(.down, modifiers: .shift)
        #expect(test.wait { log.lines.last == "table: 2 selected" }, "\(log.lines)")
        test.tap(.space)  // the lead row, budget-10.ods (file 91, kept as every seventh is), let go
        #expect(test.wait { log.lines.last == "table: let go of budget-10.ods" }, "\(log.lines)")
    }

    @Test func theEditMenusTransformSubmenuOpensFromTheKeyboardAndItsItemsRunFromTheirShortcuts() throws {
        let (gallery, test, log) = try open()
        defer { test.close() }
        test.tap(.character("e"), modifiers: .alt)
        #expect(test.wait { gallery.menuBar.openMenu === gallery.menuBar.menus[1] })
        test.tap(.end)  // Transform, the last item
        test.tap(.right)
        let transform = try #require(gallery.menuBar.menus[1].items.last?.submenu)
        #expect(test.wait { transform.isOpen && transform.highlightedIndex == 0 })
        test.tap(.down)
        test.tap(.enter)
        #expect(test.wait { !transform.isOpen && gallery.menuBar.openMenu == nil })
        test.tap(.character("u"), modifiers: .control)  // Make Upper Case, menus closed
        #expect(test.wait { log.lines == ["menubar: Make Lower Case", "menubar: Make Upper Case"] }, "\(log.lines)")
    }
}
