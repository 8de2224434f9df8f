/// One entry of a ``Menu``: a command the user can choose, which runs its action, or a separator
/// line between groups of commands.
///
/// ```swift
/// let menu = Menu(items: [
///     MenuItem("Cut") { editor.cut() },
///     MenuItem("Copy") { editor.copy() },
///     MenuItem("Paste", isEnabled: clipboardHasText) { editor.paste() },
///     .separator,
///     MenuItem("Select All") { editor.selectAll() },
/// ])
/// ```
public struct MenuItem {
    /// The text shown.
    public var title: String
    /// Whether the user can choose it. A disabled item is drawn greyed out; the pointer does not
    /// highlight it, a click on it does nothing and the keyboard passes over it.
    public var isEnabled: Bool
    /// Called when the user chooses the item, after the menu has closed.
    public var onPrimaryAction: (@MainActor () -> Void)?
    /// Whether it is a separator line rather than a command.
    public let isSeparator: Bool

    /// Creates a command titled `title` that runs `onPrimaryAction` when chosen.
    public init(_ title: String, isEnabled: Bool = true, onPrimaryAction: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.isEnabled = isEnabled
        self.onPrimaryAction = onPrimaryAction
        isSeparator = false
    }

    private init(separator: ()) {
        title = ""
        isEnabled = false
        isSeparator = true
    }

    /// A line between groups of items; it cannot be chosen.
    public static var separator: MenuItem { MenuItem(separator: ()) }

    /// Whether the user can choose it: an enabled command, not a separator.
    var isChoosable: Bool { isEnabled && !isSeparator }
}
