/// Something assistive technology can ask an element to do on the user's behalf, as if the user
/// had done it: the callbacks the user's own action would call are called.
public enum AccessibilityAction: String, Hashable, Sendable, CaseIterable {
    /// Press it, as a click would: a button fires, a check box toggles, a pop-up button opens or
    /// closes its pop-up, a tile is chosen.
    case click
    /// Choose it, as Enter or a double click would: a list's row, a menu's item, a field's text.
    case activate
    /// Open what it drops down, if it is closed.
    case expand
    /// Close what it dropped down, if it is open.
    case collapse
    /// Close a presentation without a choice, as Escape would.
    case dismiss
    /// Tick or untick a list row's check box.
    case toggle
    /// Ask to delete a deletable list row.
    case delete
    /// Open the view's context menu, as the Menu key would.
    case showMenu = "show menu"

    /// The action's name, as a screen reader lists it ("click", "show menu").
    public var name: String { rawValue }

    /// A sentence saying what the action does, for screen readers that describe actions.
    public var summary: String {
        switch self {
        case .click: return "Presses the control"
        case .activate: return "Chooses the item"
        case .expand: return "Opens the pop-up"
        case .collapse: return "Closes the pop-up"
        case .dismiss: return "Closes without a choice"
        case .toggle: return "Ticks or unticks the item"
        case .delete: return "Deletes the item"
        case .showMenu: return "Opens the context menu"
        }
    }
}
