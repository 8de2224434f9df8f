// Todo: a to-do list on Canopy (`swift run Todo [FILE]`, FILE holding one item a line). Without
// a display, `swift run TodoScreenshot DIR` renders it under its own Xvfb and writes DIR/todo.png.
import Canopy
import CanopyX11
import Foundation
import TodoKit

/// Opens the to-do window, with the items in `file` (read off the main actor) or a few to start
/// with. The screen owns the window's views and answers their callbacks; nothing holds it once
/// this function returns, so the window keeps it (`controller`) until it closes.
@MainActor func openTodoWindow(on application: Application, loading file: String?) throws -> Window {
    let examples = [
        TodoList.Item("Buy milk · 买牛奶"), TodoList.Item("Water the plants", isDone: true),
        TodoList.Item("Call the plumber"),
    ]
    let screen = TodoScreen(items: file == nil ? examples : [])
    let window = try Window(
        application: application, title: "To do", size: TodoScreen.preferredSize, rootView: screen.view)
    window.controller = screen
    if let file {
        screen.load { try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init) }
    }
    return window
}

do {
    let application = try Application(name: "todo", className: "CanopyTodo")
    let window = try openTodoWindow(on: application, loading: CommandLine.arguments.dropFirst().first)
    window.show()
    application.run()
} catch {
    print("todo: \(error)")
    exit(1)
}
