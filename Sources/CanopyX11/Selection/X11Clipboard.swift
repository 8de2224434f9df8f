import CX11
import Canopy

/// One X selection (CLIPBOARD for copy and paste, PRIMARY for select and middle-click, both
/// for the whole application through its ``SelectionOwner``; XdndSelection for what a window
/// drags out or another application drops on it), owned and received by one window.
///
/// Copying makes the window the selection's owner; other clients then ask for the text with
/// SelectionRequest events, answered as UTF8_STRING (or Latin-1 STRING for old clients).
/// Pasting asks the current owner to convert the selection into a property on the window; the
/// text arrives with a SelectionNotify event, which completes the request. An owner with more
/// text than one property holds answers INCR instead and sends it in chunks: each chunk is a
/// new value of the property, read and deleted in turn, until an empty one ends the transfer.
/// Copying answers the same way when the text is larger than a chunk (``SelectionTransfer``),
/// so a copy of any size reaches other clients. A paste whose owner stops sending (it hung or
/// died) fails after ``SelectionLimits/incomingChunkTimeout`` seconds without a chunk, a paste whose owner never
/// answers at all fails after ``SelectionLimits/answerTimeout``, an answer counts only for the selection and type
/// it was asked for, and a new paste ends an unfinished one, so pasting never stays broken.
///
/// Another client cannot make either direction cost without bound: a paste fails (with a line on
/// standard error) once it grows past ``SelectionLimits/incomingSizeLimit`` or takes longer than
/// ``SelectionLimits/incomingDeadline``; a copy is encoded once per type and its transfers share the bytes, a
/// requestor gets at most ``SelectionLimits/transfersPerRequestor`` transfers at a time and is refused more, one
/// that does not read its next chunk within ``SelectionLimits/outgoingChunkTimeout`` is dropped, and a request
/// naming a window that does not exist is refused.
@MainActor final class X11Clipboard: Clipboard {
    private let connection: DisplayConnection
    private let window: XID
    private let timers: TimerQueue
    /// The selection's atom: CLIPBOARD, PRIMARY or XdndSelection.
    let selection: Atom
    /// The window's property the owner delivers the selection's content into.
    private let property: Atom
    /// What the window holds in the selection: text (any selection) or URIs (a drag out).
    private var owned: DragContent?
    /// The requests asked of the owner and not answered yet, oldest first.
    private var waiting: [PendingRequest] = []
    /// A paste arriving in INCR chunks.
    private var incoming: IncomingPaste?
    /// Copies on their way to other clients in chunks.
    private var transfers: [SelectionTransfer] = []
    /// The copy encoded in each type asked for so far (by target), which its transfers share.
    private var encodings: [Atom: (type: Atom, bytes: [UInt8])] = [:]
    /// What to do once the clipboard manager has taken the copy (or given up).
    private var handOffCompletion: (() -> Void)?

    /// The selection `selection` for `window`, its content delivered into `property`; `timers`
    /// run the wait for an overdue chunk.
    init(connection: DisplayConnection, window: XID, selection: Atom, property: Atom, timers: TimerQueue) {
        self.connection = connection
        self.window = window
        self.timers = timers
        self.selection = selection
        self.property = property
    }

    func setText(_ text: String) {
        own(.text(text))
    }

    /// Takes the selection with `content`: text, or URIs (offered as `text/uri-list` and, for
    /// clients that take only text, as their paths).
    func own(_ content: DragContent) {
        owned = content
        encodings = [:]
        XSetSelectionOwner(connection.display, selection, window, UInt(CurrentTime))
    }

    /// The types the content held is offered in, most precise first, for XdndEnter.
    var offeredTypes: [Atom] {
        let atoms = connection.atoms
        guard case .uris = owned else { return [atoms.textPlainUTF8, atoms.utf8String, XA_STRING] }
        return [atoms.textURIList, atoms.textPlainUTF8, atoms.utf8String]
    }

    func requestText(_ completion: @escaping (String?) -> Void) {
        let atoms = connection.atoms
        if let owned, XGetSelectionOwner(connection.display, selection) == window {
            completion(owned.plainText)
            return
        }
        requestConversion(to: atoms.utf8String, time: UInt(CurrentTime), completion: completion)
    }

