// Files: a file browser on Canopy (`swift run Files [FOLDER]`; the folder defaults to the home
// folder). Without a display, `swift run FilesScreenshot DIR` renders it under its own Xvfb and
// writes DIR/files.png and DIR/files@2x.png.
import CanopyX11
import FilesKit
import Foundation

do {
    let arguments = CommandLine.arguments.dropFirst()
    let root = URL(fileURLWithPath: arguments.first ?? FileManager.default.homeDirectoryForCurrentUser.path)
    let application = try Application(name: "files", className: "CanopyFiles")
    let screen = FilesScreen(root: root)
    let window = try Window(
        application: application, title: "Files", size: FilesScreen.preferredSize, rootView: screen.view)
    screen.install(in: window)
    screen.open(root)
    window.show()
    application.run()
} catch {
    print("files: \(error)")
    exit(1)
}
