import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import FilesKit
import Foundation
import Testing

/// The file browser on a real window under Xvfb, on a sample folder of its own, driven with XTest
/// as a user would. A folder's entries come in through a task on the main actor, which runs once
/// the test lets go of the main actor (`await`), not inside `test.wait`.
@MainActor @Suite(.serialized) struct FilesTests {
    /// A screen on a new sample folder, showing it, in a test window.
    func open(
        read: @escaping @Sendable (URL) throws -> [FileEntry] = FolderReader.entries,
        copy: @escaping @Sendable ([String], URL) -> FileCopier.Outcome = FileCopier.copy
    ) async throws -> (FilesScreen, TestWindow) {
        let root = try SampleFolder.make()
        let screen = FilesScreen(root: root, read: read, copy: copy)
        let test = try TestWindow(size: FilesScreen.preferredSize, title: "Files", rootView: screen.view)
        screen.install(in: test.window)
        await screen.open(root).value
        await screen.finishLoading()
        #expect(test.settle())
        return (screen, test)
    }

    func close(_ screen: FilesScreen, _ test: TestWindow) {
        test.close()
        try? FileManager.default.removeItem(at: screen.folders.root.deletingLastPathComponent())
    }

    /// The text of the table's cell at `row` in `column`.
    func cell(_ screen: FilesScreen, _ row: Int, _ column: Int) -> String {
        screen.files.tableView(screen.table, cellAtRow: row, column: column).text
    }

    func names(_ screen: FilesScreen) -> [String] {
        (0..<screen.table.listView.numberOfRows).map { cell(screen, $0, 0) }
    }

    func treeNames(_ screen: FilesScreen) -> [String] {
        (0..<screen.tree.numberOfRows).compactMap { ($0 == 0 ? nil : screen.tree.node(atRow: $0) as? String) }
            .map { URL(fileURLWithPath: $0).lastPathComponent }
    }

    /// Clicks the table's row `row` in its Name column.
    func clickRow(_ row: Int, _ screen: FilesScreen, _ test: TestWindow, button: MouseButton = .left) {
        test.click(at: screen.table.convert(screen.table.frame(ofRow: row, column: 0).center, to: nil), button: button)
    }

    func documents(_ screen: FilesScreen) -> URL { screen.folders.root.appendingPathComponent("Documents") }

