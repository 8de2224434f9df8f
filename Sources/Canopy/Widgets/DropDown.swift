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
    /// The title shown while no item is chosen.
    public var placeholder: String {
        didSet { if selectedIndex == nil { title = placeholder } }
    }

    /// The strings of a drop-down made with ``init(placeholder:items:font:frame:)`` or given
    /// ``setItems(_:)``.
    private let texts: TextListDataSource
    /// Where the rows come from: the strings, or the data source given to
    /// ``init(placeholder:dataSource:font:frame:)`` (held here: the list holds it weakly).
    public private(set) var dataSource: ListViewDataSource

    /// Creates a drop-down of `items`, titled `placeholder` until an item is chosen.
    public init(placeholder: String, items: [String], font: Font? = nil, frame: Rect = .zero) {
        self.placeholder = placeholder
        texts = TextListDataSource(items)
        dataSource = texts
        super.init(popup: View(), title: placeholder, font: font, frame: frame)
        setUpList()
    }

    /// Creates a drop-down whose items are `dataSource`'s rows, titled `placeholder` until an
    /// item is chosen. Rows are asked for only when they are drawn or chosen, so a million items
    /// cost nothing until shown; call ``reloadData()`` when they change.
    public init(placeholder: String, dataSource: ListViewDataSource, font: Font? = nil, frame: Rect = .zero) {
        self.placeholder = placeholder
        texts = TextListDataSource([])
        self.dataSource = dataSource
        super.init(popup: View(), title: placeholder, font: font, frame: frame)
        setUpList()
    }

    /// Styles the pop-up and puts the list in it, over ``dataSource``.
    private func setUpList() {
        showsIndicator = true
        popup.cornerRadius = Theme.standard.popupCornerRadius
        popup.themeShadow = \.popupShadow
        popup.edgeLikeAPopUp()
        list.cornerRadius = Theme.standard.popupCornerRadius
        list.showsFocusRing = false
        list.activatesOnSingleClick = true
        list.onPrimaryAction = { [weak self] row in self?.choose(row) }
        list.accessibilityControlledBy = self  // the open list is the drop-down's: controller-for it
        popup.addSubview(list)
        list.dataSource = dataSource
    }

    /// How many items there are (as of the last ``reloadData()`` for a data source).
    public var itemCount: Int { list.numberOfRows }

    /// The text of item `index`: its row's text.
    public func itemTitle(at index: Int) -> String {
        dataSource.listView(list, rowAt: index).text
    }

    /// Every item's text, in order (for a data source, each row is asked for: prefer
    /// ``itemTitle(at:)`` over a large one).
    public var items: [String] {
        dataSource === texts ? texts.texts : (0..<itemCount).map(itemTitle(at:))
    }

    /// The chosen item's index, or `nil`; setting it shows the item as the title (or the
    /// placeholder for `nil`) without calling ``onValueChanged``.
    public var selectedIndex: Int? {
        didSet {
            if let index = selectedIndex, !(0..<itemCount).contains(index) { selectedIndex = nil }
            title = selectedIndex.map(itemTitle(at:)) ?? placeholder
        }
    }

    /// How the row of every item given as a string looks (its text is replaced by the item); a
    /// `nil` font or colour follows the theme. A data source makes its own rows.
    public var rowStyle: ListRow {
        get { texts.style }
        set {
            texts.style = newValue
            list.reloadData()
        }
    }

    /// Replaces the items with `items` (and a data source with them); a chosen index past the
    /// new end is dropped.
    public func setItems(_ items: [String]) {
        texts.texts = items
        dataSource = texts
        list.dataSource = texts
        reloadData()
    }

    /// Asks the data source again for the number of items and the rows shown; a chosen index
    /// past the new end is dropped, and the title follows the chosen item's text.
    public func reloadData() {
        list.reloadData()
        let chosen = selectedIndex
        selectedIndex = chosen
    }

    /// As wide as the button; as tall as ``listHeight``, or as the rows up to
    /// ``maximumListHeight``.
    open override var preferredPopupSize: Size {
        Size(
            width: bounds.width,
            height: listHeight ?? min(maximumListHeight, Double(itemCount) * list.rowHeight))
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

    private func choose(_ row: Int) {
        guard isOpen, (0..<itemCount).contains(row) else { return }
        selectedIndex = row
        close()
        onValueChanged?(row)
    }
}
