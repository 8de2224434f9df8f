/// The keys menus answer once no view took them: the items' shortcuts (``MenuItem/shortcut``)
/// and the menu bars' own keys.
extension Scene {
    /// Runs what `event` asks of a menu, after Tab, Enter, Escape and the Menu key: the shortcut
    /// of an enabled item of a ``View/contextMenu`` of the focused view or its nearest
    /// superview that has one; then, unless a modal presentation is up, a ``MenuBar``'s keys
    /// (F10, Alt with a mnemonic) and its menus' shortcuts. Returns whether anything ran.
    func runMenuKey(_ event: KeyEvent) -> Bool {
        if let focusedView = liveFocus(),
            let menu = responderChain(from: focusedView).lazy.compactMap(\.contextMenu).first,
            menu.runShortcut(event)
        {
            return true
        }
        guard !isShowingModal else { return false }
        menuBars.removeAll { $0.view == nil }
        let bars = menuBars.compactMap { $0.view as? MenuBar }.filter { !$0.isHiddenInTree }
        return bars.contains { $0.handleWindowKey(event) }
    }

    /// Lets `bar`, which joined the scene, answer the window's menu keys.
    func registerMenuBar(_ bar: MenuBar) {
        guard !menuBars.contains(where: { $0.view === bar }) else { return }
        menuBars.append(WeakView(bar))
    }

    /// Stops `bar`, which left the scene, answering its keys.
    func unregisterMenuBar(_ bar: MenuBar) {
        menuBars.removeAll { $0.view == nil || $0.view === bar }
    }
}
