import CX11

/// Another X client that asks the owner of a selection for its contents, on a connection of
/// its own, as pasting into another program would: tests use it to check what an app serves
/// from CLIPBOARD or PRIMARY. Run the app's loop while waiting (the owner answers from it) and
/// poll ``receiveAnswer()``.
@MainActor public final class SelectionReader {
    /// What the owner answered.
    public enum Answer: Equatable, Sendable {
        /// 8-bit data, read as UTF-8 text.
        case text(String)
        /// The names of the atoms in a 32-bit ATOM answer (for TARGETS).
        case atoms([String])
        /// The owner refused, or nobody owns the selection.
        case refused
    }

    private let display: OpaquePointer
    private let window: XID
    private let property: Atom

    /// Connects to `displayName` with a window of its own to receive answers on.
    public init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else {
            throw TestWindowError(description: "cannot open display \(displayName) for the selection reader")
        }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        property = XInternAtom(display, "CANOPY_TEST_SELECTION", 0)
    }

    isolated deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Asks the owner of `selection` (such as "CLIPBOARD") for its contents as `target` (such
    /// as "UTF8_STRING", "STRING" or "TARGETS").
    public func request(_ selection: String, as target: String) {
        XConvertSelection(
            display, XInternAtom(display, selection, 0), XInternAtom(display, target, 0), property, window,
            UInt(CurrentTime))
        XFlush(display)
    }

    /// The owner's answer once it has arrived, else `nil`.
    public func receiveAnswer() -> Answer? {
        var event = XEvent()
        guard XCheckTypedWindowEvent(display, window, SelectionNotify, &event) != 0 else { return nil }
        guard event.xselection.property != 0 else { return .refused }
        guard let value = WindowProperty(display: display, window: window, property: property, delete: true) else {
            return .refused
        }
        if value.format == 32 { return .atoms(value.longs.map { atomName(Atom($0)) }) }
        return .text(String(decoding: value.bytes, as: UTF8.self))
    }

    private func atomName(_ atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }
}
