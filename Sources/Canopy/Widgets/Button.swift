/// A push button: a title (and an image) on a rounded background that fires
/// ``Control/onPrimaryAction`` when clicked or, with focus, when Space or Enter is pressed.
///
/// It shows its state: normal, hovered, highlighted (pressed with the pointer inside), disabled,
/// and a focus ring while it has keyboard focus. Its colours come from the scene's ``Theme``
/// unless ``style`` says otherwise.
open class Button: Control {
    /// The colours of each state.
    public struct Style: Hashable, Sendable {
        /// The background in the normal state.
        public var background: Color
        /// The background while the pointer is over the button.
        public var hoveredBackground: Color
        /// The background while pressed with the pointer inside.
        public var highlightedBackground: Color
        /// The background while disabled.
        public var disabledBackground: Color
        /// The title's colour while enabled.
        public var title: Color
        /// The title's colour while disabled.
        public var disabledTitle: Color
        /// The colour of the border.
        public var border: Color
        /// The colour of the ring drawn while the button has focus.
        public var focusRing: Color
        /// The colour of the border while disabled.
        public var disabledBorder: Color

        /// Creates a style; without a disabled border colour the border keeps its colour.
        public init(
            background: Color, hoveredBackground: Color, highlightedBackground: Color, disabledBackground: Color,
            title: Color, disabledTitle: Color, border: Color, focusRing: Color, disabledBorder: Color? = nil
        ) {
            self.background = background
            self.hoveredBackground = hoveredBackground
            self.highlightedBackground = highlightedBackground
            self.disabledBackground = disabledBackground
            self.title = title
            self.disabledTitle = disabledTitle
            self.border = border
            self.focusRing = focusRing
            self.disabledBorder = disabledBorder ?? border
        }

        /// The four backgrounds, to pick from by the button's state.
        public var backgrounds: StateColors {
            StateColors(
                normal: background, hovered: hoveredBackground, highlighted: highlightedBackground,
                disabled: disabledBackground)
        }

        /// A light button with a border and dark text, in `theme`'s colours.
        public static func standard(for theme: Theme) -> Style {
            let fills = theme.controlFills
            return Style(
                background: fills.normal, hoveredBackground: fills.hovered, highlightedBackground: fills.highlighted,
                disabledBackground: fills.disabled, title: theme.text, disabledTitle: theme.secondaryText,
                border: theme.border, focusRing: theme.accent)
        }

        /// A button with no fill or border until the pointer is over it, for small actions inside
        /// other controls (a row's delete button).
        public static func plain(for theme: Theme) -> Style {
            Style(
                background: .clear, hoveredBackground: theme.hoverOverlay,
                highlightedBackground: theme.pressedOverlay, disabledBackground: .clear, title: theme.secondaryText,
                disabledTitle: theme.border, border: .clear, focusRing: theme.accent)
        }

        /// A button filled with `theme`'s accent and its ``Theme/textOnAccent``, for the action a
        /// screen is about.
        public static func prominent(for theme: Theme) -> Style {
            filled(with: theme.accent, for: theme)
        }

        /// A button filled with `theme`'s destructive colour and its ``Theme/textOnAccent``, for an
        /// action that destroys the user's work (Delete, Discard).
        public static func destructive(for theme: Theme) -> Style {
            filled(with: theme.destructive, for: theme)
        }

        /// A button filled with `fill`, shades of it for its states, and `theme`'s text on accent.
        private static func filled(with fill: Color, for theme: Theme) -> Style {
            func shade(_ amount: Double) -> Color {
                Color(red: fill.red * amount, green: fill.green * amount, blue: fill.blue * amount)
            }
            return Style(
                background: fill, hoveredBackground: shade(0.92), highlightedBackground: shade(0.8),
                disabledBackground: theme.disabledControlBackground, title: theme.textOnAccent,
                disabledTitle: theme.secondaryText, border: shade(0.85), focusRing: shade(0.6),
                disabledBorder: theme.border)
        }
    }

