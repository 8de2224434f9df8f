import CDBus

/// Appends D-Bus values to a message, or to a container (array, struct, variant, dictionary
/// entry) inside one.
package struct DBusWriter {
    private let iterator: UnsafeMutablePointer<CanopyDBusMessageIter>

    init(iterator: UnsafeMutablePointer<CanopyDBusMessageIter>) {
        self.iterator = iterator
    }

    /// Appends a boolean (`b`).
    package mutating func append(_ value: Bool) {
        var word: CanopyDBusBool = value ? 1 : 0
        _ = dbus.message_iter_append_basic(iterator, DBusType.boolean, &word)
    }

    /// Appends a signed 32-bit integer (`i`), clamped to its range.
    package mutating func append(_ value: Int) {
        var word = Int32(clamping: value)
        _ = dbus.message_iter_append_basic(iterator, DBusType.int32, &word)
    }

    /// Appends an unsigned 32-bit integer (`u`).
    package mutating func append(_ value: UInt32) {
        var word = value
        _ = dbus.message_iter_append_basic(iterator, DBusType.uint32, &word)
    }

    /// Appends a signed 16-bit integer (`n`).
    package mutating func append(_ value: Int16) {
        var word = value
        _ = dbus.message_iter_append_basic(iterator, DBusType.int16, &word)
    }

    /// Appends a double (`d`).
    package mutating func append(_ value: Double) {
        var word = value
        _ = dbus.message_iter_append_basic(iterator, DBusType.double, &word)
    }

    /// Appends a string (`s`); a NUL inside ends it, as D-Bus strings cannot hold one.
    package mutating func append(_ value: String) {
        appendText(value, type: DBusType.string)
    }

    /// Appends an object path (`o`), which must be a valid one.
    package mutating func append(objectPath: String) {
        appendText(objectPath, type: DBusType.objectPath)
    }

    private mutating func appendText(_ value: String, type: Int32) {
        value.withCString { text in
            var pointer: UnsafePointer<CChar>? = text
            _ = dbus.message_iter_append_basic(iterator, type, &pointer)
        }
    }

    /// Appends a struct, filled by `body`.
    package mutating func appendStruct(_ body: (inout DBusWriter) -> Void) {
        appendContainer(DBusType.structure, signature: nil, body)
    }

    /// Appends an array of elements of type `elementSignature`, filled by `body`.
    package mutating func appendArray(of elementSignature: String, _ body: (inout DBusWriter) -> Void) {
        appendContainer(DBusType.array, signature: elementSignature, body)
    }

    /// Appends a dictionary entry, filled by `body` with the key and the value.
    package mutating func appendEntry(_ body: (inout DBusWriter) -> Void) {
        appendContainer(DBusType.dictionaryEntry, signature: nil, body)
    }

    /// Appends a variant holding one value of type `signature`, written by `body`.
    package mutating func appendVariant(_ signature: String, _ body: (inout DBusWriter) -> Void) {
        appendContainer(DBusType.variant, signature: signature, body)
    }

    private mutating func appendContainer(_ type: Int32, signature: String?, _ body: (inout DBusWriter) -> Void) {
        let child = UnsafeMutablePointer<CanopyDBusMessageIter>.allocate(capacity: 1)
        defer { child.deallocate() }
        child.initialize(to: CanopyDBusMessageIter())
        let opened: CanopyDBusBool
        if let signature {
            opened = signature.withCString { dbus.message_iter_open_container(iterator, type, $0, child) }
        } else {
            opened = dbus.message_iter_open_container(iterator, type, nil, child)
        }
        guard opened != 0 else { return }
        var writer = DBusWriter(iterator: child)
        body(&writer)
        _ = dbus.message_iter_close_container(iterator, child)
    }
}

/// The type codes of the D-Bus wire format.
package enum DBusType {
    package static let boolean = Int32(UInt8(ascii: "b"))
    package static let int16 = Int32(UInt8(ascii: "n"))
    package static let int32 = Int32(UInt8(ascii: "i"))
    package static let uint32 = Int32(UInt8(ascii: "u"))
    package static let double = Int32(UInt8(ascii: "d"))
    package static let string = Int32(UInt8(ascii: "s"))
    package static let objectPath = Int32(UInt8(ascii: "o"))
    package static let array = Int32(UInt8(ascii: "a"))
    package static let structure = Int32(UInt8(ascii: "r"))
    package static let dictionaryEntry = Int32(UInt8(ascii: "e"))
    package static let variant = Int32(UInt8(ascii: "v"))
    package static let invalid = Int32(0)
}
