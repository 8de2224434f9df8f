import Canopy
import CanopyDBus

/// The colour scheme the freedesktop portal's settings ask for (`color-scheme` in
/// `org.freedesktop.appearance`, read from `org.freedesktop.portal.Settings` on the session bus
/// as GTK 4 and libadwaita read it): 1 prefers dark, 2 prefers light, 0 (or a value the portal
/// specification does not know) has no preference.
///
/// Nothing waits for the portal: `ReadOne` (or the older `Read`, for a portal that does not have
/// it) is sent, the answer is taken when the run loop sees it arrive, and `SettingChanged` is
/// followed from then on. An answer of another type is said on standard error (one line) and
/// ignored; with no portal on the bus the scheme stays unknown.
@MainActor final class ColorSchemePortal {
    /// What the portal asks for; `nil` before it answered, without a portal, or with no
    /// preference.
    private(set) var colorScheme: ColorScheme?
    /// Whether the first read has had its answer (a value, a wrong one, or an error).
    private(set) var hasAnswered = false
    private let connection: DBusConnection
    private unowned let application: Application
    private let fileDescriptor: Int32
    /// Called when ``colorScheme`` changes.
    private let changed: @MainActor () -> Void
    /// The serial of the read waiting for its answer (0 when none is).
    private var readSerial: UInt32 = 0
    /// Whether the read sent was the older `Read`, after `ReadOne` was unknown.
    private var readsTheOlderWay = false

    static let service = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"
    static let namespace = "org.freedesktop.appearance"
    static let key = "color-scheme"

    /// Connects to the session bus at `address`, listens for the portal's `SettingChanged`,
    /// sends the first read and watches the bus in `application`'s run loop; `changed` is called
    /// whenever the portal's scheme changes.
    init(address: String, application: Application, changed: @escaping @MainActor () -> Void) throws(DBusError) {
        connection = try DBusConnection(address: address)
        guard let descriptor = connection.fileDescriptor else {
            throw .cannotConnect(address: address, reason: "the connection has no socket to watch")
        }
        fileDescriptor = descriptor
        self.application = application
        self.changed = changed
        listenForChanges()  // before the read, so that no change falls between the two
        read(member: "ReadOne")
        connection.flush()
        application.addReadHandler(for: descriptor, holdingInput: { [weak self] in self?.isHoldingMessages == true }) {
            [weak self] in self?.receive()
        }
    }

    /// Stops watching the bus (the connection closes with the watch).
    func close() {
        application.removeReadHandler(for: fileDescriptor)
    }

    private var isHoldingMessages: Bool { connection.isConnected && connection.hasQueuedMessages }

    private func listenForChanges() {
        guard
            let call = DBusMessage.methodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "AddMatch")
        else { return }
        let rule =
            "type='signal',sender='\(Self.service)',path='\(Self.path)',interface='\(Self.interface)',"
            + "member='SettingChanged',arg0='\(Self.namespace)',arg1='\(Self.key)'"
        call.append { $0.append(rule) }
        connection.send(call)
    }

    private func read(member: String) {
        guard
            let call = DBusMessage.methodCall(
                destination: Self.service, path: Self.path, interface: Self.interface, member: member)
        else { return }
        call.append {
            $0.append(Self.namespace)
            $0.append(Self.key)
        }
        readSerial = connection.send(call)
    }

    /// Takes what has arrived: the read's answer, and changes.
    private func receive() {
        while let message = connection.nextMessage() {
            switch message.kind {
            case .methodReturn where message.replySerial == readSerial && readSerial != 0:
                readSerial = 0
                hasAnswered = true
                var arguments = message.arguments()
                take(&arguments)
            case .error where message.replySerial == readSerial && readSerial != 0:
                readSerial = 0
                readFailed(message.errorName ?? "")
                hasAnswered = readSerial == 0  // unless the older read was sent
            case .signal
            where message.interface == Self.interface && message.member == "SettingChanged"
                && message.path == Self.path:
                var arguments = message.arguments()
                guard (try? arguments.readString()) == Self.namespace, (try? arguments.readString()) == Self.key
                else { continue }
                take(&arguments)
            default:
                break
            }
        }
        if !connection.isConnected { close() }
    }

    /// A portal older than `ReadOne` is asked with `Read`; no portal, or one that has no such
    /// setting, leaves the scheme unknown; other failures are said.
    private func readFailed(_ name: String) {
        switch name {
        case "org.freedesktop.DBus.Error.UnknownMethod" where !readsTheOlderWay:
            readsTheOlderWay = true
            read(member: "Read")
            connection.flush()
        case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
            "org.freedesktop.portal.Error.NotFound", "org.freedesktop.DBus.Error.UnknownMethod":
            break
        default:
            reportProblem("the desktop portal did not give its colour scheme: \(name)")
        }
    }

    /// Takes the setting's value, the variant `arguments` is at (nested once more in `Read`'s
    /// answer), as the new scheme; a value of another type is said and ignored.
    private func take(_ arguments: inout DBusReader) {
        var value = arguments
        for _ in 0..<2 where value.nextType == DBusType.variant {
            guard let inner = try? value.readContainer(DBusType.variant) else { break }
            value = inner
        }
        guard let number = try? value.readUInt32() else {
            let type = value.nextType == DBusType.invalid ? "nothing" : "type '\(Self.typeName(value.nextType))'"
            return reportProblem("the desktop portal gave \(Self.key) as \(type), not a number ('u'); ignored")
        }
        let scheme: ColorScheme? =
            switch number {
            case 1: .dark
            case 2: .light
            default: nil  // 0, and values the specification says to read as 0
            }
        guard scheme != colorScheme else { return }
        colorScheme = scheme
        changed()
    }

    private static func typeName(_ type: Int32) -> Character {
        Character(Unicode.Scalar(UInt8(truncatingIfNeeded: type)))
    }
}
