/// A button that drops down a list of items to choose from, as the seed's `NIDropDown`.
///
/// Clicking the button (or Space or Enter on it) opens the list beneath it (above it when the
/// window has more room there); the list grows out of the button's edge in a rounded container
/// with a soft shadow, and has the keyboard: the chosen item is selected, arrows move the
/// selection, type-ahead jumps, Enter chooses. Choosing a row (by click or Enter) closes the list, shows the item as the button's
/// title and calls ``onValueChanged``. A click outside, Escape or Tab closes it without a
/// choice. Setting ``selectedIndex`` from code calls nothing.
open class DropDown: PopUpButton {
    /// The list inside the pop-up.
    public let list = ListView()
    /// Called with the index of the item the user chose.
    public var onValueChanged: ((Int) -> Void)?
    /// The open list's height; `nil` fits every row, up to ``maximumListHeight``.
    public var listHeight: Double?
    /// The tallest the list grows when ``listHeight`` is `nil`.
    public var maximumListHeight = 240.0
    /// Whether a small triangle at the button's right edge says that it drops something down.
    public var showsIndicator = true {
        didSet { contentInsets.right = showsIndicator ? Self.indicatorWidth : contentInsets.left }
    }
    private static let indicatorWidth = 26.0
    /// The title shown while no item is chosen.
    public var placeholder: String {
        didSet { if selectedIndex == nil { title = placeholder } }
    }

    /// The items, one per row.
    public private(set) var items: [String]
    private let rows: TextListDataSource

    /// Creates a drop-down titled `placeholder` until an item is chosen.
    public init(placeholder: String, items: [String], font: Font? = nil, frame: Rect = .zero) {
        self.items = items
        self.placeholder = placeholder
        rows = TextListDataSource(items)
        let container = View()
        super.init(popup: container, title: placeholder, font: font, frame: frame)
        contentInsets.right = Self.indicatorWidth
        container.cornerRadius = Theme.standard.popupCornerRadius
        container.shadow = Theme.standard.popupShadow
        list.cornerRadius = Theme.standard.popupCornerRadius
        list.showsFocusRing = false
        list.activatesOnSingleClick = true
        list.onPrimaryAction = { [weak self] row in self?.choose(row) }
        container.addSubview(list)
        list.dataSource = rows
    }

    /// The chosen item's index, or `nil`; setting it shows the item as the title (or the
    /// placeholder for `nil`) without calling ``onValueChanged``.
    public var selectedIndex: Int? {
        didSet {
            if let index = selectedIndex, !items.indices.contains(index) { selectedIndex = nil }
            title = selectedIndex.map { items[$0] } ?? placeholder
        }
    }

    /// How every item's row looks (its text is replaced by the item); a `nil` font or colour
    /// follows the theme.
    public var rowStyle: ListRow {
        get { rows.style }
        set {
            rows.style = newValue
            list.reloadData()
        }
    }

    /// Replaces the items; a chosen index past the new end is dropped.
    public func setItems(_ items: [String]) {
        self.items = items
        rows.texts = items
        list.reloadData()
        if let index = selectedIndex, index >= items.count { selectedIndex = nil }
    }

    /// As wide as the button; as tall as ``listHeight``, or as the rows up to
    /// ``maximumListHeight``.
    open override var preferredPopupSize: Size {
        Size(
            width: bounds.width,
            height: listHeight ?? min(maximumListHeight, Double(items.count) * list.rowHeight))
    }

    /// Selects the chosen item in the list (scrolled into view), so the arrows move on from it.
    open override func popupDidOpen() {
        list.selectRow(selectedIndex)
    }

    /// The list fills the pop-up as it grows and shrinks.
    open override func layoutPopupContent(for size: Size) {
        list.frame = Rect(origin: .zero, size: size)
    }

    /// A combo box named by what it shows: the chosen item, or the placeholder.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var node = super.makeAccessibilityNode()
        node?.role = .comboBox
        return node
    }

    /// Draws the button and, if ``showsIndicator``, the triangle.
    open override func draw(in context: GraphicsContext) {
        super.draw(in: context)
        guard showsIndicator else { return }
        let color = isEnabled ? theme.secondaryText : theme.border
        let center = Point(x: bounds.maxX - 14, y: bounds.midY)
        context.strokeLine(
            from: Point(x: center.x - 4, y: center.y - 2), to: Point(x: center.x, y: center.y + 2), lineWidth: 1.5,
            color: color)
        context.strokeLine(
            from: Point(x: center.x, y: center.y + 2), to: Point(x: center.x + 4, y: center.y - 2), lineWidth: 1.5,
            color: color)
    }

    private func choose(_ row: Int) {
        guard isOpen, items.indices.contains(row) else { return }
        selectedIndex = row
        close()
        onValueChanged?(row)
    }
}
