/// Rows of cells under a header of column titles, as AppKit's `NSTableView` and GTK's
/// `GtkColumnView` show a folder's files: a click on a title sorts by its column (again, the
/// other way), a drag on the divider after a title resizes its column, and only the rows on
/// screen have views, so a million rows cost what twenty do.
///
/// The rows are a ``ListView`` (``listView``), so they select, scroll and answer keys as a list
/// does: set its ``ListView/selectionMode`` for several selected rows (Shift and Control with
/// clicks and arrows, Control-A), its ``ListView/contextMenuForRows`` for a menu per row, its
/// ``ListView/onPrimaryAction`` for a double click or Enter; type-ahead matches the sort column
/// (the first column while unsorted), and Space ticks or unticks the lead row's first check box.
/// Its data source is the table's: give yours to ``dataSource``.
///
/// Columns (``columns``) have a width, a minimum and a maximum, and a flexible share of the width
/// to spare (``TableColumn/widths(of:fitting:)``); columns wider together than the table scroll
/// sideways, the header with them. In a right-to-left window the first column is at the right
/// (scrolled to, when the columns are wider than the table).
///
/// A tree-table (`TableView(columns:isOutline: true)`, GTK's `GtkTreeExpander` in a
/// `GtkColumnView`) has an ``OutlineView`` for its rows (``outlineView``): the first column
/// shows each node indented by its level after a disclosure triangle, the other columns its
/// cells; the rows open and close as an outline's do (a click on a triangle, Right and Left, a
/// double click), and a sort orders the siblings within each parent. Its tree and cells come
/// from an ``OutlineTableDataSource`` (``outlineDataSource``).
///
/// To screen readers the table is a table (``AccessibilityTable``, a tree table for a
/// tree-table): its column headers, then its cells, made only when asked about.
open class TableView: View {
    /// Where the rows and cells come from; held weakly, as in AppKit. Setting it reloads the table.
    public weak var dataSource: TableViewDataSource? {
        didSet { reloadData() }
    }
    /// The columns, leading first. Changing their number or ids reloads the rows; changing
    /// widths only lays them out again.
    public var columns: [TableColumn] {
        didSet { columnsDidChange(from: oldValue) }
    }
    /// The column the rows are sorted by and which way, shown by a triangle in its title. Set
    /// from code it only moves the triangle; a click on a title sets it and asks the data source
    /// to sort (``TableViewDataSource/tableView(_:sortBy:)``).
    public var sortDescriptor: TableSortDescriptor? {
        didSet { if sortDescriptor != oldValue { header.setNeedsDisplay() } }
    }
    /// The list that shows the rows (an ``OutlineView`` in a tree-table): its selection, keys,
    /// row height, menus and callbacks are the table's (do not give it another data source).
    public let listView: ListView
    /// The height of the header of titles.
    public var headerHeight = 28.0 {
        didSet { if headerHeight != oldValue { setNeedsLayout() } }
    }
    /// Called when the user has resized a column by dragging its divider, with the column's
    /// index and its new width.
    public var onColumnResized: ((Int, Double) -> Void)?
    /// Each column's width as laid out now (see ``TableColumn/widths(of:fitting:)``).
    public private(set) var columnWidths: [Double] = []

    /// The room between a cell's edges and its text.
    public static let cellPadding = 8.0

    let header = TableHeaderView()
    private let rowSource = TableRowSource()
    /// How wide the rows were at the last layout.
    private var rowsLaidOutWidth = 0.0

    /// Creates a table with `columns`; with `isOutline`, a tree-table whose rows are an
    /// ``OutlineView`` (``outlineView``), its tree from ``outlineDataSource``.
    public init(columns: [TableColumn] = [], isOutline: Bool = false, frame: Rect = .zero) {
        self.columns = columns
        let list = isOutline ? OutlineView() : ListView()
        listView = list
        super.init(frame: frame)
        clipsToBounds = true
        list.table = self
        header.table = self
        rowSource.table = self
        list.contentViewFillsRow = true
        list.rowHeight = 30
        list.separatorInsets = .zero
        if let outline = list as? OutlineView {
            outline.rowContentSource = rowSource
        } else {
            list.dataSource = rowSource
        }
        addSubview(list)
        addSubview(header)
    }

    // MARK: Tree-table

    /// The rows as an outline, in a table made with `isOutline` (`nil` in a flat table): open
    /// and close its nodes, read the node in a row and hear of the user's openings there.
    public var outlineView: OutlineView? { listView as? OutlineView }

