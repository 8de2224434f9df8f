/// Where a drag would drop on a ``ListView``: on a row, or in the gap before one.
public struct ListDropTarget: Hashable, Sendable {
    /// Whether the drop lands on the row or in the gap before it.
    public enum Position: Hashable, Sendable {
        /// On the row itself (into a folder, onto an item), which shows highlighted.
        case on
        /// Between the row and the one before it; `before` ``ListView/numberOfRows`` is the gap
        /// after the last row. A line marks the gap.
        case before
    }

    /// The row the drop lands on, or before.
    public var row: Int
    /// On the row or before it.
    public var position: Position

    /// A target on `row`, or before it.
    public init(row: Int, position: Position) {
        self.row = row
        self.position = position
    }
}
