import Canopy
@_spi(Testing) import CanopyX11
import Foundation

/// A window on a private Xvfb, with an input driver, for integration tests: create one per
/// test, drive it with real X input, wait for outcomes, read pixels back, close it.
///
/// Every test window shares one Xvfb per process (started on first use), takes the keyboard
/// focus when it appears, and pins the font family to DejaVu Sans so pixel probes do not depend
/// on what fonts a machine prefers.
/// Tests that use it should be serialized: they share the server's pointer and keyboard.
@MainActor public final class TestWindow {
    /// The display family every test window uses.
    public static let pinnedFontFamily = "DejaVu Sans"

    /// The application the window belongs to.
    public let application: Application
    /// The window.
    public let window: Window
    /// The driver that sends input to the window.
    public let input: InputDriver

    /// The view that fills the window.
    public var rootView: View { window.scene.rootView }

    /// Opens and shows a `size` window whose root view is `rootView` (at `scale` pixels per
    /// point, or the preferred scale), and waits for its first frame to reach the screen, for it
    /// to take the keyboard focus, for the app to have read the display's refresh rate, to have
    /// looked for an accessibility bus and to have opened the input method (so none of that
    /// happens during a test).
    ///
    /// By default the window is on the shared bare Xvfb and the driver gives it the focus; on
    /// `display` when given (a server of another depth, say). Under `windowManager` it is on
    /// that manager's display, placed and focused by the manager itself: the test then sees
    /// what a user's desktop does.
    public init(
        size: Size = Size(width: 400, height: 300), title: String = "Canopy test", rootView: View = View(),
        scale: Double? = nil, display: VirtualDisplay? = nil, windowManager: WindowManager? = nil
    ) throws {
        let display = try windowManager?.display ?? display ?? Self.sharedDisplay()
        Application.defaultFontFamily = Self.pinnedFontFamily
        application = try Application(displayName: display.name)
        window = try Window(application: application, title: title, size: size, rootView: rootView, scale: scale)
        input = try InputDriver(displayName: display.name)
        window.show()
        try waitOrThrow("the window's first frame") { self.window.isMapped && self.window.framesPresented > 0 }
        if windowManager == nil {
            input.focus(window)
        } else {
            try waitOrThrow("the window manager to show the window") { self.input.isViewable(self.window) }
        }
        try waitOrThrow("the keyboard focus") { self.window.hasKeyboardFocus }
        try waitOrThrow("the display's refresh rate") { self.application.hasReadDisplayRefreshRate }
        try waitOrThrow("the look for an accessibility bus") { self.application.hasLookedForAccessibilityBus }
        try waitOrThrow("the input method") { self.application.hasOpenedTheInputMethod }
    }

    /// Runs the app's loop until `condition` holds; false after `timeout` seconds without it.
    @discardableResult
    public func wait(timeout: Double = 5, until condition: () -> Bool) -> Bool {
        application.run(timeout: timeout, until: condition)
    }

    /// Runs the loop until nothing is animating, every frame is on screen and no frame's receipt
    /// is still on its way (so the loop then sleeps until something happens).
    @discardableResult
    public func settle(timeout: Double = 5) -> Bool {
        wait(timeout: timeout) {
            !self.window.scene.animator.isAnimating && !self.window.scene.needsFrame
                && !self.application.isAwaitingFrameReceipt
        }
    }

    /// What the window shows now.
    public func capture() throws -> Bitmap { try window.captureImage() }

    /// Clicks at `point` in window coordinates (with the keys of `modifiers` held), then lets
    /// the app handle it.
    public func click(at point: Point, button: MouseButton = .left, modifiers: Modifiers = []) {
        let before = application.loopTurns
        input.click(at: point, in: window, button: button, modifiers: modifiers)
        drain(after: before)
    }

    /// Clicks the middle of `view` (as it is laid out now), then lets the app handle it.
    public func click(_ view: View, button: MouseButton = .left) {
        click(at: view.convert(view.bounds.center, to: nil), button: button)
    }

    /// Moves the pointer to `point` in window coordinates, then lets the app handle it.
    public func move(to point: Point) {
        let before = application.loopTurns
        input.move(to: point, in: window)
        drain(after: before)
    }

    /// Presses and releases `key` with `modifiers` held, then lets the app handle it:
    /// `tap(.enter, modifiers: [.shift])`.
    public func tap(_ key: Key, modifiers: Modifiers = []) {
        let before = application.loopTurns
        input.tap(key, modifiers: modifiers)
        drain(after: before)
    }

    /// Types `text` key by key (any script), then lets the app handle it.
    public func type(_ text: String) {
        let before = application.loopTurns
        input.type(text)
        drain(after: before)
    }

    /// Turns the wheel (the horizontal one, when asked) `steps` notches at `point`, then lets the
    /// app handle it.
    public func scroll(steps: Int, at point: Point, horizontally: Bool = false) {
        let before = application.loopTurns
        input.scroll(steps: steps, at: point, in: window, horizontally: horizontally)
        drain(after: before)
    }

    /// Closes the window and the connection.
    public func close() {
        application.close()
    }

    /// Lets the app read everything the server has already delivered: the driver synced, so
    /// the events are in the app's socket; one turn with a zero timeout reads them all.
    private func drain(after turn: Int) {
        application.run(timeout: 0.5) { self.application.loopTurns > turn }
    }

    private func waitOrThrow(_ what: String, _ condition: () -> Bool) throws {
        guard wait(until: condition) else { throw TestWindowError(description: "timed out waiting for \(what)") }
    }

    private static let displayLock = NSLock()
    nonisolated(unsafe) private static var display: VirtualDisplay?

    /// The process's Xvfb, started on first use.
    public static func sharedDisplay() throws -> VirtualDisplay {
        displayLock.lock()
        defer { displayLock.unlock() }
        if let display { return display }
        let started = try VirtualDisplay()
        display = started
        return started
    }
}

/// A test window could not reach the state a test needs.
public struct TestWindowError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}
