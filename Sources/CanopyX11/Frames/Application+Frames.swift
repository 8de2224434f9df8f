import Canopy
import CX11

/// The run loop's side of the ``FrameSchedule``: it tells the schedule how far the server has
/// got and which events answer input, steps the windows' animations and presents their frames
/// when it says, and sends the receipts it asks for.
extension Application {
    /// Whether `eventType` is input whose frame waits for no refresh slot: a key, a button, a
    /// window's new size or its mapping.
    nonisolated static func answersAtOnce(_ eventType: Int32) -> Bool {
        switch eventType {
        case KeyPress, KeyRelease, ButtonPress, ButtonRelease, ConfigureNotify, MapNotify: true
        default: false
        }
    }

    /// Whether `event` is a frame's receipt (it carries nothing else; reading it has done its
    /// work).
    static func isFrameReceipt(_ event: XEvent) -> Bool {
        event.type == ClientMessage && event.xclient.send_event != 0 && event.xclient.message_type == 0
    }

    private var animators: [Animator] { windows.map(\.scene.animator) }

    /// Fires the timers that are due and, on a paced frame, steps every window's animations.
    func stepAnimations(at now: Double) {
        let due = schedule.beginStep(
            at: now, isAnimating: isAnimating, earliestStart: animators.compactMap(\.earliestStart).min(),
            nextTimer: timers.nextFireTime)
        guard due else { return }
        if timers.fireDue() { mayHaveChangedViews = true }
        schedule.timersFired(at: now, isAnimating: isAnimating)
        for window in windows where window.scene.tick() {  // its animations (the timers have fired)
            mayHaveChangedViews = true
        }
        schedule.animationsTicked(at: now, isAnimating: isAnimating)
    }

    private var isAnimating: Bool { animators.contains(where: \.isAnimating) }

    /// Draws and shows each window's damage when the schedule allows a frame; otherwise the
    /// damage waits in the scenes, gathering what comes meanwhile into the next frame.
    func presentFrames(at now: Double) {
        let display = connection.display
        guard windows.contains(where: \.wantsFrame) else { return schedule.nothingToPresent() }
        schedule.serverProcessed(through: XLastKnownRequestProcessed(display))
        guard schedule.readiness(at: now) == .now else { return }
        let firstRequest = XNextRequest(display)
        for window in windows { window.presentFrameIfNeeded() }
        let lastRequest = XNextRequest(display) - 1
        let receiptWindow = windows.first(where: \.isOpen)
        schedule.serverProcessed(through: XLastKnownRequestProcessed(display))
        let presented = lastRequest >= firstRequest && receiptWindow != nil ? lastRequest : nil
        guard schedule.framesPresented(lastRequest: presented, at: now), let receiptWindow else { return }
        sendFrameReceipt(to: receiptWindow.windowID)
    }

    /// A `ClientMessage` to `window` (one of the app's own) with an empty event mask: the server
    /// delivers it to this client alone once it has processed everything sent before it, and
    /// the loop reads it like any other event, so nothing waits for it.
    private func sendFrameReceipt(to window: XID) {
        let display = connection.display
        var receipt = XEvent()
        receipt.xclient.type = ClientMessage
        receipt.xclient.window = window
        receipt.xclient.message_type = 0  // None: no protocol uses it
        receipt.xclient.format = 32
        XSendEvent(display, window, 0, NoEventMask, &receipt)
        schedule.receiptSent(serial: XNextRequest(display) - 1)
    }

    /// When the loop must wake next, as the schedule says from the windows' damage, their
    /// animations and the timers.
    func nextWake() -> FrameSchedule.Wake {
        let display = connection.display
        schedule.serverProcessed(through: XLastKnownRequestProcessed(display))
        return schedule.wake(
            at: clock.now, hasDamage: windows.contains(where: \.wantsFrame),
            earliestStart: animators.compactMap(\.earliestStart).min(), nextTimer: timers.nextFireTime)
    }
}