    /// Where a tree-table's tree and cells come from; held weakly. Setting it makes it the
    /// table's ``dataSource`` and the outline's ``OutlineView/outlineDataSource``, and reloads
    /// (a flat table, one made without `isOutline`, then shows no rows).
    public weak var outlineDataSource: OutlineTableDataSource? {
        didSet {
            outlineView?.outlineDataSource = nil  // the old tree's nodes never reach the new cells
            dataSource = outlineDataSource
            outlineView?.outlineDataSource = outlineDataSource
        }
    }

    /// The node shown in `row` of a tree-table (`nil` in a flat table, or past the rows).
    public func node(atRow row: Int) -> AnyHashable? { outlineView?.node(atRow: row) }

    /// How far the first column's content of `row` moves in from the leading edge of `room` (the
    /// column less its padding), in a tree-table: the room of a disclosure triangle and the row's
    /// indentation, as much of it as leaves the content
    /// ``ListRowView/minimumOutlineContentWidth``.
    func outlineInset(ofRow row: Int, room: Double) -> Double {
        guard let outline = outlineView, let level = outline.level(ofRow: row) else { return 0 }
        let triangle = ListRowView.disclosureWidth
        return ListRowView.shownIndentation(Double(level) * outline.indentationWidth, triangle: triangle, room: room)
            + triangle
    }

    // MARK: Data

    /// Asks the data source for the row count and the rows on screen again (see
    /// ``ListView/reloadData()``).
    public func reloadData() {
        listView.reloadData()
    }

    /// Shows rows `rows` afresh from the data source.
    public func reloadRows(at rows: [Int]) {
        listView.reloadRows(at: rows)
    }

    /// What the data source says the cell at `row` in `column` shows (`.empty` past the ends).
    func cell(row: Int, column: Int) -> TableCell {
        guard let dataSource, columns.indices.contains(column), row >= 0, row < listView.numberOfRows else {
            return .empty
        }
        return dataSource.tableView(self, cellAtRow: row, column: column)
    }

    /// The column type-ahead matches: the sort column, else the first.
    var typeAheadColumn: Int {
        sortDescriptor.flatMap { sort in columns.firstIndex { $0.id == sort.columnID } } ?? 0
    }

    private func columnsDidChange(from old: [TableColumn]) {
        if columns.map(\.id) != old.map(\.id) { reloadData() }
        setNeedsLayout()
        header.setNeedsDisplay()
    }

    // MARK: Layout

    /// The header across the top, the rows under it; the columns' widths for the rows' width.
    open override func layoutSubviews() {
        header.frame = Rect(x: 0, y: 0, width: bounds.width, height: min(headerHeight, bounds.height))
        listView.frame = Rect(
            x: 0, y: header.frame.maxY, width: bounds.width, height: max(0, bounds.height - header.frame.maxY))
        columnWidths = TableColumn.widths(of: columns, fitting: listView.bounds.width)
        listView.contentWidth = columnWidths.reduce(0, +)
        for cells in rowCells {
            cells.setNeedsLayout()
            cells.setNeedsDisplay()
        }
        header.setNeedsLayout()
        header.setNeedsDisplay()
    }

    /// Where column `index` lies across a row (a row's coordinates, which scroll with the rows):
    /// from the left in a left-to-right window, from the right in a right-to-left one.
    public func span(ofColumn index: Int) -> (minX: Double, width: Double) {
        guard columnWidths.indices.contains(index) else { return (0, 0) }
        let start = columnWidths[..<index].reduce(0, +)
        let width = columnWidths[index]
        guard layoutDirection == .rightToLeft else { return (start, width) }
        let rowWidth = max(listView.bounds.width, columnWidths.reduce(0, +))
        return (rowWidth - start - width, width)
    }

    /// The title of column `index` in the header, in the table's coordinates, as scrolled now.
    public func headerFrame(ofColumn index: Int) -> Rect {
        let span = span(ofColumn: index)
        return Rect(x: span.minX - listView.contentOffset.x, y: 0, width: span.width, height: header.bounds.height)
    }

    /// The cell at `row` in column `index`, in the table's coordinates, as scrolled now.
    public func frame(ofRow row: Int, column index: Int) -> Rect {
        let span = span(ofColumn: index)
        let rowRect = listView.convert(listView.rect(ofRow: row), to: self)
        return Rect(x: rowRect.minX + span.minX, y: rowRect.minY, width: span.width, height: rowRect.height)
    }

