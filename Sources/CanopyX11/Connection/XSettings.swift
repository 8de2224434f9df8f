/// The settings an XSETTINGS manager (xsettingsd, a desktop's settings daemon) publishes in the
/// `_XSETTINGS_SETTINGS` property of its selection owner's window, parsed from the wire format of
/// the freedesktop XSETTINGS specification: a byte-order byte, a serial, then each setting's
/// type, name, last-change serial and value.
struct XSettings: Equatable {
    /// A setting's value.
    enum Value: Equatable {
        case integer(Int32)
        case string(String)
        /// Sixteen bits a channel.
        case color(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16)
    }

    /// Why a property is not a settings list; the description is one line for standard error.
    struct FormatError: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// The manager's serial, raised with each change.
    let serial: UInt32
    /// The settings by name ("Xft/DPI", "Net/DoubleClickTime"...).
    let values: [String: Value]

    init(serial: UInt32, values: [String: Value]) {
        self.serial = serial
        self.values = values
    }

    /// Parses the property's bytes; anything short, unknown or inconsistent throws, so a
    /// malformed property is reported and ignored as a whole.
    init(parsing bytes: [UInt8]) throws(FormatError) {
        var reader = Reader(bytes: bytes)
        let order = try reader.byte("the byte order")
        guard order <= 1 else { throw FormatError(description: "the byte order \(order) is neither 0 nor 1") }
        reader.isBigEndian = order == 1
        try reader.skip(3, "the header")
        serial = try reader.card32("the serial")
        let count = try reader.card32("the number of settings")
        // Each setting takes at least 12 bytes: a count beyond that is garbage, not a reason to wait.
        guard Int(count) <= reader.remaining / 12 else {
            throw FormatError(description: "it claims \(count) settings in \(bytes.count) bytes")
        }
        var values: [String: Value] = [:]
        for _ in 0..<count {
            let type = try reader.byte("a setting's type")
            try reader.skip(1, "a setting's header")
            let nameLength = Int(try reader.card16("a setting's name length"))
            let name = try reader.string(length: nameLength, "a setting's name")
            _ = try reader.card32("the serial of \(name)")
            switch type {
            case 0: values[name] = .integer(Int32(bitPattern: try reader.card32("the value of \(name)")))
            case 1:
                let length = Int(try reader.card32("the length of \(name)"))
                values[name] = .string(try reader.string(length: length, "the value of \(name)"))
            case 2:
                let red = try reader.card16("the colour \(name)"), blue = try reader.card16("the colour \(name)")
                let green = try reader.card16("the colour \(name)"), alpha = try reader.card16("the colour \(name)")
                values[name] = .color(red: red, green: green, blue: blue, alpha: alpha)
            default: throw FormatError(description: "the setting \(name) has the unknown type \(type)")
            }
        }
        self.values = values
    }

    /// Reads the wire format's fields in order, throwing where the bytes run out.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var isBigEndian = false

        var remaining: Int { bytes.count - offset }

        private mutating func take(_ count: Int, _ what: String) throws(FormatError) -> ArraySlice<UInt8> {
            guard count >= 0, count <= remaining else {
                throw FormatError(description: "it ends inside \(what) (\(bytes.count) bytes)")
            }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func skip(_ count: Int, _ what: String) throws(FormatError) { _ = try take(count, what) }

        mutating func byte(_ what: String) throws(FormatError) -> UInt8 { try take(1, what).first ?? 0 }

        mutating func card16(_ what: String) throws(FormatError) -> UInt16 {
            UInt16(truncatingIfNeeded: number(try take(2, what)))
        }

        mutating func card32(_ what: String) throws(FormatError) -> UInt32 {
            UInt32(truncatingIfNeeded: number(try take(4, what)))
        }

        /// `length` bytes of UTF-8, then the padding to a multiple of four.
        mutating func string(length: Int, _ what: String) throws(FormatError) -> String {
            let text = try take(length, what)
            try skip((4 - length % 4) % 4, "the padding after \(what)")
            return String(decoding: text, as: UTF8.self)
        }

        private func number(_ field: ArraySlice<UInt8>) -> UInt64 {
            let ordered = isBigEndian ? Array(field) : field.reversed()
            return ordered.reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
