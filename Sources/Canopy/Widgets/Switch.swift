/// An on/off switch: a rounded track whose knob slides to the right when it is on.
///
/// A ``Control``: a click, or Space or Enter with focus, turns it over; the knob slides there
/// and ``onValueChanged`` reports the new state. Setting ``isOn`` from code moves the knob at
/// once and calls nothing; ``setOn(_:animated:)`` slides it.
open class Switch: Control {
    /// Whether the switch is on.
    public var isOn: Bool {
        didSet {
            guard isOn != oldValue else { return }
            Animator.set(\Switch.knobPosition, of: self, to: isOn ? 1 : 0)
            setNeedsDisplay()
        }
    }
    /// The colour of the track while on; `nil` uses the theme's accent.
    public var tint: Color? {
        didSet { if tint != oldValue { setNeedsDisplay() } }
    }
    /// Called with the new state when the user turns the switch over.
    public var onValueChanged: ((Bool) -> Void)?

    /// The size of the track, in points.
    public static let trackSize = Size(width: 40, height: 24)
    /// How long the knob takes to slide across, in seconds.
    public static let slideDuration = 0.15

    /// Where the knob is: 0 at the left (off), 1 at the right (on); drawn between while it slides.
    private var knobPosition: AnimatedValue<Double>

    /// Creates a switch.
    public init(isOn: Bool = false, frame: Rect = .zero) {
        self.isOn = isOn
        knobPosition = AnimatedValue(isOn ? 1 : 0)
        super.init(frame: frame)
    }

    /// Turns the switch on or off from code, sliding the knob when `animated`; calls nothing.
    public func setOn(_ on: Bool, animated: Bool) {
        View.animate(duration: animated ? Self.slideDuration : 0) { isOn = on }
    }

    /// Turns the switch over (the knob slides) and reports the new state, then calls
    /// ``Control/onPrimaryAction``.
    open override func sendPrimaryAction() {
        setOn(!isOn, animated: true)
        onValueChanged?(isOn)
        super.sendPrimaryAction()
    }

    /// A switch, checked while on; a click turns it over. It shows no text: give it an
    /// ``View/accessibilityLabel``.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var states = accessibilityEnabledState.union(.checkable)
        if isOn { states.insert(.checked) }
        return AccessibilityNode(role: .switch, states: states, actions: [.click])
    }

    // MARK: Geometry

    /// Where the track is drawn: at the left edge, with room for the focus ring, centred
    /// vertically.
    @_spi(Testing) public var trackFrame: Rect { trackFrame(in: bounds) }

    /// Where the knob is drawn now (while it slides, where it is on screen).
    @_spi(Testing) public var knobFrame: Rect { knobFrame(in: bounds) }

    private func trackFrame(in bounds: Rect) -> Rect {
        Rect(
            x: 3, y: ((bounds.height - Self.trackSize.height) / 2).rounded(), width: Self.trackSize.width,
            height: Self.trackSize.height)
    }

    private func knobFrame(in bounds: Rect) -> Rect {
        let track = trackFrame(in: bounds)
        let size = track.height - 4
        return Rect(
            x: track.minX + 2 + knobPosition.presented * (track.width - 4 - size), y: track.minY + 2, width: size,
            height: size)
    }

    /// The track with room for its focus ring.
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(
            width: min(size.width, Self.trackSize.width + 6), height: min(size.height, Self.trackSize.height + 6))
    }

    // MARK: Drawing

    /// Draws the track (its colour following the knob from grey to the tint), the knob for the
    /// state, and a ring around the track, a point away from it, while the switch has focus.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let track = trackFrame(in: bounds)
        let radius = track.height / 2
        let on = isEnabled ? tint ?? theme.accent : theme.border
        let position = knobPosition.presented
        context.fillRoundedRect(
            track, cornerRadius: radius, color: .interpolate(from: theme.separator, to: on, progress: position))
        let knob = knobFrame(in: bounds)
        if isEnabled {
            context.drawShadow(
                of: knob, cornerRadius: knob.height / 2,
                shadow: Shadow(opacity: 0.25, offset: Point(x: 0, y: 1), radius: 1.5))
        }
        context.fillRoundedRect(knob, cornerRadius: knob.height / 2, color: theme.controlFills.color(for: state))
        if isFocused { theme.drawFocusRing(around: track, cornerRadius: radius, outset: 3, in: context) }
    }
}
