import CX11
import Canopy

/// A copy too large for one request on its way to another client in chunks, by ICCCM's INCR
/// protocol: the owner puts an INCR marker (the size) in the requestor's property and then,
/// each time the requestor deletes the property (it has read the value), writes the next chunk,
/// ending with an empty one. The transfer holds the bytes it was given (the copy's encoding,
/// whose storage the transfers of the same copy share and nothing changes), so copying again
/// meanwhile does not change what this requestor receives.
@MainActor final class SelectionTransfer {
    /// The window the bytes go to.
    let requestor: XID
    /// The requestor's property they go into.
    let property: Atom
    /// The requestor's event mask for this client before the transfer watched it.
    let originalMask: Int
    /// Whether the empty chunk that ends the transfer has been written.
    private(set) var isFinished = false
    /// Drops the transfer when the requestor does not read its next chunk in time.
    var watchdog: ScheduledAction?
    private let display: OpaquePointer
    private let type: Atom
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var sent = 0

    /// Starts sending `bytes` of `type` to `property` of `requestor` in chunks of `chunkSize`:
    /// watches the requestor's properties and its destruction (on top of `originalMask`) and
    /// writes the INCR marker.
    init(
        display: OpaquePointer, requestor: XID, property: Atom, type: Atom, bytes: [UInt8], chunkSize: Int,
        incr: Atom, originalMask: Int
    ) {
        self.display = display
        self.requestor = requestor
        self.property = property
        self.type = type
        self.bytes = bytes
        self.chunkSize = chunkSize
        self.originalMask = originalMask
        XSelectInput(display, requestor, originalMask | PropertyChangeMask | StructureNotifyMask)
        var size = [bytes.count]
        XChangeProperty(display, requestor, property, incr, 32, PropModeReplace, &size, 1)
    }

    /// The requestor deleted one of its properties: if it was this transfer's, it has read the
    /// last chunk and the next one (the empty one at the end) is written. Returns whether it was.
    func propertyDeleted(_ event: XPropertyEvent) -> Bool {
        guard !isFinished, event.window == requestor, event.atom == property, event.state == PropertyDelete
        else { return false }
        let count = min(chunkSize, bytes.count - sent)
        bytes.withUnsafeBufferPointer { buffer in
            let chunk = UnsafeMutablePointer(mutating: buffer.baseAddress.map { $0 + sent })
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, chunk, Int32(count))
        }
        sent += count
        isFinished = count == 0
        return true
    }
}
