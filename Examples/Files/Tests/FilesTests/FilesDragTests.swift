import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import FilesKit
import Foundation
import Testing

/// Files dragged out of the table to another X client, and dropped on it from another one (a
/// file manager), by XDND through the X server.
extension FilesTests {
    /// Where window point `point` lies on the screen, in pixels.
    func screenPoint(_ point: Point, _ test: TestWindow) -> Point {
        let frame = test.input.screenFrame(of: test.window.windowID)
        return Point(x: frame.minX + point.x * test.window.scale, y: frame.minY + point.y * test.window.scale)
    }

    /// A window point in the table's row `row`, or below the last row for `nil`.
    func tablePoint(_ screen: FilesScreen, row: Int?) -> Point {
        let list = screen.table.listView
        let center = list.rect(ofRow: row ?? 0).center
        let y = row == nil ? list.rect(ofRow: list.numberOfRows - 1).maxY + 3 * list.rowHeight : center.y
        return list.convert(Point(x: center.x, y: y), to: nil)
    }

    /// A rect of the screen right of the window, for another client's window.
    func besideWindow(_ test: TestWindow) -> Rect {
        let frame = test.input.screenFrame(of: test.window.windowID)
        return Rect(x: frame.maxX + 20, y: frame.minY, width: 200, height: 100)
    }

    /// Presses on the table's row `row`, drags it past the threshold, then to `screenPoint`
    /// (screen pixels), and waits there until `arrived` before the release.
    func dragRow(
        _ row: Int, _ screen: FilesScreen, _ test: TestWindow, toScreen screenPoint: Point, until arrived: () -> Bool
    ) {
        let point = tablePoint(screen, row: row)
        test.input.move(to: point, in: test.window)
        test.input.press()
        test.input.move(to: Point(x: point.x + 12, y: point.y), in: test.window)
        #expect(test.wait { test.window.isDraggingOut })
        test.input.move(toScreen: screenPoint)
        let arrivedInTime = test.wait(until: arrived)
        #expect(arrivedInTime)
        test.input.release()
    }

    /// A new folder outside the browser's with a file `name` holding `content`; its URL.
    func fileElsewhere(_ name: String, content: String = "dropped") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("files-drop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(content.utf8).write(to: file)
        return file
    }

    /// A file manager's drag of `uris` over the window to window point `point`, waiting for the
    /// window's answer.
    func dragIn(_ uris: [String], to point: Point, _ test: TestWindow) -> DragSource? {
        let list = uris.map { $0 + "\r\n" }.joined()
        let source = try? DragSource(
            servedBy: test.application,
            offering: [("text/uri-list", list), ("UTF8_STRING", uris.joined(separator: "\n"))])
        source?.enter(test.window)
        source?.move(to: screenPoint(point, test), over: test.window)
        #expect(test.wait { source?.statuses.isEmpty == false })
        return source
    }

    @Test func aRowDragsOutAsItsPercentEncodedFileURIToAClientThatTakesOnlyURILists() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        let folder = documents(screen)
        try Data("menu".utf8).write(to: folder.appendingPathComponent("Crème brûlée.txt"))
        await screen.open(folder).value
        #expect(names(screen) == ["budget.ods", "Crème brûlée.txt", "letter.txt", "notes.md"])
        let files = try DropTarget(servedBy: test.application, at: besideWindow(test), taking: "text/uri-list")
        dragRow(1, screen, test, toScreen: besideWindow(test).center) { files.positions > 0 }
        #expect(test.wait { files.receivedText != nil })
        #expect(files.offeredTypes.first == "text/uri-list")
        #expect(files.receivedText == "file://\(folder.path)/Cr%C3%A8me%20br%C3%BBl%C3%A9e.txt\r\n")
        #expect(test.wait { !test.window.isDraggingOut })
        #expect(screen.table.listView.selectedRows == [1])  // the row dragged was selected first

