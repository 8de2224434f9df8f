/// A view whose ``AccessibilityNode/value`` assistive technology can set, as the user would by
/// dragging or with the keys (a slider).
@MainActor public protocol AccessibilityAdjustable: View {
    /// Sets the value as the user's doing (clamped and stepped as the view does); returns whether
    /// the view took it.
    func setAccessibilityValue(_ value: Double) -> Bool
}
