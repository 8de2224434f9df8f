/// One element of a scene's accessibility tree: a view that describes itself, or an item a view
/// draws without a view of its own (a list's row, a menu's item).
///
/// The tree is not stored: it is read from the views whenever asked, so it is always what the
/// window shows. A view without a node (a plain stack) is left out and its subviews take its
/// place; a hidden view is left out with everything in it; a view that draws items
/// (``AccessibilityItemContainer``) has its items as children instead of its subviews. The
/// scene's top-level elements are its content's, then each presentation's
/// (``Scene/accessibilityElements``); a host puts them under its window.
public struct AccessibilityElement: Hashable, Sendable {
    /// The view, or the container of the item.
    public let view: View
    /// The item's index in its container, or `nil` for the view itself.
    public let item: Int?

    /// The element for `view` itself.
    public init(_ view: View) {
        self.view = view
        item = nil
    }

    /// The element for item `index` of `container`.
    public init(item index: Int, of container: View) {
        view = container
        item = index
    }

    /// Whether two elements are the same view, or the same item of one container.
    public static func == (lhs: AccessibilityElement, rhs: AccessibilityElement) -> Bool {
        lhs.view === rhs.view && lhs.item == rhs.item
    }

    /// Hashes the view's identity and the item.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(view))
        hasher.combine(item)
    }
}

@MainActor extension AccessibilityElement {
    /// What the element tells assistive technology; `nil` once it has left the tree (its view was
    /// hidden or removed, or its item is past the container's end).
    public var node: AccessibilityNode? {
        guard let item else { return view.accessibilityNode }
        guard let container = view as? AccessibilityItemContainer, item >= 0,
            item < container.accessibilityItemCount
        else { return nil }
        var node = container.accessibilityItem(at: item)
        node.states.insert(.visible)
        if let frame = node.frame, view.isShowing(frame) { node.states.insert(.showing) }
        return node
    }

    /// The element's relations to others (``View/accessibilityRelations``); an item has none.
    public var relations: [AccessibilityRelation] {
        item == nil ? view.accessibilityRelations : []
    }

    /// The rectangle the element covers, in window coordinates (where it is on screen now).
    public var frameInWindow: Rect {
        guard item != nil, let frame = node?.frame else { return view.convert(view.bounds, to: nil) }
        return view.convert(frame, to: nil)
    }

    /// The element's children, in reading order. A container of items has as many as it has
    /// items: use ``childCount`` and ``child(at:)`` to visit a long list without making them all.
    /// An item has none, but for one with a container of its own (a menu item's submenu), whose
    /// items are its children.
    public var children: [AccessibilityElement] {
        (0..<childCount).compactMap(child(at:))
    }

    /// How many children the element has (a list's row count, without visiting the rows).
    public var childCount: Int {
        if item != nil { return itemChildren?.accessibilityItemCount ?? 0 }
        if let container = view as? AccessibilityItemContainer { return container.accessibilityItemCount }
        return Self.elements(inside: view).count
    }

    /// Child `index`, or `nil` when there is none.
    public func child(at index: Int) -> AccessibilityElement? {
        guard index >= 0 else { return nil }
        if item != nil {
            guard let children = itemChildren, index < children.accessibilityItemCount else { return nil }
            return AccessibilityElement(item: index, of: children)
        }
        if let container = view as? AccessibilityItemContainer {
            return index < container.accessibilityItemCount ? AccessibilityElement(item: index, of: container) : nil
        }
        let children = Self.elements(inside: view)
        return index < children.count ? children[index] : nil
    }

    /// For an item, the container whose items are its children.
    private var itemChildren: AccessibilityItemContainer? {
        guard let item, let container = view as? AccessibilityItemContainer, item >= 0,
            item < container.accessibilityItemCount
        else { return nil }
        return container.accessibilityChildContainer(ofItem: item)
    }

    /// The element above this one; `nil` at the top of a scene (the host's window is above). An
    /// item's is its container, or the item whose children the container's items are.
    public var parent: AccessibilityElement? {
        if item != nil {
            return (view as? AccessibilityItemContainer)?.accessibilityParentItem ?? AccessibilityElement(view)
        }
        var ancestor = view.superview
        while let current = ancestor {
            if current.isAccessibilityElement { return AccessibilityElement(current) }
            ancestor = current.superview
        }
        return nil
    }

    /// The scene whose tree the element is in: its view's, or for the items of a container that
    /// is in no scene (a closed submenu), the scene of the item they are children of.
    public var scene: Scene? {
        view.scene ?? (view as? AccessibilityItemContainer)?.accessibilityParentItem?.scene
    }

    /// The element's place among its parent's children (or among the scene's top-level elements);
    /// `nil` when it is not in the tree.
    public var indexInParent: Int? {
        if let item { return item }
        if let parent { return parent.children.firstIndex(of: self) }
        return view.scene?.accessibilityElements.firstIndex(of: self)
    }

    /// Does `action` as the user's doing, if the element lists it; returns whether it was done.
    @discardableResult
    public func perform(_ action: AccessibilityAction) -> Bool {
        guard let node, node.actions.contains(action) else { return false }
        guard let item else { return view.performAccessibilityAction(action) }
        guard let container = view as? AccessibilityItemContainer else { return false }
        return container.performAccessibilityAction(action, onItem: item)
    }

    /// The elements a tree rooted at `view` shows: the view itself if it is an element, else
    /// the elements inside it.
    static func elements(rootedAt view: View) -> [AccessibilityElement] {
        guard !view.isHidden, !view.isAccessibilityHidden else { return [] }
        return view.isAccessibilityElement ? [AccessibilityElement(view)] : elements(inside: view)
    }

    /// The elements inside `view`, front to back in reading order: its subviews that are
    /// elements, and in place of each that is not, the elements inside it.
    static func elements(inside view: View) -> [AccessibilityElement] {
        view.subviews.flatMap(elements(rootedAt:))
    }
}

extension View {
    /// Whether the view is an element of the accessibility tree (rather than left out, its
    /// subviews taking its place). A view inside a container of items is not: the items stand
    /// for what it shows.
    var isAccessibilityElement: Bool {
        guard !isAccessibilityHidden, superview.map({ !($0 is AccessibilityItemContainer) }) ?? true else {
            return false
        }
        return accessibilityRole != nil || accessibilityLabel != nil || makeAccessibilityNode() != nil
    }
}