    /// The cells views of the rows on screen.
    private var rowCells: [TableRowCells] {
        listView.subviews.compactMap { ($0 as? ListRowView)?.contentView as? TableRowCells }
    }

    /// A table (a tree table, for a tree-table), managing its descendants (its cells are made
    /// only when asked about), multiselectable in a multiple selection, focused while its rows
    /// have the keyboard; it shows a menu while its rows have ``ListView/contextMenuForRows``.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var node = AccessibilityNode(
            role: outlineView == nil ? .table : .treeTable, states: [.enabled, .managesDescendants])
        if listView.selectionMode == .multiple { node.states.insert(.multiselectable) }
        if listView.isFocused { node.states.insert(.focused) }
        if listView.canBecomeFocused { node.states.insert(.focusable) }
        if listView.contextMenuForRows != nil { node.actions.append(.showMenu) }
        return node
    }

    // MARK: The user's changes

    /// The user clicked column `index`'s title: sorts by it, ascending, or the other way when it
    /// is the sort column already; the data source sorts and the rows reload.
    func userSort(byColumn index: Int) {
        guard columns.indices.contains(index), columns[index].isSortable else { return }
        let id = columns[index].id
        let isAscending = sortDescriptor?.columnID == id ? !(sortDescriptor?.isAscending ?? false) : true
        let descriptor = TableSortDescriptor(columnID: id, isAscending: isAscending)
        sortDescriptor = descriptor
        dataSource?.tableView(self, sortBy: descriptor)
        reloadData()
    }

    /// The user dragged column `index`'s divider to make it `width` wide: it keeps that width
    /// (within its minimum and maximum) and no longer takes a share of the spare width; the
    /// flexible columns share what is left.
    func userResizeColumn(_ index: Int, to width: Double) {
        guard columns.indices.contains(index) else { return }
        let column = columns[index]
        let width = min(max(width, column.minimumWidth), column.maximumWidth)
        guard width != column.width || column.flex != 0 else { return }
        columns[index].width = width
        columns[index].flex = 0
        onColumnResized?(index, width)
    }

    /// The user ticked or unticked the check box at `row` in `column`: the data source hears of
    /// it, then the row shows what it says.
    func userSetChecked(_ isChecked: Bool, row: Int, column: Int) {
        guard row >= 0, row < listView.numberOfRows, columns.indices.contains(column) else { return }
        dataSource?.tableView(self, setChecked: isChecked, row: row, column: column)
        reloadRows(at: [row])
    }

    /// Space on `row`: ticks or unticks its first check box; returns whether it has one.
    func userToggleFirstCheckBox(inRow row: Int) -> Bool {
        for column in columns.indices {
            guard case let .checkBox(isChecked) = cell(row: row, column: column) else { continue }
            userSetChecked(!isChecked, row: row, column: column)
            return true
        }
        return false
    }

    /// The rows were laid out: right to left, rows that widened or narrowed keep what showed
    /// `fromRightEdge` of the right edge, where the first column is (the first layout shows it);
    /// the header follows.
    func rowsDidLayout(keeping fromRightEdge: Double) {
        if layoutDirection == .rightToLeft, listView.contentSize.width != rowsLaidOutWidth {
            listView.contentOffset.x = listView.maximumContentOffset.x - fromRightEdge
        }
        rowsLaidOutWidth = listView.contentSize.width
        rowsDidScroll()
    }

    /// The header follows the rows sideways.
    func rowsDidScroll() {
        header.setNeedsLayout()
        header.setNeedsDisplay()
    }
}

/// The list's data source on the table's: a row's text is its type-ahead column's, and each row
/// view shows its cells in a ``TableRowCells``.
@MainActor final class TableRowSource: ListViewDataSource {
    weak var table: TableView?

    func numberOfRows(in listView: ListView) -> Int {
        guard let table else { return 0 }
        return table.dataSource?.numberOfRows(in: table) ?? 0
    }

    func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        guard let table else { return ListRow("") }
        return ListRow(table.cell(row: index, column: table.typeAheadColumn).text)
    }

    func makeRowContentView(for listView: ListView) -> View? { table.map(TableRowCells.init(table:)) }

    func listView(_ listView: ListView, bind view: View, toRow index: Int) {
        (view as? TableRowCells)?.bind(row: index)
    }
}
