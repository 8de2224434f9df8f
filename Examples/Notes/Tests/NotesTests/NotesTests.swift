@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Foundation
import NotesKit
import Testing

/// The notes app on a real window under Xvfb, on a folder of its own, driven with XTest as a
/// user would.
@MainActor @Suite(.serialized) struct NotesTests {
    /// A screen on a new folder holding `notes`, loaded, in a test window. The test awaits the
    /// load: a task on the main actor runs once the test lets go of it, not inside `test.wait`
    /// (the test itself is a job on the main queue, which is not drained inside another).
    func open(_ notes: [Note] = SampleNotes.notes()) async throws -> (NotesScreen, TestWindow) {
        let folder = NoteFolder(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("notes-test-\(UUID().uuidString)"))
        try SampleNotes.write(notes, to: folder)
        let screen = NotesScreen(folder: folder)
        await screen.load().value
        #expect(screen.notes.notes.count == notes.count && screen.saveStatus.text.isEmpty)
        let test = try TestWindow(size: NotesScreen.preferredSize, title: "Notes", rootView: screen.view)
        screen.install(in: test.window)
        return (screen, test)
    }

    func close(_ screen: NotesScreen, _ test: TestWindow) {
        test.close()
        try? FileManager.default.removeItem(at: screen.folder.url)
    }

