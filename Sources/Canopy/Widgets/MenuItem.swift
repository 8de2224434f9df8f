/// One entry of a ``Menu``: a command the user can choose, which runs its action, a
/// ``submenu`` it opens beside the menu, or a separator line between groups of commands.
///
/// An item with a ``shortcut`` shows it at the menu's trailing edge and runs from it too, menu
/// closed, while the focus is in its window (see ``shortcut`` for when). An item with a
/// submenu shows an arrow there instead (pointing left in a right-to-left window); the
/// shortcuts of the submenu's items run as the menu's own do.
///
/// ```swift
/// let menu = Menu(items: [
///     MenuItem("Cut", shortcut: KeyboardShortcut(.character("x"), modifiers: .control)) { editor.cut() },
///     MenuItem("Copy") { editor.copy() },
///     MenuItem("Paste", isEnabled: clipboardHasText) { editor.paste() },
///     .separator,
///     MenuItem("Select All") { editor.selectAll() },
///     MenuItem("Transform", submenu: [
///         MenuItem("Make Upper Case") { editor.uppercase() },
///         MenuItem("Make Lower Case") { editor.lowercase() },
///     ]),
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
    /// The keys that run the item without opening its menu, shown at the menu's trailing edge
    /// in the secondary text colour ("Ctrl+N"); `nil` for none.
    ///
    /// The item runs from them, if it is enabled, when the key reaches its window and no view
    /// takes it: the focused view and its superviews come first (a focused text field keeps
    /// Ctrl+A, Ctrl+C and Delete), then Tab, Enter and Escape; then the items of a
    /// ``View/contextMenu`` of the focused view or of its nearest superview that has one; then,
    /// unless a modal presentation is up, the items of the window's ``MenuBar``; then the
    /// scene's own shortcuts (``Scene/addKeyboardShortcut(_:action:)``).
    public var shortcut: KeyboardShortcut?
    /// Whether it is a separator line rather than a command.
    public let isSeparator: Bool
    /// The menu the item opens beside its own menu instead of running an action, if any (see
    /// ``Menu`` for how a submenu opens and closes); `nil` for a command.
    public var submenu: Menu?

    /// Creates a command titled `title` that runs `onPrimaryAction` when chosen, or when
    /// `shortcut` is pressed.
    public init(
        _ title: String, isEnabled: Bool = true, shortcut: KeyboardShortcut? = nil,
        onPrimaryAction: (@MainActor () -> Void)? = nil
    ) {
        self.title = title
        self.isEnabled = isEnabled
        self.shortcut = shortcut
        self.onPrimaryAction = onPrimaryAction
        isSeparator = false
    }

    /// Creates an item titled `title` that opens `submenu` beside its menu.
    public init(_ title: String, isEnabled: Bool = true, submenu: Menu) {
        self.title = title
        self.isEnabled = isEnabled
        self.submenu = submenu
        isSeparator = false
    }

    /// Creates an item titled `title` that opens a submenu of `items` beside its menu.
    @MainActor public init(_ title: String, isEnabled: Bool = true, submenu items: [MenuItem]) {
        self.init(title, isEnabled: isEnabled, submenu: Menu(title: title, items: items))
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
