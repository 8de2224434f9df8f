/// Supplies a tree-table (a ``TableView`` made with `isOutline`, as AppKit's `NSOutlineView`
/// with columns and GTK's `GtkTreeListModel` in a `GtkColumnView` show a folder's tree): the
/// tree as an ``OutlineViewDataSource`` gives it (children asked for only when a node opens),
/// the cells as a ``TableViewDataSource`` gives them, by row (``TableView/node(atRow:)`` names
/// the node a row shows).
///
/// A click on a title asks ``TableViewDataSource/tableView(_:sortBy:)`` to sort: give each
/// node's children (and the root's) in the new order from then on; the table then asks again for
/// the children of the root and of every open node, so siblings are sorted within each parent,
/// and open and selected nodes stay so.
///
/// The first column shows the indentation and the disclosure triangle before its cell; the
/// row's ``OutlineViewDataSource/outlineView(_:rowFor:)`` is not asked (the cells stand for it).
@MainActor public protocol OutlineTableDataSource: OutlineViewDataSource, TableViewDataSource {}

extension OutlineTableDataSource {
    /// The nodes that show: the outline counts them.
    public func numberOfRows(in tableView: TableView) -> Int { tableView.listView.numberOfRows }
    /// Not asked of a tree-table, whose rows show their cells.
    public func outlineView(_ outlineView: OutlineView, rowFor node: AnyHashable) -> ListRow { ListRow("") }
}
