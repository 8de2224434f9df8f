import Canopy
import CanopyTesting
import Foundation
import NotesKit
import Testing

/// When the notes are written, in memory on a clock the test steps: a second after the last
/// key, once, however long the typing went on.
@MainActor @Suite struct NotesSavingTests {
    let time = ManualTime()

    func type(_ text: String, into scene: Scene) {
        for character in text { scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character))) }
    }

    func click(_ view: View, in scene: Scene) {
        let point = view.convert(view.bounds.center, to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: point))
        scene.handleMouseUp(MouseEvent(locationInWindow: point))
    }

    @Test func aNoteIsWrittenOneSecondAfterTheLastKeyAndNotBefore() throws {
        let folder = NoteFolder(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("notes-saving-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: folder.url) }
        let screen = NotesScreen(folder: folder)
        let scene = time.makeScene(rootView: screen.view, size: NotesScreen.preferredSize)
        _ = scene.prepareFrame()
        var saved: [String] = []
        screen.onSaved = { saved.append($0.text) }
        click(screen.newButton, in: scene)
        #expect(screen.editor.isFocused)
        for word in ["one ", "two ", "three"] {
            type(word, into: scene)
            time.step(by: 0.9)  // a pause shorter than the delay: no write yet
        }
        #expect(saved.isEmpty)
        let file = try #require(screen.currentFile.flatMap(screen.notes.note)).fileName
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(file).path))
        time.step(by: NotesScreen.saveDelay - 0.9)
        #expect(saved == ["one two three"])
        let written = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
        #expect(written == "one two three")
        time.step(by: 5)
        #expect(saved.count == 1)  // nothing changed since
    }
}
