/// The keys menus answer once no view took them: the items' shortcuts (``MenuItem/shortcut``).
extension Scene {
    /// Runs what `event` asks of a menu, after Tab, Enter, Escape and the Menu key: the shortcut
    /// of an enabled item of a ``View/contextMenu`` of the focused view or its nearest
    /// superview that has one. Returns whether anything ran.
    func runMenuKey(_ event: KeyEvent) -> Bool {
        guard let focusedView = liveFocus(),
            let menu = responderChain(from: focusedView).lazy.compactMap(\.contextMenu).first
        else { return false }
        return menu.runShortcut(event)
    }
}
