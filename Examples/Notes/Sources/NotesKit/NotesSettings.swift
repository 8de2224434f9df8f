import Canopy

/// The choices the settings dialog makes.
public struct NotesSettings: Hashable, Sendable {
    /// A colour for the focus rings, selections and prominent buttons.
    public enum Accent: String, CaseIterable, Sendable {
        case blue = "Blue", green = "Green", orange = "Orange", purple = "Purple"

        /// The colour.
        public var color: Color {
            switch self {
            case .blue: Theme.standard.accent
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
    /// Whether the user asked for a dark theme. Canopy has no dark theme yet: the choice is only
    /// kept, to apply once it has one.
    public var prefersDarkTheme = false
    /// The accent colour.
    public var accent = Accent.blue

    /// The font sizes the slider offers.
    public static let fontSizes = 10.0...28.0

    /// The defaults.
    public init() {}
}