    /// The text on the button.
    public var title: String {
        didSet { if title != oldValue { contentChanged() } }
    }
    /// An image drawn before the title (centred when there is no title).
    public var image: Image? {
        didSet { if image != oldValue { contentChanged() } }
    }
    /// The font of the title; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { contentChanged() } }
    }
    /// Which of the theme's looks the button takes when ``style`` is `nil`.
    public enum Appearance: Hashable, Sendable {
        /// ``Style/standard(for:)``: light, with a border.
        case standard
        /// ``Style/prominent(for:)``: filled with the accent.
        case prominent
        /// ``Style/plain(for:)``: no fill or border until hovered.
        case plain
    }

    /// Which of the theme's looks the button takes.
    public var appearance = Appearance.standard {
        didSet { if appearance != oldValue { setNeedsDisplay() } }
    }
    /// The state colours, overriding ``role`` and ``appearance``; `nil` follows the theme.
    public var style: Style? {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    /// What the button is to the dialog or window it is in (see ``ButtonRole``): a default
    /// button is pressed by Enter and drawn prominent, a cancel button is pressed by Escape, a
    /// destructive one is drawn in the theme's destructive colour. A default or destructive role
    /// decides the look over ``appearance``.
    public var role = ButtonRole.normal {
        didSet { if role != oldValue { setNeedsDisplay() } }
    }

    /// The colours the button draws with now.
    public var resolvedStyle: Style {
        if let style { return style }
        switch role {
        case .default: return .prominent(for: theme)
        case .destructive: return .destructive(for: theme)
        case .normal, .cancel: break
        }
        switch appearance {
        case .standard: return .standard(for: theme)
        case .prominent: return .prominent(for: theme)
        case .plain: return .plain(for: theme)
        }
    }

    /// The space kept between the edges and the image and title.
    public var contentInsets = EdgeInsets(left: 8, right: 8) {
        didSet { if contentInsets != oldValue { setNeedsDisplay() } }
    }

    /// Creates a button.
    public init(title: String = "", image: Image? = nil, font: Font? = nil, frame: Rect = .zero) {
        self.title = title
        self.image = image
        self.font = font
        super.init(frame: frame)
        cornerRadius = Theme.standard.cornerRadius
    }

    /// The image and title side by side, with the content insets and room around them: a button
    /// whose title fits, known before it is in a window.
    open override func sizeThatFits(_ size: Size) -> Size {
        let font = font ?? theme.font
        let title = textMeasurer.measure(self.title.isEmpty ? " " : self.title, font: font)
        let titleWidth = self.title.isEmpty ? 0 : title.width
        let imageSize = image?.size ?? .zero
        let spacing = image != nil && !self.title.isEmpty ? 6.0 : 0
        let width = contentInsets.left + imageSize.width + spacing + titleWidth + contentInsets.right + 16
        let height = max(title.height, imageSize.height) + contentInsets.top + contentInsets.bottom + 14
        return Size(width: min(size.width, width.rounded(.up)), height: min(size.height, height.rounded(.up)))
    }

    /// A push button named by its title, which a click presses.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .pushButton, name: title, states: accessibilityEnabledState, actions: [.click])
    }

    /// Draws the background and border for the state, the focus ring, and the image and title.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let style = resolvedStyle
        let font = font ?? theme.font
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        context.fillRoundedRect(bounds, cornerRadius: radius, color: style.backgrounds.color(for: state))
        context.strokeRoundedRect(
            bounds, cornerRadius: radius, lineWidth: 1, color: isEnabled ? style.border : style.disabledBorder)
        if isFocused { theme.drawFocusRing(around: bounds, cornerRadius: radius, color: style.focusRing, in: context) }
        let titleColor = isEnabled ? style.title : style.disabledTitle
        let content = bounds.inset(by: contentInsets)
        guard let image else {
            return context.drawText(title, in: content, font: font, color: titleColor, alignment: .center)
        }
        // The image and the title sit side by side, centred together.
        let spacing = title.isEmpty ? 0 : 6.0
        let titleWidth = title.isEmpty ? 0 : context.measure(title, font: font).width
        let x = (content.minX + (content.width - image.size.width - spacing - titleWidth) / 2).rounded()
        context.drawImage(
            image,
            in: Rect(
                x: x, y: (content.minY + (content.height - image.size.height) / 2).rounded(),
                width: image.size.width, height: image.size.height))
        let titleX = x + image.size.width + spacing
        context.drawText(
            title, in: Rect(x: titleX, y: content.minY, width: content.maxX - titleX, height: content.height),
            font: font, color: titleColor)
    }
}
