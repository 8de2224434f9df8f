import Canopy
import CanopyTesting

/// A view asking for the column-resize pointer.
@MainActor final class ColumnResizeView: View {
    override var cursor: Cursor? { .columnResize }
}

/// The pointer over a column-resize view, as XFixes reads it back: its name and size. Run with
/// `XCURSOR_PATH` where there is no cursor theme, it is the core cursor font's glyph.
@MainActor func checkCursor() throws {
    let root = View()
    root.addSubview(ColumnResizeView(frame: Rect(x: 0, y: 0, width: 100, height: 100)))
    let test = try TestWindow(size: Size(width: 200, height: 100), rootView: root)
    defer { test.close() }
    let reader = try ScreenCursorReader(displayName: test.application.displayName)
    let before = reader.current()
    test.move(to: Point(x: 150, y: 50))
    test.move(to: Point(x: 50, y: 50))
    let changed = test.wait { test.window.pointerShape == .columnResize && reader.current() != before }
    guard changed, let shape = reader.current() else {
        print("cursor: unchanged")
        return
    }
    print("cursor: '\(shape.name)' \(shape.width)x\(shape.height)")
}
