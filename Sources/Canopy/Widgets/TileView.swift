/// A selectable tile: an icon with a title under it, as the seed's `TypeView`.
///
/// A ``Control``: it lightens while hovered, darkens while pressed, fires
/// ``Control/onPrimaryAction`` when clicked, and shows its selected look (the selected icon, the
/// accent-coloured title, and ``highlightBackground`` or an accent tint behind it) while
/// ``Control/isSelected``. By default the icon and title are centred as one block; ``iconTop``
/// and ``titleAlignment`` place them as a design asks.
open class TileView: Control {
    /// How the title sits under the icon.
    public enum TitleAlignment: Hashable, Sendable {
        /// Centred in the tile.
        case centered
        /// Starting at the icon's left edge.
        case alignedWithIcon
    }

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
    /// Drawn centred behind a selected tile; without one a selected tile is tinted with the
    /// accent.
    public var highlightBackground: Image? {
        didSet { if highlightBackground != oldValue { setNeedsDisplay() } }
    }
    /// The title's font; `nil` uses the theme's.
    public var titleFont: Font? {
        didSet { if titleFont != oldValue { setNeedsDisplay() } }
    }
    /// The title's colour when not selected; `nil` uses the theme's secondary text colour.
    public var titleColor: Color? {
        didSet { if titleColor != oldValue { setNeedsDisplay() } }
    }
    /// The title's colour when selected; `nil` uses the theme's accent.
    public var selectedTitleColor: Color? {
        didSet { if selectedTitleColor != oldValue { setNeedsDisplay() } }
    }
    /// How far the icon sits from the top; `nil` centres icon and title vertically together.
    public var iconTop: Double? {
        didSet { if iconTop != oldValue { setNeedsDisplay() } }
    }
    /// Whether the keyboard points at the tile (a ``TileSelector``'s arrows): drawn with the
    /// focus ring, as the focused tile is.
    public var isKeyboardHighlighted = false {
        didSet { if isKeyboardHighlighted != oldValue { setNeedsDisplay() } }
    }
    /// The space between the icon and the title.
    public var titleSpacing = 6.0 {
        didSet { if titleSpacing != oldValue { setNeedsDisplay() } }
    }
    /// How the title sits under the icon.
    public var titleAlignment = TitleAlignment.centered {
        didSet { if titleAlignment != oldValue { setNeedsDisplay() } }
    }

    /// The icon's size when the tile has none.
    public static let emptyIconSize = Size(width: 36, height: 36)

    /// Creates a tile.
    public init(title: String, image: Image? = nil, selectedImage: Image? = nil, frame: Rect = .zero) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
        super.init(frame: frame)
        cornerRadius = Theme.standard.popupCornerRadius
    }

    private var resolvedTitleFont: Font { titleFont ?? theme.font }

    /// Where the icon is drawn, in bounds coordinates.
    @_spi(Testing) public var iconFrame: Rect { iconFrame(in: bounds) }

    /// Where the title is drawn, in bounds coordinates.
    @_spi(Testing) public var titleFrame: Rect { titleFrame(in: bounds) }

    private func iconFrame(in bounds: Rect) -> Rect {
        let size = (isSelected ? selectedImage ?? image : image)?.size ?? Self.emptyIconSize
        let block = size.height + titleSpacing + resolvedTitleFont.size * 1.25
        let top = iconTop ?? ((bounds.height - block) / 2).rounded()
        return Rect(x: ((bounds.width - size.width) / 2).rounded(), y: top, width: size.width, height: size.height)
    }

    private func titleFrame(in bounds: Rect) -> Rect {
        let icon = iconFrame(in: bounds)
        let x = titleAlignment == .alignedWithIcon ? icon.minX : 0
        return Rect(
            x: x, y: icon.maxY + titleSpacing, width: bounds.width - x, height: resolvedTitleFont.size * 1.25)
    }

    /// The icon over the title, with room around them.
    open override func sizeThatFits(_ size: Size) -> Size {
        let icon = (isSelected ? selectedImage ?? image : image)?.size ?? Self.emptyIconSize
        let font = resolvedTitleFont
        let title = textMeasurer.measure(self.title, font: font)
        let width = max(icon.width, title.width) + 16
        let height = (iconTop ?? 8) * 2 + icon.height + titleSpacing + font.size * 1.25
        return Size(width: min(size.width, width.rounded(.up)), height: min(size.height, height.rounded(.up)))
    }

    /// A toggle button named by its title, checked and selected while the tile is selected; a
    /// click chooses it.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var states = accessibilityEnabledState.union([.checkable, .selectable])
        if isSelected { states.formUnion([.checked, .selected]) }
        return AccessibilityNode(role: .toggleButton, name: title, states: states, actions: [.click])
    }

    /// Draws the background for the state, the icon and the title.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        if isSelected, let background = highlightBackground {
            let size = background.size
            context.drawImage(
                background,
                in: Rect(
                    x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height))
        } else if isHighlighted || isHovered {
            context.fillRoundedRect(
                bounds, cornerRadius: cornerRadius, color: isHighlighted ? theme.pressedOverlay : theme.hoverOverlay)
        }
        if isSelected, highlightBackground == nil {
            context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: theme.accent.withAlpha(0.12))
        }
        if let icon = isSelected ? selectedImage ?? image : image {
            context.drawImage(icon, in: iconFrame(in: bounds))
        }
        let font = resolvedTitleFont
        let color = isSelected ? selectedTitleColor ?? theme.accent : titleColor ?? theme.secondaryText
        var titleArea = titleFrame(in: bounds)
        if titleAlignment == .alignedWithIcon {
            titleArea.size.width = max(titleArea.width, context.measure(title, font: font).width)
            context.drawText(title, in: titleArea, font: font, color: color)
        } else {
            context.drawText(title, in: titleArea, font: font, color: color, alignment: .center)
        }
        if isHighlighted, isSelected {
            context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: theme.hoverOverlay)
        }
        if isFocused || isKeyboardHighlighted {
            theme.drawFocusRing(around: bounds, cornerRadius: cornerRadius, color: theme.accent, in: context)
        }
    }
}
