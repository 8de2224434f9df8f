import CanopyDBus

/// Why the accessibility bus could not be used. An app goes on without screen reader support,
/// having said so once.
public enum AccessibilityBusError: Error, Equatable, CustomStringConvertible {
    /// The bus at `address` could not be reached or refused the connection.
    case cannotConnect(address: String, reason: String)
    /// A call to the bus (or the registry on it) failed.
    case callFailed(member: String, reason: String)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case let .cannotConnect(address, reason):
            return "cannot connect to the accessibility bus at \(address): \(reason)"
        case let .callFailed(member, reason):
            return "the accessibility bus did not answer \(member): \(reason)"
        }
    }
}

extension AccessibilityBusError {
    /// The accessibility bus's form of a D-Bus `error`.
    init(_ error: DBusError) {
        switch error {
        case let .cannotConnect(address, reason): self = .cannotConnect(address: address, reason: reason)
        case let .callFailed(member, reason): self = .callFailed(member: member, reason: reason)
        }
    }
}
