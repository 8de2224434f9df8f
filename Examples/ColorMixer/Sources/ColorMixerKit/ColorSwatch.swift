import Canopy

/// The mixed colour in a rounded swatch that eases from colour to colour; a click on it copies
/// its hex code to the clipboard.
///
/// A `Control`: the control tracks the press (darkening the swatch while it is held inside) and
/// a release inside is its primary action. It stays out of the Tab order, as it has no focus
/// ring; the sliders and the Save button are what the keyboard reaches.
@MainActor public final class ColorSwatch: Control {
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

    /// Creates a swatch, out of the Tab order.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isFocusable = false
    }

    public override func draw(in context: GraphicsContext, bounds: Rect) {
        context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: colorValue.presented)
        // A hairline edge, so that a colour close to the window's shows where it ends.
        let edge = theme.colorScheme == .dark ? Color(white: 1, alpha: 0.12) : Color(white: 0, alpha: 0.08)
        context.strokeRoundedRect(bounds, cornerRadius: cornerRadius, lineWidth: 1, color: edge)
        if isHighlighted {
            context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: Color(white: 0, alpha: 0.1))
        }
    }

    /// A release inside, or a screen reader's press, copies.
    public override func sendPrimaryAction() { copyHexCode() }

    /// A screen reader hears a button named "Mixed colour" with the hex code as its
    /// description, and can press it.
    public override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .pushButton, name: "Mixed colour", description: hexCode, actions: [.click])
    }

    /// Puts the hex code on the clipboard, as the user asked, and reports it.
    private func copyHexCode() {
        scene?.host?.clipboard?.setText(hexCode)
        onCopy?(hexCode)
    }
}
