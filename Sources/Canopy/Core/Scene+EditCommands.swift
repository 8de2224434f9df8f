/// Cut, Copy, Paste and Select All for a window's Edit menu, sent to the view being edited as
/// AppKit sends `cut:` and `copy:` along the responder chain.
extension Scene {
    /// The view that would perform `command` now: the view being edited (the focused view, or
    /// the view a menu bar gives the focus back to) or the nearest of its superviews that can.
    public func editTarget(for command: EditCommand) -> View? {
        editingFocus.flatMap { responderChain(from: $0).first { $0.canPerform(command) } }
    }

    /// Performs `command` on ``editTarget(for:)``; returns whether a view performed it.
    @discardableResult
    public func perform(_ command: EditCommand) -> Bool {
        guard let target = editTarget(for: command) else { return false }
        target.perform(command)
        return true
    }

    /// An Edit menu's items as things stand now: Undo and Redo (``undoMenuItems``), then Cut,
    /// Copy, Paste and Select All with their keys, each enabled when a view can perform it.
    /// Each runs on the view being edited when it is chosen. Set them when the menu opens
    /// (``Menu/onWillOpen``).
    public var editMenuItems: [MenuItem] {
        let commands = EditCommand.allCases.map { command in
            MenuItem(command.title, isEnabled: editTarget(for: command) != nil, shortcut: command.shortcut) {
                [weak self] in self?.perform(command)
            }
        }
        return undoMenuItems + [.separator] + commands.prefix(3) + [.separator] + commands.suffix(1)
    }
}
