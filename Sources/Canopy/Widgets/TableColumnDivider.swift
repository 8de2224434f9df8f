/// The divider after one title of a ``TableView``'s header: it shows the column-resize pointer
/// and resizes its column (the one it ends) as it is dragged, within the column's minimum and
/// maximum.
final class TableColumnDivider: View {
    private weak var table: TableView?
    /// The column the divider ends.
    let column: Int
    /// Where the drag started (window x) and how wide the column was then, while dragged.
    private var drag: (startX: Double, startWidth: Double)?

    init(table: TableView, column: Int) {
        self.table = table
        self.column = column
        super.init(frame: .zero)
    }

    override var cursor: Cursor? { .columnResize }

    /// Grabs the divider.
    override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left, let table, table.columnWidths.indices.contains(column) else { return false }
        drag = (event.locationInWindow.x, table.columnWidths[column])
        return true
    }

    /// Resizes the column by as far as the pointer moved (towards the trailing end widens it).
    override func mouseDragged(_ event: MouseEvent) {
        guard let drag, let table else { return }
        var moved = event.locationInWindow.x - drag.startX
        if layoutDirection == .rightToLeft { moved = -moved }
        table.userResizeColumn(column, to: drag.startWidth + moved)
    }

    override func mouseUp(_ event: MouseEvent) { drag = nil }

    override func mouseCancelled() { drag = nil }
}
