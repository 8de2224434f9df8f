extension ListView: AccessibilityItemContainer {
    /// The row count.
    public var accessibilityItemCount: Int { numberOfRows }

    /// Row `index`: a list item named by its text (its secondary text is its description),
    /// selectable, checkable while it has a check box; it can be activated (chosen), and toggled
    /// or deleted when its content allows. The data source is asked for this row only.
    public func accessibilityItem(at index: Int) -> AccessibilityNode {
        let row = content(of: index) ?? ListRow("")
        var states: AccessibilityStates = [.enabled, .selectable]
        var actions: [AccessibilityAction] = [.activate]
        if index == selectedRow {
            states.insert(.selected)
            if isFocused { states.insert(.focused) }
        }
        if let isChecked = row.isChecked {
            states.insert(.checkable)
            if isChecked { states.insert(.checked) }
            actions.append(.toggle)
        }
        if row.isDeletable { actions.append(.delete) }
        return AccessibilityNode(
            role: .listItem, name: row.text, description: row.secondaryText ?? "", states: states, actions: actions,
            frame: rect(ofRow: index))
    }

    /// The row under `point`.
    public func accessibilityItemIndex(at point: Point) -> Int? { row(at: point) }

    /// ``AccessibilityAction/activate`` selects the row and chooses it (as a double click
    /// would); ``AccessibilityAction/toggle`` asks to tick or untick its check box;
    /// ``AccessibilityAction/delete`` asks to delete it.
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
        default:
            return false
        }
        return true
    }
}

extension ListView: AccessibilitySelectable {
    /// The selected row, if any.
    public var accessibilitySelectedChildren: [Int] { selectedRow.map { [$0] } ?? [] }

    /// Selects row `index` (scrolling it into view) as the arrows would, reporting it.
    public func selectAccessibilityChild(_ index: Int) -> Bool {
        guard index >= 0, index < numberOfRows else { return false }
        userSelect(index)
        return selectedRow == index
    }

    /// Clears the selection if row `index` is selected, reporting it.
    public func deselectAccessibilityChild(_ index: Int) -> Bool {
        guard selectedRow == index else { return true }
        selectRow(nil)
        onSelectionChanged?(nil)
        return true
    }
}
