/// What one cell of a ``TableView`` shows, as its data source gives it. A column of the app's
/// own views (see ``TableViewDataSource/makeCellView(for:column:)``) still gives its cells here:
/// their text is what type-ahead matches and screen readers read.
public enum TableCell: Hashable, Sendable {
    /// Nothing.
    case empty
    /// One line of text, ending in an ellipsis where it is wider than its column.
    case text(String)
    /// An image, scaled down to fit the row.
    case image(Image)
    /// A check box, ticked or not; a click on it (or the `toggle` action of a screen reader) asks
    /// the data source to change it (``TableViewDataSource/tableView(_:setChecked:row:column:)``).
    case checkBox(Bool)

    /// The text the cell shows or stands for (empty for an image or a check box).
    public var text: String {
        if case let .text(text) = self { return text }
        return ""
    }
}
