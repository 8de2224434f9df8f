/// Which column a ``TableView`` is sorted by, and which way, as the data source is told when the
/// user clicks a title (`NSSortDescriptor`'s key and order).
public struct TableSortDescriptor: Hashable, Sendable {
    /// The ``TableColumn/id`` of the column sorted by.
    public var columnID: String
    /// Whether the smallest value comes first.
    public var isAscending: Bool

    /// Describes a sort.
    public init(columnID: String, isAscending: Bool = true) {
        self.columnID = columnID
        self.isAscending = isAscending
    }
}
