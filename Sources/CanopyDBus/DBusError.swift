/// Why a D-Bus bus could not be used: it could not be reached, or a call to it failed.
package enum DBusError: Error, Equatable, CustomStringConvertible {
    /// The bus at `address` could not be reached or refused the connection.
    case cannotConnect(address: String, reason: String)
    /// A call failed, or got no answer in time.
    case callFailed(member: String, reason: String)

    /// A sentence saying what went wrong.
    package var description: String {
        switch self {
        case let .cannotConnect(address, reason): "cannot connect to the D-Bus bus at \(address): \(reason)"
        case let .callFailed(member, reason): "the D-Bus call \(member) failed: \(reason)"
        }
    }
}
