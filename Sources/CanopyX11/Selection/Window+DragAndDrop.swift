import Canopy
import CX11

/// A drag from another application over a window (XDND), as the window follows it: who drags,
/// in which types, and what the view under the pointer takes.
struct IncomingDrag {
    /// The source's window, which the window's answers go to.
    let source: XID
    /// The types the source offers the content in.
    let types: [Atom]
    /// The kinds the view under the pointer takes, of those offered; empty while refused.
    var accepted: DropKinds = []
    /// Where the pointer is, in window points, once the source has said.
    var location: Point?
    /// Whether the drop happened and the content is on its way.
    var isDropping = false
    /// Whether the window watches the source's window for its destruction (it does unless the
    /// source is one of the application's own windows, whose events it gets anyway).
    var watchesSource = false
}

/// Drops from other applications by the XDND protocol (version 5), as a drop target: the window
/// says it takes drags (`XdndAware`); the source then sends XdndEnter with the types it offers,
/// XdndPosition as the pointer moves (answered with XdndStatus: accepted or not, by the view
/// under the pointer), and XdndLeave or XdndDrop. On a drop the window asks for the content
/// through the XdndSelection selection, hands it to the view and answers XdndFinished. All of it
/// runs on the main actor, from the run loop's events.
extension Window {
    /// The version of XDND the window speaks.
    static let xdndVersion = 5
    /// The oldest version a source may speak (older ones lack the time in XdndPosition).
    static let xdndOldestVersion = 3

    /// Whether a drag from another application is over the window (or its drop under way).
    @_spi(Testing) public var isReceivingDrag: Bool { incomingDrag != nil }

    /// Sets `XdndAware`, telling sources the window takes drops.
    func advertiseDropTarget() {
        var version = [Self.xdndVersion]
        XChangeProperty(
            connection.display, windowID, connection.atoms.xdndAware, XA_ATOM, 32, PropModeReplace, &version, 1)
    }

    /// Handles `message` if it is one of XDND's (as a target, or as the source of a drag out of
    /// the window, whose target answers XdndStatus and XdndFinished); returns whether it was.
    func handleDragMessage(_ message: XClientMessageEvent) -> Bool {
        let atoms = connection.atoms
        guard let words = ClientMessageWords(message) else { return false }
        let source = words.window(0)  // the target, in a target's answers
        switch message.message_type {
        case atoms.xdndEnter:
            dragEntered(from: source, flags: words[1], types: [words.atom(2), words.atom(3), words.atom(4)])
        case atoms.xdndPosition:
            dragMoved(from: source, rootPosition: words[2])
        case atoms.xdndLeave:
            guard let drag = incomingDrag, drag.source == source, !drag.isDropping else { break }
            endIncomingDrag()
        case atoms.xdndDrop:
            dropped(from: source, time: words.time(2))
        case atoms.xdndStatus:
            dragOutStatusArrived(from: source, accepts: words[1] & 1 != 0)
        case atoms.xdndFinished:
            dragOutFinished(by: source)
        default:
            return false
        }
        return true
    }

    /// XdndEnter: a drag came over the window offering the types listed (the first three in the
    /// message, all of them in the source's `XdndTypeList` when bit 0 of `flags` is set).
    private func dragEntered(from source: XID, flags: UInt32, types listed: [Atom]) {
        endIncomingDrag()  // a drag that never left
        guard flags >> 24 >= Self.xdndOldestVersion else { return }
        var types = listed.filter { $0 != 0 }
        if flags & 1 != 0,
            let list = WindowProperty(
                display: connection.display, window: source, property: connection.atoms.xdndTypeList)
        {
            types = list.atoms
        }
        var drag = IncomingDrag(source: source, types: types)
        // A source that dies mid-drag sends no XdndLeave: its window's DestroyNotify ends the drag.
        // The app's own windows, pop-ups included, are not watched: that would replace the
        // events they ask for (another client may name any window as the source).
        if !application.windows.contains(where: { $0.windowID == source || $0.popUpWindow(source) != nil }) {
            XSelectInput(connection.display, source, StructureNotifyMask)
            drag.watchesSource = true
        }
        incomingDrag = drag
    }

    /// Ends the drag over the window, if any: the drop target hears it left, the source's window
    /// is no longer watched and a drop waiting for its content stops waiting.
    func endIncomingDrag() {
        guard let drag = incomingDrag else { return }
        incomingDrag = nil
        if drag.watchesSource { XSelectInput(connection.display, drag.source, NoEventMask) }
        scene.handleDragExited()
    }

