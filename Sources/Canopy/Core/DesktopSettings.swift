/// The desktop's preferences a scene follows: how close together two clicks make a double
/// click, and how a text caret blinks. A host fills it from the platform (the X11 host from
/// XSETTINGS: `Net/DoubleClickTime`, `Net/DoubleClickDistance`, `Net/CursorBlink` and
/// `Net/CursorBlinkTime`) and updates it when the user changes them; the defaults are used
/// where the desktop says nothing.
public struct DesktopSettings: Equatable, Sendable {
    /// The longest gap between the clicks of a double click, in seconds.
    public var doubleClickInterval: Double
    /// How far the pointer may move between the clicks of a double click, in points.
    public var doubleClickDistance: Double
    /// How long a text caret stays on, then off, in seconds; `nil` when it does not blink.
    public var caretBlinkInterval: Double?

    /// Settings with the given values; by default ``Scene/doubleClickInterval``,
    /// ``Scene/doubleClickDistance`` and ``TextField/blinkInterval``.
    public init(
        doubleClickInterval: Double = Scene.doubleClickInterval,
        doubleClickDistance: Double = Scene.doubleClickDistance,
        caretBlinkInterval: Double? = TextField.blinkInterval
    ) {
        self.doubleClickInterval = doubleClickInterval
        self.doubleClickDistance = doubleClickDistance
        self.caretBlinkInterval = caretBlinkInterval
    }
}
