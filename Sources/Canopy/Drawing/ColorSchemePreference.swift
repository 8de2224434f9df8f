/// Which colour scheme an app shows: always light, always dark, or whichever the desktop asks
/// for (``DesktopSettings/colorScheme``), switching when the user changes it.
public enum ColorSchemePreference: Hashable, Sendable {
    /// Always the light scheme.
    case light
    /// Always the dark scheme.
    case dark
    /// The desktop's scheme, followed as it changes.
    case followDesktop

    /// The scheme to show when the desktop asks for `desktop`.
    public func resolved(desktop: ColorScheme) -> ColorScheme {
        switch self {
        case .light: .light
        case .dark: .dark
        case .followDesktop: desktop
        }
    }
}
