/// A history of undoable steps, each named for an Edit menu ("Undo Typing", "Undo Delete
/// Note"), with the steps undone kept for redo.
///
/// An action is pushed as a closure that undoes it. While that closure runs (during
/// ``undo()``), whatever it pushes goes on the redo side as the step's redo, and while a redo
/// runs, its pushes go back on the undo side: so an action that can undo itself and register
/// the reverse needs only ``push(_:undo:)``; ``push(_:undo:redo:)`` does it for a pair of
/// closures. A new action pushed outside an undo or redo clears the redo side.
///
/// ```swift
/// func delete(_ note: Note) {
///     notes.remove(note)
///     scene.undoStack.push("Delete Note", undo: { notes.insert(note) }, redo: { notes.remove(note) })
/// }
/// ```
///
/// ``group(_:_:)`` makes the actions pushed in its body one step, undone in reverse order.
/// ``levelLimit`` bounds how many steps are kept (the oldest go first), and ``onChange`` hears
/// every change of what can be undone or redone, so a menu or a toolbar can enable its items.
///
/// Where stacks live: each text editor (``TextField``) keeps its own history of its text
/// (``TextEditHistory``), as GTK's text buffers do, and offers it as its ``View/undoStack``;
/// every ``Scene`` has a window-wide ``Scene/undoStack`` for the app's own actions. The
/// window's Edit menu and the keys Control-Z, Control-Shift-Z and Control-Y go to the nearest
/// stack that can do it, from the focused view up to the window's (``Scene/undo()``,
/// ``Scene/undoMenuItems``).
@MainActor public final class UndoStack {
    /// One undoable or redoable step: its name and the actions that undo (or redo) it, in the
    /// order they were pushed.
    private struct Step {
        var name: String
        var actions: [@MainActor () -> Void]
    }

    /// What the stack is doing, which decides where a push goes.
    private enum Activity {
        case idle, undoing, redoing
    }

    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// The step being collected: by ``group(_:_:)``, or from the pushes of an undo or a redo.
    private var openStep: Step?
    private var groupDepth = 0
    private var activity = Activity.idle

    /// Counts the changes to the stack (pushes, undos, redos, clearing), so that a caller that
    /// pushed a step can tell whether that step is still the one on top.
    private(set) var revision = 0

    /// The most steps kept on each side; the oldest are dropped first. `nil` keeps them all.
    public var levelLimit: Int? {
        didSet {
            trim()
            changed()
        }
    }

    /// Called after each change of what can be undone or redone, or of their names.
    public var onChange: (@MainActor () -> Void)?

    /// Creates an empty stack keeping at most `levelLimit` steps (all of them when `nil`).
    public init(levelLimit: Int? = nil) {
        self.levelLimit = levelLimit
    }

    // MARK: State

    /// Whether there is a step to undo.
    public var canUndo: Bool { !undoSteps.isEmpty }
    /// Whether there is a step to redo.
    public var canRedo: Bool { !redoSteps.isEmpty }
    /// The name of the step ``undo()`` would undo ("Typing", "Delete Note"), if any.
    public var undoName: String? { undoSteps.last?.name }
    /// The name of the step ``redo()`` would redo, if any.
    public var redoName: String? { redoSteps.last?.name }
    /// The title of an Edit menu's Undo item: "Undo", or "Undo" and the step's name.
    public var undoTitle: String { Self.title("Undo", undoName) }
    /// The title of an Edit menu's Redo item: "Redo", or "Redo" and the step's name.
    public var redoTitle: String { Self.title("Redo", redoName) }
    /// Whether an undo is running now (its pushes become the redo).
    public var isUndoing: Bool { activity == .undoing }
    /// Whether a redo is running now (its pushes become the undo again).
    public var isRedoing: Bool { activity == .redoing }

    private static func title(_ verb: String, _ name: String?) -> String {
        guard let name, !name.isEmpty else { return verb }
        return verb + " " + name
    }

    // MARK: Pushing

    /// Pushes an action named `name` that `undo` undoes; inside ``group(_:_:)`` it joins the
    /// group's step. Pushed outside an undo or a redo, it clears what could be redone.
    public func push(_ name: String, undo: @escaping @MainActor () -> Void) {
        if openStep != nil {
            openStep?.actions.append(undo)
            if openStep?.name.isEmpty == true { openStep?.name = name }
            return
        }
        add(Step(name: name, actions: [undo]))
    }

    /// Pushes an action named `name` that `undo` undoes and `redo` does again, each able to
    /// follow the other any number of times. A `redo` that pushes its own undo (it calls the
    /// app's action again, which pushes itself) is left to do so.
    public func push(
        _ name: String, undo: @escaping @MainActor () -> Void, redo: @escaping @MainActor () -> Void
    ) {
        push(name) { [weak self] in
            let pushed = self?.openStep?.actions.count
            undo()
            guard let self, self.openStep?.actions.count == pushed else { return }
            self.push(name, undo: redo, redo: undo)
        }
    }

    /// Runs `body`, making every action it pushes one step named `name` (or, when `name` is
    /// empty, after the first action pushed); nested groups join the outermost. A group that
    /// pushes nothing adds no step.
    public func group(_ name: String, _ body: () throws -> Void) rethrows {
        if groupDepth == 0, openStep == nil { openStep = Step(name: name, actions: []) }
        groupDepth += 1
        defer {
            groupDepth -= 1
            if groupDepth == 0, activity == .idle { closeOpenStep() }
        }
        try body()
    }

    // MARK: Undoing

    /// Undoes the last step (its actions last first), collecting what they push as the step to
    /// redo; does nothing when there is none, inside a group, or during another undo or redo.
    public func undo() {
        guard activity == .idle, groupDepth == 0, let step = undoSteps.popLast() else { return }
        run(step, as: .undoing)
    }

    /// Redoes the last step undone, collecting what it pushes as the step to undo again; does
    /// nothing when there is none, inside a group, or during another undo or redo.
    public func redo() {
        guard activity == .idle, groupDepth == 0, let step = redoSteps.popLast() else { return }
        run(step, as: .redoing)
    }

    /// Forgets every step, to undo and to redo.
    public func removeAll() {
        guard canUndo || canRedo else { return }
        undoSteps.removeAll()
        redoSteps.removeAll()
        changed()
    }

    private func run(_ step: Step, as activity: Activity) {
        self.activity = activity
        openStep = Step(name: step.name, actions: [])
        for action in step.actions.reversed() { action() }
        closeOpenStep()
        self.activity = .idle
        changed()
    }

    /// Adds the step collected by a group, an undo or a redo, if it holds any action.
    private func closeOpenStep() {
        guard let step = openStep else { return }
        openStep = nil
        if !step.actions.isEmpty { add(step) }
    }

    /// Puts `step` on the side the current activity sends it to.
    private func add(_ step: Step) {
        switch activity {
        case .undoing:
            redoSteps.append(step)
        case .redoing:
            undoSteps.append(step)
        case .idle:
            undoSteps.append(step)
            redoSteps.removeAll()
        }
        trim()
        changed()
    }

    private func trim() {
        guard let levelLimit = levelLimit.map({ max(0, $0) }) else { return }
        if undoSteps.count > levelLimit { undoSteps.removeFirst(undoSteps.count - levelLimit) }
        if redoSteps.count > levelLimit { redoSteps.removeFirst(redoSteps.count - levelLimit) }
    }

    /// Counts a change and tells ``onChange``, once at the end of a group, an undo or a redo.
    private func changed() {
        revision &+= 1
        guard groupDepth == 0, activity == .idle else { return }
        onChange?()
    }
}
