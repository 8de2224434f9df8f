/// The cells of one row of a ``TableView``, in the row view the table's list reuses as rows
/// scroll: it draws text and image cells, holds a check box for each check-box cell and the
/// app's own view for each column that has one (made once, bound to row after row).
final class TableRowCells: View {
    private weak var table: TableView?
    /// The row shown: its row view's, which follows the row when rows are inserted, deleted or
    /// sorted above it.
    var row: Int { (superview as? ListRowView)?.row ?? boundRow }
    /// The row last bound.
    private var boundRow = 0
    /// What each column's cell shows.
    private(set) var cells: [TableCell] = []
    /// The check box of each column whose cell has one.
    private(set) var checkBoxes: [Int: CheckBox] = [:]
    /// The app's view of each column that has one.
    private var cellViews: [Int: View] = [:]
    /// The columns (by id) the views were made for: other columns, other views.
    private var madeForColumns: [String]?

    init(table: TableView) {
        self.table = table
        super.init(frame: .zero)
    }

    /// Shows row `row`: asks the data source for its cells, and binds the app's views to it.
    func bind(row: Int) {
        boundRow = row
        guard let table, let dataSource = table.dataSource else { return }
        let ids = table.columns.map(\.id)
        if madeForColumns != ids { remakeViews(table, dataSource, ids) }
        cells = table.columns.indices.map { table.cell(row: row, column: $0) }
        for (column, cell) in cells.enumerated() {
            if let view = cellViews[column] {
                dataSource.tableView(table, bind: view, toRow: row, column: column)
            } else if case let .checkBox(isChecked) = cell {
                checkBox(forColumn: column).isChecked = isChecked
            } else if let box = checkBoxes.removeValue(forKey: column) {
                box.removeFromSuperview()
            }
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    private func remakeViews(_ table: TableView, _ dataSource: TableViewDataSource, _ ids: [String]) {
        for view in Array(cellViews.values) + Array(checkBoxes.values) { view.removeFromSuperview() }
        cellViews = [:]
        checkBoxes = [:]
        for column in ids.indices {
            guard let view = dataSource.makeCellView(for: table, column: column) else { continue }
            cellViews[column] = view
            addSubview(view)
        }
        madeForColumns = ids
    }

    private func checkBox(forColumn column: Int) -> CheckBox {
        if let box = checkBoxes[column] { return box }
        let box = CheckBox()
        box.isFocusable = false  // the table takes the keyboard for its rows
        box.onValueChanged = { [weak self] isChecked in
            guard let self else { return }
            self.table?.userSetChecked(isChecked, row: self.row, column: column)
        }
        checkBoxes[column] = box
        addSubview(box)
        return box
    }

    /// Where column `column`'s content goes: its span less the cell padding (and, in the first
    /// column of a tree-table, less the row's indentation, as much as shows, and disclosure
    /// triangle at the leading end).
    func contentFrame(ofColumn column: Int) -> Rect {
        guard let table else { return .zero }
        let span = table.span(ofColumn: column)
        let padding = min(TableView.cellPadding, span.width / 2)
        var frame = Rect(x: span.minX + padding, y: 0, width: span.width - 2 * padding, height: bounds.height)
        if column == 0 {
            let inset = min(table.outlineInset(ofRow: row, room: frame.width), max(0, frame.width))
            frame.size.width -= inset
            if layoutDirection == .leftToRight { frame.origin.x += inset }
        }
        return frame
    }

    /// The app's views over their cells, and each check box placed as its column aligns.
    override func layoutSubviews() {
        for (column, view) in cellViews { view.frame = contentFrame(ofColumn: column) }
        for (column, box) in checkBoxes {
            let area = contentFrame(ofColumn: column)
            let size = Size(width: CheckBox.boxSize, height: CheckBox.boxSize)
            box.frame = Rect(
                origin: Point(
                    x: x(ofWidth: size.width, in: area, column: column), y: (area.midY - size.height / 2).rounded()),
                size: size)
            box.isHidden = area.width < size.width
        }
    }

    /// Where content `width` wide starts in `area` for column `column`'s alignment (leading and
    /// trailing mirrored in a right-to-left window).
    private func x(ofWidth width: Double, in area: Rect, column: Int) -> Double {
        switch textAlignment(ofColumn: column) {
        case .center: return (area.midX - width / 2).rounded()
        case .right: return area.maxX - width
        default: return area.minX
        }
    }

    private func textAlignment(ofColumn column: Int) -> TextAlignment {
        let alignment = table?.columns[column].alignment ?? .leading
        let isRightToLeft = layoutDirection == .rightToLeft
        switch alignment {
        case .leading: return isRightToLeft ? .right : .left
        case .center: return .center
        case .trailing: return isRightToLeft ? .left : .right
        }
    }

    /// Draws the text cells on one line (an ellipsis where a text is wider than its column) and
    /// the image cells scaled down to the row.
    override func draw(in context: GraphicsContext, bounds: Rect) {
        guard let table else { return }
        let theme = theme
        let font = theme.font
        for (column, cell) in cells.enumerated() where column < table.columns.count && cellViews[column] == nil {
            let area = contentFrame(ofColumn: column)
            guard area.width > 0, area.maxX >= bounds.minX, area.minX <= bounds.maxX else { continue }
            switch cell {
            case let .text(text):
                context.drawText(
                    ListRowView.oneLine(text, width: area.width, font: font, measurer: context), in: area, font: font,
                    color: theme.text, alignment: textAlignment(ofColumn: column))
            case let .image(image):
                guard image.size.height > 0 else { continue }
                let factor = min(1, max(0, area.height - 8) / image.size.height, area.width / max(image.size.width, 1))
                let size = Size(width: image.size.width * factor, height: image.size.height * factor)
                context.drawImage(
                    image,
                    in: Rect(
                        origin: Point(
                            x: x(ofWidth: size.width, in: area, column: column),
                            y: (area.midY - size.height / 2).rounded()), size: size))
            case .empty, .checkBox: continue
            }
        }
    }
}
