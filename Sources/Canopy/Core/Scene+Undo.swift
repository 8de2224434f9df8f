/// Undo and redo for a window: the keys and the Edit menu go to the nearest history that can
/// do it, from the focused view's up to the window's own.
///
/// A view offers the history of what it edits as its ``View/undoStack`` (a ``TextField``, its
/// text's); the scene's ``Scene/undoStack`` holds the app's actions. Control-Z in a field with
/// nothing to undo therefore undoes the app's last action, as it does with the focus on a button;
/// while a modal presentation is up, only the histories of the views in it are used.
extension Scene {
    /// The histories Undo and Redo may use now, nearest first: those of the focused view and its
    /// superviews (while a menu bar or a menu open from it has the focus, of the view the bar
    /// gives the focus back to), then the window's own (left out while a modal presentation is
    /// up).
    public var undoStacks: [UndoStack] {
        var stacks = editingFocus.map { responderChain(from: $0).compactMap(\.undoStack) } ?? []
        if !isShowingModal { stacks.append(undoStack) }
        return stacks
    }

    /// The focused view, or while a menu bar (or a menu open from one) has the focus, the view the
    /// bar gives it back to: what an Edit menu acts on.
    var editingFocus: View? {
        let focus = liveFocus()
        guard let bar = focus as? MenuBar ?? (focus as? Menu)?.openingMenuBar else { return focus }
        return bar.focusBeforeEntering
    }

    /// The history ``undo()`` would undo a step of: the first in ``undoStacks`` that can.
    public var undoTarget: UndoStack? { undoStacks.first { $0.canUndo } }

    /// The history ``redo()`` would redo a step of: the first in ``undoStacks`` that can.
    public var redoTarget: UndoStack? { undoStacks.first { $0.canRedo } }

    /// Undoes the last step of ``undoTarget``; returns whether there was one. Control-Z that no
    /// view takes comes here.
    @discardableResult
    public func undo() -> Bool {
        guard let target = undoTarget else { return false }
        target.undo()
        return true
    }

    /// Redoes the last step undone in ``redoTarget``; returns whether there was one.
    /// Control-Shift-Z and Control-Y that no view takes come here.
    @discardableResult
    public func redo() -> Bool {
        guard let target = redoTarget else { return false }
        target.redo()
        return true
    }

    /// An Edit menu's Undo and Redo items as things stand now: titled with the step's name
    /// ("Undo Typing"), enabled when there is a step, and acting on the history chosen now (so
    /// that the menu taking the focus does not change what they undo). Build them when the menu
    /// opens.
    public var undoMenuItems: [MenuItem] {
        let undoing = undoTarget, redoing = redoTarget
        return [
            MenuItem(undoing?.undoTitle ?? "Undo", isEnabled: undoing != nil) { [weak undoing] in undoing?.undo() },
            MenuItem(redoing?.redoTitle ?? "Redo", isEnabled: redoing != nil) { [weak redoing] in redoing?.redo() },
        ]
    }
}
