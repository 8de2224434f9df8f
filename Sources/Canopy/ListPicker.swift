/// A list presented modally over a dimmed window, as the seed's `SelectViewController`: a
/// rounded white list of rows; choosing one (click, or arrows and Enter) calls ``onChoose``
/// and dismisses the picker. The backdrop and Escape dismiss it without a choice.
///
/// The list keeps ``preferredFrame`` when the window has room for it and ``minimumMargins``
/// around it; in a smaller window it shrinks to keep those margins instead of being cut off.
open class ListPicker: Overlay {
    /// The list.
    public let list = ListView()
    /// Called with the chosen row's index and text.
    public var onChoose: ((Int, String) -> Void)?
    /// Where the list sits in the window when there is room.
    public var preferredFrame = Rect(x: 50, y: 100, width: 600, height: 590) {
        didSet { setNeedsLayout() }
    }

    /// The least space kept between the list and the window's edges.
    public var minimumMargins = EdgeInsets(top: 100, left: 50, bottom: 50, right: 50) {
        didSet { setNeedsLayout() }
    }

    /// The rows' texts.
    public private(set) var items: [String]
    private let rows: TextListDataSource

    /// Creates a picker of `items` in the seed's style: bold 18-point centred text in
    /// (0.26, 0.64, 0.84), separators edge to edge, corner radius 10.
    public init(
        items: [String],
        rowStyle: ListRow = ListRow(
            "", font: .system(size: 18, weight: .bold), textColor: Color(red: 0.26, green: 0.64, blue: 0.84),
            alignment: .center)
    ) {
        self.items = items
        rows = TextListDataSource(items, style: rowStyle)
        super.init(panel: list)
        list.cornerRadius = 10
        list.showsFocusRing = false  // the selected row shows where the keyboard is, as in the seed
        list.separatorInsets = .zero
        list.separatorColor = Color(white: 0.8)
        list.rowHeight = 44
        list.dataSource = rows
        list.onRowChosen = { [weak self] row in self?.choose(row) }
    }

    /// Places the list at its preferred frame, kept inside the minimum margins.
    open override func layoutSubviews() {
        let room = bounds.inset(by: minimumMargins)
        let x = max(preferredFrame.minX, room.minX), y = max(preferredFrame.minY, room.minY)
        list.frame = Rect(
            x: x, y: y, width: max(0, min(preferredFrame.width, room.maxX - x)),
            height: max(0, min(preferredFrame.height, room.maxY - y)))
    }

    private func choose(_ row: Int) {
        guard isPresented, row >= 0, row < items.count else { return }
        onChoose?(row, items[row])
        dismiss()
    }
}
