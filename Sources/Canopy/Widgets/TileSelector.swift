/// A button that drops down a panel of tiles of which exactly one is selected, as the seed's
/// `TypeSelectView`; the button shows the selected tile's icon.
///
/// Clicking the button (or Space or Enter on it) opens the panel, which grows out of the
/// button's edge and takes the keyboard: Left and Right move a highlight over the tiles (as in
/// a menu), Enter or Space selects the highlighted tile and confirms it.
/// Touching a tile selects it and confirms. A user's change of the selection calls
/// ``onSelectionChanged``; a confirmation calls ``onValueChanged`` and closes the panel. A click
/// outside, Escape or Tab closes it and leaves the selection as it was. ``select(_:)`` from code
/// calls nothing.
open class TileSelector: PopUpButton {
    /// One tile's content.
    public struct Item {
        /// The title under the icon.
        public var title: String
        /// The icon when not selected.
        public var image: Image?
        /// The icon when selected.
        public var selectedImage: Image?

        /// Creates an item.
        public init(title: String, image: Image? = nil, selectedImage: Image? = nil) {
            self.title = title
            self.image = image
            self.selectedImage = selectedImage
        }
    }

    /// The tiles, in order; style them as a design asks.
    public private(set) var tiles: [TileView] = []
    /// The index of the selected tile (-1 when there are no tiles).
    public private(set) var selectedIndex: Int
    /// The tile the arrow keys point at while the panel is open: `nil` until an arrow is
    /// pressed (the arrows start from the selected tile), and while the panel is closed.
    public var highlightedIndex: Int? { isOpen ? keyboardHighlight : nil }
    private var keyboardHighlight: Int? {
        didSet {
            guard keyboardHighlight != oldValue else { return }
            for (index, tile) in tiles.enumerated() { tile.isKeyboardHighlighted = index == keyboardHighlight }
        }
    }
    /// Called when the user changes the selection (a touch, Enter on a highlighted tile, or a
    /// screen reader's selection).
    public var onSelectionChanged: ((Int) -> Void)?
    /// Called when the user confirms a tile (a touch, or Enter), just before the panel closes.
    public var onValueChanged: ((Int) -> Void)?
    /// Whether the button shows the selected tile's icon.
    public var showsSelectedImage = true {
        didSet { showSelectedImage() }
    }

    /// The size of each tile.
    public var tileSize = Size(width: 72, height: 72) {
        didSet { popup.setNeedsLayout() }
    }
    /// The space around and between tiles.
    public var spacing = 8.0 {
        didSet { popup.setNeedsLayout() }
    }

    /// Creates a selector of `items` with `selectedIndex` selected.
    public init(items: [Item], selectedIndex: Int = 0, title: String = "", font: Font? = nil, frame: Rect = .zero) {
        self.selectedIndex = selectedIndex.clampedIndex(count: items.count) ?? -1
        let panel = TilePanel()
        super.init(popup: panel, title: title, font: font, frame: frame)
        panel.selector = self
        panel.clipsToBounds = true
        panel.cornerRadius = Theme.standard.popupCornerRadius
        for (index, item) in items.enumerated() {
            let tile = TileView(title: item.title, image: item.image, selectedImage: item.selectedImage)
            tile.isFocusable = false  // the panel takes the keyboard for its tiles
            tile.isSelected = index == self.selectedIndex
            tile.onPrimaryAction = { [weak self] in self?.touch(index) }
            tiles.append(tile)
            panel.addSubview(tile)
        }
        showSelectedImage()
    }

    /// A panel of choices dropped from the button.
    open override var popupRole: Presentation.Role { .dropDownMenu }

    /// One row of tiles with spacing around and between them.
    open override var preferredPopupSize: Size {
        Size(
            width: Double(tiles.count) * (tileSize.width + spacing) + spacing, height: tileSize.height + 2 * spacing)
    }

