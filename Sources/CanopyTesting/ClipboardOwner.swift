import CX11
@_spi(Testing) import CanopyX11

/// Another X client that owns the CLIPBOARD selection with some text, on a connection of its
/// own, so tests can paste "from another program". The application under test serves it: its
/// loop answers the owner's requests as they arrive, so a test only waits for the outcome.
///
/// Given a chunk size, it sends longer text as big clients do (GTK, browsers): an INCR marker,
/// then one chunk each time the requestor deletes the property, then an empty chunk; or it
/// stops after a few chunks, as an owner that hung or died mid-transfer, or never stops, sending
/// its text over and over as a hostile owner would. Or it misbehaves from the start: it never
/// answers, or answers for PRIMARY instead of CLIPBOARD.
@MainActor public final class ClipboardOwner {
    /// How the owner answers the requests it gets.
    public enum Answering: Sendable {
        /// As ICCCM says: for the selection and type asked.
        case asAsked
        /// Not at all, as an owner that hung.
        case never
        /// With a SelectionNotify that names PRIMARY, not the CLIPBOARD asked for.
        case forPrimary
    }

    private let client: SelectionClient
    private var display: OpaquePointer { client.display }
    private var window: XID { client.window }
    private let bytes: [UInt8]
    private let chunkSize: Int?
    private let chunkLimit: Int?
    private let endless: Bool
    private let answering: Answering
    /// An INCR transfer under way: the requestor's window and property, the bytes and chunks sent.
    private var transfer: (requestor: XID, property: Atom, sent: Int, chunks: Int)?

    /// Connects to `application`'s display and takes the CLIPBOARD selection, offering `text`, in
    /// INCR chunks of `chunkSize` bytes when it is longer than that, and no more than
    /// `stallingAfter` chunks when given, or `endless`ly (the text again and again, never the
    /// empty chunk that ends a transfer), answering as `answering` says; `application`'s loop
    /// answers the requests.
    public init(
        servedBy application: Application, text: String, chunkSize: Int? = nil, stallingAfter: Int? = nil,
        endless: Bool = false, answering: Answering = .asAsked
    ) throws {
        client = try SelectionClient(servedBy: application, owning: "CLIPBOARD", role: "clipboard owner")
        bytes = Array(text.utf8)
        self.chunkSize = chunkSize
        chunkLimit = stallingAfter
        self.endless = endless
        self.answering = answering
        client.readEvents { [weak self] in self?.serveRequests() }
    }

    /// Answers every selection request that has arrived: UTF8_STRING gets the text, anything
    /// else a refusal; and sends the next chunk of an INCR transfer the requestor is ready for.
    private func serveRequests() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == PropertyNotify { sendNextChunk(after: event.xproperty) }
            guard event.type == SelectionRequest, answering != .never else { continue }
            var request = event.xselectionrequest
            if answering == .forPrimary { request.selection = XA_PRIMARY }
            var property: Atom = 0
            if request.target == atom("UTF8_STRING"), request.property != 0 {
                if let chunkSize, bytes.count > chunkSize {
                    XSelectInput(display, request.requestor, PropertyChangeMask)
                    var size = [bytes.count]
                    XChangeProperty(
                        display, request.requestor, request.property, atom("INCR"), 32, PropModeReplace, &size, 1)
                    transfer = (request.requestor, request.property, 0, 0)
                } else {
                    var bytes = bytes
                    XChangeProperty(
                        display, request.requestor, request.property, request.target, 8, PropModeReplace, &bytes,
                        Int32(bytes.count))
                }
                property = request.property
            }
            client.answer(request, property: property)
        }
        XFlush(display)
    }

    /// The requestor deleted the property: it has read the last chunk (or the INCR marker), so
    /// the next one goes, and an empty one after the last (an endless owner starts again).
    private func sendNextChunk(after event: XPropertyEvent) {
        guard let chunkSize, let current = transfer, event.window == current.requestor,
            event.atom == current.property, event.state == PropertyDelete, current.chunks < chunkLimit ?? .max
        else { return }
        let start = endless ? current.sent % bytes.count : current.sent
        var chunk = Array(bytes[start..<min(bytes.count, start + chunkSize)])
        XChangeProperty(
            display, current.requestor, current.property, atom("UTF8_STRING"), 8, PropModeReplace, &chunk,
            Int32(chunk.count))
        if chunk.isEmpty {
            XSelectInput(display, current.requestor, NoEventMask)
            transfer = nil
        } else {
            transfer = (current.requestor, current.property, current.sent + chunk.count, current.chunks + 1)
        }
    }

    private func atom(_ name: String) -> Atom { client.atom(name) }
}