    /// Asks the selection's owner for its content as `target` (a type such as UTF8_STRING or
    /// `text/uri-list`), as of the server time `time`; `completion` gets it as text (`nil` when
    /// the owner refuses) once it has arrived, in one piece or in chunks.
    func requestConversion(to target: Atom, time: UInt, completion: @escaping (String?) -> Void) {
        failIncoming()  // a new request replaces one whose owner stopped sending
        let request = PendingRequest(target: target, completion: completion)
        waiting.append(request)
        request.watchdog = timers.schedule(after: SelectionLimits.current.answerTimeout) { [weak self, weak request] in
            guard let self, let request, let index = self.waiting.firstIndex(where: { $0 === request }) else { return }
            self.waiting.remove(at: index)
            request.completion(nil)
        }
        XConvertSelection(connection.display, selection, target, property, window, time)
    }

    /// Stops waiting for the owner's answers to the requests made so far (it hung or died): their
    /// completions never run, and an answer that still comes is ignored.
    func abandonRequests() {
        for request in waiting { request.cancelWatchdog(in: timers) }
        waiting.removeAll()
        endIncoming()
    }

    /// Asks the clipboard manager, if one runs, to take the copy (SAVE_TARGETS, as in
    /// freedesktop.org's clipboard manager specification) so it survives the window: it asks for
    /// the text like any other client, keeps it and owns CLIPBOARD from then on. Returns whether
    /// a hand-off began (this is CLIPBOARD, it holds a copy, and a manager runs); `completion`
    /// runs when the manager answers, or from ``abandonHandOff()``.
    func handOffToManager(completion: @escaping () -> Void) -> Bool {
        let atoms = connection.atoms, display = connection.display
        guard selection == atoms.clipboard, owned != nil, handOffCompletion == nil,
            XGetSelectionOwner(display, selection) == window, XGetSelectionOwner(display, atoms.clipboardManager) != 0
        else { return false }
        handOffCompletion = completion
        // The targets worth keeping, in the property the manager reads them from.
        var keep = [Int(atoms.utf8String), Int(XA_STRING)]
        XChangeProperty(display, window, atoms.saveTargets, XA_ATOM, 32, PropModeReplace, &keep, 2)
        XConvertSelection(
            display, atoms.clipboardManager, atoms.saveTargets, atoms.saveTargets, window, UInt(CurrentTime))
        XFlush(display)
        return true
    }

    /// Gives up waiting for the clipboard manager and runs the hand-off's completion.
    func abandonHandOff() {
        let completion = handOffCompletion
        handOffCompletion = nil
        completion?()
    }

    /// Whether the window waits for the clipboard manager to take the copy.
    var isHandingOff: Bool { handOffCompletion != nil }

    /// Another client took the selection: ours is gone.
    /// Gives up the selection if the window still owns it with `text` (another client taking it
    /// since has cleared what the window held).
    func release(_ text: String) {
        guard owned == .text(text) else { return }
        owned = nil
        encodings = [:]
        XSetSelectionOwner(connection.display, selection, 0, UInt(CurrentTime))
    }

    func selectionCleared() {
        owned = nil
        encodings = [:]
    }

    /// The owner answered a paste request, or the clipboard manager a hand-off.
    func selectionArrived(_ event: XSelectionEvent) {
        if event.selection == connection.atoms.clipboardManager, event.target == connection.atoms.saveTargets {
            return abandonHandOff()  // taken (or refused): either way the window may go
        }
        guard event.selection == selection, event.requestor == window,
            let index = waiting.firstIndex(where: { $0.target == event.target })
        else { return }  // not an answer to a request still waiting: ignored
        let request = waiting.remove(at: index)
        request.cancelWatchdog(in: timers)
        let completion = request.completion
        guard event.property != 0, let value = readProperty(event.property) else { return completion(nil) }
        if value.type == connection.atoms.incr { startIncoming(completion) }
        XDeleteProperty(connection.display, window, event.property)  // after INCR: asks for the first chunk
        if value.type != connection.atoms.incr { completion(Self.text(value.bytes, type: value.type)) }
    }

