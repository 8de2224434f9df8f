import CDBus

/// Reads the arguments of a D-Bus message in order, checking each one's type.
package struct DBusReader {
    private var iterator = CanopyDBusMessageIter()
    private var isAtEnd: Bool
    /// Keeps the message alive while its arguments are read.
    private let message: DBusMessage

    /// An argument was missing or of another type than the method takes.
    package struct WrongArguments: Error {
        /// What was expected, and what came.
        let description: String
    }

    init(message: DBusMessage) {
        self.message = message
        isAtEnd = dbus.message_iter_init(message.pointer, &iterator) == 0
    }

    private init(message: DBusMessage, iterator: CanopyDBusMessageIter) {
        self.message = message
        self.iterator = iterator
        isAtEnd = dbus.message_iter_get_arg_type(&self.iterator) == DBusType.invalid
    }

    private mutating func basic<Value: BitwiseCopyable>(_ type: Int32, _ initial: Value) throws(WrongArguments)
        -> Value
    {
        guard !isAtEnd, dbus.message_iter_get_arg_type(&iterator) == type else {
            throw WrongArguments(
                description: "expected \(Character(Unicode.Scalar(UInt8(type)))) at \(message.signature)")
        }
        var value = initial
        withUnsafeMutableBytes(of: &value) { dbus.message_iter_get_basic(&iterator, $0.baseAddress) }
        isAtEnd = dbus.message_iter_next(&iterator) == 0
        return value
    }

    /// The type code of the next argument (a ``DBusType``), or ``DBusType/invalid`` at the end.
    package var nextType: Int32 {
        guard !isAtEnd else { return DBusType.invalid }
        var copy = iterator
        return dbus.message_iter_get_arg_type(&copy)
    }

    /// Reads a signed 32-bit integer.
    package mutating func readInt() throws(WrongArguments) -> Int { Int(try basic(DBusType.int32, Int32(0))) }

    /// Reads an unsigned 32-bit integer.
    package mutating func readUInt32() throws(WrongArguments) -> UInt32 { try basic(DBusType.uint32, UInt32(0)) }

    /// Reads a boolean.
    package mutating func readBool() throws(WrongArguments) -> Bool {
        try basic(DBusType.boolean, CanopyDBusBool(0)) != 0
    }

    /// Reads a double.
    package mutating func readDouble() throws(WrongArguments) -> Double { try basic(DBusType.double, 0.0) }

    /// Reads a string.
    package mutating func readString() throws(WrongArguments) -> String {
        let pointer = try basic(DBusType.string, UnsafePointer<CChar>?.none)
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// Reads an object path.
    package mutating func readObjectPath() throws(WrongArguments) -> String {
        let pointer = try basic(DBusType.objectPath, UnsafePointer<CChar>?.none)
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// Steps into the container (struct, variant, array) that is the next argument, and past it.
    package mutating func readContainer(_ type: Int32) throws(WrongArguments) -> DBusReader {
        guard !isAtEnd, dbus.message_iter_get_arg_type(&iterator) == type else {
            throw WrongArguments(description: "expected a container at \(message.signature)")
        }
        var child = CanopyDBusMessageIter()
        dbus.message_iter_recurse(&iterator, &child)
        isAtEnd = dbus.message_iter_next(&iterator) == 0
        return DBusReader(message: message, iterator: child)
    }
}
