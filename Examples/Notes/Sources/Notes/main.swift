// Notes: plain-text notes on Canopy (`swift run Notes [FOLDER]`; the folder defaults to $NOTES_DIR,
// else $XDG_DATA_HOME/canopy-notes). Without a display, `swift run NotesScreenshot DIR` renders it
// under its own Xvfb and writes DIR/notes.png and DIR/notes@2x.png.
import CanopyX11
import Foundation
import NotesKit

do {
    let location = NoteFolder.location(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
    let application = try Application(name: "notes", className: "CanopyNotes")
    let screen = NotesScreen(folder: NoteFolder(url: location))
    let window = try Window(
        application: application, title: "Notes", size: NotesScreen.preferredSize, rootView: screen.view)
    screen.install(in: window)
    screen.load()
    window.show()
    application.run()
} catch {
    print("notes: \(error)")
    exit(1)
}
