import CX11

/// Decides when the run loop may present a frame, so that frames never pile up in the X
/// server's queue and never come faster than the display refreshes.
///
/// - **At most two frames in flight.** A frame is in flight from the moment its requests are
///   sent until the server is known to have processed them. Xlib learns how far the server has
///   got from the sequence number every event, reply and error carries
///   (`XLastKnownRequestProcessed`), so nothing has to be waited for. A frame that makes two in
///   flight is followed by a *receipt*: a `ClientMessage` the app sends to its own window with
///   an empty event mask, which the server delivers to this client alone once it has processed
///   everything sent before it, and the loop reads like any other event. (A frame that makes
///   one needs none: the next may go out regardless.) While two frames are in flight nothing
///   is drawn: damage and animation steps gather in the scene, and the next frame shows the
///   latest state, so a slow server or link drops frames instead of queueing them and an
///   animation still ends on time. On a fast server the receipt is back long before the next
///   refresh, so no frame ever waits for it.
/// - **At most one frame per display refresh** for what changes by itself (animations, views
///   that ask to be redrawn from `draw`): a frame is presented at once when the previous one
///   went out a refresh period or more ago, otherwise at the next refresh slot. A frame that
///   answers a key, a button or a window's new size goes out at once (still within the two in
///   flight), so input never waits for a slot; it takes the place of the slot's frame.
@MainActor final class FramePacer {
    /// When the next frame may be presented.
    enum Readiness: Equatable {
        /// Now.
        case now
        /// At this time on the loop's clock: the next refresh slot.
        case at(Double)
        /// Once a receipt or another event shows the server has caught up.
        case afterServer
    }

    /// The most frames whose requests may be at the server unprocessed.
    static let maximumFramesInFlight = 2

    /// The time between presented frames: the display's refresh period.
    var interval: Double
    /// Whether frames are paced at all; turned off only to measure what pacing changes. Frames
    /// sent meanwhile asked for no receipt, so none of them is waited for afterwards.
    var isEnabled = true {
        didSet { unconfirmedFrames.removeAll() }
    }
    /// The most frames that were ever in flight at once.
    private(set) var mostFramesInFlight = 0

    private let display: OpaquePointer
    /// The serial of the last request of each frame the server has not been seen to process,
    /// oldest first.
    private var unconfirmedFrames: [UInt] = []
    /// The serial of the last receipt sent.
    private var lastReceipt: UInt = 0
    /// The refresh slot of the last frame presented: its time, kept in step with the refresh
    /// while frames follow each other.
    private var lastSlot: Double?
    /// How early a frame may come for its slot: the loop's timeouts are whole milliseconds.
    private static let slotTolerance = 0.001

    init(display: OpaquePointer, interval: Double) {
        self.display = display
        self.interval = interval
    }

    /// How many presented frames the server has not yet been seen to process.
    var framesInFlight: Int {
        forgetConfirmedFrames()
        return unconfirmedFrames.count
    }

    /// Drops the frames the server has been seen to process.
    private func forgetConfirmedFrames() {
        let processed = XLastKnownRequestProcessed(display)
        unconfirmedFrames.removeAll { $0 <= processed }
    }

    /// Whether a receipt is on its way: the server has not been seen to process it yet.
    var isAwaitingReceipt: Bool { XLastKnownRequestProcessed(display) < lastReceipt }

    /// When a frame may be presented, seen at time `now`; one `answeringInput` (a key, a
    /// button or a resize handled since the last frame) waits for no refresh slot.
    func readiness(at now: Double, answeringInput: Bool) -> Readiness {
        guard isEnabled else { return .now }
        if framesInFlight >= Self.maximumFramesInFlight { return .afterServer }
        if !answeringInput, let lastSlot, now < lastSlot + interval - Self.slotTolerance {
            return .at(lastSlot + interval)
        }
        return .now
    }

    /// Notes a frame presented at `now` whose last request has serial `lastRequest`. When it
    /// makes two frames in flight, sends a receipt after it to `window`, one of the app's own.
    func framePresented(lastRequest: UInt, at now: Double, receiptWindow window: XID) {
        forgetConfirmedFrames()
        unconfirmedFrames.append(lastRequest)
        mostFramesInFlight = max(mostFramesInFlight, unconfirmedFrames.count)
        if let previous = lastSlot, now >= previous + interval - Self.slotTolerance, now < previous + 2 * interval {
            lastSlot = previous + interval  // in step with the refresh
        } else {
            // After idle, a late frame, or one answering input ahead of its slot: the refresh is
            // followed from here (never from a slot still to come).
            lastSlot = now
        }
        guard isEnabled, unconfirmedFrames.count >= Self.maximumFramesInFlight else { return }
        var receipt = XEvent()
        receipt.xclient.type = ClientMessage
        receipt.xclient.window = window
        receipt.xclient.message_type = 0  // None: no protocol uses it
        receipt.xclient.format = 32
        XSendEvent(display, window, 0, NoEventMask, &receipt)
        lastReceipt = XNextRequest(display) - 1
    }

    /// Whether `event` is a receipt (it carries nothing else; reading it has done its work).
    static func isReceipt(_ event: XEvent) -> Bool {
        event.type == ClientMessage && event.xclient.send_event != 0 && event.xclient.message_type == 0
    }
}
