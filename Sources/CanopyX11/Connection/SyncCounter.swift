import CX11

/// The XSync counter a window manager watches during an interactive resize
/// (`_NET_WM_SYNC_REQUEST`): before each new size it sends the window a number, and it draws
/// the frame around the window at that size only once the counter holds that number, which
/// the window sets after it has presented its frame at the new size. So a compositing window
/// manager never shows a frame of the wrong size (torn or stale).
///
/// Made through XCB with the extension prefetched at connection, it costs no round trip.
@MainActor final class SyncCounter {
    /// The counter's XID, published in the window's `_NET_WM_SYNC_REQUEST_COUNTER`.
    let id: UInt32
    private let connection: DisplayConnection

    /// A counter at zero, or `nil` when the server has no SYNC extension.
    init?(connection: DisplayConnection) {
        guard connection.prepareSync() else { return nil }
        self.connection = connection
        id = xcb_generate_id(connection.xcb)
        xcb_sync_create_counter(connection.xcb, id, xcb_sync_int64_t(hi: 0, lo: 0))
    }

    /// Sets the counter to `value`: the frame for the size the window manager announced with it
    /// is on the screen.
    func set(_ value: Int64) {
        let bits = UInt64(bitPattern: value)
        xcb_sync_set_counter(
            connection.xcb, id,
            xcb_sync_int64_t(hi: Int32(truncatingIfNeeded: bits >> 32), lo: UInt32(truncatingIfNeeded: bits)))
    }

    /// Frees the counter on the server.
    func destroy() {
        xcb_sync_destroy_counter(connection.xcb, id)
    }
}
