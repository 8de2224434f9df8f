import Canopy

/// The mixed colour in a rounded swatch that eases from colour to colour; a click on it copies
/// its hex code to the clipboard.
@MainActor public final class ColorSwatch: View {
    /// The colour shown. Animatable: set inside `View.animate`, the swatch eases to it.
    public var color: Color {
        get { colorValue.target }
        set { Animator.set(\ColorSwatch.colorValue, of: self, to: newValue) }
    }
    /// What a click copies: the colour's hex code.
    public var hexCode = ""
    /// Called with the text the user copied (setting the colour from code calls nothing).
    public var onCopy: ((String) -> Void)?

    /// The colour's model value and, while it eases, the value on screen.
    private var colorValue = AnimatedValue(Color.white)
    /// Whether a press that started on the swatch is held with the pointer over it.
    private var isPressed = false {
        didSet { if isPressed != oldValue { setNeedsDisplay() } }
    }
    private var isTracking = false

    public override var cursor: Cursor? { .hand }

    public override func draw(in context: GraphicsContext, bounds: Rect) {
        context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: colorValue.presented)
        // A hairline edge, so that a colour close to the window's shows where it ends.
        context.strokeRoundedRect(bounds, cornerRadius: cornerRadius, lineWidth: 1, color: Color(white: 0, alpha: 0.08))
        if isPressed { context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: Color(white: 0, alpha: 0.1)) }
    }

    public override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        isTracking = true
        isPressed = true
        return true
    }
    public override func mouseDragged(_ event: MouseEvent) {
        if isTracking { isPressed = bounds.contains(event.location(in: self)) }
    }
    public override func mouseUp(_ event: MouseEvent) {
        guard isTracking, event.button == .left else { return }
        isTracking = false
        isPressed = false
        if bounds.contains(event.location(in: self)) { copyHexCode() }
    }
    public override func mouseCancelled() {
        isTracking = false
        isPressed = false
    }

    /// A screen reader hears a button named "Mixed colour" with the hex code as its
    /// description, and can press it.
    public override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .pushButton, name: "Mixed colour", description: hexCode, actions: [.click])
    }
    /// A screen reader's press copies, as a click does.
    public override func performAccessibilityAction(_ action: AccessibilityAction) -> Bool {
        guard action == .click else { return super.performAccessibilityAction(action) }
        copyHexCode()
        return true
    }

    /// Puts the hex code on the clipboard, as the user asked, and reports it.
    private func copyHexCode() {
        scene?.clipboard?.setText(hexCode)
        onCopy?(hexCode)
    }
}
