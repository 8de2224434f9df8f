extension TableView: AccessibilityTable {
    /// The column headers, then every cell, row by row.
    public var accessibilityItemCount: Int { columns.count * (listView.numberOfRows + 1) }

    /// Item `index`: a column header named by its title (a click sorts by a sortable column), or
    /// a cell named by its text, selectable and selected with its row, focused in the lead row
    /// of focused rows, checkable when it is a check box. The data source is asked for this cell
    /// only.
    public func accessibilityItem(at index: Int) -> AccessibilityNode {
        guard let (row, column) = accessibilityCellPosition(ofItem: index) else {
            let column = columns.indices.contains(index) ? columns[index] : TableColumn("")
            return AccessibilityNode(
                role: .columnHeader, name: column.title, actions: column.isSortable ? [.click] : [],
                frame: headerFrame(ofColumn: index))
        }
        let cell = cell(row: row, column: column)
        var states: AccessibilityStates = listView.selectionMode == .none ? [.enabled] : [.enabled, .selectable]
        var actions: [AccessibilityAction] = [.activate]
        if listView.selectedRows.contains(row) { states.insert(.selected) }
        if row == listView.leadRow, listView.isFocused { states.insert(.focused) }
        if case let .checkBox(isChecked) = cell {
            states.insert(.checkable)
            if isChecked { states.insert(.checked) }
            actions.append(.toggle)
        }
        return AccessibilityNode(
            role: .tableCell, name: cell.text, states: states, actions: actions,
            frame: frame(ofRow: row, column: column))
    }

    /// The lead row's cell in the type-ahead column (where the arrows move from).
    public var accessibilityCurrentItem: Int? {
        listView.leadRow.flatMap { accessibilityItem(atRow: $0, column: typeAheadColumn) }
    }

    /// The header or cell under `point`.
    public func accessibilityItemIndex(at point: Point) -> Int? {
        let column = columns.indices.first {
            let span = headerFrame(ofColumn: $0)
            return point.x >= span.minX && point.x < span.maxX
        }
        guard let column else { return nil }
        if point.y < header.frame.maxY { return point.y >= 0 ? column : nil }
        return listView.row(at: listView.convert(point, from: self)).flatMap {
            accessibilityItem(atRow: $0, column: column)
        }
    }

    /// ``AccessibilityAction/click`` on a header sorts by its column (as a click on the title
    /// would); ``AccessibilityAction/activate`` on a cell selects and chooses its row (as a
    /// double click would); ``AccessibilityAction/toggle`` asks to tick or untick a check box.
    public func performAccessibilityAction(_ action: AccessibilityAction, onItem index: Int) -> Bool {
        guard let (row, column) = accessibilityCellPosition(ofItem: index) else {
            guard action == .click, columns.indices.contains(index), columns[index].isSortable else { return false }
            userSort(byColumn: index)
            return true
        }
        switch action {
        case .activate:
            return listView.performAccessibilityAction(.activate, onItem: row)
        case .toggle:
            guard case let .checkBox(isChecked) = cell(row: row, column: column) else { return false }
            userSetChecked(!isChecked, row: row, column: column)
            return true
        default:
            return false
        }
    }

    /// The rows.
    public var accessibilityRowCount: Int { listView.numberOfRows }

    /// The columns.
    public var accessibilityColumnCount: Int { columns.count }

    /// Column `column`'s header: item `column`.
    public func accessibilityHeaderItem(ofColumn column: Int) -> Int? {
        columns.indices.contains(column) ? column : nil
    }

    /// The cell after the headers and the rows above.
    public func accessibilityItem(atRow row: Int, column: Int) -> Int? {
        guard row >= 0, row < listView.numberOfRows, columns.indices.contains(column) else { return nil }
        return columns.count * (row + 1) + column
    }

    /// The row and column of a cell (`nil` for a header).
    public func accessibilityCellPosition(ofItem index: Int) -> (row: Int, column: Int)? {
        guard !columns.isEmpty, index >= columns.count, index < accessibilityItemCount else { return nil }
        return (index / columns.count - 1, index % columns.count)
    }

    /// The list's selected rows.
    public var accessibilitySelectedRows: RowSet { listView.selectedRows }

    /// Selects the row as the list's Selection does (added to a multiple selection).
    public func selectAccessibilityRow(_ row: Int) -> Bool { listView.selectAccessibilityChild(row) }

    /// Deselects the row as the list's Selection does.
    public func deselectAccessibilityRow(_ row: Int) -> Bool { listView.deselectAccessibilityChild(row) }
}