    @Test func theTreeShowsTheFoldersAndTheTableTheRootsEntries() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        #expect(treeNames(screen) == ["Documents", "Music", "Photos", "Projects"])  // folders only
        #expect(screen.tree.selectedRow == 0)
        #expect(names(screen) == ["Documents", "Music", "Photos", "Projects", "Read me.txt"])
        #expect(cell(screen, 4, 1) == "2.0 kB")
        #expect(cell(screen, 4, 2).hasPrefix("2026-06-"))
        #expect(screen.pathLabel.text == screen.folders.root.path)
        #expect(screen.status.text == "5 items")
        #expect(!screen.backButton.isEnabled && !screen.forwardButton.isEnabled)
    }

    @Test func selectingAFolderInTheTreeListsItsEntriesAndOpensItsSubfolders() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        test.click(screen.tree.rowView(for: 2) ?? screen.tree)  // Music
        await screen.finishLoading()
        #expect(names(screen) == ["Albums"])
        #expect(screen.pathLabel.text.hasSuffix("/Music"))
        test.tap(.right)  // opens Music in the tree: its subfolders are read then
        await screen.finishLoading()
        #expect(test.wait { treeNames(screen) == ["Documents", "Music", "Albums", "Photos", "Projects"] })
        #expect(screen.tree.level(ofRow: 3) == 2)
    }

    @Test func aClickOnTheSizeTitleSortsBySizeAndAgainTheOtherWay() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        await screen.open(documents(screen)).value
        #expect(names(screen) == ["budget.ods", "letter.txt", "notes.md"])
        let sizeTitle = screen.table.convert(screen.table.headerFrame(ofColumn: 1).center, to: nil)
        test.click(at: sizeTitle)
        #expect(screen.isLoading)  // sorted off the main actor
        await screen.finishLoading()
        #expect(names(screen) == ["notes.md", "letter.txt", "budget.ods"])
        #expect(screen.table.sortDescriptor == TableSortDescriptor(columnID: "Size"))
        test.click(at: sizeTitle)
        await screen.finishLoading()
        #expect(names(screen) == ["budget.ods", "letter.txt", "notes.md"])
        #expect(screen.table.sortDescriptor == TableSortDescriptor(columnID: "Size", isAscending: false))
    }

    @Test func aDoubleClickOpensAFolderAndBackAndForwardGoThroughTheHistory() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        let root = screen.folders.root
        clickRow(0, screen, test)
        clickRow(0, screen, test)  // a double click on Documents/
        await screen.finishLoading()
        #expect(screen.history.current?.path == documents(screen).path)
        #expect(names(screen) == ["budget.ods", "letter.txt", "notes.md"])
        #expect(screen.tree.selectedRow == 1 && screen.backButton.isEnabled)
        test.click(screen.backButton)
        await screen.finishLoading()
        #expect(screen.history.current?.path == root.path && screen.pathLabel.text == root.path)
        #expect(names(screen).count == 5 && screen.forwardButton.isEnabled)
        _ = screen.table.listView.becomeFocused()
        test.tap(.right, modifiers: .alt)  // Forward
        await screen.finishLoading()
        #expect(screen.history.current?.path == documents(screen).path)
        test.tap(.left, modifiers: .alt)  // Back
        await screen.finishLoading()
        #expect(screen.history.current?.path == root.path)
        clickRow(1, screen, test)  // Music/
        test.tap(.enter)
        await screen.finishLoading()
        #expect(names(screen) == ["Albums"] && !screen.forwardButton.isEnabled)  // a visit forgets Forward
    }

    @Test func renameAsksForTheNameAndRenamesTheFileOnDisk() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        await screen.open(documents(screen)).value
        clickRow(1, screen, test)  // letter.txt
        test.tap(.function(2))
        let alert = try #require(screen.renameAlert)
        #expect(test.wait { alert.isPresented })
        #expect(alert.titleLabel.text == "Rename “letter.txt”")
        let field = try #require(alert.accessory as? TextField)
        #expect(field.isFocused && field.text == "letter.txt")
        test.tap(.character("a"), modifiers: .control)
        test.type("to Ada.txt")
        test.tap(.enter)  // Rename
        #expect(test.wait { !alert.isPresented })
        await screen.finishLoading()
        let folder = documents(screen)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("to Ada.txt").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("letter.txt").path))
        #expect(names(screen) == ["budget.ods", "notes.md", "to Ada.txt"])
        #expect(screen.table.listView.selectedRows == [2])  // the renamed file stays selected
    }

    @Test func deleteFromTheRowsContextMenuAsksFirstAndRemovesTheFiles() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        await screen.open(documents(screen)).value
        clickRow(0, screen, test)
        test.tap(.down, modifiers: .shift)  // budget.ods and letter.txt
        #expect(screen.table.listView.selectedRows == [0, 1])
        test.tap(.delete)
        let alert = try #require(screen.deleteAlert)
        #expect(test.wait { alert.isPresented })
        #expect(alert.titleLabel.text == "Delete 2 items?")
        test.tap(.escape)  // Cancel
        #expect(test.wait { !alert.isPresented })
        #expect(names(screen).count == 3)
        clickRow(2, screen, test, button: .right)  // notes.md, not selected: it becomes the selection
        #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
        #expect(screen.table.listView.selectedRows == [2])
        for _ in 0..<4 { test.tap(.down) }  // Open, Copy Path, Rename…, past the separator to Delete…
        test.tap(.enter)
        let again = try #require(screen.deleteAlert)
        #expect(test.wait { again.isPresented })
        #expect(again.titleLabel.text == "Delete “notes.md”?")
        #expect(test.settle())
        test.click(again.buttons[1])
        #expect(test.wait { !again.isPresented })
        await screen.finishLoading()
        #expect(!FileManager.default.fileExists(atPath: documents(screen).appendingPathComponent("notes.md").path))
        #expect(names(screen) == ["budget.ods", "letter.txt"])
    }

    @Test func copyPathPutsTheSelectedPathsOnTheClipboard() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        await screen.open(documents(screen)).value
        clickRow(0, screen, test)
        test.tap(.down, modifiers: .shift)
        test.tap(.character("c"), modifiers: [.control, .shift])  // File ▸ Copy Path
        var copied: String?
        test.window.scene.host?.clipboard?.requestText { copied = $0 }
        #expect(test.wait { copied != nil })
        let folder = documents(screen).path
        #expect(copied == "\(folder)/budget.ods\n\(folder)/letter.txt")
    }

    /// 20,000 empty files (100,000 take too long to make on a shared test machine): while they are
    /// read, held at a gate the test opens, the window opens a menu and draws it.
    @Test func aBigFolderIsReadOffTheMainActorWhileTheWindowAnswers() async throws {
        let gate = DispatchSemaphore(value: 0)
        let (screen, test) = try await open { url in
            if url.lastPathComponent == "Big" { gate.wait() }
            return try FolderReader.entries(of: url)
        }
        defer { close(screen, test) }
        let big = screen.folders.root.appendingPathComponent("Big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        let count = 20_000
        for index in 0..<count {
            _ = FileManager.default.createFile(
                atPath: big.appendingPathComponent("file \(index).txt").path, contents: nil)
        }
        let start = ContinuousClock.now
        let listing = screen.open(big)
        let opened = ContinuousClock.now - start
        #expect(screen.isLoading && screen.status.text == "Loading…")
        let frames = test.window.framesPresented
        test.tap(.character("f"), modifiers: .alt)  // the File menu, while the folder is read
        #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
        #expect(test.wait { test.window.framesPresented > frames })  // and it is drawn
        test.tap(.escape)
        #expect(screen.isLoading)
        gate.signal()
        let readStart = ContinuousClock.now
        await listing.value
        let read = ContinuousClock.now - readStart
        #expect(screen.table.listView.numberOfRows == count)
        #expect(screen.status.text == "\(count) items")
        #expect(cell(screen, 0, 0) == "file 0.txt")
        print("files: open() returned in \(opened); \(count) entries read and sorted in \(read)")
        let sortStart = ContinuousClock.now
        test.click(at: screen.table.convert(screen.table.headerFrame(ofColumn: 0).center, to: nil))
        #expect(screen.isLoading)
        await screen.finishLoading()
        print("files: \(count) entries sorted by name, descending, in \(ContinuousClock.now - sortStart)")
        #expect(cell(screen, 0, 0) == "file 9999.txt")
    }
}
