/// A horizontal slider: a knob on a track, for a value in a range.
///
/// A ``Control``. A press on the knob grabs it where it was held; a press elsewhere on the
/// slider jumps the knob there; either way the knob follows the drag until the release, wherever
/// the pointer goes. With focus, Left or Down and Right or Up move by ``keyboardStep`` (ten times
/// as far with Shift), Page Down and Page Up by ten steps, Home and End to the ends; Space and
/// Enter are left to the views around it.
///
/// The user's changes are reported through ``onValueChanged``: every change while dragging, or
/// with ``isContinuous`` off, once when the knob is let go. Setting ``value``, the range or the
/// step from code calls nothing.
open class Slider: Control {
    /// The value, always in ``minimumValue``...``maximumValue`` and on a ``step`` when there is
    /// one: a value set outside is clamped, and one between steps goes to the nearest (a range
    /// whose end is not on a step stops at the last step before it).
    public var value: Double {
        didSet {
            let fitted = fitted(value)
            if fitted != value { value = fitted }
            if value != oldValue { setNeedsDisplay() }
        }
    }
    /// The value at the left end.
    public var minimumValue: Double {
        didSet { rangeDidChange() }
    }
    /// The value at the right end (taken as ``minimumValue`` when below it).
    public var maximumValue: Double {
        didSet { rangeDidChange() }
    }
    /// The distance between the values the slider takes, counted from ``minimumValue``; `nil`
    /// (or zero) for a continuous slider.
    public var step: Double? {
        didSet { rangeDidChange() }
    }
    /// How far an arrow key moves the value; `nil` moves by ``step``, or by a hundredth of the
    /// range for a continuous slider. (An arrow never moves less than one step.)
    public var keyboardStep: Double?
    /// Whether ``onValueChanged`` reports every change while the knob is dragged (the default),
    /// or only the value it was let go at.
    public var isContinuous = true
    /// The colour of the track left of the knob; `nil` uses the theme's accent.
    public var tint: Color? {
        didSet { if tint != oldValue { setNeedsDisplay() } }
    }
    /// Called with the new value when the user changes it.
    public var onValueChanged: ((Double) -> Void)?

    /// The diameter of the knob, in points.
    public static let knobSize = 20.0
    /// The height of the track, in points.
    public static let trackHeight = 4.0
    /// The width ``sizeThatFits(_:)`` asks for: a slider has no natural length.
    public static let defaultWidth = 160.0

    /// The value when the press being tracked started, to report a non-continuous drag on release.
    private var valueAtPress: Double?
    /// How far from the knob's centre the pointer grabbed it.
    private var grabOffset = 0.0

    /// Creates a slider for values in `range`, in steps of `step` (or continuous), at `value`.
    public init(value: Double = 0, in range: ClosedRange<Double> = 0...1, step: Double? = nil, frame: Rect = .zero) {
        minimumValue = range.lowerBound
        maximumValue = range.upperBound
        self.step = step
        self.value = Self.fit(value, minimum: range.lowerBound, maximum: range.upperBound, step: step)
        super.init(frame: frame)
    }

    // MARK: Geometry

    /// The line the knob's centre travels along, in bounds coordinates: the slider's width less
    /// room for the knob and its focus ring at each end, at the middle of its height.
    @_spi(Testing) public var trackFrame: Rect { trackFrame(in: bounds) }

    /// Where the knob is drawn for the current value, in bounds coordinates.
    @_spi(Testing) public var knobFrame: Rect { knobFrame(in: bounds) }

    private func trackFrame(in bounds: Rect) -> Rect {
        let inset = Self.knobSize / 2 + 3
        return Rect(
            x: inset, y: ((bounds.height - Self.trackHeight) / 2).rounded(),
            width: max(0, bounds.width - 2 * inset), height: Self.trackHeight)
    }

    private func knobFrame(in bounds: Rect) -> Rect {
        let track = trackFrame(in: bounds)
        let x = track.minX + fraction * track.width
        return Rect(
            x: x - Self.knobSize / 2, y: ((bounds.height - Self.knobSize) / 2).rounded(), width: Self.knobSize,
            height: Self.knobSize)
    }

    /// How far along the range the value is, 0...1.
    private var fraction: Double {
        let range = upperBound - minimumValue
        return range > 0 ? (value - minimumValue) / range : 0
    }

    private var upperBound: Double { max(minimumValue, maximumValue) }

    /// The value for a knob centred at `x` (bounds coordinates).
    public func value(atX x: Double) -> Double {
        let track = trackFrame
        let fraction = track.width > 0 ? min(max((x - track.minX) / track.width, 0), 1) : 0
        return fitted(minimumValue + fraction * (upperBound - minimumValue))
    }

