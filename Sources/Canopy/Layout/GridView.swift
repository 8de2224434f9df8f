/// Lays views out in rows and columns, as GTK's `GtkGrid`, Tk's `grid` and FLTK's `Fl_Grid`
/// do: a form's labels in one column, right-aligned against their fields in the next.
///
/// Each column is as wide as the widest view in it asks (``View/sizeThatFits(_:)``, within its
/// ``View/minimumLayoutSize`` and ``View/maximumSize``), and each row as tall as its tallest view at
/// the width it gets. Room to spare goes to the columns with a ``Column/flex``; room lacking is
/// taken from them first, then from the others, down to their views' minimum widths. A view may
/// span several rows or columns. A row whose views are all hidden collapses: it takes no room
/// and no spacing. Within its cell a view is placed by its column's ``Column/alignment`` and
/// the grid's ``rowAlignment``.
open class GridView: View {
    /// Where a view sits in its cell along one direction.
    public enum Alignment: Hashable, Sendable {
        /// Stretched across the cell.
        case fill
        /// At the start: the left, or the top.
        case leading
        /// In the middle.
        case center
        /// At the end: the right, or the bottom.
        case trailing
    }

    /// How one column sizes and places its views.
    public struct Column: Hashable, Sendable {
        /// Where the column's views sit across it.
        public var alignment: Alignment
        /// How much of the spare width the column takes against the other flexible columns
        /// (0: it stays as wide as its views ask).
        public var flex: Double
        /// The least width the column keeps.
        public var minimumWidth: Double

        /// Describes a column.
        public init(alignment: Alignment = .leading, flex: Double = 0, minimumWidth: Double = 0) {
            self.alignment = alignment
            self.flex = flex.layoutLength
            self.minimumWidth = minimumWidth.layoutLength
        }
    }

    /// Where a view lies in the grid.
    public struct Cell: Hashable, Sendable {
        /// Its first row.
        public var row: Int
        /// Its first column.
        public var column: Int
        /// How many rows it covers (at least 1).
        public var rowSpan: Int
        /// How many columns it covers (at least 1).
        public var columnSpan: Int

        /// Describes a cell; spans below 1 count as 1, negative positions as 0.
        public init(row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1) {
            self.row = max(0, row)
            self.column = max(0, column)
            self.rowSpan = max(1, rowSpan)
            self.columnSpan = max(1, columnSpan)
        }

        var rows: Range<Int> { row..<row + rowSpan }
        var columns: Range<Int> { column..<column + columnSpan }
    }

    /// How the columns size and place their views, left to right; columns past the end are
    /// ``Column/init(alignment:flex:minimumWidth:)``'s defaults.
    public var columns: [Column] = [] {
        didSet { if columns != oldValue { arrangementChanged() } }
    }
    /// The room between neighbouring columns.
    public var columnSpacing: Double {
        didSet {
            columnSpacing = columnSpacing.layoutLength
            if columnSpacing != oldValue { arrangementChanged() }
        }
    }
    /// The room between neighbouring rows.
    public var rowSpacing: Double {
        didSet {
            rowSpacing = rowSpacing.layoutLength
            if rowSpacing != oldValue { arrangementChanged() }
        }
    }
    /// Where views sit in the height of their row: centred by default, so a label lines up
    /// with the field beside it.
    public var rowAlignment = Alignment.center {
        didSet { if rowAlignment != oldValue { arrangementChanged() } }
    }

    /// The views the grid lays out, with their cells, in the order they were placed.
    public private(set) var placements: [(view: View, cell: Cell)] = []

    /// Creates a grid, its columns `columnSpacing` and its rows `rowSpacing` apart.
    public init(columns: [Column] = [], columnSpacing: Double = 12, rowSpacing: Double = 8, frame: Rect = .zero) {
        self.columns = columns
        self.columnSpacing = columnSpacing.layoutLength
        self.rowSpacing = rowSpacing.layoutLength
        super.init(frame: frame)
    }

    /// The number of rows: one past the last row a view reaches.
    public var numberOfRows: Int { placements.map(\.cell.rows.upperBound).max() ?? 0 }
    /// The number of columns: one past the last column a view reaches, or more if described.
    public var numberOfColumns: Int { max(columns.count, placements.map(\.cell.columns.upperBound).max() ?? 0) }

    /// Adds a row below the others, one view a column from the left (`nil` leaves a cell
    /// empty).
    public func addRow(_ views: [View?]) {
        let row = numberOfRows
        for (column, view) in views.enumerated() {
            if let view { place(view, in: Cell(row: row, column: column)) }
        }
    }

    /// Puts `view` in `cell` (adding it as a subview, or moving it if it is in the grid).
    public func place(_ view: View, in cell: Cell) {
        placements.removeAll { $0.view === view }
        placements.append((view, cell))
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// The cell `view` is in, if it is in the grid.
    public func cell(of view: View) -> Cell? { placements.first { $0.view === view }?.cell }

    /// Takes `view` out of the grid.
    public func remove(_ view: View) {
        placements.removeAll { $0.view === view }
        if view.superview === self { view.removeFromSuperview() }
        arrangementChanged()
    }

    /// A subview leaving the grid leaves its cell.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        guard placements.contains(where: { $0.view === subview }) else { return }
        placements.removeAll { $0.view === subview }
        arrangementChanged()
    }

