import CDBus

#if canImport(Glibc)
    import Glibc
#endif

/// A private connection to a D-Bus message bus (the accessibility bus, the session bus to ask
/// for it, or the session bus's desktop portal), registered on the bus and driven from the caller's run loop: the caller watches
/// ``fileDescriptor`` and takes ``nextMessage()``s when it is readable or while
/// ``hasQueuedMessages``.
package final class DBusConnection {
    private let pointer: OpaquePointer
    /// The unique name the bus gave this connection (":1.42").
    package let uniqueName: String

    /// Connects to the bus at `address` and registers on it (one round trip, the bus's Hello).
    package init(address: String) throws(DBusError) {
        guard LibDBus.isLoaded else {
            throw .cannotConnect(address: address, reason: "libdbus-1.so.3 is missing (install libdbus-1-3)")
        }
        var error = CanopyDBusError()
        dbus.error_init(&error)
        defer { dbus.error_free(&error) }
        guard let connection = dbus.connection_open_private(address, &error) else {
            throw .cannotConnect(address: address, reason: Self.text(of: error))
        }
        dbus.connection_set_exit_on_disconnect(connection, 0)
        guard dbus.bus_register(connection, &error) != 0, let name = dbus.bus_get_unique_name(connection) else {
            dbus.connection_close(connection)
            dbus.connection_unref(connection)
            throw .cannotConnect(address: address, reason: Self.text(of: error))
        }
        pointer = connection
        uniqueName = String(cString: name)
    }

    deinit {
        dbus.connection_close(pointer)
        dbus.connection_unref(pointer)
    }

    private static func text(of error: CanopyDBusError) -> String {
        error.message.map { String(cString: $0) } ?? "no reason given"
    }

    /// The socket to watch for incoming messages; `nil` if the connection has none.
    package var fileDescriptor: Int32? {
        var descriptor: Int32 = -1
        return dbus.connection_get_unix_fd(pointer, &descriptor) != 0 ? descriptor : nil
    }

    /// Whether the connection is still open.
    package var isConnected: Bool { dbus.connection_get_is_connected(pointer) != 0 }

    /// Queues `message` and writes what the socket takes now; ``flush()`` writes the rest.
    /// Returns the serial it was sent with (0 when it could not be queued).
    @discardableResult
    package func send(_ message: DBusMessage) -> UInt32 {
        var serial: UInt32 = 0
        return dbus.connection_send(pointer, message.pointer, &serial) != 0 ? serial : 0
    }

    /// Writes every queued message, waiting for the socket if it must.
    package func flush() {
        dbus.connection_flush(pointer)
    }

    /// Whether messages already read from the socket wait in the connection's queue: a flush
    /// reads what arrives while it writes, and the socket is then not readable although there
    /// is something to answer.
    package var hasQueuedMessages: Bool { dbus.connection_get_dispatch_status(pointer) == 0 }

    /// The next message that has arrived, without waiting: one already queued, else one read
    /// from the socket (reading on while the socket holds the rest of a long one, up to
    /// ``readsPerMessage`` reads of libdbus's 2 KiB); `nil` when none is complete yet.
    package func nextMessage() -> DBusMessage? {
        for _ in 0..<Self.readsPerMessage {
            if let message = dbus.connection_pop_message(pointer) { return DBusMessage(taking: message) }
            guard isReadable else { return nil }
            _ = dbus.connection_read_write(pointer, 0)
        }
        return dbus.connection_pop_message(pointer).map { DBusMessage(taking: $0) }
    }

    /// The most reads one ``nextMessage()`` makes (8 MiB); a longer message is read on the next
    /// time round, so no single sender holds the caller longer.
    package static let readsPerMessage = 4096

    /// Whether the socket has data (or has hung up) now.
    private var isReadable: Bool {
        guard let fileDescriptor else { return false }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Sends `message` and waits up to `timeout` milliseconds for its reply.
    package func call(_ message: DBusMessage, timeout: Int32) throws(DBusError) -> DBusMessage {
        var error = CanopyDBusError()
        dbus.error_init(&error)
        defer { dbus.error_free(&error) }
        guard let reply = dbus.connection_send_with_reply_and_block(pointer, message.pointer, timeout, &error) else {
            throw .callFailed(member: message.member ?? "?", reason: Self.text(of: error))
        }
        return DBusMessage(taking: reply)
    }
}
