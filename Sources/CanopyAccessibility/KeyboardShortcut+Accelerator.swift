import Canopy

extension KeyboardShortcut {
    /// The shortcut as GTK and ATK write accelerators, which screen readers read out: the
    /// modifiers in angle brackets, then the key's X keysym name (`<Control>n`, `Delete`,
    /// `<Shift><Control>z`).
    var acceleratorName: String {
        let held: [(Modifiers, String)] = [
            (.shift, "<Shift>"), (.control, "<Control>"), (.alt, "<Alt>"), (.meta, "<Super>"),
        ]
        return held.filter { modifiers.contains($0.0) }.map(\.1).joined() + key.keysymName
    }
}

extension Key {
    /// The X keysym name of the key (a character as typed, in lower case).
    fileprivate var keysymName: String {
        switch self {
        case let .character(character): character.lowercased()
        case .enter: "Return"
        case .escape: "Escape"
        case .tab: "Tab"
        case .space: "space"
        case .backspace: "BackSpace"
        case .delete: "Delete"
        case .left: "Left"
        case .right: "Right"
        case .up: "Up"
        case .down: "Down"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "Page_Up"
        case .pageDown: "Page_Down"
        case .insert: "Insert"
        case let .function(number): "F\(number)"
        case .menu: "Menu"
        case .unidentified: ""
        }
    }
}
