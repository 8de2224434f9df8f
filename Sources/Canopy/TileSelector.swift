/// A panel of tiles of which exactly one is selected, as the seed's `TypeSelectView`: touching
/// an unselected tile deselects the previous one (redrawing it), selects the touched one and
/// records it as the panel's current choice.
///
/// The panel is collapsed or expanded; ``expand()`` and ``collapse()`` drop it open and fold it
/// shut with an animation of its height (its content is clipped while it moves). While
/// expanded it takes the keyboard: Left and Right move the selection, Enter confirms it and
/// Escape collapses. A touched tile or Enter calls ``onConfirm`` and collapses the panel.
open class TileSelector: View {
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

    /// The tiles, in order.
    public private(set) var tiles: [TileView] = []
    /// The index of the selected tile.
    public private(set) var selectedIndex: Int
    /// Whether the panel is expanded (or expanding).
    public private(set) var isExpanded = false
    /// Called when the selection changes, by touch or by arrow key.
    public var onSelect: ((Int) -> Void)?
    /// Called when a choice is confirmed (a touch, or Enter), just before the panel collapses.
    public var onConfirm: ((Int) -> Void)?
    /// Called as the panel starts expanding (an owner can close other pop-ups here).
    public var onExpand: (() -> Void)?

    /// The size of each tile.
    public var tileSize = Size(width: 76, height: 76) {
        didSet { setNeedsLayout() }
    }
    /// The space around and between tiles.
    public var spacing = 12.0 {
        didSet { setNeedsLayout() }
    }
    /// How long expanding and collapsing take, in seconds.
    public var animationDuration = 0.3
    /// The control that toggles the panel: clicks on it do not count as clicks outside, and
    /// keyboard focus returns to it when a panel that had focus collapses.
    public weak var anchor: View?

    private var outsideClickMonitor: (scene: Scene, monitor: Scene.MouseDownMonitor)?

    /// Creates a collapsed panel of `items` with `selectedIndex` selected.
    public init(items: [Item], selectedIndex: Int = 0, highlightBackground: Image? = nil) {
        self.selectedIndex = items.isEmpty ? -1 : min(max(selectedIndex, 0), items.count - 1)
        super.init(frame: .zero)
        clipsToBounds = true
        isHidden = true
        backgroundColor = .white
        cornerRadius = 10
        for (index, item) in items.enumerated() {
            let tile = TileView(title: item.title, image: item.image, selectedImage: item.selectedImage)
            tile.highlightBackground = highlightBackground
            tile.isSelected = index == self.selectedIndex
            tile.onTouch = { [weak self] in self?.touch(index) }
            tiles.append(tile)
            addSubview(tile)
        }
    }

    /// The panel's height when expanded: one row of tiles with spacing above and below.
    public var expandedHeight: Double { tileSize.height + 2 * spacing }

    /// The width that holds every tile with spacing.
    public var preferredWidth: Double { Double(tiles.count) * (tileSize.width + spacing) + spacing }

    /// Whether the panel takes focus: only while expanded.
    open override var canBecomeFocused: Bool { isExpanded }

    /// Selects tile `index` (deselecting the previous one); out-of-range indices are ignored.
    public func select(_ index: Int) {
        guard index >= 0, index < tiles.count, index != selectedIndex else { return }
        if selectedIndex >= 0 { tiles[selectedIndex].isSelected = false }
        selectedIndex = index
        tiles[index].isSelected = true
        onSelect?(index)
    }

    /// Drops the panel open, animated, and gives it the keyboard.
    public func expand() {
        guard !isExpanded else { return }
        isExpanded = true
        onExpand?()
        isHidden = false
        View.animate(duration: animationDuration) { self.frame.size.height = self.expandedHeight }
        becomeFocused()
        if let scene {
            let monitor = scene.addMouseDownMonitor { [weak self] event in self?.collapseIfOutside(event) }
            outsideClickMonitor = (scene, monitor)
        }
    }

    private func collapseIfOutside(_ event: MouseEvent) {
        let inside = bounds.contains(event.location(in: self))
        let onAnchor = anchor.map { $0.bounds.contains(event.location(in: $0)) } ?? false
        if !inside, !onAnchor { collapse() }
    }

    /// Folds the panel shut, animated; it hides once fully collapsed.
    public func collapse() {
        guard isExpanded else { return }
        isExpanded = false
        if let (scene, monitor) = outsideClickMonitor { scene.removeMouseDownMonitor(monitor) }
        outsideClickMonitor = nil
        if isFocused {
            if let anchor, anchor.canBecomeFocused { anchor.becomeFocused() } else { resignFocus() }
        }
        View.animate(duration: animationDuration) {
            self.frame.size.height = 0
        } completion: { [weak self] finished in
            guard let self, finished, !self.isExpanded else { return }
            self.isHidden = true
        }
    }

    /// Expands a collapsed panel and collapses an expanded one.
    public func toggle() {
        if isExpanded { collapse() } else { expand() }
    }

    /// Places the tiles in a row.
    open override func layoutSubviews() {
        for (index, tile) in tiles.enumerated() {
            tile.frame = Rect(
                x: spacing + Double(index) * (tileSize.width + spacing), y: spacing, width: tileSize.width,
                height: tileSize.height)
        }
    }

    /// Moves the selection with Left and Right, confirms on Enter and collapses on Escape.
    open override func keyDown(_ event: KeyEvent) {
        switch event.key {
        case .left: select(selectedIndex - 1)
        case .right: select(selectedIndex + 1)
        case .enter: confirm()
        case .escape: collapse()
        default: super.keyDown(event)
        }
    }

    private func touch(_ index: Int) {
        guard isExpanded else { return }  // a press that outlived the panel's collapse
        select(index)
        confirm()
    }

    private func confirm() {
        guard selectedIndex >= 0 else { return }
        onConfirm?(selectedIndex)
        collapse()
    }
}
