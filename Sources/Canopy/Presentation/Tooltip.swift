/// The small note that shows a view's ``View/toolTip`` near the pointer.
///
/// The scene shows one after the pointer has rested on a view with a tooltip (or on a subview
/// without one of its own) for ``delay`` seconds: below and to the right of the pointer, moved
/// to stay inside the window, or inside the monitor's work area where pop-ups may leave the
/// window (``Scene/popUpBounds``; a host such as CanopyX11 then shows one that passes the
/// window's edge in a window of its own, typed as a tooltip and taking no input). It floats as a
/// passive presentation (``Presentation/Style/passive(anchor:)``): clicks go through it to what
/// is beneath, it takes no focus, and a drop-down or menu that is open stays open. It goes when
/// the pointer leaves the view, on any press, key or wheel turn, and when the view is hidden or
/// leaves the window; after a press or key it comes back only once the pointer has left the view
/// and rested on one again. Waiting costs one timer on the scene's ``Scene/timers``, and none is
/// left once nothing waits.
///
/// It draws with the scene's ``Theme``: the content background with a border, text a little
/// smaller than the theme's font, and the theme's ``Theme/tooltipShadow``.
public final class Tooltip: View {
    /// How long the pointer must rest on a view before its tooltip shows, in seconds.
    public static let delay = 0.6
    /// How long the note takes to fade in and out, in seconds.
    static let fadeDuration = 0.1
    /// The part of the screen the pointer's arrow covers, relative to its hot spot: the note
    /// goes below it (above it where there is no room below), its left edge at the arrow's right.
    static let pointerExtent = Rect(x: 8, y: -4, width: 0, height: 24)
    /// The space between the note's edges and its text.
    static let insets = EdgeInsets(top: 4, left: 7, bottom: 4, right: 7)

    /// The text shown.
    public internal(set) var text: String {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    init(text: String) {
        self.text = text
        super.init(frame: .zero)
        cornerRadius = 4
        themeShadow = \.tooltipShadow
        isUserInteractionEnabled = false
    }

    /// A tool tip named by its text.
    public override func makeAccessibilityNode() -> AccessibilityNode? { AccessibilityNode(role: .toolTip, name: text) }

    /// The font of the text: the theme's, two points smaller.
    static func font(for theme: Theme) -> Font {
        var font = theme.font
        font.size = max(9, font.size - 2)
        return font
    }

    /// The text's size with the insets, no larger than `size`.
    public override func sizeThatFits(_ size: Size) -> Size {
        let fitting = fittingSize(measurer: textMeasurer, theme: theme)
        return Size(width: min(size.width, fitting.width), height: min(size.height, fitting.height))
    }

    /// The size the note wants for its text in `theme`'s font, measured by `measurer`.
    func fittingSize(measurer: TextMeasuring, theme: Theme) -> Size {
        let metrics = measurer.measure(text, font: Self.font(for: theme))
        return Size(
            width: (metrics.width + Self.insets.left + Self.insets.right).rounded(.up),
            height: (metrics.height + Self.insets.top + Self.insets.bottom).rounded(.up))
    }

    /// Where a note of `size` goes for the pointer at `pointer` inside `area` (a
    /// ``PopUpPlacement`` against the arrow): below and right of the pointer; moved left to stay
    /// inside, and above the pointer where there is no room below; on whole points.
    static func frame(size: Size, pointer: Point, within area: Rect) -> Rect {
        let placement = PopUpPlacement(
            anchor: pointerExtent.offsetBy(dx: pointer.x, dy: pointer.y), flips: .vertical)
        let frame = placement.place(size, in: area).frame
        return Rect(origin: Point(x: frame.minX.rounded(), y: frame.minY.rounded()), size: frame.size)
    }

    /// Draws the background, a border and the text.
    public override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = self.theme
        fillBackground(theme.contentBackground, in: context, bounds: bounds)
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        context.strokeRoundedRect(bounds, cornerRadius: radius, lineWidth: 1, color: theme.border)
        context.drawText(text, in: bounds.inset(by: Self.insets), font: Self.font(for: theme), color: theme.text)
    }
}
