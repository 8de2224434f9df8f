// Renders Files under its own Xvfb on a sample folder, at 1× and at 2×, and writes
// DIR/files.png and DIR/files@2x.png (DIR defaults to "."): a tool of its own, so the app never
// links the test support.
import Canopy
import CanopyTesting
import FilesKit
import Foundation

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
do {
    let root = try SampleFolder.make()
    defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
    for (scale, suffix) in [(1.0, ""), (2.0, "@2x")] {
        let screen = FilesScreen(root: root)
        let test = try TestWindow(size: FilesScreen.preferredSize, title: "Files", rootView: screen.view, scale: scale)
        screen.install(in: test.window)
        screen.open(root)
        test.wait { !screen.isLoading && screen.tree.numberOfRows >= 5 }
        screen.open(root.appendingPathComponent("Documents"))
        test.wait { !screen.isLoading && screen.files.entries.count == 3 }
        screen.goBack()  // so Forward has somewhere to go
        test.wait { !screen.isLoading && screen.files.entries.count == 5 }
        test.click(at: screen.table.convert(screen.table.frame(ofRow: 1, column: 0).center, to: nil))
        test.tap(.down, modifiers: .shift)
        test.settle()
        try test.capture().writePNG(to: "\(directory)/files\(suffix).png")
        test.close()
    }
} catch {
    print("files: \(error)")
    exit(1)
}
