/// A selectable tile, as the seed's `TypeView`: an icon centred horizontally 10 points from the
/// top and a 14-point title 10 points under it, left-aligned with the icon.
///
/// Unselected it shows the normal icon and a grey (#c5c4cc) title; selected, a highlight
/// background centred behind it, the icon's selected variant and a blue (#58baff) title. It
/// lightens while hovered and darkens while pressed, and calls ``onTouch`` when clicked.
open class TileView: View {
    /// The title under the icon.
    public var title: String {
        didSet { if title != oldValue { setNeedsDisplay() } }
    }
    /// The icon when not selected.
    public var image: Image? {
        didSet { if image != oldValue { setNeedsDisplay() } }
    }
    /// The icon when selected (the seed's `_touch` variant); the normal icon when `nil`.
    public var selectedImage: Image? {
        didSet { if selectedImage != oldValue { setNeedsDisplay() } }
    }
    /// Drawn centred behind a selected tile.
    public var highlightBackground: Image? {
        didSet { if highlightBackground != oldValue { setNeedsDisplay() } }
    }
    /// The title's font.
    public var titleFont = Font.system(size: 14) {
        didSet { if titleFont != oldValue { setNeedsDisplay() } }
    }
    /// The title's colour when not selected.
    public var titleColor = Color(rgb: 0xc5c4cc) {
        didSet { if titleColor != oldValue { setNeedsDisplay() } }
    }
    /// The title's colour when selected.
    public var selectedTitleColor = Color(rgb: 0x58baff) {
        didSet { if selectedTitleColor != oldValue { setNeedsDisplay() } }
    }
    /// Whether the tile shows its selected look.
    public var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }
    /// Called when the tile is clicked (released inside after a press inside).
    public var onTouch: (() -> Void)?

    /// Whether the pointer is over the tile.
    public private(set) var isHovered = false {
        didSet { if isHovered != oldValue { setNeedsDisplay() } }
    }
    /// Whether the tile is pressed with the pointer inside.
    public private(set) var isPressed = false {
        didSet { if isPressed != oldValue { setNeedsDisplay() } }
    }

    /// Creates a tile; 76 × 76 points in the seed.
    public init(title: String, image: Image? = nil, selectedImage: Image? = nil, frame: Rect = .zero) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
        super.init(frame: frame)
        cornerRadius = 8
    }

    /// Where the icon is drawn, in bounds coordinates.
    public var iconFrame: Rect {
        let size = (isSelected ? selectedImage ?? image : image)?.size ?? Size(width: 36, height: 36)
        return Rect(x: ((bounds.width - size.width) / 2).rounded(), y: 10, width: size.width, height: size.height)
    }

    /// Where the title is drawn, in bounds coordinates.
    public var titleFrame: Rect {
        let icon = iconFrame
        return Rect(x: icon.minX, y: icon.maxY + 10, width: bounds.width - icon.minX, height: titleFont.size * 1.25)
    }

    /// A pointing hand.
    open override var cursor: Cursor? { .hand }

    /// Draws the background for the state, the icon and the title.
    open override func draw(in context: GraphicsContext) {
        if isSelected, let background = highlightBackground {
            let size = background.size
            context.drawImage(
                background,
                in: Rect(
                    x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height))
        } else if isPressed || isHovered {
            context.fillRoundedRect(
                bounds, cornerRadius: cornerRadius, color: Color(white: 0.5, alpha: isPressed ? 0.18 : 0.08))
        }
        if let icon = isSelected ? selectedImage ?? image : image {
            context.drawImage(icon, in: iconFrame)
        }
        var titleArea = titleFrame
        titleArea.size.width = max(titleArea.width, context.measure(title, font: titleFont).width)
        context.drawText(title, in: titleArea, font: titleFont, color: isSelected ? selectedTitleColor : titleColor)
        if isPressed, isSelected {
            context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: Color(white: 0, alpha: 0.08))
        }
    }

    /// Presses the tile on a left press.
    open override func mouseDown(_ event: MouseEvent) {
        guard event.button == .left else { return super.mouseDown(event) }
        isPressed = true
    }

    /// Keeps the tile pressed only while the pointer is inside.
    open override func mouseDragged(_ event: MouseEvent) {
        isPressed = bounds.contains(event.location(in: self))
    }

    /// Calls ``onTouch`` when the left button is released inside.
    open override func mouseUp(_ event: MouseEvent) {
        guard event.button == .left else { return super.mouseUp(event) }
        let inside = bounds.contains(event.location(in: self))
        isPressed = false
        if inside { onTouch?() }
    }

    /// Shows the hovered state.
    open override func mouseEntered(_ event: MouseEvent) { isHovered = true }
    /// Ends the hovered state.
    open override func mouseExited(_ event: MouseEvent) { isHovered = false }
}
