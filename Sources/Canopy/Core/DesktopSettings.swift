/// The desktop's preferences a scene follows: how close together two clicks make a double
/// click, how a text caret blinks, and whether the desktop is dark. A host fills it from the
/// platform (the X11 host from XSETTINGS: `Net/DoubleClickTime`, `Net/DoubleClickDistance`,
/// `Net/CursorBlink`, `Net/CursorBlinkTime` and `Net/ThemeName`) and updates it when the user
/// changes them; the defaults are used where the desktop says nothing.
public struct DesktopSettings: Equatable, Sendable {
    /// The longest gap between the clicks of a double click, in seconds.
    public var doubleClickInterval: Double
    /// How far the pointer may move between the clicks of a double click, in points.
    public var doubleClickDistance: Double
    /// How long a text caret stays on, then off, in seconds; `nil` when it does not blink.
    public var caretBlinkInterval: Double?
    /// The colour scheme the desktop asks apps for: dark when its theme is a dark one.
    public var colorScheme: ColorScheme

    /// Settings with the given values; by default ``Scene/doubleClickInterval``,
    /// ``Scene/doubleClickDistance``, ``TextField/blinkInterval`` and the light scheme.
    public init(
        doubleClickInterval: Double = Scene.doubleClickInterval,
        doubleClickDistance: Double = Scene.doubleClickDistance,
        caretBlinkInterval: Double? = TextField.blinkInterval, colorScheme: ColorScheme = .light
    ) {
        self.doubleClickInterval = doubleClickInterval
        self.doubleClickDistance = doubleClickDistance
        self.caretBlinkInterval = caretBlinkInterval
        self.colorScheme = colorScheme
    }
}
