/// A standard command of an Edit menu, which the scene sends to the view being edited (the
/// focused view, or the nearest of its superviews that can perform it): see
/// ``Scene/editMenuItems`` and ``View/canPerform(_:)``.
public enum EditCommand: Sendable, CaseIterable {
    /// Copy the selection to the clipboard and delete it.
    case cut
    /// Copy the selection to the clipboard.
    case copy
    /// Replace the selection with the clipboard's text.
    case paste
    /// Select everything.
    case selectAll

    /// The menu title: "Cut", "Copy", "Paste", "Select All".
    public var title: String {
        switch self {
        case .cut: "Cut"
        case .copy: "Copy"
        case .paste: "Paste"
        case .selectAll: "Select All"
        }
    }

    /// The keys a text view takes for it, shown beside its menu item: Control with X, C, V or A.
    public var shortcut: KeyboardShortcut {
        let key: Character =
            switch self {
            case .cut: "x"
            case .copy: "c"
            case .paste: "v"
            case .selectAll: "a"
            }
        return KeyboardShortcut(.character(key), modifiers: .control)
    }
}

/// A view that answers the edit commands with methods of the same names, as ``TextField`` and
/// ``TextView`` do: ``EditCommand/perform(on:)`` calls them.
@MainActor protocol ClipboardEditing: AnyObject {
    func cut()
    func copy()
    func paste()
    func selectAll()
}

extension EditCommand {
    /// Calls `editor`'s method of this command's name.
    @MainActor func perform(on editor: some ClipboardEditing) {
        switch self {
        case .cut: editor.cut()
        case .copy: editor.copy()
        case .paste: editor.paste()
        case .selectAll: editor.selectAll()
        }
    }
}
