/// How many rows of a ``ListView`` the user can select.
public enum ListSelectionMode: Hashable, Sendable {
    /// None: the keyboard moves the lead row (shown by a ring) and Enter chooses it, but no row is
    /// ever selected.
    case none
    /// At most one row: a click or an arrow selects it, a Control-click deselects it.
    case single
    /// Any number of rows: Shift-click and Shift with the arrows extend the selection from its
    /// anchor, Control-click and Control-Space toggle a row, Control-A selects every row.
    case multiple
}
