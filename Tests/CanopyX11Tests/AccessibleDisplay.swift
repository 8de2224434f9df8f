import CanopyTesting
import Testing

/// Starts a private accessibility stack and a display of `width` × `height` whose root window
/// names it, as a desktop session publishes it, runs `body` with them, then stops both (`body`
/// must close its windows first: their connections go before the server). Skips the test, saying
/// why, where the machine has no accessibility stack or no GLib for Python (the bus clients the
/// tests start are Python).
@MainActor func withAccessibleDisplay(
    width: Int, height: Int, _ body: (AccessibilityStack, VirtualDisplay) throws -> Void
) throws {
    let gio = try ChildProcess("/usr/bin/python3", arguments: ["-c", "from gi.repository import Gio"]).wait()
    if gio.status != 0 { try Test.cancel("python3-gi is missing (scripts/install-deps installs it)") }
    let stack: AccessibilityStack
    do {
        stack = try AccessibilityStack()
    } catch {
        try Test.cancel("no accessibility bus could start here: \(error)")
    }
    defer { stack.stop() }
    let display = try VirtualDisplay(width: width, height: height)
    defer { display.stop() }
    try stack.publish(on: display.name)
    try body(stack, display)
}
