/// A container whose items are laid out in rows and columns under column headers (a table's
/// cells), for assistive technology that reads by row and column (AT-SPI2's Table interface).
///
/// Its items (``AccessibilityItemContainer``) are its column headers, then its cells row by row;
/// as for any container, each is described only when asked for.
@MainActor public protocol AccessibilityTable: AccessibilityItemContainer {
    /// How many rows of cells there are (the header row aside).
    var accessibilityRowCount: Int { get }
    /// How many columns there are.
    var accessibilityColumnCount: Int { get }
    /// The item that is column `column`'s header, if the column has one.
    func accessibilityHeaderItem(ofColumn column: Int) -> Int?
    /// The item that is the cell at `row` in `column`, if there is one.
    func accessibilityItem(atRow row: Int, column: Int) -> Int?
    /// The row and column of item `index`, when it is a cell.
    func accessibilityCellPosition(ofItem index: Int) -> (row: Int, column: Int)?
    /// The selected rows; read without visiting every row.
    var accessibilitySelectedRows: RowSet { get }
    /// Adds row `row` to the selection as the user would (alone, where only one row can be
    /// selected); returns whether it is selected afterwards.
    func selectAccessibilityRow(_ row: Int) -> Bool
    /// Takes row `row` out of the selection as the user would; returns whether it is out.
    func deselectAccessibilityRow(_ row: Int) -> Bool
}
