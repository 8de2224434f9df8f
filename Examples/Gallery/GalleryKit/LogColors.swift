import Canopy

/// The colours the gallery's log lines are styled in, readable on the light or the dark
/// theme's content background.
struct LogColors {
    /// A line's time.
    var time: Color
    /// An error's level.
    var error: Color
    /// A warning's level.
    var warning: Color
    /// Any other level, and the Arabic sample's bold words.
    var info: Color

    /// The colours for the light theme.
    static let light = LogColors(
        time: Color(white: 0.5), error: Color(rgb: 0xc62828), warning: Color(rgb: 0xe65100),
        info: Color(rgb: 0x1565c0))
    /// The colours for the dark theme.
    static let dark = LogColors(
        time: Color(white: 0.64), error: Color(rgb: 0xff7b72), warning: Color(rgb: 0xf0a35e),
        info: Color(rgb: 0x79b8ff))

    /// The colours for `scheme`.
    init(_ scheme: ColorScheme) { self = scheme == .dark ? .dark : .light }

    private init(time: Color, error: Color, warning: Color, info: Color) {
        self.time = time
        self.error = error
        self.warning = warning
        self.info = info
    }
}