    /// A property of the window changed: during an INCR paste, a new value is the next chunk.
    func propertyChanged(_ event: XPropertyEvent) {
        guard let paste = incoming, event.window == window, event.atom == property,
            event.state == PropertyNewValue, let chunk = readProperty(event.atom)
        else { return }
        XDeleteProperty(connection.display, window, event.atom)  // asks for the next chunk
        if chunk.bytes.isEmpty {
            endIncoming()
            paste.completion(Self.text(paste.bytes, type: paste.type))
        } else if paste.append(chunk.bytes, type: chunk.type, limit: SelectionLimits.current.incomingSizeLimit) {
            watchIncoming()
        } else {
            reportProblem(
                "a paste larger than \(SelectionLimits.current.incomingSizeLimit / 1_048_576) MiB was refused (its owner kept sending)"
            )
            failIncoming()
        }
    }

    /// Whether an INCR paste is under way.
    var isReceiving: Bool { incoming != nil }

    /// Starts taking in a paste by INCR for `completion`, with its deadline.
    private func startIncoming(_ completion: @escaping (String?) -> Void) {
        let paste = IncomingPaste(completion: completion)
        let deadline = SelectionLimits.current.incomingDeadline
        paste.deadline = timers.schedule(after: deadline) { [weak self] in
            reportProblem("a paste still arriving after \(deadline) s was given up")
            self?.failIncoming()
        }
        incoming = paste
        watchIncoming()
    }

    /// (Re)starts the wait for the incoming paste's next chunk.
    private func watchIncoming() {
        guard let paste = incoming else { return }
        if let watchdog = paste.chunkWatchdog { timers.cancel(watchdog) }
        paste.chunkWatchdog = timers.schedule(after: SelectionLimits.current.incomingChunkTimeout) { [weak self] in
            self?.failIncoming()
        }
    }

    /// Ends the incoming paste, if any, delivering nothing.
    private func failIncoming() {
        guard let paste = incoming else { return }
        endIncoming()
        paste.completion(nil)
    }

