/// A container whose children the user selects among (a list's rows, a radio group's options, a
/// panel's tiles), for assistive technology that selects without pointing.
///
/// Indices count the container's accessibility children.
@MainActor public protocol AccessibilitySelectable: View {
    /// The indices of the selected children; read without visiting every child (a list with a
    /// million rows selected answers one range).
    var accessibilitySelectedChildren: RowSet { get }
    /// Selects child `index` as the user would (with the callbacks a user's selection calls);
    /// returns whether it is selected afterwards.
    func selectAccessibilityChild(_ index: Int) -> Bool
    /// Deselects child `index` as the user would; returns whether it is deselected afterwards (a
    /// group that always has one choice cannot).
    func deselectAccessibilityChild(_ index: Int) -> Bool
    /// Selects every child as the user would; returns whether they all are selected afterwards
    /// (a container that selects one child at most cannot: the default says so).
    func selectAllAccessibilityChildren() -> Bool
    /// Deselects every child as the user would; returns whether none is selected afterwards.
    func clearAccessibilitySelection() -> Bool
}

extension AccessibilitySelectable {
    /// Selects nothing: the container selects one child at most.
    public func selectAllAccessibilityChildren() -> Bool { false }

    /// Deselects the selected children one by one.
    public func clearAccessibilitySelection() -> Bool {
        accessibilitySelectedChildren.allSatisfy { deselectAccessibilityChild($0) }
    }
}
