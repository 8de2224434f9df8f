import CanopyDBus
import Canopy

/// Shows a host's windows to screen readers over AT-SPI2: a connection to the accessibility
/// bus, registered with the registry (`org.a11y.atspi.Socket.Embed`), that answers for every
/// element of every window's accessibility tree (Accessible, Application, Component, Action,
/// Text, EditableText, Selection and Value) and sends the events screen readers follow.
///
/// Everything happens on the main actor, in the host's run loop: the bus's socket is watched
/// with the loop's other descriptors, requests are answered as they arrive, a turn's worth at a
/// time (``answerBudget``; a flood beyond ``backlogLimit`` is refused with
/// `org.freedesktop.DBus.Error.LimitsExceeded`, so every call has its answer soon and the
/// loop's other work goes on), and ``update()``, called after each turn of the loop that may
/// have changed the views (the host's to judge: not one that only moved an animation), compares
/// every window's tree with its last look (``AccessibilityChangeTracker``) and sends what
/// changed. Objects are named by numbers that stay with their views, and a list's rows by their
/// index: nothing is made per row until a client asks about that row, and nothing is kept
/// afterwards.
@MainActor public final class AccessibilityBridge {
    let connection: DBusConnection
    unowned let host: AccessibilityHost
    let registry = ObjectRegistry()
    /// The registry's desktop, the root object's parent, once the registry has answered Embed.
    var desktop: DBusValue?
    /// The number the registry gave the application.
    var applicationID = 0
    private var embedSerial: UInt32 = 0
    private var fileDescriptor: Int32?
    private var windows: [WindowRecord] = []
    /// Calls read and not answered yet, oldest first: at most ``backlogLimit``.
    private var waiting: [DBusMessage] = []
    /// The positions of the text a Text call last asked about, kept while the text stays the same.
    var textOffsets = TextOffsets("")
    /// Keys told to the registry and not handed back yet, in the order they were pressed.
    var forwardedKeys: [ForwardedKey] = []

    /// How long one turn of the loop spends answering calls (at least one is answered), so
    /// that X events, frames and other descriptors get their turn during a flood.
    public static let answerBudget = Duration.milliseconds(4)
    /// The most calls read and waiting for their turn; a call read beyond them is answered at
    /// once with `org.freedesktop.DBus.Error.LimitsExceeded`, so that no caller waits on a
    /// backlog that grows without bound.
    public static let backlogLimit = 1024
    /// The most messages read in one turn; the rest wait in the socket for the next.
    static let readLimit = 4096

    /// A window as the bridge last looked at it.
    private struct WindowRecord {
        weak var window: (any AccessibleWindow)?
        let identifier: ObjectIdentifier
        let tracker: AccessibilityChangeTracker
        var isActive: Bool
        /// Whether the window itself was last reported focused (see ``isFocus(_:)``).
        var isFocus = false
    }

    /// Connects to the accessibility bus at `address`, starts answering requests from the
    /// host's run loop and asks the registry to embed the application.
    public init(address: String, host: AccessibilityHost) throws(AccessibilityBusError) {
        do {
            connection = try DBusConnection(address: address)
        } catch {
            throw AccessibilityBusError(error)
        }
        self.host = host
        guard let descriptor = connection.fileDescriptor else {
            throw .cannotConnect(address: address, reason: "the connection has no socket to watch")
        }
        fileDescriptor = descriptor
        host.watchForReading(descriptor, holdingInput: { [weak self] in self?.hasWaitingCalls == true }) {
            [weak self] in self?.receive() ?? false
        }
        embed()
        update()
    }

    /// Asks the bus at `sessionAddress` (the session bus) where the accessibility bus is, as
    /// libatspi does when no other source says (`org.a11y.Bus.GetAddress`, which starts the bus
    /// if it is not running).
    nonisolated public static func accessibilityBusAddress(fromSessionBus sessionAddress: String)
        throws(AccessibilityBusError)
        -> String
    {
        let reply: DBusMessage
        do throws(DBusError) {
            let session = try DBusConnection(address: sessionAddress)
            guard
                let call = DBusMessage.methodCall(
                    destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
                    member: "GetAddress")
            else { throw DBusError.callFailed(member: "GetAddress", reason: "out of memory") }
            reply = try session.call(call, timeout: 5000)
        } catch {
            throw AccessibilityBusError(error)
        }
        var arguments = reply.arguments()
        guard let address = try? arguments.readString(), !address.isEmpty else {
            throw .callFailed(member: "GetAddress", reason: "the answer held no address")
        }
        return address
    }

