import Canopy

/// The choices the settings dialog makes.
public struct NotesSettings: Hashable, Sendable {
    /// A colour for the focus rings, selections and prominent buttons.
    public enum Accent: String, CaseIterable, Sendable {
        case blue = "Blue", green = "Green", orange = "Orange", purple = "Purple"

        /// The colour in `scheme`: blue is the theme's own accent.
        public func color(for scheme: ColorScheme) -> Color {
            switch self {
            case .blue: Theme.standard(for: scheme).accent
            case .green: Color(rgb: 0x2e9d4f)
            case .orange: Color(rgb: 0xe8730c)
            case .purple: Color(rgb: 0x8a4fd8)
            }
        }
    }

    /// The editor's font size, in points.
    public var fontSize = 15.0
    /// Whether the editor wraps lines at its width.
    public var wrapsLines = true
    /// Whether the user asked for the dark theme; without, the windows follow the desktop's
    /// colour scheme.
    public var prefersDarkTheme = false
    /// The accent colour.
    public var accent = Accent.blue

    /// The font sizes the slider offers.
    public static let fontSizes = 10.0...28.0

    /// The defaults.
    public init() {}
}
