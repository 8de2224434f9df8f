/// Whether a look is light (dark text on light backgrounds) or dark (light text on dark
/// backgrounds): what a ``Theme`` is made for, and what the desktop asks for
/// (``DesktopSettings/colorScheme``).
public enum ColorScheme: Hashable, Sendable {
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds.
    case dark
}
