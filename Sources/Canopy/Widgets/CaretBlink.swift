/// A text caret's blink: on, then off, every ``TextField/blinkInterval`` while its view shows
/// the caret; nothing is scheduled otherwise, so the run loop sleeps.
@MainActor final class CaretBlink {
    /// Whether the caret is drawn in this phase of the blink.
    private(set) var isOn = true
    private var scheduled: (timers: TimerQueue, action: ScheduledAction)?
    /// Whether the view shows a caret at all now (focused, in the window the user types into).
    private let isShown: () -> Bool
    /// Redraws the caret's pixels only.
    private let redrawCaret: () -> Void

    /// A blink for a caret shown while `isShown` says so and redrawn by `redrawCaret`.
    init(isShown: @escaping () -> Bool, redrawCaret: @escaping () -> Void) {
        self.isShown = isShown
        self.redrawCaret = redrawCaret
    }

    /// Shows the caret and, while it is shown, schedules it on `timers` to blink.
    func restart(on timers: TimerQueue?) {
        if let scheduled { scheduled.timers.cancel(scheduled.action) }
        scheduled = nil
        isOn = true
        guard isShown(), let timers else { return }
        schedule(on: timers)
    }

    private func schedule(on timers: TimerQueue) {
        let action = timers.schedule(after: TextField.blinkInterval) { [weak self] in
            guard let self, self.isShown() else { return }
            self.isOn.toggle()
            self.redrawCaret()
            self.schedule(on: timers)
        }
        scheduled = (timers, action)
    }
}
