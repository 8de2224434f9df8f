/// The animations started by one ``View/animate(duration:delay:curve:animations:completion:)``
/// call: they share timing and one completion, called once all of them have ended.
///
/// Transactions are open only while their block runs; the animations themselves live in the
/// animators of the scenes their views are in.
@MainActor final class AnimationTransaction {
    /// The transactions whose blocks are running, innermost last.
    private static var open: [AnimationTransaction] = []
    /// Transactions that may have ended; their completions run once no block is open, so a
    /// completion never runs in the middle of a property change.
    private static var ended: [AnimationTransaction] = []

    /// The innermost transaction whose block is running, which new values are animated by.
    static var current: AnimationTransaction? { open.last }

    let delay: Double
    let duration: Double
    let curve: TimingCurve
    private var completion: ((Bool) -> Void)?
    /// How many of its animations are still running.
    var pending = 0
    private var isRecording = true
    private var allFinished = true

    private init(delay: Double, duration: Double, curve: TimingCurve, completion: ((Bool) -> Void)?) {
        self.delay = max(0, delay)
        self.duration = duration > 0 ? duration : 0
        self.curve = curve
        self.completion = completion
    }

    /// Runs `animations` as one transaction, then calls `completion` when every animation it
    /// started has ended (at once if it started none).
    static func run(
        duration: Double, delay: Double, curve: TimingCurve, animations: () -> Void, completion: ((Bool) -> Void)?
    ) {
        let transaction = AnimationTransaction(delay: delay, duration: duration, curve: curve, completion: completion)
        open.append(transaction)
        animations()
        open.removeLast()
        transaction.isRecording = false
        ended.append(transaction)
        runDueCompletions()
    }

    /// The timing of an animation that joins this transaction when the clock reads `now`.
    func timing(startingAt now: Double) -> AnimationTiming {
        AnimationTiming(start: now + delay, duration: duration, curve: curve)
    }

    /// Records that one of `transaction`'s animations ended, at its end or cut short.
    static func memberEnded(_ transaction: AnimationTransaction, finished: Bool) {
        transaction.pending -= 1
        transaction.allFinished = transaction.allFinished && finished
        ended.append(transaction)
    }

    /// Whether completions are being called now: one that ends another animation leaves the
    /// call to the loop already running, so completions never nest.
    private static var isDraining = false

    /// Calls the completions of the transactions that have ended, in the order they ended,
    /// unless a block is running or completions are being called already. Returns whether one
    /// was called.
    @discardableResult
    static func runDueCompletions() -> Bool {
        guard !isDraining else { return false }
        isDraining = true
        defer { isDraining = false }
        var called = false
        while open.isEmpty, !ended.isEmpty {
            if ended.removeFirst().completeIfDone() { called = true }
        }
        return called
    }

    /// Calls the completion if every member has ended; returns whether it did.
    private func completeIfDone() -> Bool {
        guard !isRecording, pending == 0, let completion else { return false }
        self.completion = nil
        completion(allFinished)
        return true
    }
}
