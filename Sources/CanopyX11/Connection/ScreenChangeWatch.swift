import CX11

/// Follows RandR's news that the screen changed: its size (a resolution switched, a display
/// rotated), a monitor plugged in or out, an output reconfigured. Pop-ups are then placed on the
/// screen as it is now, not as it was when the app started.
///
/// Selected on the root window once the first frame is up: one request and no round trip (the
/// extension's event numbers are known by then, from reading the monitors).
struct ScreenChangeWatch {
    private let eventBase: Int32

    /// Starts watching `connection`'s screen; `nil` when the server has no RandR.
    @MainActor init?(connection: DisplayConnection) {
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        guard XRRQueryExtension(connection.display, &eventBase, &errorBase) != 0 else { return nil }
        self.eventBase = eventBase
        let mask = RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask | RROutputChangeNotifyMask
        XRRSelectInput(connection.display, connection.root, Int32(mask))
    }

    /// Whether `event` tells that the screen changed; for a new screen size, brings Xlib's own
    /// idea of the screen's size up to date.
    func isScreenChange(_ event: inout XEvent) -> Bool {
        switch event.type - eventBase {
        case RRScreenChangeNotify:
            XRRUpdateConfiguration(&event)
            return true
        case RRNotify:
            return true
        default:
            return false
        }
    }
}