        // Two rows to a client that takes only text: their paths, one a line (a name may hold spaces).
        let text = try DropTarget(servedBy: test.application, at: besideWindow(test))
        test.tap(.down, modifiers: .shift)
        dragRow(2, screen, test, toScreen: besideWindow(test).center) { text.positions > 0 }
        #expect(test.wait { text.receivedText != nil })
        #expect(text.receivedText == "\(folder.path)/Crème brûlée.txt\n\(folder.path)/letter.txt")
    }

    @Test func rowsDroppedBackOnTheirOwnFolderChangeNothing() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        let before = try FileManager.default.contentsOfDirectory(atPath: screen.folders.root.path).sorted()
        let list = screen.table.listView
        dragRow(4, screen, test, toScreen: screenPoint(tablePoint(screen, row: nil), test)) {
            list.dropTarget == ListDropTarget(row: 5, position: .before)  // the folder shown takes drops
        }
        #expect(test.wait { !test.window.isDraggingOut })
        dragRow(0, screen, test, toScreen: screenPoint(tablePoint(screen, row: 0), test)) {  // Documents on itself
            list.dropTarget == ListDropTarget(row: 0, position: .on)
        }
        #expect(test.wait { !test.window.isDraggingOut })
        await screen.finishLoading()
        #expect(try FileManager.default.contentsOfDirectory(atPath: screen.folders.root.path).sorted() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: documents(screen).path).count == 3)
        #expect(names(screen) == ["Documents", "Music", "Photos", "Projects", "Read me.txt"])
        #expect(screen.copyFailureAlert == nil)
    }

    @Test func aFileDroppedOnTheTableIsCopiedIntoTheFolderAndOnAFolderRowIntoThatFolder() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        let root = screen.folders.root
        let file = try fileElsewhere("Día de campo.txt")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let photos = file.deletingLastPathComponent().appendingPathComponent("Fotos viejas")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data().write(to: photos.appendingPathComponent("playa.jpg"))
        let list = screen.table.listView
        let uris = [DragContent.fileURI(forPath: file.path), DragContent.fileURI(forPath: photos.path)]
        let below = try #require(dragIn(uris, to: tablePoint(screen, row: nil), test))
        #expect(below.statuses.last?.accepted == true)
        #expect(list.dropTarget == ListDropTarget(row: 5, position: .before))  // the folder shown, whatever the gap
        below.move(to: screenPoint(tablePoint(screen, row: 4), test), over: test.window)  // on a file's row
        #expect(test.wait { below.statuses.count == 2 })
        #expect(list.dropTarget == ListDropTarget(row: 5, position: .before))  // the folder shown too
        below.move(to: screenPoint(tablePoint(screen, row: nil), test), over: test.window)
        #expect(test.wait { below.statuses.count == 3 })
        #expect(test.settle())
        let image = try test.capture()
        let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"]
        if let directory { try image.writePNG(to: "\(directory)/files-drop-indicator.png") }
        let gap = list.convert(Point(x: list.bounds.midX, y: list.rect(ofRow: 4).maxY), to: nil)
        let line = (Int(gap.y) - 2...Int(gap.y) + 2).map { image.rgb(x: Int(gap.x), y: $0) }
        let accent = list.theme.accent
        let accentRGB =
            UInt32((accent.red * 255).rounded()) << 16 | UInt32((accent.green * 255).rounded()) << 8
            | UInt32((accent.blue * 255).rounded())
        #expect(line.contains(accentRGB))
        below.drop(on: test.window)
        #expect(test.wait { below.finished != nil })
        #expect(below.finished?.accepted == true && below.requestedTypes == ["text/uri-list"])
        await screen.finishLoading()
        #expect(try Data(contentsOf: root.appendingPathComponent("Día de campo.txt")) == Data("dropped".utf8))
        #expect(
            names(screen) == [
                "Documents", "Fotos viejas", "Music", "Photos", "Projects", "Día de campo.txt", "Read me.txt",
            ])
        #expect(list.selectedRows == [1, 5])  // the copies
        #expect(FileManager.default.fileExists(atPath: file.path))  // copied, not moved
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("Fotos viejas/playa.jpg").path))
        #expect(test.wait { treeNames(screen) == ["Documents", "Fotos viejas", "Music", "Photos", "Projects"] })

        let onProjects = try #require(
            dragIn([DragContent.fileURI(forPath: file.path)], to: tablePoint(screen, row: 4), test))
        #expect(list.dropTarget == ListDropTarget(row: 4, position: .on))
        #expect(test.settle())
        if let directory { try test.capture().writePNG(to: "\(directory)/files-drop-on-folder.png") }
        onProjects.drop(on: test.window)
        #expect(test.wait { onProjects.finished?.accepted == true })
        await screen.finishLoading()
        let projects = root.appendingPathComponent("Projects")
        #expect(try FileManager.default.contentsOfDirectory(atPath: projects.path) == ["Día de campo.txt"])
        #expect(names(screen).count == 7 && screen.copyFailureAlert == nil)
    }

    @Test func aDropThatCannotBeCopiedSaysWhyInAnAlertAndLosesNothing() async throws {
        let (screen, test) = try await open()
        defer { close(screen, test) }
        let root = screen.folders.root
        let other = try fileElsewhere("Read me.txt", content: "another")
        defer { try? FileManager.default.removeItem(at: other.deletingLastPathComponent()) }
        let source = try #require(
            dragIn(
                [DragContent.fileURI(forPath: other.path), "https://example.com/page.html"],
                to: tablePoint(screen, row: nil), test))
        source.drop(on: test.window)
        #expect(test.wait { source.finished != nil })
        await screen.finishLoading()
        let alert = try #require(screen.copyFailureAlert)
        #expect(test.wait { alert.isPresented })
        #expect(alert.titleLabel.text == "Could not copy 2 items")
        #expect(
            alert.messageLabel.text
                == "“Read me.txt” is already in this folder.\n“https://example.com/page.html” is not a file on this computer."
        )
        #expect(test.settle())
        if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
            try test.capture().writePNG(to: "\(directory)/files-copy-failed.png")
        }
        test.tap(.enter)  // OK
        #expect(test.wait { !alert.isPresented })
        #expect(try Data(contentsOf: root.appendingPathComponent("Read me.txt")) == Data(count: 2_000))  // kept
        #expect(try Data(contentsOf: other) == Data("another".utf8))
        #expect(names(screen) == ["Documents", "Music", "Photos", "Projects", "Read me.txt"])
    }

    @Test func aDropIsTakenAtOnceAndCopiedOffTheMainActorWhileTheWindowAnswers() async throws {
        let gate = DispatchSemaphore(value: 0)
        let (screen, test) = try await open(copy: { uris, folder in
            gate.wait()
            return FileCopier.copy(uris, into: folder)
        })
        defer { close(screen, test) }
        defer { gate.signal() }  // a test that fails early leaves no copy waiting
        let file = try fileElsewhere("Held.txt")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let copy = screen.folders.root.appendingPathComponent("Held.txt")
        let source = try #require(
            dragIn([DragContent.fileURI(forPath: file.path)], to: tablePoint(screen, row: nil), test))
        source.drop(on: test.window)
        #expect(test.wait { source.finished?.accepted == true })  // taken before the copy is done
        let frames = test.window.framesPresented
        test.tap(.character("f"), modifiers: .alt)  // the File menu, while the copy is held
        #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
        #expect(test.wait { test.window.framesPresented > frames })
        test.tap(.escape)
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        gate.signal()
        await screen.finishLoading()
        #expect(FileManager.default.fileExists(atPath: copy.path))
        #expect(names(screen) == ["Documents", "Music", "Photos", "Projects", "Held.txt", "Read me.txt"])
    }
}
