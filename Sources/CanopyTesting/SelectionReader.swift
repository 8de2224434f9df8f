import CX11
@_spi(Testing) import CanopyX11

/// Another X client that asks the owner of a selection for its contents, on a connection of
/// its own, as pasting into another program would: tests use it to check what an app serves
/// from CLIPBOARD or PRIMARY. The application under test serves it: its loop takes the answer
/// in as it arrives, so a test waits for ``answer``.
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

    /// The answer to the latest ``request(_:as:)``, once it has arrived.
    public private(set) var answer: Answer?

    private let display: OpaquePointer
    private weak var application: Application?
    private let window: XID
    private let property: Atom

    /// Connects to `application`'s display with a window of its own to receive answers on;
    /// `application`'s loop takes them in.
    public init(servedBy application: Application) throws {
        let displayName = application.displayName
        guard let display = XOpenDisplay(displayName) else {
            throw TestWindowError(description: "cannot open display \(displayName) for the selection reader")
        }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        property = XInternAtom(display, "CANOPY_TEST_SELECTION", 0)
        self.application = application
        application.addReadHandler(for: XConnectionNumber(display)) { [weak self] in self?.receiveAnswer() }
    }

    isolated deinit {
        application?.removeReadHandler(for: XConnectionNumber(display))
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    /// Asks the owner of `selection` (such as "CLIPBOARD") for its contents as `target` (such
    /// as "UTF8_STRING", "STRING" or "TARGETS").
    public func request(_ selection: String, as target: String) {
        answer = nil
        XConvertSelection(
            display, XInternAtom(display, selection, 0), XInternAtom(display, target, 0), property, window,
            UInt(CurrentTime))
        XFlush(display)
    }

    /// The window that owns `selection` now (0 when none does), asked of the server.
    public func owner(of selection: String) -> UInt {
        XGetSelectionOwner(display, XInternAtom(display, selection, 0))
    }

    /// Takes in the owner's answer if it has arrived.
    private func receiveAnswer() {
        var event = XEvent()
        while XPending(display) > 0 {
            XNextEvent(display, &event)
            guard event.type == SelectionNotify else { continue }
            answer = answer(to: event.xselection)
        }
    }

    private func answer(to event: XSelectionEvent) -> Answer {
        guard event.property != 0,
            let value = WindowProperty(display: display, window: window, property: property, delete: true)
        else { return .refused }
        if value.format == 32 { return .atoms(value.atoms.map(atomName)) }
        return .text(String(decoding: value.bytes, as: UTF8.self))
    }

    private func atomName(_ atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }
}
