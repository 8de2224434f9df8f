import CX11
@_spi(Testing) import CanopyX11

/// Another X client acting as a clipboard manager (freedesktop.org's specification), on a
/// connection of its own: it owns CLIPBOARD_MANAGER and, asked to SAVE_TARGETS, fetches the
/// CLIPBOARD's text from its owner, takes the CLIPBOARD over and answers. The application under
/// test serves it: its loop reads the manager's events as they arrive.
@MainActor public final class ClipboardManagerClient {
    /// The text it saved from the last hand-off.
    public private(set) var savedText: String?

    private let client: SelectionClient
    private var display: OpaquePointer { client.display }
    private var window: XID { client.window }
    private let answers: Bool
    /// The SAVE_TARGETS request it is fetching the text for.
    private var pending: XSelectionRequestEvent?

    /// Connects to `application`'s display and takes CLIPBOARD_MANAGER; with `answers` false it
    /// takes the requests and never answers (a manager that hangs).
    public init(servedBy application: Application, answers: Bool = true) throws {
        client = try SelectionClient(servedBy: application, owning: "CLIPBOARD_MANAGER", role: "clipboard manager")
        self.answers = answers
        client.readEvents { [weak self] in self?.serve() }
    }

    /// Whether it owns the CLIPBOARD now.
    public var ownsClipboard: Bool { XGetSelectionOwner(display, atom("CLIPBOARD")) == window }

    private func serve() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == SelectionRequest, event.xselectionrequest.target == atom("SAVE_TARGETS"), answers {
                pending = event.xselectionrequest
                XConvertSelection(
                    display, atom("CLIPBOARD"), atom("UTF8_STRING"), atom("CANOPY_TEST_SAVED"), window,
                    UInt(CurrentTime))
            } else if event.type == SelectionNotify, event.xselection.selection == atom("CLIPBOARD") {
                saveAndAnswer(event.xselection)
            }
        }
        XFlush(display)
    }

    /// The owner sent the text: keeps it, takes the CLIPBOARD and tells the app it may go.
    private func saveAndAnswer(_ event: XSelectionEvent) {
        guard let request = pending else { return }
        pending = nil
        if event.property != 0,
            let property = WindowProperty(display: display, window: window, property: event.property)
        {
            savedText = String(decoding: property.bytes, as: UTF8.self)
            XSetSelectionOwner(display, atom("CLIPBOARD"), window, UInt(CurrentTime))
        }
        client.answer(request, property: savedText == nil ? 0 : request.property)
    }

    private func atom(_ name: String) -> Atom { client.atom(name) }
}
