/// Supplies a ``ListView``'s rows, as `UITableViewDataSource` does.
@MainActor public protocol ListViewDataSource: AnyObject {
    /// How many rows the list has.
    func numberOfRows(in listView: ListView) -> Int
    /// What row `index` shows; asked when the row comes on screen and when it is reloaded.
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow
}

/// A ready-made data source over an array of rows.
@MainActor public final class ArrayListDataSource: ListViewDataSource {
    /// The rows.
    public var rows: [ListRow]

    /// Creates a data source over `rows`.
    public init(_ rows: [ListRow]) { self.rows = rows }

    /// The number of rows.
    public func numberOfRows(in listView: ListView) -> Int { rows.count }
    /// Row `index`.
    public func listView(_ listView: ListView, rowAt index: Int) -> ListRow { rows[index] }
}

/// A ready-made data source over an array of texts shown in one style: a row is made only when
/// it comes on screen, so a million items cost their strings and nothing more.
@MainActor public final class TextListDataSource: ListViewDataSource {
    /// The texts, one per row.
    public var texts: [String]
    /// The row every text is shown in (its text is replaced).
    public var style: ListRow

    /// Creates a data source showing `texts` in `style`.
    public init(_ texts: [String], style: ListRow = ListRow("")) {
        self.texts = texts
        self.style = style
    }

    /// The number of texts.
    public func numberOfRows(in listView: ListView) -> Int { texts.count }
    /// Text `index` in the style.
    public func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        var row = style
        row.text = texts[index]
        return row
    }
}
