extension View {
    /// The element's relations to others, as assistive technology is told them: the view's own
    /// (``makeAccessibilityRelations()``), `labelled-by` its ``accessibilityLabelledBy`` and
    /// `label-for` the views it labels, `controlled-by` its ``accessibilityControlledBy`` and
    /// `controller-for` the views it controls, and for the top of a pop-up anchored to a view
    /// (a menu opened from a button, a drop-down's list), `popup-for` that view. Only targets in
    /// the tree now are listed, and a relation left without any is left out.
    public var accessibilityRelations: [AccessibilityRelation] {
        var relations: [AccessibilityRelation] = []
        func add(_ kind: AccessibilityRelation.Kind, _ targets: [AccessibilityElement]) {
            let present = targets.filter(\.view.isInAccessibilityTree)
            if !present.isEmpty { relations.append(AccessibilityRelation(kind, targets: present)) }
        }
        for relation in makeAccessibilityRelations() { add(relation.kind, relation.targets) }
        add(.labelledBy, [accessibilityLabelledBy].compactMap { $0 }.map(AccessibilityElement.init))
        add(.labelFor, views(in: accessibilityLabelTargets) { $0.accessibilityLabelledBy === self })
        add(.controlledBy, [accessibilityControlledBy].compactMap { $0 }.map(AccessibilityElement.init))
        add(.controllerFor, views(in: accessibilityControlTargets) { $0.accessibilityControlledBy === self })
        if let anchor = popoverAnchor, let element = Scene.nearestElement(holding: anchor) {
            add(.popupFor, [element])
        }
        return relations
    }

    /// The name the view's ``accessibilityLabelledBy`` gives it: the label's own name, while the
    /// label is in the tree; `nil` otherwise.
    var nameFromLabel: String? {
        guard let label = accessibilityLabelledBy, label.isInAccessibilityTree else { return nil }
        return label.accessibilityLabel ?? label.makeAccessibilityNode()?.name
    }

    /// Whether the view is an element of its scene's tree now: in a scene (in a presentation that
    /// is up), an element, and neither it nor an ancestor hidden.
    var isInAccessibilityTree: Bool {
        guard let scene, isAccessibilityElement else { return false }
        var top: View = self
        while true {
            if top.isHidden || top.isAccessibilityHidden { return false }
            guard let superview = top.superview else { break }
            top = superview
        }
        return top === scene.rootView || scene.presentations.contains { $0.root === top && $0.isPresented }
    }

    /// For the top element of a presentation anchored to a view (a popover), that view.
    private var popoverAnchor: View? {
        guard let scene, isAccessibilityElement, AccessibilityElement(self).parent == nil else { return nil }
        var top: View = self
        while let superview = top.superview { top = superview }
        return scene.presentations.first { $0.root === top }?.anchor
    }

    /// The elements of the live views in `list` for which `holds` is still true.
    private func views(in list: [WeakView], where holds: (View) -> Bool) -> [AccessibilityElement] {
        list.compactMap(\.view).filter(holds).map(AccessibilityElement.init)
    }
}

/// Keeps the other end of a relation the app states on a view (``View/accessibilityLabelledBy``,
/// ``View/accessibilityControlledBy``): the view the relation points to lists the views pointing
/// to it, weakly, so that it can report the mirror relation.
@MainActor enum AccessibilityPairing {
    /// Moves `view` from the list at `key` of `old` to that of `new`, dropping freed views.
    static func move(
        _ view: View, from old: View?, to new: View?, _ key: ReferenceWritableKeyPath<View, [WeakView]>
    ) {
        guard old !== new else { return }
        if let old { old[keyPath: key].removeAll { $0.view == nil || $0.view === view } }
        if let new {
            new[keyPath: key].removeAll { $0.view == nil }
            new[keyPath: key].append(WeakView(view))
        }
    }
}
