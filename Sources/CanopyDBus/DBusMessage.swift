import CDBus

/// One D-Bus message (a method call, its reply or error, or a signal), holding a reference to
/// libdbus's message for as long as it lives.
package final class DBusMessage {
    /// The libdbus message.
    let pointer: OpaquePointer

    /// The kinds of message.
    package enum Kind: Int32 {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// Wraps `pointer`, taking over the reference the caller holds.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { dbus.message_unref(pointer) }

    /// A method call to `member` of `interface` on the object at `path` of `destination`.
    package static func methodCall(destination: String, path: String, interface: String, member: String) -> DBusMessage?
    {
        dbus.message_new_method_call(destination, path, interface, member).map(DBusMessage.init(taking:))
    }

    /// A signal `member` of `interface` from the object at `path`, to whoever listens.
    package static func signal(path: String, interface: String, member: String) -> DBusMessage? {
        dbus.message_new_signal(path, interface, member).map(DBusMessage.init(taking:))
    }

    /// The reply to this method call, with no arguments yet.
    package func makeReturn() -> DBusMessage? {
        dbus.message_new_method_return(pointer).map(DBusMessage.init(taking:))
    }

    /// An error reply to this method call.
    package func makeError(name: String, message: String) -> DBusMessage? {
        dbus.message_new_error(pointer, name, message).map(DBusMessage.init(taking:))
    }

    /// What kind of message it is; `nil` for a kind this code does not know.
    package var kind: Kind? { Kind(rawValue: dbus.message_get_type(pointer)) }
    /// The object path it is for (calls) or from (signals).
    package var path: String? { dbus.message_get_path(pointer).map { String(cString: $0) } }
    /// The interface of the member.
    package var interface: String? { dbus.message_get_interface(pointer).map { String(cString: $0) } }
    /// The method or signal name.
    package var member: String? { dbus.message_get_member(pointer).map { String(cString: $0) } }
    /// The unique bus name of the sender.
    package var sender: String? { dbus.message_get_sender(pointer).map { String(cString: $0) } }
    /// The types of the arguments, as a D-Bus signature.
    package var signature: String { dbus.message_get_signature(pointer).map { String(cString: $0) } ?? "" }
    /// The error's name, for an error reply.
    package var errorName: String? { dbus.message_get_error_name(pointer).map { String(cString: $0) } }
    /// The serial of the call this message answers, for a reply.
    package var replySerial: UInt32 { dbus.message_get_reply_serial(pointer) }
    /// Whether the sender waits for no reply.
    package var expectsNoReply: Bool { dbus.message_get_no_reply(pointer) != 0 }

    /// Reads the arguments from the first.
    package func arguments() -> DBusReader { DBusReader(message: self) }

    /// Appends arguments after those already there.
    package func append(_ body: (inout DBusWriter) -> Void) {
        var iterator = CanopyDBusMessageIter()
        dbus.message_iter_init_append(pointer, &iterator)
        withUnsafeMutablePointer(to: &iterator) { iterator in
            var writer = DBusWriter(iterator: iterator)
            body(&writer)
        }
    }
}
