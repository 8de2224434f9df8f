/// A value of one of the D-Bus types AT-SPI2's properties and events carry.
package enum DBusValue {
    case string(String)
    case int(Int)
    case uint(UInt32)
    case double(Double)
    case bool(Bool)
    /// An object reference `(so)`: a bus name and an object path.
    case reference(name: String, path: String)

    /// The value's D-Bus signature.
    package var signature: String {
        switch self {
        case .string: return "s"
        case .int: return "i"
        case .uint: return "u"
        case .double: return "d"
        case .bool: return "b"
        case .reference: return "(so)"
        }
    }
}

extension DBusWriter {
    /// Appends `value` as its own type.
    package mutating func append(_ value: DBusValue) {
        switch value {
        case let .string(text): append(text)
        case let .int(number): append(number)
        case let .uint(number): append(number)
        case let .double(number): append(number)
        case let .bool(flag): append(flag)
        case let .reference(name, path):
            appendStruct {
                $0.append(name)
                $0.append(objectPath: path)
            }
        }
    }

    /// Appends `value` wrapped in a variant.
    package mutating func appendVariant(_ value: DBusValue) {
        appendVariant(value.signature) { $0.append(value) }
    }
}