    /// The window of a drag's source was destroyed (the source quit or crashed mid-drag): the
    /// drag ends as if it had left, and a drop waiting for the content fails.
    func dragSourceDestroyed(_ window: XID) {
        guard let drag = incomingDrag, drag.source == window else { return }
        let wasDropping = drag.isDropping
        incomingDrag?.watchesSource = false  // nothing left to stop watching
        endIncomingDrag()
        if wasDropping { dropSelection.abandonRequests() }
    }

    /// XdndPosition: the pointer is at `rootPosition` (x in the high 16 bits, y in the low, in
    /// screen pixels). The scene finds the drop target; XdndStatus tells the source whether it
    /// takes the drag there.
    private func dragMoved(from source: XID, rootPosition: UInt32) {
        guard var drag = incomingDrag, drag.source == source, !drag.isDropping else { return }
        let origin = currentScreenOrigin() ?? Point(x: 0, y: 0)
        let location = Point(
            x: (Double(rootPosition >> 16 & 0xffff) - origin.x) / scale,
            y: (Double(rootPosition & 0xffff) - origin.y) / scale)
        drag.location = location
        drag.accepted = scene.handleDragMoved(to: location, offering: offeredKinds(drag.types))
        incomingDrag = drag
        let accepts = !drag.accepted.isEmpty
        // Bit 1: send a position for every move (the drop caret follows the pointer); the empty
        // rectangle that follows says the same.
        sendToDragSource(
            source, connection.atoms.xdndStatus,
            [Int(windowID), (accepts ? 1 : 0) | 2, 0, 0, accepts ? Int(connection.atoms.xdndActionCopy) : 0])
    }

    /// XdndDrop: asks the source for the content in the type the drop target takes, through
    /// XdndSelection as of the drop's `time`; a refused drop is finished at once. Content that
    /// never comes fails the drop as any request does (``SelectionLimits/answerTimeout``, then
    /// the chunks' own limits): the drop target hears the drag left, the source that the drop
    /// was not taken.
    private func dropped(from source: XID, time: UInt) {
        let atoms = connection.atoms
        guard var drag = incomingDrag, drag.source == source, !drag.isDropping, let location = drag.location,
            !drag.accepted.isEmpty
        else {
            if incomingDrag?.source == source { endIncomingDrag() }
            return finishDrop(with: source, taken: false)
        }
        let wantsURIs = drag.accepted.contains(.uris) && drag.types.contains(atoms.textURIList)
        let target =
            wantsURIs
            ? atoms.textURIList : drag.types.contains(atoms.textPlainUTF8) ? atoms.textPlainUTF8 : atoms.utf8String
        drag.isDropping = true
        incomingDrag = drag
        dropSelection.requestConversion(to: target, time: time) { [weak self] text in
            guard let self, let drag = self.incomingDrag, drag.source == source, drag.isDropping else { return }
            let content = text.map { wantsURIs ? DragContent.uris(fromURIList: $0) : .text($0) }
            let taken = content.map { self.scene.handleDrop($0, at: location) } ?? false
            self.endIncomingDrag()
            self.finishDrop(with: source, taken: taken)
        }
    }

    /// XdndFinished: tells the source the drop is over, and whether the content was taken (copied).
    private func finishDrop(with source: XID, taken: Bool) {
        sendToDragSource(
            source, connection.atoms.xdndFinished,
            [Int(windowID), taken ? 1 : 0, taken ? Int(connection.atoms.xdndActionCopy) : 0])
    }

    /// The kinds of content `types` carry.
    private func offeredKinds(_ types: [Atom]) -> DropKinds {
        let atoms = connection.atoms
        var kinds: DropKinds = []
        if types.contains(atoms.utf8String) || types.contains(atoms.textPlainUTF8) { kinds.insert(.text) }
        if types.contains(atoms.textURIList) { kinds.insert(.uris) }
        return kinds
    }

    /// An XDND message of `type` with `values` to the source's window.
    private func sendToDragSource(_ source: XID, _ type: Atom, _ values: [Int]) {
        var event = Self.clientMessage(to: source, type: type, values: values)
        XSendEvent(connection.display, source, 0, NoEventMask, &event)
        XFlush(connection.display)
    }
}
