extension Scene {
    /// The top-level elements of the scene's accessibility tree: the content's, then those of
    /// each presentation that is up, bottom to top (a drop-down's list, a modal's dialog). A host
    /// shows them as its window's children.
    public var accessibilityElements: [AccessibilityElement] {
        AccessibilityElement.elements(rootedAt: rootView)
            + presentations.filter(\.isPresented).flatMap { AccessibilityElement.elements(rootedAt: $0.root) }
    }

    /// The element that has the keyboard focus: the focused view's
    /// ``View/accessibilityFocusTarget`` (the view itself unless it says otherwise), or the
    /// nearest element that holds it.
    public var focusedAccessibilityElement: AccessibilityElement? {
        focusedView.flatMap { Self.nearestElement(holding: $0.accessibilityFocusTarget) }
    }

    /// The deepest element under `location` (window coordinates) that takes input, down to a
    /// list's row; `nil` when there is none.
    public func accessibilityElement(at location: Point) -> AccessibilityElement? {
        guard let hit = hitView(at: location), let element = Self.nearestElement(holding: hit) else { return nil }
        guard let container = element.view as? AccessibilityItemContainer else { return element }
        let item = container.accessibilityItemIndex(at: container.convert(location, from: nil))
        return item.map { AccessibilityElement(item: $0, of: container) } ?? element
    }

    /// `view` if it is an element of the tree, else its nearest ancestor that is.
    static func nearestElement(holding view: View) -> AccessibilityElement? {
        var candidate: View? = view
        while let current = candidate {
            if current.isAccessibilityElement { return AccessibilityElement(current) }
            candidate = current.superview
        }
        return nil
    }
}
