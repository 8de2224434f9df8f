// Renders Notes under its own Xvfb with a few sample notes, at 1× and at 2×, and writes
// DIR/notes.png and DIR/notes@2x.png, and its settings dialog as DIR/settings.png and
// DIR/settings@2x.png (DIR defaults to "."): a tool of its own, so the app never links the test
// support.
import Canopy
import CanopyTesting
import Foundation
import NotesKit

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
do {
    let folder = NoteFolder(
        url: FileManager.default.temporaryDirectory.appendingPathComponent("notes-screenshot-\(getpid())"))
    defer { try? FileManager.default.removeItem(at: folder.url) }
    try SampleNotes.write(SampleNotes.notes(), to: folder)
    for (scale, suffix) in [(1.0, ""), (2.0, "@2x")] {
        let screen = NotesScreen(folder: folder)
        let test = try TestWindow(size: NotesScreen.preferredSize, title: "Notes", rootView: screen.view, scale: scale)
        screen.install(in: test.window)
        screen.load()
        test.wait { screen.notes.notes.count == 3 }
        test.click(screen.editor)
        test.tap(.end, modifiers: .control)
        test.type(" Ask about the 7:40.")
        test.settle()
        try test.capture().writePNG(to: "\(directory)/notes\(suffix).png")
        test.click(screen.settingsButton)
        if let dialog = test.window.dialogs.first {
            test.wait { dialog.isMapped && test.input.isViewable(dialog) && !dialog.scene.needsFrame }
            try dialog.captureImage().writePNG(to: "\(directory)/settings\(suffix).png")
        }
        test.close()
    }
} catch {
    print("notes: \(error)")
    exit(1)
}
