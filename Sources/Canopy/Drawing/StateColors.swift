/// A colour for each look a control takes (its face, a knob, a title), picked by its state:
/// the disabled colour while it is disabled, else the highlighted one while it is pressed,
/// else the hovered one while the pointer is over it, else the normal one. Custom controls
/// pick their colours this way too, so every control changes look by the same rule.
public struct StateColors: Hashable, Sendable {
    /// The colour at rest.
    public var normal: Color
    /// The colour while the pointer is over the control.
    public var hovered: Color
    /// The colour while the control is pressed with the pointer inside.
    public var highlighted: Color
    /// The colour while the control is disabled.
    public var disabled: Color

    /// Creates the colours of the four looks.
    public init(normal: Color, hovered: Color, highlighted: Color, disabled: Color) {
        self.normal = normal
        self.hovered = hovered
        self.highlighted = highlighted
        self.disabled = disabled
    }

    /// The colour for `state` (a ``Control/state``): disabled wins over highlighted, which
    /// wins over hovered.
    public func color(for state: Control.State) -> Color {
        if state.contains(.disabled) { return disabled }
        if state.contains(.highlighted) { return highlighted }
        return state.contains(.hovered) ? hovered : normal
    }
}
