extension ListView: AccessibilityItemContainer {
    /// The row count.
    public var accessibilityItemCount: Int { numberOfRows }

    /// Row `index`: a list item named by its text (its secondary text is its description),
    /// selectable (unless the list selects none), focused while it is the lead of a focused
    /// list; it can be activated (chosen), and toggled or deleted when its content allows. A
    /// row with a check box is a check box, checkable and checked with its tick, as the focus of
    /// a GTK list box's row with a check button is, so a screen reader speaks a tick of the
    /// focused row (it speaks none for a list item's). An outline's row is a tree item at its level (from
    /// 1), expandable while it has a triangle, expanded while open, and it can be expanded or
    /// collapsed. The data source is asked for this row only.
    public func accessibilityItem(at index: Int) -> AccessibilityNode {
        let row = content(of: index) ?? ListRow("")
        var states: AccessibilityStates = selectionMode == .none ? [.enabled] : [.enabled, .selectable]
        var actions: [AccessibilityAction] = [.activate]
        if selectedRows.contains(index) { states.insert(.selected) }
        if index == leadRow, isFocused { states.insert(.focused) }
        if let isChecked = row.isChecked {
            states.insert(.checkable)
            if isChecked { states.insert(.checked) }
            actions.append(.toggle)
        }
        if row.isDeletable { actions.append(.delete) }
        if let isExpanded = row.isExpanded {
            states.insert(.expandable)
            if isExpanded { states.insert(.expanded) }
            actions.append(isExpanded ? .collapse : .expand)
        }
        return AccessibilityNode(
            role: isOutline ? .treeItem : row.isChecked == nil ? .listItem : .checkBox, name: row.text,
            description: row.secondaryText ?? "",
            states: states, actions: actions, frame: rect(ofRow: index),
            level: isOutline ? row.indentationLevel + 1 : nil)
    }

    /// The lead row (where the arrows move from).
    public var accessibilityCurrentItem: Int? { leadRow }

    /// How many insertions, deletions and reloads (and an outline's openings and closings) the
    /// list has recorded.
    public var accessibilityItemChangeCount: Int { accessibilityJournal.count }

    /// The rows inserted and deleted and the nodes opened and closed since then, unless the list
    /// reloaded or made more changes than it keeps.
    public func accessibilityItemChanges(since count: Int) -> [AccessibilityItemChange]? {
        accessibilityJournal.changes(since: count)
    }

    /// The row under `point`.
    public func accessibilityItemIndex(at point: Point) -> Int? { row(at: point) }

    /// ``AccessibilityAction/activate`` selects the row and chooses it (as a double click
    /// would); ``AccessibilityAction/toggle`` asks to tick or untick its check box;
    /// ``AccessibilityAction/delete`` asks to delete it; ``AccessibilityAction/expand`` and
    /// ``AccessibilityAction/collapse`` open and close an outline's row.
    public func performAccessibilityAction(_ action: AccessibilityAction, onItem index: Int) -> Bool {
        guard index >= 0, index < numberOfRows else { return false }
        switch action {
        case .activate:
            userSelect(index, animated: false)
            onPrimaryAction?(index)
        case .toggle:
            guard let checked = content(of: index)?.isChecked else { return false }
            userSetCheck(ofRow: index, to: !checked)
        case .delete:
            guard content(of: index)?.isDeletable == true else { return false }
            userDelete(row: index)
        case .expand, .collapse:
            return userSetExpanded(action == .expand, row: index)
        default:
            return false
        }
        return true
    }
}

extension ListView: AccessibilitySelectable {
    /// The selected rows.
    public var accessibilitySelectedChildren: RowSet { selectedRows }

    /// Selects row `index` as the user would, reporting it: added to a multiple selection (as
    /// a Control-click would), alone otherwise (as the arrows would); it becomes the lead,
    /// scrolled into view.
    public func selectAccessibilityChild(_ index: Int) -> Bool {
        guard index >= 0, index < numberOfRows else { return false }
        if selectionMode == .multiple {
            userSelect(selectedRows.union([index]), lead: index, anchor: index)
        } else {
            userSelect(index)
        }
        return selectedRows.contains(index)
    }

    /// Takes row `index` out of the selection, reporting it.
    public func deselectAccessibilityChild(_ index: Int) -> Bool {
        guard selectedRows.contains(index) else { return true }
        var rows = selectedRows
        rows.remove(index)
        userSelect(rows, lead: leadRow, anchor: leadRow)
        return true
    }

    /// Selects every row of a multiple selection, reporting it (as Control-A would).
    public func selectAllAccessibilityChildren() -> Bool {
        guard selectionMode == .multiple, numberOfRows > 0 else { return false }
        userSelect(RowSet(0..<numberOfRows), lead: leadRow, anchor: leadRow)
        return true
    }

    /// Deselects every row at once, reporting it.
    public func clearAccessibilitySelection() -> Bool {
        userSelect([], lead: leadRow, anchor: leadRow)
        return true
    }
}
