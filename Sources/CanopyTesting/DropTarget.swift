import CX11
import Canopy
@_spi(Testing) import CanopyX11

/// Another X client's window that takes drops by the XDND protocol, on a connection of its own,
/// as a text editor's window does: it says so with `XdndAware`, answers each XdndPosition with
/// an XdndStatus that accepts a copy when the source offers the one type it takes
/// (`text/plain;charset=utf-8`, or `text/uri-list` as a file manager's), and on XdndDrop asks
/// the source for the content in that type through XdndSelection, reads it (in chunks too, by INCR) and
/// answers XdndFinished. It records what it heard, so tests check what another application
/// receives. The application under test serves it from its loop, so tests wait for outcomes
/// with ``TestWindow/wait(timeout:until:)``.
@MainActor public final class DropTarget {
    /// The types the source offered in its latest XdndEnter.
    public private(set) var offeredTypes: [String] = []
    /// How many XdndPosition messages arrived.
    public private(set) var positions = 0
    /// The latest position the source sent, in screen pixels.
    public private(set) var lastPosition: Point?
    /// How many XdndLeave messages arrived.
    public private(set) var leaves = 0
    /// How many XdndDrop messages arrived.
    public private(set) var drops = 0
    /// The one type the target takes, and asks the source for.
    public let takenType: String
    /// The text the drop delivered, once it has all arrived.
    public private(set) var receivedText: String?
    /// Whether XdndPosition messages go unanswered until ``answerHeldPositions()``, as a slow
    /// target's (or one across a slow link) do.
    public var holdsStatus = false
    /// How many positions wait for their answer.
    public private(set) var heldPositions = 0

    private let client: SelectionClient
    private var display: OpaquePointer { client.display }
    /// The target's window, mapped on the screen.
    public var window: UInt { client.window }
    private var source: XID = 0
    private var property: Atom { atom("CANOPY_TEST_DROP") }
    /// Bytes of a drop arriving in chunks, until the empty chunk that ends it.
    private var chunks: [UInt8]?

    /// Connects to `application`'s display and maps an override-redirect window over `rect` of
    /// the screen (pixels) that takes drops of `type`; `application`'s loop takes in what
    /// arrives.
    public init(servedBy application: Application, at rect: Rect, taking type: String = "text/plain;charset=utf-8")
        throws
    {
        takenType = type
        client = try SelectionClient(servedBy: application, owning: nil, role: "drop target")
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.event_mask = PropertyChangeMask
        XChangeWindowAttributes(display, window, UInt(CWOverrideRedirect | CWEventMask), &attributes)
        XMoveResizeWindow(
            display, window, Int32(rect.minX), Int32(rect.minY), UInt32(rect.width), UInt32(rect.height))
        var version = [5]
        XChangeProperty(display, window, atom("XdndAware"), XA_ATOM, 32, PropModeReplace, &version, 1)
        XMapRaised(display, window)
        XSync(display, 0)
        client.readEvents { [weak self] in self?.readEvents() }
    }

    private func readEvents() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case ClientMessage:
                received(event.xclient)
            case SelectionNotify:
                contentArrived(event.xselection)
            case PropertyNotify where event.xproperty.atom == property && event.xproperty.state == PropertyNewValue:
                chunkArrived()
            default:
                break
            }
        }
        XFlush(display)
    }

    private func received(_ message: XClientMessageEvent) {
        let data = message.data.l
        switch message.message_type {
        case atom("XdndEnter"):
            source = XID(bitPattern: data.0)
            offeredTypes = [data.2, data.3, data.4].filter { $0 != 0 }.map { name(of: Atom($0)) }
        case atom("XdndPosition"):
            positions += 1
            lastPosition = Point(x: Double(data.2 >> 16 & 0xffff), y: Double(data.2 & 0xffff))
            if holdsStatus {
                heldPositions += 1
            } else {
                answerPosition()
            }
        case atom("XdndLeave"):
            leaves += 1
        case atom("XdndDrop"):
            drops += 1
            XConvertSelection(
                display, atom("XdndSelection"), atom(takenType), property, window,
                UInt(bitPattern: data.2))
        default:
            break
        }
    }

    /// The source answered the request for the content: the text, or the start of a transfer in
    /// chunks.
    private func contentArrived(_ event: XSelectionEvent) {
        guard event.property != 0, let value = WindowProperty(display: display, window: window, property: property)
        else { return finish(with: nil) }
        if value.type == atom("INCR") {
            chunks = []
            XDeleteProperty(display, window, property)  // asks for the first chunk
        } else {
            XDeleteProperty(display, window, property)
            finish(with: value.bytes)
        }
    }

    /// The next chunk of a transfer is in the property: read and deleted; an empty one ends it.
    private func chunkArrived() {
        guard chunks != nil, let value = WindowProperty(display: display, window: window, property: property)
        else { return }
        XDeleteProperty(display, window, property)
        if value.bytes.isEmpty {
            finish(with: chunks)
            chunks = nil
        } else {
            chunks? += value.bytes
        }
    }

    private func finish(with bytes: [UInt8]?) {
        receivedText = bytes.map { String(decoding: $0, as: UTF8.self) }
        let taken = bytes != nil
        send("XdndFinished", [Int(window), taken ? 1 : 0, taken ? Int(atom("XdndActionCopy")) : 0])
    }

    /// Answers the positions held back, accepting a copy as it does at once otherwise.
    public func answerHeldPositions() {
        guard heldPositions > 0 else { return }
        heldPositions = 0
        answerPosition()
        XFlush(display)
    }

    /// XdndStatus: a copy is taken when the source offers the type the target takes, else
    /// nothing is.
    private func answerPosition() {
        let accepts = offeredTypes.contains(takenType)
        send("XdndStatus", [Int(window), accepts ? 1 : 0, 0, 0, accepts ? Int(atom("XdndActionCopy")) : 0])
    }

    private func send(_ type: String, _ values: [Int]) { client.sendMessage(type, to: source, values) }

    private func name(of atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }

    private func atom(_ name: String) -> Atom { client.atom(name) }
}
