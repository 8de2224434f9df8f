import Canopy

/// What the AT-SPI2 bridge needs from the program hosting the views (CanopyX11's
/// `Application`): its name, its windows and its run loop.
@MainActor public protocol AccessibilityHost: AnyObject {
    /// The application's name, as screen readers list it.
    var accessibilityName: String { get }
    /// The open windows, in the order they were opened.
    var accessibleWindows: [any AccessibleWindow] { get }
    /// Has the run loop call `handler` whenever `fileDescriptor` is readable, and on every turn
    /// while `holdingInput` says the reader holds input it has read already (a library's
    /// queue, as Xlib's is): the loop does not sleep then. `handler` returns whether what it did
    /// may have changed the views (a call that acts, not one that only asks): the loop then has
    /// the bridge look for changes (``AccessibilityBridge/update()``) at the end of the turn.
    func watchForReading(
        _ fileDescriptor: Int32, holdingInput: @escaping @MainActor () -> Bool,
        _ handler: @escaping @MainActor () -> Bool)
    /// Stops watching `fileDescriptor`.
    func stopWatching(_ fileDescriptor: Int32)
    /// The run loop's timers (the bridge's waits for answers run on them).
    var timers: TimerQueue { get }
    /// Tells the user about a problem with the accessibility bus (the app goes on without it).
    func reportProblem(_ message: String)
}

/// A top-level window as the AT-SPI2 bridge shows it: a frame whose children are its scene's
/// top-level elements.
@MainActor public protocol AccessibleWindow: AnyObject {
    /// The view tree shown.
    var scene: Scene { get }
    /// The title, the frame's name.
    var title: String { get }
    /// Pixels per point.
    var scale: Double { get }
    /// Whether the window has the keyboard focus (it is the active window).
    var hasKeyboardFocus: Bool { get }
    /// Whether the window is a dialog of another: a screen reader hears "dialog", not "frame".
    var isDialog: Bool { get }
    /// Whether the window is a modal dialog, which takes the input of the window it belongs to:
    /// a screen reader says so.
    var isModal: Bool { get }
    /// The window's top-left corner on the screen, in pixels.
    func screenOrigin() -> Point
    /// Asks for the keyboard focus (a screen reader moving to the window).
    func requestKeyboardFocus()
}
