extension TableView: AccessibilityTable {
    /// The column headers, then every cell, row by row.
    public var accessibilityItemCount: Int { columns.count * (listView.numberOfRows + 1) }

    /// Item `index`: a column header named by its title (a click sorts by a sortable column), or
    /// a cell named by its text, selectable and selected with its row, focused in the lead row
    /// of focused rows, checkable when it is a check box; in a tree-table, a first column's cell
    /// has its node's level (from 1), and is expandable and expanded as the node is, and it can
    /// be expanded or collapsed. The data source is asked for this cell only.
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
        var level: Int?
        if column == 0, let outline = outlineView, let depth = outline.level(ofRow: row) {
            level = depth + 1
            if let isExpanded = outline.content(of: row)?.isExpanded {
                states.insert(.expandable)
                if isExpanded { states.insert(.expanded) }
                actions.append(isExpanded ? .collapse : .expand)
            }
        }
        return AccessibilityNode(
            role: .tableCell, name: cell.text, states: states, actions: actions,
            frame: frame(ofRow: row, column: column), level: level)
    }

    /// How many insertions, deletions and reloads (and a tree-table's openings and closings) the
    /// rows have recorded.
    public var accessibilityItemChangeCount: Int { listView.accessibilityItemChangeCount }

    /// The rows' recorded changes as changes to their cells: rows that came or went are their
    /// cells, a node that opened or closed is its first column's cell.
    public func accessibilityItemChanges(since count: Int) -> [AccessibilityItemChange]? {
        let width = columns.count
        return listView.accessibilityItemChanges(since: count)?.map { change in
            switch change {
            case let .inserted(rows): .inserted(width * (rows.lowerBound + 1)..<width * (rows.upperBound + 1))
            case let .removed(rows): .removed(width * (rows.lowerBound + 1)..<width * (rows.upperBound + 1))
            case let .stateChanged(row, state, isOn): .stateChanged(index: width * (row + 1), state, isOn: isOn)
            }
        }
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
    /// double click would); ``AccessibilityAction/toggle`` asks to tick or untick a check box;
    /// ``AccessibilityAction/expand`` and ``AccessibilityAction/collapse`` on a tree-table's first
    /// column open and close its node.
    public func performAccessibilityAction(_ action: AccessibilityAction, onItem index: Int) -> Bool {
        guard let (row, column) = accessibilityCellPosition(ofItem: index) else {
            guard action == .click, columns.indices.contains(index), columns[index].isSortable else { return false }
            userSort(byColumn: index)
            return true
        }
        switch action {
        case .activate:
            return listView.performAccessibilityAction(.activate, onItem: row)
        case .expand, .collapse:
            return column == 0 && listView.userSetExpanded(action == .expand, row: row)
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