    /// A combo box named by the selected tile's title (what the button shows), or by its own
    /// title when it has no tiles.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var node = super.makeAccessibilityNode()
        node?.role = .comboBox
        if tiles.indices.contains(selectedIndex) { node?.name = tiles[selectedIndex].title }
        return node
    }

    /// Selects tile `index` (deselecting the previous one) without calling anything;
    /// out-of-range indices are ignored.
    public func select(_ index: Int) {
        guard tiles.indices.contains(index), index != selectedIndex else { return }
        if tiles.indices.contains(selectedIndex) { tiles[selectedIndex].isSelected = false }
        selectedIndex = index
        tiles[index].isSelected = true
        showSelectedImage()
    }

    private func showSelectedImage() {
        guard showsSelectedImage, tiles.indices.contains(selectedIndex) else { return }
        image = tiles[selectedIndex].image
    }

    /// Starts the panel with no highlight: the selected tile shows where the arrows start.
    open override func popupDidOpen() {
        keyboardHighlight = nil
    }

    /// Places the tiles in a row.
    fileprivate func layoutTiles() {
        for (index, tile) in tiles.enumerated() {
            tile.frame = Rect(
                x: spacing + Double(index) * (tileSize.width + spacing), y: spacing, width: tileSize.width,
                height: tileSize.height)
        }
    }

    /// Moves the highlight `step` tiles along, stopping at the ends.
    fileprivate func moveHighlight(by step: Int) {
        guard !tiles.isEmpty else { return }
        keyboardHighlight = min(max((keyboardHighlight ?? selectedIndex) + step, 0), tiles.count - 1)
    }

    /// Selects the highlighted tile (if an arrow was pressed) and confirms it, as Enter does.
    fileprivate func confirmHighlighted() {
        if let keyboardHighlight { userSelect(keyboardHighlight) }
        confirm()
    }

    /// Moves the selection as the user asked.
    fileprivate func userSelect(_ index: Int) {
        guard tiles.indices.contains(index), index != selectedIndex else { return }
        select(index)
        onSelectionChanged?(index)
    }

    /// Confirms the selection as the user asked and closes the panel.
    fileprivate func confirm() {
        guard tiles.indices.contains(selectedIndex) else { return }
        close()
        onValueChanged?(selectedIndex)
    }

    private func touch(_ index: Int) {
        guard isOpen else { return }  // a press that outlived the panel
        userSelect(index)
        confirm()
    }
}

/// The panel a ``TileSelector`` drops down: it lays the tiles out and, while open, takes the
/// keyboard for them. To assistive technology it is a panel whose tiles are selected as the
/// arrows select them, the focus on the tile the arrows are on.
@MainActor private final class TilePanel: View, AccessibilitySelectable {
    weak var selector: TileSelector?

    override var canBecomeFocused: Bool { scene != nil }

    override func layoutSubviews() { selector?.layoutTiles() }

    override func makeAccessibilityNode() -> AccessibilityNode? { AccessibilityNode(role: .panel) }

    /// The tile the arrows are on (the selected one until an arrow is pressed): screen readers
    /// hear each tile the highlight reaches, as they hear a menu's items.
    override var accessibilityFocusTarget: View {
        guard let selector else { return self }
        let index = selector.highlightedIndex ?? selector.selectedIndex
        return selector.tiles.indices.contains(index) ? selector.tiles[index] : self
    }

    var accessibilitySelectedChildren: RowSet {
        guard let selector, selector.tiles.indices.contains(selector.selectedIndex) else { return [] }
        return [selector.selectedIndex]
    }

    /// Selects the tile as an arrow key would (the panel stays open; a tile's click confirms).
    func selectAccessibilityChild(_ index: Int) -> Bool {
        selector?.userSelect(index)
        return selector?.selectedIndex == index
    }

    /// A panel always has one tile selected.
    func deselectAccessibilityChild(_ index: Int) -> Bool { false }

    /// The theme's background, unless the panel has a background colour of its own.
    override func draw(in context: GraphicsContext, bounds: Rect) {
        if backgroundColor.isClear { fillBackground(theme.contentBackground, in: context, bounds: bounds) }
    }

    /// A hairline edge in the theme's separator colour, unless the panel has a border of its own.
    override func drawForeground(in context: GraphicsContext, bounds: Rect) {
        guard borderWidth == 0 else { return }
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        context.strokeRoundedRect(bounds, cornerRadius: radius, lineWidth: 1, color: theme.separator)
    }

    /// Left and Right move the highlight; Enter or Space selects and confirms the highlighted
    /// tile.
    override func keyDown(_ event: KeyEvent) -> Bool {
        guard let selector, event.modifiers.isEmpty else { return false }
        switch event.key {
        case .left: selector.moveHighlight(by: -1)
        case .right: selector.moveHighlight(by: 1)
        case .enter, .space: selector.confirmHighlighted()
        default: return false
        }
        return true
    }
}
