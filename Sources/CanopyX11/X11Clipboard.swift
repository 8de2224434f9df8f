import CX11
import Canopy

/// One X selection (CLIPBOARD for copy and paste, PRIMARY for select and middle-click) for one
/// window.
///
/// Copying makes the window the selection's owner; other clients then ask for the text with
/// SelectionRequest events, answered as UTF8_STRING (or Latin-1 STRING for old clients).
/// Pasting asks the current owner to convert the selection into a property on the window; the
/// text arrives with a SelectionNotify event, which completes the request. An owner with more
/// text than one property holds answers INCR instead and sends it in chunks: each chunk is a
/// new value of the property, read and deleted in turn, until an empty one ends the transfer.
/// Copying offers at most what one request can carry (16 MiB with BIG-REQUESTS); beyond that
/// other clients get a refusal (sending INCR is not supported).
@MainActor final class X11Clipboard: Clipboard {
    private let connection: DisplayConnection
    private let window: XID
    /// The selection's atom: CLIPBOARD or PRIMARY.
    let selection: Atom
    private var ownedText: String?
    private var waiting: [(String?) -> Void] = []
    /// A paste arriving in INCR chunks: its completion, the text's type and the bytes so far.
    private var incoming: (completion: (String?) -> Void, type: Atom, bytes: [UInt8])?

    init(connection: DisplayConnection, window: XID, selection: Atom) {
        self.connection = connection
        self.window = window
        self.selection = selection
    }

    func setText(_ text: String) {
        ownedText = text
        XSetSelectionOwner(connection.display, selection, window, UInt(CurrentTime))
    }

    func requestText(_ completion: @escaping (String?) -> Void) {
        let atoms = connection.atoms
        if let ownedText, XGetSelectionOwner(connection.display, selection) == window {
            completion(ownedText)
            return
        }
        waiting.append(completion)
        XConvertSelection(
            connection.display, selection, atoms.utf8String, atoms.pasteProperty, window, UInt(CurrentTime))
    }

    /// Another client took the selection: ours is gone.
    func selectionCleared() { ownedText = nil }

    /// The owner answered a paste request.
    func selectionArrived(_ event: XSelectionEvent) {
        guard !waiting.isEmpty, event.selection == selection else { return }
        let completion = waiting.removeFirst()
        guard event.property != 0, let value = readProperty(event.property) else { return completion(nil) }
        if value.type == connection.atoms.incr { incoming = (completion, 0, []) }
        XDeleteProperty(connection.display, window, event.property)  // after INCR: asks for the first chunk
        if value.type != connection.atoms.incr { completion(Self.text(value.bytes, type: value.type)) }
    }

    /// A property of the window changed: during an INCR paste, a new value is the next chunk.
    func propertyChanged(_ event: XPropertyEvent) {
        guard var transfer = incoming, event.atom == connection.atoms.pasteProperty,
            event.state == PropertyNewValue, let chunk = readProperty(event.atom)
        else { return }
        XDeleteProperty(connection.display, window, event.atom)  // asks for the next chunk
        if chunk.bytes.isEmpty {
            incoming = nil
            transfer.completion(Self.text(transfer.bytes, type: transfer.type))
        } else {
            transfer.type = chunk.type
            transfer.bytes += chunk.bytes
            incoming = transfer
        }
    }

    /// The value of one of the window's properties, 8-bit data or an INCR marker, without
    /// deleting it; `nil` when it cannot be read.
    private func readProperty(_ property: Atom) -> (type: Atom, bytes: [UInt8])? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            connection.display, window, property, 0, Int(Int32.max) / 4, 0, Atom(AnyPropertyType), &type, &format,
            &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0 else { return nil }
        if type == connection.atoms.incr || count == 0 { return (type, []) }
        guard let data, format == 8 else { return nil }
        return (type, Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }

    /// Pasted bytes as text: Latin-1 for STRING, UTF-8 (invalid bytes replaced) otherwise.
    private static func text(_ bytes: [UInt8], type: Atom) -> String {
        if type == XA_STRING { return String(bytes.map { Character(Unicode.Scalar($0)) }) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Another client asks for our text.
    func answer(_ request: XSelectionRequestEvent) {
        let atoms = connection.atoms
        let display = connection.display
        let property = request.property == 0 ? request.target : request.property
        var delivered = false
        // One request carries at most the server's maximum request length (in 4-byte units).
        let limit = max(XExtendedMaxRequestSize(display), XMaxRequestSize(display)) * 4 - 64
        if let ownedText, request.selection == selection, ownedText.utf8.count < limit {
            if request.target == atoms.targets {
                var supported = [atoms.targets, atoms.utf8String, XA_STRING, atoms.text].map { Int($0) }
                XChangeProperty(display, request.requestor, property, XA_ATOM, 32, PropModeReplace, &supported, 4)
                delivered = true
            } else if request.target == atoms.utf8String || request.target == atoms.text {
                var bytes = Array(ownedText.utf8)
                XChangeProperty(
                    display, request.requestor, property, atoms.utf8String, 8, PropModeReplace, &bytes,
                    Int32(bytes.count))
                delivered = true
            } else if request.target == XA_STRING {
                var bytes = ownedText.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
                XChangeProperty(
                    display, request.requestor, property, XA_STRING, 8, PropModeReplace, &bytes, Int32(bytes.count))
                delivered = true
            }
        }
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.property = delivered ? property : 0
        reply.xselection.time = request.time
        XSendEvent(display, request.requestor, 0, 0, &reply)
    }
}
