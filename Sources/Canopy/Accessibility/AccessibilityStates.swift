/// The states of an accessibility element that assistive technology announces and follows: a
/// box is checked, a row is selected, a drop-down is expanded, a view has the keyboard focus.
public struct AccessibilityStates: OptionSet, Hashable, Sendable {
    /// The set's bits.
    public let rawValue: UInt32
    /// Creates a set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The user can act on it (a control that is not disabled).
    public static let enabled = AccessibilityStates(rawValue: 1 << 0)
    /// It can take the keyboard focus.
    public static let focusable = AccessibilityStates(rawValue: 1 << 1)
    /// It has the keyboard focus.
    public static let focused = AccessibilityStates(rawValue: 1 << 2)
    /// It is not hidden.
    public static let visible = AccessibilityStates(rawValue: 1 << 3)
    /// It is on screen: in a window, inside the window's area, and no ancestor hides it.
    public static let showing = AccessibilityStates(rawValue: 1 << 4)
    /// It is one of the children its container lets the user select.
    public static let selectable = AccessibilityStates(rawValue: 1 << 5)
    /// It is selected in its container.
    public static let selected = AccessibilityStates(rawValue: 1 << 6)
    /// It can be checked (a check box, a switch, a radio button, a tile).
    public static let checkable = AccessibilityStates(rawValue: 1 << 7)
    /// It is checked (ticked, on, chosen).
    public static let checked = AccessibilityStates(rawValue: 1 << 8)
    /// It opens something (a list, a panel, a menu) when pressed.
    public static let expandable = AccessibilityStates(rawValue: 1 << 9)
    /// What it opens is open.
    public static let expanded = AccessibilityStates(rawValue: 1 << 10)
    /// What it opens is a pop-up.
    public static let hasPopup = AccessibilityStates(rawValue: 1 << 11)
    /// Nothing beneath it takes input while it is up.
    public static let modal = AccessibilityStates(rawValue: 1 << 12)
    /// The user can change its text.
    public static let editable = AccessibilityStates(rawValue: 1 << 13)
    /// Its text is one line.
    public static let singleLine = AccessibilityStates(rawValue: 1 << 14)
    /// Its text may run over several lines.
    public static let multiLine = AccessibilityStates(rawValue: 1 << 15)
    /// Its text can be selected.
    public static let selectableText = AccessibilityStates(rawValue: 1 << 16)
    /// It is laid out left to right (a slider, a progress bar).
    public static let horizontal = AccessibilityStates(rawValue: 1 << 17)
    /// Its value is not known (an indeterminate progress bar).
    public static let indeterminate = AccessibilityStates(rawValue: 1 << 18)
    /// It has far more children than are on screen, made only when asked for; a client should
    /// not walk them all (a long list).
    public static let managesDescendants = AccessibilityStates(rawValue: 1 << 19)
    /// Its value can be read but not changed by the user (a progress bar).
    public static let readOnly = AccessibilityStates(rawValue: 1 << 20)
    /// It is the active window.
    public static let active = AccessibilityStates(rawValue: 1 << 21)
    /// It is laid out top to bottom (the divider of side-by-side panes, a vertical split view).
    public static let vertical = AccessibilityStates(rawValue: 1 << 22)
    /// Several of its children can be selected at once (a list with a multiple selection).
    public static let multiselectable = AccessibilityStates(rawValue: 1 << 23)
}