    /// A grid asks for the room its views ask for.
    open override var sizeDependsOnSubviews: Bool { true }

    private func arrangementChanged() {
        setNeedsLayout()
        invalidateIntrinsicSize()
    }

    private func column(_ index: Int) -> Column { index < columns.count ? columns[index] : Column() }

    // MARK: Layout

    /// The columns at the widths their views ask, the rows at the heights those widths give,
    /// with the spacing and the margins, no larger than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let measure = GridMeasure(grid: self)
        let widths = measure.columnWidths(room: .infinity)
        let heights = measure.rowHeights(fitted: measure.fittedSizes(columnWidths: widths))
        let wanted = Size(
            width: measure.total(widths, .columns) + layoutMargins.left + layoutMargins.right,
            height: measure.total(heights, .rows) + layoutMargins.top + layoutMargins.bottom)
        return Size(
            width: min(size.width, wanted.width.rounded(.up)), height: min(size.height, wanted.height.rounded(.up)))
    }

    /// The columns at their views' minimum widths and the rows at their minimum heights, with
    /// the spacing and the margins: a window or stack keeps the grid at least this large, so
    /// its views never overlap.
    open override var minimumLayoutSize: Size {
        let measure = GridMeasure(grid: self)
        let width = measure.total(measure.minimumColumnWidths(), .columns) + layoutMargins.left + layoutMargins.right
        let height = measure.total(measure.minimumRowHeights(), .rows) + layoutMargins.top + layoutMargins.bottom
        return Size(width: max(width, minimumSize.width), height: max(height, minimumSize.height))
    }

    /// Places every visible view in its cell (see the type's description).
    open override func layoutSubviews() {
        let content = bounds.inset(by: layoutMargins)
        let measure = GridMeasure(grid: self)
        let widths = measure.columnWidths(room: content.width)
        let fitted = measure.fittedSizes(columnWidths: widths)
        let heights = measure.rowHeights(fitted: fitted)
        let lefts = measure.starts(widths, from: content.minX, .columns)
        let tops = measure.starts(heights, from: content.minY, .rows)
        for (item, wanted) in zip(measure.items, fitted) {
            let cell = item.cell
            let width = measure.span(widths, cell.columns, .columns)
            let height = measure.span(heights, cell.rows, .rows)
            let (x, placedWidth) = Self.place(
                wanted.width, in: lefts[cell.column], width, column(cell.column).alignment, item.view, \.width)
            let (y, placedHeight) = Self.place(
                wanted.height, in: tops[cell.row], height, rowAlignment, item.view, \.height)
            let minX = x.rounded(), minY = y.rounded()
            item.view.frame = Rect(
                x: minX, y: minY, width: (x + placedWidth).rounded() - minX, height: (y + placedHeight).rounded() - minY
            )
        }
    }

    /// Where a view asking `wanted` starts in a cell side from `start`, `room` long, and how long
    /// it is there, as `alignment` says, within its limits along `side`.
    private static func place(
        _ wanted: Double, in start: Double, _ room: Double, _ alignment: Alignment, _ view: View,
        _ side: KeyPath<Size, Double>
    ) -> (Double, Double) {
        let minimum = view.minimumLayoutSize[keyPath: side], maximum = max(view.maximumSize[keyPath: side], minimum)
        let length =
            alignment == .fill ? min(max(room, minimum), maximum) : min(max(min(wanted, room), minimum), maximum)
        switch alignment {
        case .fill, .leading: return (start, length)
        case .center: return (start + (room - length) / 2, length)
        case .trailing: return (start + room - length, length)
        }
    }
}

/// The sizes a grid's views ask for, and the column widths and row heights they make.
@MainActor private struct GridMeasure {
    /// A visible view with its cell and what it asks for with all the room it wants.
    struct Item {
        let view: View
        let cell: GridView.Cell
        let wantedWidth: Double
        let minimumWidth: Double
    }

    /// Which lengths a list holds: the columns' widths or the rows' heights.
    enum Lines {
        case columns
        case rows
    }

    let grid: GridView
    let items: [Item]
    let columnCount: Int
    /// For each row, whether a visible view covers it (the others collapse).
    let rowIsShown: [Bool]

    init(grid: GridView) {
        self.grid = grid
        items = grid.placements.filter { !$0.view.isHidden }.map { view, cell in
            let asked = view.sizeThatFits(Size(width: .infinity, height: .infinity)).layoutLength.width
            let minimum = view.minimumLayoutSize.width
            return Item(
                view: view, cell: cell, wantedWidth: min(max(asked, minimum), max(view.maximumSize.width, minimum)),
                minimumWidth: minimum)
        }
        columnCount = grid.numberOfColumns
        var shown = [Bool](repeating: false, count: grid.numberOfRows)
        for item in items {
            for row in item.cell.rows { shown[row] = true }
        }
        rowIsShown = shown
    }

