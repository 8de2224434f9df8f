import Canopy

/// A horizontal slider for one colour channel, 0...255: drag the knob or click the track;
/// with focus, Left and Right step by 1 (by 16 with Shift), Home and End jump to the ends.
@MainActor public final class ChannelSlider: View {
    /// The channel's value, 0...255.
    public private(set) var value: Int
    /// Called when the user changes the value (setting it from code calls nothing).
    public var onValueChanged: ((Int) -> Void)?
    /// The colour of the filled part of the track.
    public let tint: Color

    /// Creates a slider tinted `tint`, starting at `value`.
    public init(tint: Color, value: Int = 128) {
        self.tint = tint
        self.value = min(max(value, 0), 255)
        super.init(frame: .zero)
    }

    public override var canBecomeFocused: Bool { true }
    public override var cursor: Cursor? { .hand }

    /// Sets the value (clamped) and redraws.
    public func setValue(_ newValue: Int) {
        value = min(max(newValue, 0), 255)
        setNeedsDisplay()
    }

    /// Sets the value as the user asked, reporting a change.
    private func userSetValue(_ newValue: Int) {
        let before = value
        setValue(newValue)
        if value != before { onValueChanged?(value) }
    }

    private var track: Rect { bounds.insetBy(dx: 12, dy: 0) }

    public override func draw(in context: GraphicsContext) {
        let y = bounds.midY
        let filled = track.width * Double(value) / 255
        context.fillRoundedRect(
            Rect(x: track.minX, y: y - 3, width: track.width, height: 6), cornerRadius: 3, color: Color(white: 0.85))
        context.fillRoundedRect(Rect(x: track.minX, y: y - 3, width: filled, height: 6), cornerRadius: 3, color: tint)
        let knob = Rect(x: track.minX + filled - 10, y: y - 10, width: 20, height: 20)
        context.drawShadow(
            of: knob, cornerRadius: 10, shadow: Shadow(opacity: 0.3, offset: Point(x: 0, y: 1), radius: 2))
        context.fillRoundedRect(knob, cornerRadius: 10, color: .white)
        context.strokeRoundedRect(
            knob, cornerRadius: 10, lineWidth: isFocused ? 2 : 1, color: isFocused ? tint : Color(white: 0.7))
    }

    private func setValue(atX x: Double) {
        userSetValue(Int(((x - track.minX) / track.width * 255).rounded()))
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        setValue(atX: event.location(in: self).x)
        return true
    }
    public override func mouseDragged(_ event: MouseEvent) { setValue(atX: event.location(in: self).x) }

    public override func keyDown(_ event: KeyEvent) -> Bool {
        let step = event.modifiers.contains(.shift) ? 16 : 1
        switch event.key {
        case .left, .down: userSetValue(value - step)
        case .right, .up: userSetValue(value + step)
        case .home: userSetValue(0)
        case .end: userSetValue(255)
        default: return false
        }
        return true
    }
}