    /// The texts of the files in the screen's folder, by name.
    func files(_ screen: NotesScreen) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: screen.folder.url.path)) ?? []
        return Dictionary(
            uniqueKeysWithValues: names.map { name in
                (name, (try? String(contentsOf: screen.folder.url.appendingPathComponent(name), encoding: .utf8)) ?? "")
            })
    }

    func rowTitles(_ screen: NotesScreen) -> [String] {
        (0..<screen.list.numberOfRows).compactMap { screen.notes.note(atRow: $0)?.title }
    }

    @Test func theFolderIsListedNewestFirstAndTheFirstNoteIsShown() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        #expect(rowTitles(screen) == ["Shopping", "Ideas for the garden", "Train times"])
        #expect(screen.list.selectedRow == 0)
        #expect(screen.editor.text == "Shopping\nBread, milk, 苹果 and coffee beans.")
        #expect(test.settle())
        #expect(screen.list.rowView(for: 1)?.content.text == "Ideas for the garden")
        let ideas = SampleNotes.notes()[1]
        #expect(screen.list.rowView(for: 1)?.content.detailText == ideas.dateText())
        #expect(ideas.dateText(now: ideas.modified) == "1 Dec")
        #expect(ideas.dateText(now: ideas.modified.addingTimeInterval(400 * 86_400)) == "1 Dec 2026")
    }

    @Test func typingIntoANewNoteWritesItsFileASecondAfterTheLastKey() async throws {
        let (screen, test) = try await open([])
        defer { close(screen, test) }
        var saved: [String] = []
        screen.onSaved = { saved.append($0.text) }
        test.click(screen.newButton)
        #expect(test.wait { screen.editor.isFocused })
        #expect(rowTitles(screen) == ["New note"])
        #expect(files(screen).isEmpty)  // nothing typed, nothing written
        test.type("Call Ada")
        test.tap(.enter)
        test.type("about the engine")
        #expect(test.wait { screen.editor.text == "Call Ada\nabout the engine" })
        #expect(rowTitles(screen) == ["Call Ada"])  // the title follows the first line
        #expect(test.wait { files(screen).values.first == "Call Ada\nabout the engine" })
        #expect(saved == ["Call Ada\nabout the engine"])  // once, after the last key
        #expect(screen.saveStatus.text == "Saved")
    }

    @Test func searchingFiltersTheListAndShowsAMatch() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        test.click(screen.search)
        test.type("TOMATO")
        #expect(test.wait { rowTitles(screen) == ["Ideas for the garden"] })
        #expect(screen.editor.text.hasPrefix("Ideas for the garden"))
        #expect(screen.list.selectedRow == 0)
        test.type("es on the moon")
        #expect(test.wait { screen.list.numberOfRows == 0 })
        #expect(!screen.editor.isEditable)
        #expect(screen.wordCount.text.isEmpty)
        test.tap(.character("a"), modifiers: .control)
        test.tap(.backspace)
        #expect(test.wait { rowTitles(screen) == ["Shopping", "Ideas for the garden", "Train times"] })
    }

    @Test func deleteAsksFirstAndThenRemovesTheNoteAndItsFile() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        test.click(screen.list.rowView(for: 1) ?? screen.list)
        #expect(test.wait { screen.currentFile == "ideas.txt" })
        test.click(screen.deleteButton)
        let alert = try #require(screen.deleteAlert)
        #expect(test.wait { alert.isPresented })
        #expect(alert.titleLabel.text == "Delete “Ideas for the garden”?")
        #expect(test.window.scene.focusedView === alert.buttons[0])  // the safe button, Cancel
        test.tap(.escape)
        #expect(test.wait { !alert.isPresented })
        #expect(files(screen).keys.contains("ideas.txt"))
        test.click(screen.deleteButton)
        let again = try #require(screen.deleteAlert)
        #expect(test.wait { again.isPresented })
        #expect(test.settle())
        test.click(again.buttons[1])
        #expect(test.wait { !files(screen).keys.contains("ideas.txt") })
        #expect(rowTitles(screen) == ["Shopping", "Train times"])
        #expect(screen.currentFile == "train.txt")  // the next note takes its place
        #expect(screen.list.selectedRow == 1)
        #expect(files(screen).count == 2)
    }

    @Test func theSettingsDialogsFontSizeChangesTheEditor() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        let lineHeight = screen.editor.caretRect().height
        test.click(screen.settingsButton)
        let panel = try #require(screen.settingsPanel)
        let dialog = try #require(test.window.dialogs.first)
        #expect(test.wait { dialog.isMapped && test.input.isViewable(dialog) })
        #expect(dialog.isModal && dialog.title == "Settings")
        #expect(panel.fontSize.becomeFocused())
        test.input.focus(dialog)
        #expect(test.wait { dialog.hasKeyboardFocus })
        for _ in 0..<5 { test.tap(.right) }
        #expect(test.wait { screen.editor.font?.size == 20 })
        #expect(panel.fontSizeLabel.text == "20 pt")
        #expect(screen.editor.caretRect().height > lineHeight)
        test.tap(.enter)  // Done
        #expect(test.wait { !dialog.isOpen })
        #expect(screen.settings.fontSize == 20)
    }

    @Test func theSettingsWrapAndTheDarkThemeAndTheAccentApplyToBothWindows() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        test.click(screen.settingsButton)
        let panel = try #require(screen.settingsPanel)
        let dialog = try #require(test.window.dialogs.first)
        #expect(test.wait { dialog.isMapped && test.input.isViewable(dialog) })
        test.input.click(at: panel.wrapBox.convert(panel.wrapBox.bounds.center, to: nil), in: dialog)
        #expect(test.wait { !screen.editor.wrapsLines })
        test.input.focus(dialog)
        #expect(test.wait { dialog.hasKeyboardFocus })
        test.tap(.pageDown, modifiers: .control)  // the Appearance page
        #expect(
            test.wait { panel.tabs.selectedIndex == 1 && panel.darkSwitch.scene != nil && !dialog.scene.needsFrame })
        test.input.click(at: panel.darkSwitch.convert(panel.darkSwitch.bounds.center, to: nil), in: dialog)
        #expect(test.wait { screen.settings.prefersDarkTheme })
        #expect(test.window.scene.theme == Theme.dark && dialog.scene.theme == Theme.dark)
        #expect(panel.accent.becomeFocused())
        test.tap(.space)  // opens the list on Blue
        #expect(test.wait { panel.accent.isOpen })
        test.tap(.down)
        test.tap(.down)
        test.tap(.enter)
        let orange = NotesSettings.Accent.orange.color(for: .dark)
        #expect(test.wait { test.window.scene.theme.accent == orange })
        #expect(dialog.scene.theme.accent == orange && test.window.scene.lightTheme.accent == orange)
        test.tap(.escape)  // closes the dialog: nothing else is open
        #expect(test.wait { !dialog.isOpen })
        test.click(screen.settingsButton)
        let reopened = try #require(screen.settingsPanel)
        // It shows what was chosen.
        #expect(!reopened.wrapBox.isChecked && reopened.darkSwitch.isOn && reopened.accent.title == "Orange")
    }

    @Test func theWordCountFollowsTyping() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        #expect(screen.wordCount.text == "7 words")  // "Shopping\nBread, milk, 苹果 and coffee beans."
        test.click(screen.editor)
        test.tap(.end, modifiers: .control)
        test.type(" And tea")
        #expect(test.wait { screen.wordCount.text == "9 words" })
        test.tap(.backspace, modifiers: .control)
        #expect(test.wait { screen.wordCount.text == "8 words" })
        #expect(screen.saveStatus.text == "Edited")
    }

    @Test func theWindowCannotBeSqueezedPastItsPanes() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        #expect(test.window.scene.contentMinimumSize.width >= 180 + 240)
    }

    @Test func theMenuBarsShortcutsWorkWithTheMenusClosedAndAltFOpensFile() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        test.click(screen.editor)
        #expect(test.wait { screen.editor.isFocused })
        test.tap(.character("n"), modifiers: .control)  // File ▸ New, from the editor
        #expect(test.wait { rowTitles(screen).first == "New note" && screen.editor.isFocused })
        #expect(rowTitles(screen).count == 4)
        test.tap(.character("f"), modifiers: .control)  // Edit ▸ Find
        #expect(test.wait { screen.search.isFocused })
        test.tap(.character("f"), modifiers: .alt)  // the File menu, opened from the keyboard
        #expect(test.wait { test.window.scene.presentations.contains { $0.view is Menu } })
        test.tap(.escape)
        test.tap(.escape)
        #expect(test.wait { test.window.scene.presentations.isEmpty && screen.search.isFocused })
    }

    @Test func theEditMenuNamesTheTypingItUndoesAndUndoesIt() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        test.click(screen.editor)
        #expect(test.wait { screen.editor.isFocused })
        let before = screen.editor.text
        test.type("x")  // one step of typing
        #expect(test.wait { screen.editor.text != before })
        test.tap(.character("e"), modifiers: .alt)
        let edit = try #require(screen.menuBar.menus.first { $0.title == "_Edit" })
        #expect(test.wait { edit.isOpen })
        #expect(edit.items.map(\.title).prefix(2) == ["Undo Typing", "Redo"])
        #expect(edit.items.last?.title == "Find")
        test.tap(.down)
        test.tap(.enter)
        #expect(test.wait { screen.editor.text == before && screen.editor.isFocused })
    }

    @Test func theTextSizeSubmenuRunsFromItsShortcutsAndFromTheKeyboard() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        test.tap(.character("="), modifiers: .control)  // View ▸ Text Size ▸ Bigger, menus closed
        #expect(test.wait { screen.editor.font?.size == 16 })
        test.tap(.character("v"), modifiers: .alt)
        #expect(test.wait { screen.menuBar.openMenu === screen.menuBar.menus[2] })
        test.tap(.down)
        test.tap(.right)  // Text Size opens, Bigger highlighted
        let textSize = try #require(screen.menuBar.menus[2].items.first?.submenu)
        #expect(test.wait { textSize.isOpen && textSize.highlightedIndex == 0 })
        test.tap(.down)
        test.tap(.enter)  // Smaller
        #expect(test.wait { screen.editor.font?.size == 15 && !textSize.isOpen })
        #expect(screen.menuBar.openMenu == nil && screen.settings.fontSize == 15)
    }
}