    /// Each column's least width: its own minimum, or its views' minimum widths.
    func minimumColumnWidths() -> [Double] {
        columnWidths(for: \.minimumWidth)
    }

    /// Each column's width as its views ask, or at `keyPath` of them, before fitting.
    private func columnWidths(for keyPath: KeyPath<Item, Double>) -> [Double] {
        var widths = (0..<columnCount).map { grid.columns.indices.contains($0) ? grid.columns[$0].minimumWidth : 0 }
        for item in items.sorted(by: { $0.cell.columnSpan < $1.cell.columnSpan }) {
            widen(&widths, item.cell.columns, to: item[keyPath: keyPath], .columns)
        }
        return widths
    }

    /// Each column's width, fitted to `room` (infinite: as wide as asked).
    func columnWidths(room: Double) -> [Double] {
        let wanted = columnWidths(for: \.wantedWidth), minimum = minimumColumnWidths()
        guard room.isFinite else { return wanted }
        let flex = (0..<columnCount).map { grid.columns.indices.contains($0) ? grid.columns[$0].flex : 0 }
        let spare = room - total(wanted, .columns)
        var widths = wanted
        if spare > 0 {
            shareByWeight(spare, into: &widths, weights: flex, minimum: minimum)
        } else if spare < 0 {
            // Too little room: the flexible columns give first, then every column by its width.
            let left = shareByWeight(spare, into: &widths, weights: flex, minimum: minimum)
            shareByWeight(left, into: &widths, weights: widths, minimum: minimum)
        }
        return widths
    }

    /// What each of ``items``' views asks for in the columns it spans, `columnWidths` wide, in
    /// the items' order: asked once a layout, for the row heights and the placing.
    func fittedSizes(columnWidths: [Double]) -> [Size] {
        items.map { item in
            let width = span(columnWidths, item.cell.columns, .columns)
            return item.view.sizeThatFits(Size(width: width, height: .infinity)).layoutLength
        }
    }

    /// Each row's height for views asking `fitted` (see ``fittedSizes(columnWidths:)``): the
    /// tallest view in it (a view spanning rows lengthens the last of them as needed);
    /// collapsed rows 0.
    func rowHeights(fitted: [Size]) -> [Double] {
        var heights = [Double](repeating: 0, count: rowIsShown.count)
        for (item, size) in zip(items, fitted).sorted(by: { $0.0.cell.rowSpan < $1.0.cell.rowSpan }) {
            let minimum = item.view.minimumLayoutSize.height
            let height = min(max(size.height, minimum), max(item.view.maximumSize.height, minimum))
            widen(&heights, item.cell.rows, to: height, .rows)
        }
        return heights
    }

    /// Each row's least height: its views' minimum heights (collapsed rows 0).
    func minimumRowHeights() -> [Double] {
        var heights = [Double](repeating: 0, count: rowIsShown.count)
        for item in items.sorted(by: { $0.cell.rowSpan < $1.cell.rowSpan }) {
            widen(&heights, item.cell.rows, to: item.view.minimumLayoutSize.height, .rows)
        }
        return heights
    }

    /// What `lengths` take together, with the spacing between shown neighbours.
    func total(_ lengths: [Double], _ lines: Lines) -> Double {
        span(lengths, 0..<lengths.count, lines)
    }

    /// What the lengths in `range` take together, with the spacing between the shown ones (a
    /// collapsed row, 0 long, takes no spacing).
    func span(_ lengths: [Double], _ range: Range<Int>, _ lines: Lines) -> Double {
        let range = range.clamped(to: 0..<lengths.count)
        let shown = range.filter { isShown($0, lines) }.count
        return range.map { lengths[$0] }.reduce(0, +) + spacing(lines) * Double(max(0, shown - 1))
    }

    /// Where each of `lengths` starts from `origin` (a collapsed row where the next would).
    func starts(_ lengths: [Double], from origin: Double, _ lines: Lines) -> [Double] {
        var starts: [Double] = []
        var position = origin
        for index in lengths.indices {
            starts.append(position)
            if isShown(index, lines) { position += lengths[index] + spacing(lines) }
        }
        return starts
    }

    private func spacing(_ lines: Lines) -> Double {
        lines == .columns ? grid.columnSpacing : grid.rowSpacing
    }

    /// Whether a column (always) or a row (when a visible view covers it) takes room.
    private func isShown(_ index: Int, _ lines: Lines) -> Bool {
        lines == .columns || rowIsShown[index]
    }

    /// Grows the lengths in `range` so that together (with the spacing between them) they reach
    /// `length`: the difference goes to the last of them.
    private func widen(_ lengths: inout [Double], _ range: Range<Int>, to length: Double, _ lines: Lines) {
        let covered = span(lengths, range, lines)
        if length > covered, let last = range.last { lengths[last] += length - covered }
    }
}
