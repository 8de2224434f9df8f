import CX11
import Canopy

/// A paste (or a drop) arriving in INCR chunks: what gets its text, the text's type, the bytes
/// so far (each chunk appended in place, so a paste takes time in proportion to its size, up to
/// a limit) and its two waits: for the next chunk, and for the whole.
@MainActor final class IncomingPaste {
    /// Gets the text once the last chunk has arrived, or `nil` when the paste fails.
    let completion: (String?) -> Void
    /// The type of the chunks so far.
    private(set) var type: Atom = 0
    /// The bytes received so far.
    private(set) var bytes: [UInt8] = []
    /// Fails the paste when its next chunk is overdue.
    var chunkWatchdog: ScheduledAction?
    /// Fails the paste when it has taken too long in all.
    var deadline: ScheduledAction?

    init(completion: @escaping (String?) -> Void) { self.completion = completion }

    /// Appends `chunk`, of `type`, unless the paste would then hold more than `limit` bytes;
    /// returns whether it did.
    func append(_ chunk: [UInt8], type: Atom, limit: Int) -> Bool {
        guard chunk.count <= limit - bytes.count else { return false }
        self.type = type
        bytes.append(contentsOf: chunk)
        return true
    }

    /// Stops both waits.
    func cancelWaits(in timers: TimerQueue) {
        if let chunkWatchdog { timers.cancel(chunkWatchdog) }
        if let deadline { timers.cancel(deadline) }
    }
}
