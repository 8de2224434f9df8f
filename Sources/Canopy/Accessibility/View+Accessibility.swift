extension View {
    /// What assistive technology is told about the view: its own node
    /// (``makeAccessibilityNode()``) with the app's overrides (``accessibilityLabel``,
    /// ``accessibilityDescription``, ``accessibilityRole``), the name of the label it is
    /// ``accessibilityLabelledBy`` when it has none of its own, its ``toolTip`` as the description
    /// when it has none (as GTK's are), the modal state (and dismiss action) of an alert or
    /// dialog presented as a modal, and the states every view has (visible, showing, focusable,
    /// focused); `nil` when the view stays out of the tree.
    public var accessibilityNode: AccessibilityNode? {
        guard !isAccessibilityHidden else { return nil }
        var node = makeAccessibilityNode()
        if node == nil, accessibilityLabel != nil || accessibilityRole != nil {
            node = AccessibilityNode(role: .panel)
        }
        guard var node else { return nil }
        if let accessibilityRole { node.role = accessibilityRole }
        if let accessibilityLabel {
            node.name = accessibilityLabel
        } else if node.name.isEmpty, let nameFromLabel {
            node.name = nameFromLabel
        }
        if let accessibilityDescription {
            node.description = accessibilityDescription
        } else if node.description.isEmpty, let toolTip {
            node.description = toolTip
        }
        if contextMenu != nil, !node.actions.contains(.showMenu) { node.actions.append(.showMenu) }
        if let backdrop = superview as? ModalBackdrop, backdrop.yieldsToPresentedDialog {
            node.states.insert(.modal)  // the dialog the backdrop yields to is the modal
            node.actions += backdrop.modalActions.filter { !node.actions.contains($0) }
        }
        if !isHidden { node.states.insert(.visible) }
        if isShowing(bounds) { node.states.insert(.showing) }
        if canBecomeFocused { node.states.insert(.focusable) }
        if let focused = scene?.focusedView, focused.accessibilityFocusTarget === self {
            node.states.formUnion([.focusable, .focused])  // a radio group's chosen button too
        }
        return node
    }

    /// Whether `rect` (bounds coordinates) is on screen: the view is in a window, neither it nor
    /// an ancestor is hidden or transparent, and some of `rect` is left inside the ancestors that
    /// clip and the window.
    func isShowing(_ rect: Rect) -> Bool {
        guard let scene else { return false }
        var area = rect
        var view: View? = self
        while let current = view {
            if current.isHidden || current.alpha < 0.01 { return false }
            if current !== self, current.clipsToBounds {
                guard let visible = area.intersection(current.bounds), !visible.isEmpty else { return false }
                area = visible
            }
            area = area.offsetBy(
                dx: current.frame.minX - current.bounds.minX, dy: current.frame.minY - current.bounds.minY)
            view = current.superview
        }
        guard let inWindow = area.intersection(Rect(origin: .zero, size: scene.size)) else { return false }
        return !inWindow.isEmpty
    }
}
