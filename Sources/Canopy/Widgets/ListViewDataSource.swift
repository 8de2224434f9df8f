/// Supplies a ``ListView``'s rows, as `UITableViewDataSource` does.
@MainActor public protocol ListViewDataSource: AnyObject {
    /// How many rows the list has.
    func numberOfRows(in listView: ListView) -> Int
    /// What row `index` shows; asked when the row comes on screen and when it is reloaded. A
    /// list of the app's own row views still gives each row's text here, for type-ahead and
    /// screen readers.
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow
    /// Makes a view of the app's own that shows rows instead of the built-in image and texts,
    /// as GTK's list item factory sets one up: asked only when the list needs one more row view
    /// (about as many times as rows fit on screen, however many rows there are), then reused
    /// for row after row, each given to it by ``listView(_:bind:toRow:)``. The row around it still
    /// draws the selection, the separator and the check box and delete button. `nil`, the
    /// default, shows the built-in row.
    func makeRowContentView(for listView: ListView) -> View?
    /// Shows row `index` in `view`, one ``makeRowContentView(for:)`` made, as GTK's factory binds
    /// an item: asked each time the view is given a row (it comes on screen, or is reloaded).
    func listView(_ listView: ListView, bind view: View, toRow index: Int)
}

extension ListViewDataSource {
    /// The built-in row.
    public func makeRowContentView(for listView: ListView) -> View? { nil }
    /// Nothing to bind.
    public func listView(_ listView: ListView, bind view: View, toRow index: Int) {}
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