    /// Whether the registry has embedded the application, so screen readers find it.
    public var isRegistered: Bool { desktop != nil }

    /// Whether the connection to the bus is still open.
    public var isConnected: Bool { fileDescriptor != nil && connection.isConnected }

    /// Stops serving: the connection closes and the registry forgets the application.
    public func close() {
        if let fileDescriptor { host.stopWatching(fileDescriptor) }
        fileDescriptor = nil
        handBackForwardedKeys()
    }

    // MARK: Registering

    private func embed() {
        guard
            let call = DBusMessage.methodCall(
                destination: AtSpi.registry, path: AtSpi.rootPath, interface: AtSpi.Interface.socket, member: "Embed")
        else { return }
        call.append { $0.append(DBusValue.reference(name: connection.uniqueName, path: AtSpi.rootPath)) }
        embedSerial = connection.send(call)
        connection.flush()
    }

    private func embedAnswered(_ reply: DBusMessage) {
        guard reply.kind == .methodReturn else {
            return host.reportProblem("the accessibility registry refused the application: \(reply.errorName ?? "?")")
        }
        var arguments = reply.arguments()
        guard var socket = try? arguments.readContainer(DBusType.structure),
            let name = try? socket.readString(), let path = try? socket.readObjectPath()
        else { return host.reportProblem("the accessibility registry answered Embed with \(reply.signature)") }
        desktop = .reference(name: name, path: path)
    }

    // MARK: Receiving

    /// Whether calls wait for an answer although the socket may have nothing more: calls kept
    /// for the next turn, or messages a flush read while it wrote. The host's loop does not
    /// sleep while it is true.
    private var hasWaitingCalls: Bool { isConnected && (!waiting.isEmpty || connection.hasQueuedMessages) }

    /// Reads what has arrived (refusing calls beyond ``backlogLimit``, noting the registry's
    /// answer), then answers the waiting calls, oldest first, for up to ``answerBudget``.
    /// Returns whether what it did may have changed the views: a call that acts was answered, a
    /// forwarded key came back (the app handles it), or the connection closed; answering only
    /// questions changes nothing, so the loop need not look for changes after it.
    private func receive() -> Bool {
        var mayHaveChanged = false
        var read = 0
        while read < Self.readLimit, let message = connection.nextMessage() {
            read += 1
            switch message.kind {
            case .methodCall where waiting.count < Self.backlogLimit:
                waiting.append(message)
            case .methodCall:
                refuse(message)
            case .methodReturn, .error:
                if message.replySerial == embedSerial, embedSerial != 0 { embedAnswered(message) }
                keyAnswered(message)
                mayHaveChanged = true
            default:
                break
            }
        }
        let start = ContinuousClock.now
        var answered = 0
        while answered < waiting.count, answered == 0 || start.duration(to: .now) < Self.answerBudget {
            if !Self.onlyAsks(waiting[answered]) { mayHaveChanged = true }
            answer(waiting[answered])
            answered += 1
        }
        waiting.removeFirst(answered)
        if !connection.isConnected {
            close()
            mayHaveChanged = true
        }
        connection.flush()
        return mayHaveChanged
    }

    /// Whether `call` only asks (a name, a state, text, extents, whether a row is selected),
    /// so that answering it changes nothing a screen reader is told of. Any other call, and one
    /// not known, may act.
    static func onlyAsks(_ call: DBusMessage) -> Bool {
        guard let member = call.member else { return false }
        if call.interface == AtSpi.Interface.properties { return member == "Get" || member == "GetAll" }
        return member.hasPrefix("Get") || questions.contains(member)
    }

    /// The questions whose names do not start with "Get".
    private static let questions: Set<String> = [
        "Ping", "Contains", "IsSelected", "IsChildSelected", "IsRowSelected", "IsColumnSelected",
    ]

