/// The colours, fonts and radii the library's widgets draw with when their own properties say
/// nothing else. A scene shows one (``Scene/theme``): ``standard`` (light) or ``dark``, as its
/// ``Scene/colorSchemePreference`` and the desktop say; replace them to restyle every widget at
/// once.
///
/// Colours, fonts and the library's shadows are read when a widget draws, so a new theme
/// recolours everything on screen and gives the dark theme its stronger shadows. Corner radii
/// shape views (their hit areas and clipping), so a widget takes them from the standard theme
/// when it is made; set them on the view to change them, and a shadow set on a view
/// (``View/shadow``) stays whatever the theme.
public struct Theme: Hashable, Sendable {
    /// Whether the theme is light or dark, for views of an app's own that choose colours of
    /// their own to match.
    public var colorScheme = ColorScheme.light
    /// The tint of focus rings, carets, selections and prominent controls.
    public var accent = Color(rgb: 0x3478f6)
    /// Links in text.
    public var link = Color(rgb: 0x3478f6)
    /// Actions that destroy the user's work: a destructive button's fill.
    public var destructive = Color(rgb: 0xd0312d)
    /// Text and marks drawn on the accent or destructive colour: a prominent button's title, a
    /// check box's tick, a radio button's dot, a highlighted menu item.
    public var textOnAccent = Color.white
    /// Ordinary text.
    public var text = Color(white: 0.1)
    /// Less important text: placeholders, captions, disabled titles, secondary row text.
    public var secondaryText = Color(white: 0.42)
    /// Lines between rows.
    public var separator = Color(white: 0.8)
    /// The edges of buttons and fields.
    public var border = Color(white: 0.7)
    /// What a window shows where its views draw nothing.
    public var windowBackground = Color.white
    /// What a window of grouped content shows behind the groups (cards, forms and lists on a
    /// grey, as a settings window is): a shade off ``windowBackground`` in the light theme.
    public var groupedBackground = Color(rgb: 0xf4f5f7)
    /// What content sits on: lists, pop-ups, fields.
    public var contentBackground = Color.white
    /// A button at rest.
    public var controlBackground = Color.white
    /// A button under the pointer.
    public var hoveredControlBackground = Color(white: 0.96)
    /// A button pressed with the pointer inside.
    public var pressedControlBackground = Color(white: 0.82)
    /// A disabled button.
    public var disabledControlBackground = Color(white: 0.95)
    /// A selected row in a list without the keyboard focus, and selected text in a field
    /// without focus: muted, as GTK's unfocused selection is.
    public var selectedBackground = Color(white: 0.85)
    /// A selected row in a list with the keyboard focus.
    public var focusedSelectedBackground = Color(rgb: 0xb4d5fe)
    /// Selected text in a focused field.
    public var textSelection = Color(rgb: 0xb4d5fe)
    /// Laid over a row or tile under the pointer.
    public var hoverOverlay = Color(white: 0.5, alpha: 0.08)
    /// Laid over a row or tile being pressed.
    public var pressedOverlay = Color(white: 0.5, alpha: 0.18)
    /// The knob of a scroll indicator, at full opacity.
    public var scrollIndicator = Color(white: 0, alpha: 0.4)
    /// The 1-pixel line round a pop-up window (a menu or drop-down that leaves its window)
    /// where no compositor blends its shadow.
    public var popupOutline = Color(white: 0, alpha: 0.4)
    /// The 1-pixel edge of menus, drop-down lists and alerts, inside their frame: none in the
    /// light theme (the shadow shows where they end); a faint light line in the dark one,
    /// where a shadow on a dark window shows less, as GTK's Adwaita-dark edges its popovers.
    public var popupEdge = Color.clear
    /// Covers the window behind a modal presentation.
    public var modalBackdrop = Color(white: 0, alpha: 0.3)
    /// The text of controls, fields and rows.
    public var font = Font.system(size: 15)
    /// The corners of buttons and fields.
    public var cornerRadius = 6.0
    /// The corners of pop-ups and modal panels.
    public var popupCornerRadius = 8.0
    /// The shadow pop-ups cast on the content beneath: menus, drop-down lists, alerts.
    public var popupShadow = Shadow(color: .black, opacity: 0.25, offset: Point(x: 0, y: 4), radius: 8)
    /// The smaller shadow of a tooltip.
    public var tooltipShadow = Shadow(color: .black, opacity: 0.15, offset: Point(x: 0, y: 2), radius: 3)
    /// A shadow for cards and panels of an app's own (`card.themeShadow = \.cardShadow`), as
    /// Hello's card casts.
    public var cardShadow = Shadow(color: .black, opacity: 0.35, offset: Point(x: 0, y: 6), radius: 10)

    /// The standard theme: light, neutral greys and one blue accent.
    public static let standard = Theme()

    /// The dark theme: light text on dark greys and a deeper blue accent (so white text on it
    /// stays readable); every text colour is at least 4.5:1 against the
    /// background it is drawn on, as WCAG asks.
    public static let dark: Theme = {
        var theme = Theme()
        theme.colorScheme = .dark
        theme.accent = Color(rgb: 0x2f6fe0)
        theme.link = Color(rgb: 0x6ea8ff)
        theme.destructive = Color(rgb: 0xc01c28)
        theme.text = Color(rgb: 0xf0f0f0)
        theme.secondaryText = Color(rgb: 0xa3a3a3)
        theme.separator = Color(rgb: 0x474747)
        theme.border = Color(rgb: 0x5c5c5c)
        theme.windowBackground = Color(rgb: 0x1f1f1f)
        theme.groupedBackground = Color(rgb: 0x1a1a1a)
        theme.contentBackground = Color(rgb: 0x2a2a2a)
        theme.controlBackground = Color(rgb: 0x383838)
        theme.hoveredControlBackground = Color(rgb: 0x424242)
        theme.pressedControlBackground = Color(rgb: 0x525252)
        theme.disabledControlBackground = Color(rgb: 0x2e2e2e)
        theme.selectedBackground = Color(rgb: 0x474747)
        theme.focusedSelectedBackground = Color(rgb: 0x24497a)
        theme.textSelection = Color(rgb: 0x2b5590)
        theme.hoverOverlay = Color(white: 1, alpha: 0.07)
        theme.pressedOverlay = Color(white: 1, alpha: 0.14)
        theme.scrollIndicator = Color(white: 1, alpha: 0.45)
        theme.popupOutline = Color(white: 1, alpha: 0.16)
        theme.popupEdge = Color(white: 1, alpha: 0.1)
        // On a dark window a shadow must be darker and stronger to show (Adwaita-dark's are).
        theme.popupShadow = Shadow(color: .black, opacity: 0.7, offset: Point(x: 0, y: 4), radius: 10)
        theme.tooltipShadow = Shadow(color: .black, opacity: 0.5, offset: Point(x: 0, y: 2), radius: 4)
        theme.cardShadow = Shadow(color: .black, opacity: 0.8, offset: Point(x: 0, y: 6), radius: 12)
        theme.modalBackdrop = Color(white: 0, alpha: 0.5)
        return theme
    }()

    /// The library's theme for `scheme`: ``standard`` or ``dark``.
    public static func standard(for scheme: ColorScheme) -> Theme {
        scheme == .dark ? dark : standard
    }

    /// Creates the standard theme; change its properties to make your own.
    public init() {}
}

extension View {
    /// The theme the view draws with: its scene's, or the standard one outside a scene.
    public var theme: Theme { scene?.theme ?? .standard }
}
