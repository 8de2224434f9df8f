import CX11
import Canopy
@_spi(Testing) import CanopyX11

/// Another X client dragging content over a window by the XDND protocol, on a connection of its
/// own, as a file manager or browser does: it owns XdndSelection, sends XdndEnter with the types
/// it offers, XdndPosition as the pointer moves, then XdndDrop or XdndLeave; it serves the
/// target's request for the content and records the target's XdndStatus and XdndFinished
/// answers. The application under test serves it from its loop, so tests wait for the answers
/// with ``TestWindow/wait(timeout:until:)``.
@MainActor public final class DragSource {
    /// A target's answer: whether it takes the drag (or took the drop) and the action it names.
    public struct Answer: Equatable, Sendable {
        /// Whether the target accepts the drag there, or took the drop.
        public let accepted: Bool
        /// The action the target named (`XdndActionCopy`), or `nil` for None.
        public let action: String?

        /// An answer that takes or refuses the drag with `action`.
        public init(accepted: Bool, action: String?) {
            self.accepted = accepted
            self.action = action
        }
    }

    /// The target's XdndStatus answers, in order.
    public private(set) var statuses: [Answer] = []
    /// The target's XdndFinished answer, once it came.
    public private(set) var finished: Answer?
    /// The types the target asked the content in, in order.
    public private(set) var requestedTypes: [String] = []
    /// Whether the source answers the target's requests for the content; a source that does
    /// not plays one that hung after the drop.
    public var answersRequests = true

    private let client: SelectionClient
    private var display: OpaquePointer { client.display }
    private var window: XID { client.window }
    private let items: [(type: String, content: String)]

    /// Connects to `application`'s display and takes XdndSelection, offering `items` (type name
    /// and content, in order of preference); `application`'s loop answers the requests.
    public init(servedBy application: Application, offering items: [(type: String, content: String)]) throws {
        client = try SelectionClient(servedBy: application, owning: "XdndSelection", role: "drag source")
        self.items = items
        client.readEvents { [weak self] in self?.readEvents() }
    }

    /// The XDND version `target` says it speaks in `XdndAware`, or `nil` when it takes no drops.
    public func awareVersion(of target: CanopyX11.Window) -> Int? {
        let aware = WindowProperty(display: display, window: target.windowID, property: atom("XdndAware"))
        return aware?.words.first.map(Int.init)
    }

    /// The window a drag at `point` (screen pixels) goes to, found as sources find it: from the
    /// root down through the windows under the point (a window manager's frame, then the client
    /// inside it) to the first with `XdndAware`; `nil` when none has it.
    public func target(at point: Point) -> UInt? {
        let root = XDefaultRootWindow(display)
        var window = root
        while true {
            var x: Int32 = 0, y: Int32 = 0
            var child: XID = 0
            guard XTranslateCoordinates(display, root, window, Int32(point.x), Int32(point.y), &x, &y, &child) != 0,
                child != 0
            else { return nil }
            if WindowProperty(display: display, window: child, property: atom("XdndAware")) != nil { return child }
            window = child
        }
    }

    /// XdndEnter: the drag came over `target`, offering the items' types (more than three go in
    /// the `XdndTypeList` property, as the protocol asks).
    public func enter(_ target: CanopyX11.Window) {
        let types = items.map { Int(atom($0.type)) }
        if types.count > 3 {
            var list = types
            XChangeProperty(
                display, window, atom("XdndTypeList"), XA_ATOM, 32, PropModeReplace, &list, Int32(list.count))
        }
        let flags = 5 << 24 | (types.count > 3 ? 1 : 0)
        let firstThree = (types + [0, 0, 0]).prefix(3)
        send("XdndEnter", to: target, [Int(window), flags] + firstThree)
    }

    /// XdndPosition: the pointer is at `point` on the screen (pixels), asking to copy.
    public func move(to point: Point, over target: CanopyX11.Window) {
        let position = Int(point.x.rounded()) << 16 | Int(point.y.rounded())
        send("XdndPosition", to: target, [Int(window), 0, position, Int(CurrentTime), Int(atom("XdndActionCopy"))])
    }

    /// XdndLeave: the drag left `target`, or the user cancelled it.
    public func leave(_ target: CanopyX11.Window) {
        send("XdndLeave", to: target, [Int(window), 0])
    }

    /// XdndDrop: the user let go over `target`.
    public func drop(on target: CanopyX11.Window) {
        send("XdndDrop", to: target, [Int(window), 0, Int(CurrentTime)])
    }

    private func send(_ type: String, to target: CanopyX11.Window, _ values: [Int]) {
        client.sendMessage(type, to: target.windowID, values)
        XSync(display, 0)
    }

    /// Records the target's answers and serves its requests for the content.
    private func readEvents() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case ClientMessage where event.xclient.message_type == atom("XdndStatus"):
                statuses.append(answer(accepted: event.xclient.data.l.1 & 1 != 0, action: event.xclient.data.l.4))
            case ClientMessage where event.xclient.message_type == atom("XdndFinished"):
                finished = answer(accepted: event.xclient.data.l.1 & 1 != 0, action: event.xclient.data.l.2)
            case SelectionRequest:
                serve(event.xselectionrequest)
            default:
                break
            }
        }
        XFlush(display)
    }

    private func answer(accepted: Bool, action: Int) -> Answer {
        guard action != 0, let name = XGetAtomName(display, Atom(action)) else {
            return Answer(accepted: accepted, action: nil)
        }
        defer { XFree(name) }
        return Answer(accepted: accepted, action: String(cString: name))
    }

    /// Puts the content in the type asked for into the requestor's property, or refuses a type
    /// it was not offered in.
    private func serve(_ request: XSelectionRequestEvent) {
        guard let name = XGetAtomName(display, request.target) else {
            return client.answer(request, property: 0)
        }
        let type = String(cString: name)
        XFree(name)
        requestedTypes.append(type)
        guard answersRequests else { return }  // a source that never answers
        var property: Atom = 0
        if let item = items.first(where: { $0.type == type }), request.property != 0 {
            var bytes = Array(item.content.utf8)
            XChangeProperty(
                display, request.requestor, request.property, request.target, 8, PropModeReplace, &bytes,
                Int32(bytes.count))
            property = request.property
        }
        client.answer(request, property: property)
    }

    private func atom(_ name: String) -> Atom { client.atom(name) }
}