    /// Answers `call` with LimitsExceeded: the backlog is full.
    private func refuse(_ call: DBusMessage) {
        guard !call.expectsNoReply,
            let reply = call.makeError(
                name: "org.freedesktop.DBus.Error.LimitsExceeded",
                message: "\(Self.backlogLimit) calls are waiting already: ask again later")
        else { return }
        connection.send(reply)
    }

    private func answer(_ call: DBusMessage) {
        let reply: DBusMessage?
        do {
            reply = try respond(to: call)
        } catch let error as AtSpiCallError {
            reply = call.makeError(name: error.name, message: error.message)
        } catch {
            reply = call.makeError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "\(error)")
        }
        if !call.expectsNoReply, let reply { connection.send(reply) }
    }

    // MARK: Looking for changes

    /// Compares every window's tree with its last look and sends what changed: windows that
    /// opened or closed, the active window, and each window's events. Call it after each turn
    /// of the run loop that may have changed the views (input, timers, an animation's end, a
    /// call that acts); a turn that only moved animations or answered questions needs none.
    public func update() {
        guard isConnected else { return }
        let now = host.accessibleWindows
        let nowIdentifiers = now.map(ObjectIdentifier.init)
        for (index, record) in windows.enumerated().reversed() where !nowIdentifiers.contains(record.identifier) {
            windows.remove(at: index)
            emit(
                AtSpi.Interface.objectEvents, "ChildrenChanged", from: AtSpi.rootPath, kind: "remove", index,
                any: .reference(name: connection.uniqueName, path: AtSpi.nullPath))
        }
        for (index, window) in now.enumerated() {
            guard let position = windows.firstIndex(where: { $0.identifier == ObjectIdentifier(window) }) else {
                windows.append(
                    WindowRecord(
                        window: window, identifier: ObjectIdentifier(window),
                        tracker: AccessibilityChangeTracker(scene: window.scene), isActive: false))
                emit(
                    AtSpi.Interface.objectEvents, "ChildrenChanged", from: AtSpi.rootPath, kind: "add", index,
                    any: reference(to: window))
                updateActivation(of: windows.count - 1)
                updateFocus(of: windows.count - 1)
                continue
            }
            for event in windows[position].tracker.changes() { emit(event, in: window) }
            updateActivation(of: position)
            updateFocus(of: position)
        }
        connection.flush()
    }

    /// Sends window:activate (or deactivate) and the active state when a window gained or lost
    /// the keyboard focus.
    private func updateActivation(of position: Int) {
        guard let window = windows[position].window, window.hasKeyboardFocus != windows[position].isActive else {
            return
        }
        let active = window.hasKeyboardFocus
        windows[position].isActive = active
        let path = path(of: window)
        emit(AtSpi.Interface.objectEvents, "StateChanged", from: path, kind: "active", active ? 1 : 0)
        emit(
            AtSpi.Interface.windowEvents, active ? "Activate" : "Deactivate", from: path, kind: "",
            any: .string(window.title))
        if active, let focused = window.scene.focusedAccessibilityElement {
            emit(.stateChanged(focused, .focused, isOn: true), in: window)
            emit(.focusChanged(focused), in: window)
        }
    }

    /// Whether `window` itself is the focus: it has the keyboard focus and none of its elements
    /// has. GTK 3 reports such a window focused (its accessibility focus tracker falls back on
    /// the window when it has no focus widget), so a screen reader looking for the focus finds it
    /// at the window instead of searching the whole tree, a call per element.
    func isFocus(_ window: any AccessibleWindow) -> Bool {
        window.hasKeyboardFocus && window.scene.focusedAccessibilityElement == nil
    }

    /// Sends the window's focused state, and a focus event when it gains it, when the window
    /// became or stopped being the focus (see ``isFocus(_:)``).
    private func updateFocus(of position: Int) {
        guard let window = windows[position].window, isFocus(window) != windows[position].isFocus else { return }
        let focus = isFocus(window)
        windows[position].isFocus = focus
        let path = path(of: window)
        emit(AtSpi.Interface.objectEvents, "StateChanged", from: path, kind: "focused", focus ? 1 : 0)
        if focus { emit(AtSpi.Interface.focusEvents, "Focus", from: path, kind: "") }
    }
}
