/// When the run loop steps animations, presents frames and wakes: the one timing policy of the
/// loop, fed with the time, how far the server has got through the requests sent
/// (``serverProcessed(through:)``) and whether input came (``inputArrived()``). It makes no X
/// calls: the loop reads the server's progress, sends the receipts it asks for and sleeps until
/// the time it names.
///
/// - **Animation steps at the refresh.** Animations step one refresh period after they start
///   (the first frame shows the start values), then at every refresh period on the same grid; a
///   step that comes late is followed a whole period later. An animation waiting out its delay
///   is stepped first at its start. Timers fire in the same steps, at their own times.
/// - **At most two frames in flight.** A frame is in flight from the moment its requests are
///   sent until the server is known to have processed them (every event, reply and error says
///   how far it got). A frame that makes two in flight is followed by a *receipt*, a request
///   whose answer tells the loop the server got that far; while two frames are in flight nothing
///   is drawn: damage and animation steps gather in the scene, and the next frame shows the
///   latest state, so a slow server or link drops frames instead of queueing them.
/// - **At most one frame per display refresh** for what changes by itself (animations, views
///   that ask to be redrawn from `draw`): a frame goes at once when the previous one went a
///   refresh period or more ago (after idle, say), otherwise at the next refresh slot. A frame
///   that answers input (a key, a button, a new size, a mapping) goes at once, still within the
///   two in flight, and takes the place of the slot's frame.
struct FrameSchedule {
    /// When the next frame may be presented.
    enum Readiness: Equatable {
        /// Now.
        case now
        /// At this time on the loop's clock: the next refresh slot.
        case at(Double)
        /// Once the server is seen to have caught up (the receipt, or any other event).
        case afterServer
    }

    /// When the loop must wake.
    enum Wake: Equatable {
        /// At once: a frame is waiting and may go.
        case now
        /// At this time on the loop's clock (an animation step, a timer, a refresh slot), or on an
        /// event before.
        case at(Double)
        /// Only on an event: nothing is scheduled.
        case onEvent
    }

    /// The most frames whose requests may be at the server unprocessed.
    static let maximumFramesInFlight = 2
    /// How early a frame may come for its slot: the loop's timeouts are whole milliseconds.
    private static let slotTolerance = 0.001
    /// How early a step may come for its time.
    private static let stepTolerance = 0.0005

    /// The time between frames: the display's refresh period.
    var interval: Double
    /// Whether presents are paced at all; turned off only to measure what pacing changes. Frames
    /// sent meanwhile asked for no receipt, so none of them is waited for afterwards.
    var pacesFrames = true {
        didSet { unconfirmedFrames.removeAll() }
    }
    /// The most frames that were ever in flight at once.
    private(set) var mostFramesInFlight = 0
    /// Whether input arrived since the last frame: its frame waits for no refresh slot.
    private(set) var isAnsweringInput = false

    /// The serial of the last request the server is known to have processed.
    private var processed: UInt = 0
    /// The serial of the last request of each frame the server has not been seen to process,
    /// oldest first.
    private var unconfirmedFrames: [UInt] = []
    /// The serial of the last receipt sent.
    private var lastReceipt: UInt = 0
    /// The refresh slot of the last frame presented: its time, kept in step with the refresh
    /// while frames follow each other.
    private var lastSlot: Double?
    /// When animations step next, while one runs.
    private var nextAnimationStep: Double?
    /// Whether an animation ran when the current step began.
    private var stepFoundAnimating = false

    /// A schedule with frames `interval` seconds apart.
    init(interval: Double) {
        self.interval = interval
    }

    // MARK: What the loop tells it

    /// The server is known to have processed every request up to serial `serial`.
    mutating func serverProcessed(through serial: UInt) {
        processed = serial
        unconfirmedFrames.removeAll { $0 <= serial }
    }

    /// Input that a frame answers at once was handled.
    mutating func inputArrived() { isAnsweringInput = true }

    /// How many presented frames the server has not been seen to process.
    var framesInFlight: Int { unconfirmedFrames.count }

    /// Whether a receipt is on its way: the server has not been seen to process it yet.
    var isAwaitingReceipt: Bool { processed < lastReceipt }

    // MARK: Animation steps

