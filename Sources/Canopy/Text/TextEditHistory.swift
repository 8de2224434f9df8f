/// The undo history of one text editor: it records the editor's ``TextEdit``s on an
/// ``UndoStack``, joining those that make one step for the user, and undoes and redoes them by
/// handing the editor the edit to make.
///
/// Joined into one step: typing while the caret stays at the end of what was typed, a word at a
/// time (a letter typed after a space starts a new step) and until a pause longer than
/// ``pauseInterval`` (timed by the clock the editor passes, its scene's); a run of Backspaces, or
/// of Deletes, with the caret left where the last one put it. A paste, a cut, a drop, an input
/// method's commit or a replacement by assistive technology is a step of its own, and so is any
/// edit after the caret or the selection moved. Undo hands the editor ``TextEdit/inverted`` (it
/// puts the old text back and the selection it had); redo, the edit itself.
///
/// Any editor can keep one, over the positions it counts in (``TextEditPosition``): ``TextField``
/// keeps a `TextEditHistory<Int>`, applying the edits with ``TextEditingState/apply(_:)``;
/// ``TextView`` a `TextEditHistory<TextPosition>`, applying them with ``TextDocument/apply(_:)``
/// (an edit holds only the text it replaced and the text it put in, however long the document).
@MainActor public final class TextEditHistory<Position: TextEditPosition> {
    /// The steps, for the editor to offer as its ``View/undoStack``.
    public let stack: UndoStack
    /// The longest pause, in seconds, between keys typed into one step.
    public var pauseInterval = 1.0
    /// How many steps a history keeps unless told otherwise.
    public static var defaultLevelLimit: Int { 1_000 }
    /// The edits it records: replacements at the editor's positions.
    public typealias Edit = TextEdit<Position>

    /// An edit on the stack, in a box so that edits joining it change the step in place.
    private final class RecordedEdit {
        var edit: Edit
        init(_ edit: Edit) { self.edit = edit }
    }

    /// The step last recorded, which the next edit may join while it is still the stack's top:
    /// its edit, its kind, when it was last added to, and the stack's revision just after.
    private var openStep: (recorded: RecordedEdit, kind: TextEditKind, time: Double, revision: Int)?
    private let apply: @MainActor (Edit) -> Void

    /// Creates an empty history keeping at most `levelLimit` steps (all when `nil`); `apply`
    /// makes an edit in the editor (replaces the edit's ``TextEdit/range`` with its
    /// ``TextEdit/newText`` and selects ``TextEdit/selectionAfter``) when the user undoes or
    /// redoes one.
    public init(levelLimit: Int? = defaultLevelLimit, apply: @escaping @MainActor (Edit) -> Void) {
        stack = UndoStack(levelLimit: levelLimit)
        self.apply = apply
    }

    /// Records `edit`, made by the user as `kind` at `time` (seconds on the editor's clock),
    /// joining the last step if they belong together. Edits that change nothing, and those made
    /// while the stack undoes or redoes, are not recorded.
    public func record(_ edit: Edit, as kind: TextEditKind, at time: Double) {
        guard !edit.changesNothing, !stack.isUndoing, !stack.isRedoing else { return }
        if let open = openStep, open.revision == stack.revision,
            let joined = join(open.recorded.edit, open.kind, with: edit, kind, after: time - open.time)
        {
            open.recorded.edit = joined
            openStep?.time = time
            return
        }
        let recorded = RecordedEdit(edit)
        register(recorded, named: kind.name)
        openStep = (recorded, kind, time, stack.revision)
    }

    /// Ends the step being added to: the next edit starts a new one.
    public func closeStep() { openStep = nil }

    /// Forgets every step (the editor's text was replaced from code).
    public func removeAll() {
        openStep = nil
        stack.removeAll()
    }

    /// Pushes the step that undoes `recorded`, and when undone, pushes the step that redoes it.
    private func register(_ recorded: RecordedEdit, named name: String) {
        stack.push(name) { [weak self] in
            guard let self else { return }
            let inverse = recorded.edit.inverted
            self.apply(inverse)
            self.register(RecordedEdit(inverse), named: name)
        }
    }

    /// `last` and `edit` as one edit, if `edit` (made `gap` seconds after `last`) belongs in
    /// `last`'s step.
    private func join(
        _ last: Edit, _ lastKind: TextEditKind, with edit: Edit, _ kind: TextEditKind, after gap: Double
    ) -> Edit? {
        guard kind == lastKind, edit.selectionBefore == last.selectionAfter else { return nil }
        switch kind {
        case .typing:
            // The edit lies inside what was typed (a combining accent re-types the letter it
            // joins) or right after it, and does not start a word after a space.
            let typed = last.range.lowerBound..<last.range.lowerBound.advanced(past: last.newText)
            guard gap <= pauseInterval, edit.range.lowerBound >= typed.lowerBound,
                edit.range.upperBound <= typed.upperBound
            else { return nil }
            if last.newText.last?.isWhitespace == true, edit.newText.first?.isWhitespace == false { return nil }
            var newText = last.newText
            if edit.range == typed.upperBound..<typed.upperBound {
                newText += edit.newText  // typed at the end, as almost always: no walk through the word
            } else {
                let end = newText.endIndex
                guard let start = typed.lowerBound.distance(to: edit.range.lowerBound, within: newText),
                    let lower = newText.index(newText.startIndex, offsetBy: start, limitedBy: end),
                    let upper = newText.index(lower, offsetBy: edit.oldText.count, limitedBy: end)
                else { return nil }
                newText.replaceSubrange(lower..<upper, with: edit.newText)
            }
            return TextEdit(
                range: last.range, oldText: last.oldText, newText: newText, selectionBefore: last.selectionBefore,
                selectionAfter: edit.selectionAfter)
        case .deleteBackward:
            guard last.newText.isEmpty, edit.newText.isEmpty, edit.range.upperBound == last.range.lowerBound else {
                return nil
            }
            return TextEdit(
                range: edit.range.lowerBound..<last.range.upperBound, oldText: edit.oldText + last.oldText,
                newText: "", selectionBefore: last.selectionBefore, selectionAfter: edit.selectionAfter)
        case .deleteForward:
            guard last.newText.isEmpty, edit.newText.isEmpty, edit.range.lowerBound == last.range.lowerBound else {
                return nil
            }
            return TextEdit(
                range: last.range.lowerBound..<last.range.upperBound.advanced(past: edit.oldText),
                oldText: last.oldText + edit.oldText, newText: "", selectionBefore: last.selectionBefore,
                selectionAfter: edit.selectionAfter)
        case .inputMethodCommit, .paste, .cut, .drop, .replace:
            return nil
        }
    }
}
