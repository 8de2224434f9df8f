/// A text caret's blink: on, then off, every ``DesktopSettings/caretBlinkInterval`` of the scene
/// while its view shows the caret; nothing is scheduled otherwise (nor when the desktop turned
/// blinking off), so the run loop sleeps.
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

    /// Shows the caret and, while it is shown, schedules it on the timers of `scene` to blink
    /// at the scene's desktop settings.
    func restart(in scene: Scene?) {
        if let scheduled { scheduled.timers.cancel(scheduled.action) }
        scheduled = nil
        isOn = true
        guard isShown(), let scene, let interval = scene.desktopSettings.caretBlinkInterval else { return }
        schedule(on: scene.timers, every: interval)
    }

    private func schedule(on timers: TimerQueue, every interval: Double) {
        let action = timers.schedule(after: interval) { [weak self] in
            guard let self, self.isShown() else { return }
            self.isOn.toggle()
            self.redrawCaret()
            self.schedule(on: timers, every: interval)
        }
        scheduled = (timers, action)
    }
}