    /// Whether the loop steps at `now` (fires the due timers, then ticks the animations): an
    /// animation frame or the timer at `nextTimer` is due. `isAnimating` says whether an
    /// animation runs, `earliestStart` is the start of the first one still waiting out its
    /// delay. A step that is due goes on with ``timersFired(at:isAnimating:)`` and
    /// ``animationsTicked(at:isAnimating:)``.
    mutating func beginStep(at now: Double, isAnimating: Bool, earliestStart: Double?, nextTimer: Double?) -> Bool {
        stepFoundAnimating = isAnimating
        if !isAnimating {
            nextAnimationStep = nil
        } else if nextAnimationStep == nil {
            nextAnimationStep = now + interval  // the first frame shows the start values
        }
        guard let due = nextStep(earliestStart: earliestStart, nextTimer: nextTimer) else { return false }
        return now >= due - Self.stepTolerance
    }

    /// The step's timers fired; `isAnimating` says whether an animation runs now.
    mutating func timersFired(at now: Double, isAnimating: Bool) {
        if !stepFoundAnimating, isAnimating {
            // A timer started an animation (a tooltip fading in): paced from here, or the loop
            // would sleep with nothing scheduled.
            nextAnimationStep = now + interval
        }
    }

    /// The step's animations ticked; `isAnimating` says whether one still runs. Schedules the
    /// next animation frame, on the refresh grid unless this one came late.
    mutating func animationsTicked(at now: Double, isAnimating: Bool) {
        guard stepFoundAnimating, let paced = nextAnimationStep, now >= paced - Self.stepTolerance else { return }
        let next = paced + interval
        nextAnimationStep = isAnimating ? (next > now ? next : now + interval) : nil
    }

    /// When the loop next needs to step: the next animation frame (or the start of the first
    /// animation still waiting out its delay), or the next timer; `nil` when nothing is pending.
    private func nextStep(earliestStart: Double?, nextTimer: Double?) -> Double? {
        let frame = nextAnimationStep.map { max($0, earliestStart ?? $0) }
        switch (frame, nextTimer) {
        case let (frame?, timer?): return min(frame, timer)
        case let (frame, timer): return frame ?? timer
        }
    }

    // MARK: Presents

    /// When a frame may be presented, seen at time `now`.
    func readiness(at now: Double) -> Readiness {
        guard pacesFrames else { return .now }
        if framesInFlight >= Self.maximumFramesInFlight { return .afterServer }
        if !isAnsweringInput, let lastSlot, now < lastSlot + interval - Self.slotTolerance {
            return .at(lastSlot + interval)
        }
        return .now
    }

    /// No window had anything to draw: the input handled meanwhile changed nothing to show.
    mutating func nothingToPresent() { isAnsweringInput = false }

    /// Notes the frames presented at `now`, whose requests end with serial `lastRequest` (`nil`
    /// when they sent none). Returns whether a receipt must follow them (they make two frames in
    /// flight); the loop then says its serial with ``receiptSent(serial:)``.
    mutating func framesPresented(lastRequest: UInt?, at now: Double) -> Bool {
        isAnsweringInput = false
        guard let lastRequest else { return false }
        unconfirmedFrames.append(lastRequest)
        mostFramesInFlight = max(mostFramesInFlight, unconfirmedFrames.count)
        if let previous = lastSlot, now >= previous + interval - Self.slotTolerance, now < previous + 2 * interval {
            lastSlot = previous + interval  // in step with the refresh
        } else {
            // After idle, a late frame, or one answering input ahead of its slot: the refresh is
            // followed from here (never from a slot still to come).
            lastSlot = now
        }
        return pacesFrames && unconfirmedFrames.count >= Self.maximumFramesInFlight
    }

    /// The receipt a frame asked for went out with serial `serial`.
    mutating func receiptSent(serial: UInt) { lastReceipt = serial }

    // MARK: Waking

    /// When the loop must wake, seen at `now`: at once when a frame is waiting (`hasDamage`)
    /// and may go; otherwise at the earliest of the next step and the waiting frame's refresh
    /// slot; only on an event when neither is due (a frame waiting for the server wakes with its
    /// receipt).
    func wake(at now: Double, hasDamage: Bool, earliestStart: Double?, nextTimer: Double?) -> Wake {
        let readiness = hasDamage ? readiness(at: now) : nil
        if readiness == .now { return .now }
        var due = nextStep(earliestStart: earliestStart, nextTimer: nextTimer)
        if case .at(let slot) = readiness { due = min(due ?? slot, slot) }
        return due.map { .at($0) } ?? .onEvent
    }
}
