/// What one element of the accessibility tree tells assistive technology about itself: what it
/// is, what it is called, its states, what can be done with it and the value it shows.
///
/// A view describes itself in ``View/makeAccessibilityNode()``; ``View/accessibilityNode`` adds
/// what every view has (focus, visibility) and the app's overrides. A view that draws items
/// without views of their own (a list's rows) describes each in
/// ``AccessibilityItemContainer/accessibilityItem(at:)``, with the item's ``frame``.
public struct AccessibilityNode: Hashable, Sendable {
    /// What kind of thing it is.
    public var role: AccessibilityRole
    /// Its short name: a button's title, a row's text; a field's only when the app gives it one
    /// (``View/accessibilityLabel``) or a label names it (``View/accessibilityLabelledBy``).
    public var name: String
    /// More about it, read when the user asks for detail.
    public var description: String
    /// Its states.
    public var states: AccessibilityStates
    /// What assistive technology can ask it to do, in the order listed to the user.
    public var actions: [AccessibilityAction]
    /// The number it shows, if any.
    public var value: AccessibilityValue?
    /// For an item drawn by its container: its rectangle in the container's bounds coordinates;
    /// `nil` for a view (its bounds are its rectangle).
    public var frame: Rect?
    /// The keys that do its first action from anywhere in the window (a menu item's shortcut,
    /// Alt with a menu title's mnemonic), if any.
    public var keyboardShortcut: KeyboardShortcut?
    /// How deep an item of a hierarchy is, from 1 for the top level (a tree item's), as the
    /// AT-SPI attribute `level` gives it; `nil` for an element outside one.
    public var level: Int?
    /// The hint a text field shows while it is empty (its placeholder), or empty for none. It is
    /// not the field's name: a screen reader reads it after the role, while the field is empty,
    /// as the AT-SPI attribute `placeholder-text` gives it.
    public var placeholder: String

    /// Creates a node; it is enabled unless `states` is given without ``AccessibilityStates/enabled``.
    public init(
        role: AccessibilityRole, name: String = "", description: String = "", states: AccessibilityStates = .enabled,
        actions: [AccessibilityAction] = [], value: AccessibilityValue? = nil, frame: Rect? = nil,
        keyboardShortcut: KeyboardShortcut? = nil, level: Int? = nil, placeholder: String = ""
    ) {
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.actions = actions
        self.value = value
        self.frame = frame
        self.keyboardShortcut = keyboardShortcut
        self.level = level
        self.placeholder = placeholder
    }
}