    private func endIncoming() {
        incoming?.cancelWaits(in: timers)
        incoming = nil
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

    /// Another client asks for our text: the list of targets, or the text as UTF-8 or Latin-1,
    /// in its property at once or, when larger than a chunk, in chunks (INCR), unless its window
    /// has as many transfers as it may or does not exist.
    func answer(_ request: XSelectionRequestEvent) {
        let atoms = connection.atoms
        let display = connection.display
        let property = request.property == 0 ? request.target : request.property
        var delivered = false
        if let owned, request.selection == selection {
            if request.target == atoms.targets {
                let uriList = owned.uriList != nil ? [atoms.textURIList] : []
                var supported =
                    ([atoms.targets] + uriList + [atoms.textPlainUTF8, atoms.utf8String, XA_STRING, atoms.text])
                    .map { Int($0) }
                XChangeProperty(
                    display, request.requestor, property, XA_ATOM, 32, PropModeReplace, &supported,
                    Int32(supported.count))
                delivered = true
            } else if let (type, bytes) = encoding(of: owned, as: request.target) {
                delivered = send(bytes, type: type, to: request.requestor, property: property)
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

    /// Whether a copy is on its way to another client in chunks.
    var isSending: Bool { !transfers.isEmpty }

    /// Whether a copy is on its way to `requestor` in chunks (its events come to this clipboard).
    func isSending(to requestor: XID) -> Bool {
        transfers.contains { $0.requestor == requestor }
    }

    /// An event on a window a copy is going to: a deleted property asks for the next chunk; a
    /// destroyed window ends its transfers.
    func requestorEvent(_ event: XEvent) {
        switch event.type {
        case PropertyNotify:
            let deleted = event.xproperty
            for transfer in transfers where transfer.requestor == deleted.window {
                if transfer.propertyDeleted(deleted) { watch(transfer) }
            }
            endTransfers { $0.isFinished }
        case DestroyNotify:
            endTransfers(requestorGone: true) { $0.requestor == event.xdestroywindow.window }
        default:
            break
        }
    }

    /// The copy `content` in the type `target` asks for, encoded once per copy and type, so
    /// that its transfers share the bytes; `nil` for targets it does not come in.
    private func encoding(of content: DragContent, as target: Atom) -> (type: Atom, bytes: [UInt8])? {
        if let known = encodings[target] { return known }
        let encoding =
            target == connection.atoms.textURIList
            ? content.uriList.map { (target, Array($0.utf8)) } : encoded(content.plainText, as: target)
        encodings[target] = encoding
        return encoding
    }

    /// The text in the type `target` asks for: UTF-8 for UTF8_STRING, TEXT and
    /// `text/plain;charset=utf-8` (which drag targets ask for), Latin-1 (`?` for
    /// what it lacks) for STRING; `nil` for targets it does not come in.
    private func encoded(_ text: String, as target: Atom) -> (type: Atom, bytes: [UInt8])? {
        let atoms = connection.atoms
        if target == atoms.utf8String || target == atoms.text { return (atoms.utf8String, Array(text.utf8)) }
        if target == atoms.textPlainUTF8 { return (target, Array(text.utf8)) }
        if target == XA_STRING {
            return (XA_STRING, text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") })
        }
        return nil
    }

    /// Puts `bytes` in `property` of `requestor`: at once when they fit in a chunk, else starts
    /// a transfer in chunks, unless `requestor` has ``SelectionLimits/transfersPerRequestor`` already or does
    /// not exist. Returns whether the bytes are on their way.
    private func send(_ bytes: [UInt8], type: Atom, to requestor: XID, property: Atom) -> Bool {
        let display = connection.display
        let chunkSize = Self.chunkSize(display)
        guard bytes.count > chunkSize else {
            var bytes = bytes
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, &bytes, Int32(bytes.count))
            return true
        }
        let going = transfers.filter { $0.requestor == requestor }
        // The mask this client had on the requestor, kept by a transfer already going there.
        guard going.count < SelectionLimits.current.transfersPerRequestor,
            let originalMask = going.first?.originalMask ?? Self.eventMask(display, on: requestor)
        else { return false }
        let transfer = SelectionTransfer(
            display: display, requestor: requestor, property: property, type: type, bytes: bytes,
            chunkSize: chunkSize, incr: connection.atoms.incr, originalMask: originalMask)
        transfers.append(transfer)
        watch(transfer)
        return true
    }

    /// (Re)starts the wait for `transfer`'s requestor to read its last chunk: one that does not
    /// in time is dropped.
    private func watch(_ transfer: SelectionTransfer) {
        if let watchdog = transfer.watchdog { timers.cancel(watchdog) }
        transfer.watchdog = timers.schedule(after: SelectionLimits.current.outgoingChunkTimeout) {
            [weak self, weak transfer] in
            self?.endTransfers { $0 === transfer }
        }
    }

    /// Ends the transfers `isEnded` picks: their waits stop, and a requestor left without one
    /// gets back the event mask it had, unless its window is gone.
    private func endTransfers(requestorGone: Bool = false, where isEnded: (SelectionTransfer) -> Bool) {
        let ended = transfers.filter(isEnded)
        transfers.removeAll(where: isEnded)
        for transfer in ended {
            if let watchdog = transfer.watchdog { timers.cancel(watchdog) }
            if !requestorGone, !transfers.contains(where: { $0.requestor == transfer.requestor }) {
                XSelectInput(connection.display, transfer.requestor, transfer.originalMask)
            }
        }
    }

    /// The largest chunk: 256 KiB, or less where the server's requests are smaller.
    private static func chunkSize(_ display: OpaquePointer) -> Int {
        let requestBytes = max(XExtendedMaxRequestSize(display), XMaxRequestSize(display)) * 4
        return min(256 * 1024, requestBytes - 64)
    }

    /// The events this client selected on `window` (one of its own, when an app pastes between
    /// its windows), so a transfer can put them back; `nil` when the window does not exist.
    private static func eventMask(_ display: OpaquePointer, on window: XID) -> Int? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
        return attributes.your_event_mask
    }
}

/// A request for a selection's content, waiting for the owner's answer.
@MainActor private final class PendingRequest {
    /// The type asked for.
    let target: Atom
    /// Gets the content, or `nil` when the owner refused or never answered.
    let completion: (String?) -> Void
    /// Fails the request when the answer is overdue.
    var watchdog: ScheduledAction?

    init(target: Atom, completion: @escaping (String?) -> Void) {
        self.target = target
        self.completion = completion
    }

    func cancelWatchdog(in timers: TimerQueue) {
        if let watchdog { timers.cancel(watchdog) }
    }
}
