// Renders Todo under its own Xvfb, adds an item from the keyboard, and writes DIR/todo.png (DIR
// defaults to "."): a tool of its own, so the app never links the test support.
import Canopy
import CanopyTesting
import TodoKit

#if canImport(Glibc)
    import Glibc
#endif

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "."
do {
    let screen = TodoScreen(items: [
        TodoList.Item("Buy milk · 买牛奶"), TodoList.Item("Water the plants", isDone: true),
        TodoList.Item("Call the plumber"),
    ])
    let test = try TestWindow(size: TodoScreen.preferredSize, title: "To do", rootView: screen.view)
    test.click(screen.field)
    test.type("Book the train tickets")
    test.tap(.enter)
    test.settle()
    try test.capture().writePNG(to: "\(directory)/todo.png")
    test.close()
} catch {
    print("todo: \(error)")
    exit(1)
}
