/// One column of a ``TableView``: its title in the header, how wide it is and may be, how it
/// shares spare width, how its cells sit in it and whether a click on its title sorts by it.
public struct TableColumn: Hashable, Sendable {
    /// Where a cell's text or image sits across its column; leading and trailing follow the
    /// window's layout direction (leading is the right in a right-to-left window).
    public enum Alignment: Hashable, Sendable {
        /// Against the edge rows start from.
        case leading
        /// In the middle.
        case center
        /// Against the edge rows end at.
        case trailing
    }

    /// What names the column to the data source and in a ``TableSortDescriptor``.
    public var id: String
    /// The title shown in the header (and read as the column's header by screen readers).
    public var title: String
    /// How wide the column is before spare width is shared out (a drag on its divider sets it).
    public var width: Double
    /// The least width the column keeps, whatever the table's width or a drag.
    public var minimumWidth: Double
    /// The most width the column takes, whatever the spare width or a drag.
    public var maximumWidth: Double
    /// How much of the table's spare width the column takes against the other flexible columns,
    /// and how much it gives when there is too little (0: it keeps its ``width``).
    public var flex: Double
    /// How the cells sit across the column.
    public var alignment: Alignment
    /// Whether a click on the title sorts the table by the column.
    public var isSortable: Bool

    /// Describes a column; `id` defaults to the title. The width is kept between the minimum
    /// and the maximum.
    public init(
        _ title: String, id: String? = nil, width: Double = 120, minimumWidth: Double = 40,
        maximumWidth: Double = .infinity, flex: Double = 0, alignment: Alignment = .leading, isSortable: Bool = true
    ) {
        self.id = id ?? title
        self.title = title
        self.minimumWidth = max(0, minimumWidth)
        self.maximumWidth = max(self.minimumWidth, maximumWidth)
        self.width = min(max(width, self.minimumWidth), self.maximumWidth)
        self.flex = max(0, flex)
        self.alignment = alignment
        self.isSortable = isSortable
    }

    /// Each column's width in a table `room` wide: its ``width`` (within its minimum and
    /// maximum), with the spare width shared among the flexible columns by their ``flex`` (none
    /// past its maximum), or the width lacking taken from them (none below its minimum). The
    /// widths may add up to more than `room`: the table then scrolls sideways.
    public static func widths(of columns: [TableColumn], fitting room: Double) -> [Double] {
        var widths = columns.map { min(max($0.width, $0.minimumWidth), $0.maximumWidth) }
        let spare = room - widths.reduce(0, +)
        guard spare.isFinite, abs(spare) > 0.001 else { return widths }
        shareByWeight(
            spare, into: &widths, weights: columns.map(\.flex), minimum: columns.map(\.minimumWidth),
            maximum: columns.map(\.maximumWidth))
        return widths
    }
}
