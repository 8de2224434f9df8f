/// Supplies a ``TableView``'s rows and cells, and hears what the user changes in them, as
/// AppKit's `NSTableViewDataSource` does.
@MainActor public protocol TableViewDataSource: AnyObject {
    /// How many rows the table has.
    func numberOfRows(in tableView: TableView) -> Int
    /// What the cell at `row` in column `column` (an index into ``TableView/columns``) shows;
    /// asked only for rows on screen (and for type-ahead and screen readers, one cell at a time).
    func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell
    /// The user clicked a title: sort the rows by `descriptor` (the table reloads right after).
    /// To keep the selection on the rows it was on, sort the rows' indices, put the rows in that
    /// order and give it to ``ListView/reorderRows(_:animated:)`` of the table's `listView`.
    func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor)
    /// The user ticked (`true`) or unticked the check box of a cell: store it (the row is reloaded
    /// right after and shows what the data source then says).
    func tableView(_ tableView: TableView, setChecked isChecked: Bool, row: Int, column: Int)
    /// Makes a view of the app's own that shows column `column`'s cells instead of the built-in
    /// text, image or check box: asked once per row view the table makes (about as many as rows
    /// fit on screen), then reused for row after row, each given to it by
    /// ``tableView(_:bind:toRow:column:)``. `nil`, the default, draws the built-in cell.
    func makeCellView(for tableView: TableView, column: Int) -> View?
    /// Shows the cell at `row` in column `column` in `view`, one ``makeCellView(for:column:)``
    /// made: asked each time the view is given a row.
    func tableView(_ tableView: TableView, bind view: View, toRow row: Int, column: Int)
}

extension TableViewDataSource {
    /// Does not sort: the rows stay in their order and only the indicator moves.
    public func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor) {}
    /// Keeps nothing: the box shows what the data source says.
    public func tableView(_ tableView: TableView, setChecked isChecked: Bool, row: Int, column: Int) {}
    /// The built-in cells.
    public func makeCellView(for tableView: TableView, column: Int) -> View? { nil }
    /// Nothing to bind.
    public func tableView(_ tableView: TableView, bind view: View, toRow row: Int, column: Int) {}
}
