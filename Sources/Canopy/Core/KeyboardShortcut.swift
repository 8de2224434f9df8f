/// A key and the modifiers held with it: what a menu item shows beside its title ("Ctrl+N",
/// "Del", "F2") and what runs the item from the keyboard (``MenuItem/shortcut``), or what a
/// scene answers with an action of its own (``Scene/addKeyboardShortcut(_:action:)``).
///
/// ```swift
/// let new = KeyboardShortcut(.character("n"), modifiers: .control)
/// new.displayName  // "Ctrl+N"
/// ```
public struct KeyboardShortcut: Hashable, Sendable {
    /// The key; a character matches either case (typed with Shift or Caps Lock).
    public var key: Key
    /// The modifiers that must be held, exactly.
    public var modifiers: Modifiers

    /// Creates the shortcut `key` with exactly `modifiers` held.
    public init(_ key: Key, modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Whether `event` presses this shortcut: its key (a character in either case) with
    /// exactly these modifiers.
    public func matches(_ event: KeyEvent) -> Bool {
        event.modifiers == modifiers && event.key.matches(key)
    }

    /// The shortcut as menus show it: the modifiers in the order Ctrl, Alt, Shift, Super, then
    /// the key, joined by "+" ("Ctrl+Shift+Z", "Alt+F4", "Del"); a letter in upper case.
    public var displayName: String {
        let held: [(Modifiers, String)] = [(.control, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.meta, "Super")]
        let names = held.filter { modifiers.contains($0.0) }.map(\.1) + [key.displayName]
        return names.joined(separator: "+")
    }
}

extension Key {
    /// The key's name on a keycap, as a shortcut shows it: a character in upper case, "Enter",
    /// "Esc", "Del", "F2", "Page Up"; empty for an unidentified key.
    public var displayName: String {
        switch self {
        case let .character(character): character.uppercased()
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .space: "Space"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .left: "Left"
        case .right: "Right"
        case .up: "Up"
        case .down: "Down"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "Page Up"
        case .pageDown: "Page Down"
        case .insert: "Ins"
        case let .function(number): "F\(number)"
        case .menu: "Menu"
        case .unidentified: ""
        }
    }
}
