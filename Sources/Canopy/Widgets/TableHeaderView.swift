/// The header of a ``TableView``: the columns' titles over the rows, scrolled sideways with
/// them, the sort column's with a triangle pointing up (ascending) or down; a click on a title
/// sorts by its column, and the divider after each title (a ``TableColumnDivider``) resizes it.
/// It does not take the keyboard: the rows do.
final class TableHeaderView: View {
    weak var table: TableView?
    /// The column whose title is pressed, while the pointer stays on it.
    private(set) var pressedColumn: Int?
    private var press: Int?
    private var dividers: [TableColumnDivider] = []

    /// How wide the strip over a column edge is in which the divider can be grabbed.
    static let dividerGrabWidth = 8.0

    /// One divider at the trailing edge of each title.
    override func layoutSubviews() {
        guard let table else { return }
        while dividers.count < table.columns.count {
            let divider = TableColumnDivider(table: table, column: dividers.count)
            dividers.append(divider)
            addSubview(divider)
        }
        while dividers.count > table.columns.count { dividers.removeLast().removeFromSuperview() }
        let isRightToLeft = layoutDirection == .rightToLeft
        for (column, divider) in dividers.enumerated() {
            let title = table.headerFrame(ofColumn: column)
            let edge = isRightToLeft ? title.minX : title.maxX
            divider.frame = Rect(
                x: edge - Self.dividerGrabWidth / 2, y: 0, width: Self.dividerGrabWidth, height: bounds.height)
        }
    }

    /// The column whose title is under `point`, if any.
    func column(at point: Point) -> Int? {
        guard let table, bounds.contains(point) else { return nil }
        return table.columns.indices.first { table.headerFrame(ofColumn: $0).contains(point) }
    }

    /// A strip a shade darker than the rows, a line under it, each title (pressed, and with the
    /// sort indicator) and a short line between titles.
    override func draw(in context: GraphicsContext, bounds: Rect) {
        guard let table else { return }
        let theme = theme
        context.fill(bounds, color: theme.hoveredControlBackground)
        context.fill(Rect(x: bounds.minX, y: bounds.maxY - 1, width: bounds.width, height: 1), color: theme.separator)
        let isRightToLeft = layoutDirection == .rightToLeft
        let shift = table.listView.contentOffset.x - table.listView.presentedBounds.minX  // a sideways animation
        let font = Font(family: theme.font.family, size: (theme.font.size * 0.87).rounded(), weight: .bold)
        for (index, column) in table.columns.enumerated() {
            let frame = table.headerFrame(ofColumn: index).offsetBy(dx: shift, dy: 0)
            guard frame.maxX >= bounds.minX, frame.minX <= bounds.maxX, frame.width > 0 else { continue }
            if pressedColumn == index { context.fill(frame, color: theme.pressedOverlay) }
            let edge = isRightToLeft ? frame.minX : frame.maxX - 1
            context.fill(Rect(x: edge, y: frame.minY + 6, width: 1, height: frame.height - 13), color: theme.separator)
            var area = frame.insetBy(dx: TableView.cellPadding, dy: 0)
            if let sort = table.sortDescriptor, sort.columnID == column.id, area.width > Self.indicatorRoom {
                let center = Point(
                    x: isRightToLeft ? area.minX + 5 : area.maxX - 5, y: frame.midY.rounded())
                theme.drawSortIndicator(isAscending: sort.isAscending, centeredAt: center, in: context)
                area.size.width -= Self.indicatorRoom
                if isRightToLeft { area.origin.x += Self.indicatorRoom }
            }
            let alignment: TextAlignment =
                switch column.alignment {
                case .leading: isRightToLeft ? .right : .left
                case .center: .center
                case .trailing: isRightToLeft ? .left : .right
                }
            context.drawText(
                ListRowView.oneLine(column.title, width: area.width, font: font, measurer: context), in: area,
                font: font, color: theme.text, alignment: alignment)
        }
    }

    /// The room the sort indicator takes at a title's trailing end.
    static let indicatorRoom = 16.0

    // MARK: Input

    /// Presses the title under the pointer.
    override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left, let column = column(at: event.location(in: self)) else { return false }
        press = column
        setPressedColumn(column)
        return true
    }

    /// The title looks pressed while the pointer stays on it.
    override func mouseDragged(_ event: MouseEvent) {
        guard let press else { return }
        setPressedColumn(column(at: event.location(in: self)) == press ? press : nil)
    }

    /// Sorts by the pressed column when released on its title.
    override func mouseUp(_ event: MouseEvent) {
        let released = press.flatMap { column(at: event.location(in: self)) == $0 ? $0 : nil }
        press = nil
        setPressedColumn(nil)
        if let released { table?.userSort(byColumn: released) }
    }

    /// Lets go of the press without sorting.
    override func mouseCancelled() {
        press = nil
        setPressedColumn(nil)
    }

    private func setPressedColumn(_ column: Int?) {
        guard column != pressedColumn else { return }
        pressedColumn = column
        setNeedsDisplay()
    }
}
