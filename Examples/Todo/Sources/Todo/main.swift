// Todo: a to-do list on Canopy (`swift run Todo`). Without a display, `swift run TodoScreenshot
// DIR` renders it under its own Xvfb and writes DIR/todo.png.
import Canopy
import CanopyX11
import TodoKit

#if canImport(Glibc)
    import Glibc
#endif

do {
    let application = try Application(name: "todo", className: "CanopyTodo")
    let screen = TodoScreen(items: [
        TodoList.Item("Buy milk · 买牛奶"), TodoList.Item("Water the plants", isDone: true),
        TodoList.Item("Call the plumber"),
    ])
    let window = try Window(
        application: application, title: "To do", size: TodoScreen.preferredSize, rootView: screen.view)
    window.show()
    application.run()
} catch {
    print("todo: \(error)")
    exit(1)
}
