import CX11
import CanopyAccessibility

#if canImport(Glibc)
    import Glibc
#endif

/// Where the desktop's accessibility bus is, looked for as libatspi looks: `$AT_SPI_BUS_ADDRESS`;
/// else the `AT_SPI_BUS` property of the root window (set by at-spi-bus-launcher); else, when
/// there is a session bus, its `org.a11y.Bus.GetAddress`. `$NO_AT_BRIDGE=1` turns accessibility
/// off, as it does for GTK.
@MainActor enum AccessibilityBusAddress {
    /// The address, or `nil` when nothing says there is a bus (then nothing is connected to).
    static func find(on connection: DisplayConnection) throws(AccessibilityBusError) -> String? {
        if environment("NO_AT_BRIDGE") == "1" { return nil }
        if let address = environment("AT_SPI_BUS_ADDRESS"), !address.isEmpty { return address }
        if let address = rootWindowProperty(on: connection), !address.isEmpty { return address }
        guard let session = environment("DBUS_SESSION_BUS_ADDRESS"), !session.isEmpty else { return nil }
        return try AccessibilityBridge.accessibilityBusAddress(fromSessionBus: session)
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The root window's `AT_SPI_BUS` string, if the atom and the property exist.
    private static func rootWindowProperty(on connection: DisplayConnection) -> String? {
        let display = connection.display
        let atom = XInternAtom(display, "AT_SPI_BUS", 1)  // only if some client made it
        guard atom != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, connection.root, atom, 0, 4096, 0, XA_STRING, &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type == XA_STRING, format == 8, let data, count > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
