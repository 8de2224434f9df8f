/// A view that draws items without a view of their own (a list's rows, a menu's items) and shows
/// them to assistive technology as its children, in place of its subviews.
///
/// Items are described only when asked for, so a list of a million rows costs nothing until a
/// screen reader asks about a row, and then only that row.
@MainActor public protocol AccessibilityItemContainer: View {
    /// How many items there are.
    var accessibilityItemCount: Int { get }
    /// What item `index` (in `0..<accessibilityItemCount`) tells assistive technology, with its
    /// ``AccessibilityNode/frame`` in the container's bounds coordinates.
    func accessibilityItem(at index: Int) -> AccessibilityNode
    /// The item under `point` (bounds coordinates), if any; found without visiting every item.
    func accessibilityItemIndex(at point: Point) -> Int?
    /// Does `action` to item `index` as the user's doing; returns whether it was done.
    func performAccessibilityAction(_ action: AccessibilityAction, onItem index: Int) -> Bool
    /// The item the keyboard is on (a list's lead row, a menu's highlighted item), if any: the
    /// active descendant a screen reader speaks when it moves.
    var accessibilityCurrentItem: Int? { get }
    /// The container whose items are item `index`'s children (a menu item's submenu), if any.
    func accessibilityChildContainer(ofItem index: Int) -> AccessibilityItemContainer?
    /// The item whose children this container's items are (a submenu's item in its menu), if
    /// they are an item's.
    var accessibilityParentItem: AccessibilityElement? { get }
    /// How many changes to its items the container has recorded so far (a number that only
    /// grows), for ``accessibilityItemChanges(since:)``.
    var accessibilityItemChangeCount: Int { get }
    /// The changes to its items after the first `count`, in order, or `nil` when it no longer
    /// knows them all (it reloaded): items inserted and removed anywhere, states of items that
    /// are not the current one. Without them, a count that changed is taken as items added or
    /// removed at the end.
    func accessibilityItemChanges(since count: Int) -> [AccessibilityItemChange]?
}

extension AccessibilityItemContainer {
    /// No item is current unless the container says which.
    public var accessibilityCurrentItem: Int? { nil }

    /// No item has children unless the container says which.
    public func accessibilityChildContainer(ofItem index: Int) -> AccessibilityItemContainer? { nil }

    /// The items are no item's children unless the container says whose.
    public var accessibilityParentItem: AccessibilityElement? { nil }
    /// No changes recorded.
    public var accessibilityItemChangeCount: Int { 0 }
    /// No changes recorded.
    public func accessibilityItemChanges(since count: Int) -> [AccessibilityItemChange]? { nil }
}
