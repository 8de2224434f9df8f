/// A container whose children the user selects among (a list's rows, a radio group's options, a
/// panel's tiles), for assistive technology that selects without pointing.
///
/// Indices count the container's accessibility children.
@MainActor public protocol AccessibilitySelectable: View {
    /// The indices of the selected children, in order; read without visiting every child.
    var accessibilitySelectedChildren: [Int] { get }
    /// Selects child `index` as the user would (with the callbacks a user's selection calls);
    /// returns whether it is selected afterwards.
    func selectAccessibilityChild(_ index: Int) -> Bool
    /// Deselects child `index` as the user would; returns whether it is deselected afterwards (a
    /// group that always has one choice cannot).
    func deselectAccessibilityChild(_ index: Int) -> Bool
}