    /// The knob with room for its focus ring, as tall as the knob and ``defaultWidth`` wide (or
    /// what is offered, if less).
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(size.width, Self.defaultWidth), height: min(size.height, Self.knobSize + 8))
    }

    // MARK: Values

    /// `value` clamped to the range and moved to the nearest step.
    private func fitted(_ value: Double) -> Double {
        Self.fit(value, minimum: minimumValue, maximum: maximumValue, step: step)
    }

    private static func fit(_ value: Double, minimum: Double, maximum: Double, step: Double?) -> Double {
        guard value.isFinite else { return minimum }
        let maximum = max(minimum, maximum)
        let clamped = min(max(value, minimum), maximum)
        guard let step, step > 0 else { return clamped }
        let lastStep = ((maximum - minimum) / step + 1e-9).rounded(.down)
        return minimum + min(((clamped - minimum) / step).rounded(), lastStep) * step
    }

    private func rangeDidChange() {
        value = fitted(value)
        setNeedsDisplay()
    }

    /// How far one arrow key moves the value.
    private var arrowStep: Double {
        let step = self.step.flatMap { $0 > 0 ? $0 : nil }
        let range = upperBound - minimumValue
        return max(keyboardStep ?? step ?? range / 100, step ?? 0)
    }

    /// Sets the value as the user asked and reports it if it changed and `report` says so.
    private func userSetValue(_ newValue: Double, report: Bool = true) {
        let before = value
        value = newValue
        if report, value != before { onValueChanged?(value) }
    }

    /// A horizontal slider showing its value, range and step; assistive technology sets the
    /// value as a drag would (``setAccessibilityValue(_:)``). It shows no text: give it an
    /// ``View/accessibilityLabel``.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(
            role: .slider, states: accessibilityEnabledState.union(.horizontal),
            value: AccessibilityValue(
                current: value, minimum: minimumValue, maximum: upperBound, step: step.map { max(0, $0) } ?? 0))
    }

    // MARK: Drawing

    /// Draws the track (filled with the tint up to the knob), the knob for the state, and a ring
    /// around the knob, a point away from it, while the slider has focus.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let track = trackFrame(in: bounds)
        let knob = knobFrame(in: bounds)
        let radius = Self.trackHeight / 2
        context.fillRoundedRect(track, cornerRadius: radius, color: theme.separator)
        let filled = Rect(x: track.minX, y: track.minY, width: max(0, knob.midX - track.minX), height: track.height)
        context.fillRoundedRect(
            filled, cornerRadius: radius, color: isEnabled ? tint ?? theme.accent : theme.border)
        let knobRadius = Self.knobSize / 2
        if isEnabled {
            context.drawShadow(
                of: knob, cornerRadius: knobRadius, shadow: Shadow(opacity: 0.2, offset: Point(x: 0, y: 1), radius: 1.5)
            )
        }
        context.fillRoundedRect(knob, cornerRadius: knobRadius, color: theme.controlFills.color(for: state))
        context.strokeRoundedRect(knob, cornerRadius: knobRadius, lineWidth: 1, color: theme.border)
        if isFocused { theme.drawFocusRing(around: knob, cornerRadius: knobRadius, outset: 3, in: context) }
    }

    // MARK: Input

    /// Grabs the knob, or jumps it to the pointer when the press is beside it, and tracks the
    /// drag.
    open override func beginTracking(at point: Point) -> Bool {
        valueAtPress = value
        let knob = knobFrame
        if point.x >= knob.minX, point.x <= knob.maxX {
            grabOffset = point.x - knob.midX
        } else {
            grabOffset = 0
            userSetValue(value(atX: point.x), report: isContinuous)
        }
        return true
    }

    /// Moves the knob with the pointer, wherever it is, keeping the pressed look.
    open override func continueTracking(at point: Point, inside: Bool) -> Bool {
        isHighlighted = true
        userSetValue(value(atX: point.x - grabOffset), report: isContinuous)
        return true
    }

    /// Ends the drag; a slider that is not continuous reports the value it was let go at. A
    /// release fires no primary action.
    open override func endTracking(at point: Point, inside: Bool) { endDrag() }

    /// Ends a drag that ended without a release where the knob is: the user moved it there, so
    /// a slider that is not continuous reports it.
    open override func cancelTracking() { endDrag() }

    private func endDrag() {
        guard let start = valueAtPress else { return }
        valueAtPress = nil
        if !isContinuous, value != start { onValueChanged?(value) }
    }

    /// Moves the value with the arrows (ten times as far with Shift), Page Up and Page Down (ten
    /// steps) and Home and End (the ends). Other keys, Space and Enter among them, go on up the
    /// chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isSubset(of: [.shift]) else { return false }
        let step = arrowStep
        let arrow = event.modifiers.contains(.shift) ? 10 * step : step
        switch event.key {
        case .left, .down: userSetValue(value - arrow)
        case .right, .up: userSetValue(value + arrow)
        case .pageDown: userSetValue(value - 10 * step)
        case .pageUp: userSetValue(value + 10 * step)
        case .home: userSetValue(minimumValue)
        case .end: userSetValue(upperBound)
        default: return false
        }
        return true
    }
}

extension Slider: AccessibilityAdjustable {
    /// Moves the knob to `value` (clamped and stepped) as the user's doing, reporting the change.
    public func setAccessibilityValue(_ value: Double) -> Bool {
        guard isEnabled, value.isFinite else { return false }
        userSetValue(value)
        return true
    }
}
