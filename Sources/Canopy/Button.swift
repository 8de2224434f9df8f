/// A push button: a title on a rounded background that fires ``action`` when clicked (released
/// inside after a press inside) or, with focus, when Space or Enter is pressed.
///
/// It shows its state: normal, hovered, highlighted (pressed with the pointer inside), disabled,
/// and a focus ring while it has keyboard focus.
open class Button: View {
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

        /// Creates a style.
        public init(
            background: Color, hoveredBackground: Color, highlightedBackground: Color, disabledBackground: Color,
            title: Color, disabledTitle: Color, border: Color, focusRing: Color
        ) {
            self.background = background
            self.hoveredBackground = hoveredBackground
            self.highlightedBackground = highlightedBackground
            self.disabledBackground = disabledBackground
            self.title = title
            self.disabledTitle = disabledTitle
            self.border = border
            self.focusRing = focusRing
        }

        /// A light button with a grey border and dark text.
        public static let standard = Style(
            background: .white, hoveredBackground: Color(white: 0.96), highlightedBackground: Color(white: 0.82),
            disabledBackground: Color(white: 0.95), title: Color(white: 0.1), disabledTitle: Color(white: 0.6),
            border: Color(white: 0.7), focusRing: Color(rgb: 0x3478f6))
    }

    /// The text on the button.
    public var title: String {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// An image drawn before the title (centred when there is no title).
    public var image: Image? {
        didSet { if image != oldValue { setNeedsDisplay() } }
    }
    /// The font of the title.
    public var font: Font {
        didSet { if font != oldValue { setNeedsDisplay() } }
    }
    /// The state colours.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    /// Whether the button reacts to input; a disabled button looks faded and cannot take focus.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled {
                isHighlighted = false
                resignFocus()
            }
            setNeedsDisplay()
        }
    }
    /// Called when the button is clicked or activated from the keyboard.
    public var action: (() -> Void)?

    /// Whether the button is pressed with the pointer inside it.
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }
    /// Whether the pointer is over the button.
    public private(set) var isHovered = false {
        didSet { if isHovered != oldValue { setNeedsDisplay() } }
    }

    /// Creates a button.
    public init(title: String = "", font: Font = .system(size: 15), style: Style = .standard, frame: Rect = .zero) {
        self.title = title
        self.font = font
        self.style = style
        super.init(frame: frame)
        cornerRadius = 6
    }

    /// A pointing hand while enabled; the superview's cursor while disabled.
    open override var cursor: Cursor? { isEnabled ? .hand : nil }

    /// Whether the button takes focus: only while enabled.
    open override var canBecomeFocused: Bool { isEnabled }

    /// Draws the background and border for the state, the focus ring, and the image and title.
    open override func draw(in context: GraphicsContext) {
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        let background: Color
        if !isEnabled {
            background = style.disabledBackground
        } else if isHighlighted {
            background = style.highlightedBackground
        } else {
            background = isHovered ? style.hoveredBackground : style.background
        }
        context.fillRoundedRect(bounds, cornerRadius: radius, color: background)
        context.strokeRoundedRect(bounds, cornerRadius: radius, lineWidth: 1, color: style.border)
        if isFocused {
            context.strokeRoundedRect(bounds, cornerRadius: radius, lineWidth: 2, color: style.focusRing)
        }
        let titleColor = isEnabled ? style.title : style.disabledTitle
        guard let image else {
            return context.drawText(
                title, in: bounds.insetBy(dx: 8, dy: 0), font: font, color: titleColor, alignment: .center)
        }
        // The image and the title sit side by side, centred together.
        let spacing = title.isEmpty ? 0 : 6.0
        let titleWidth = title.isEmpty ? 0 : context.measure(title, font: font).width
        let x = ((bounds.width - image.size.width - spacing - titleWidth) / 2).rounded()
        context.drawImage(
            image,
            in: Rect(
                x: x, y: ((bounds.height - image.size.height) / 2).rounded(), width: image.size.width,
                height: image.size.height))
        let titleX = x + image.size.width + spacing
        context.drawText(
            title, in: Rect(x: titleX, y: 0, width: bounds.width - titleX, height: bounds.height), font: font,
            color: titleColor)
    }

    /// Highlights the button on a left press.
    open override func mouseDown(_ event: MouseEvent) {
        guard isEnabled, event.button == .left else { return }
        isHighlighted = true
    }

    /// Keeps the button highlighted only while the pointer is inside.
    open override func mouseDragged(_ event: MouseEvent) {
        guard isEnabled else { return }
        isHighlighted = bounds.contains(event.location(in: self))
    }

    /// Fires ``action`` when the left button is released inside.
    open override func mouseUp(_ event: MouseEvent) {
        guard isEnabled, event.button == .left else { return }
        let inside = bounds.contains(event.location(in: self))
        isHighlighted = false
        if inside { action?() }
    }

    /// Shows the hovered state.
    open override func mouseEntered(_ event: MouseEvent) { isHovered = true }
    /// Ends the hovered state.
    open override func mouseExited(_ event: MouseEvent) { isHovered = false }

    /// Fires ``action`` on Space or Enter; other keys go to the superview.
    open override func keyDown(_ event: KeyEvent) {
        switch event.key {
        case .space, .enter:
            if isEnabled, !event.isRepeat { action?() }
        default:
            super.keyDown(event)
        }
    }
}
