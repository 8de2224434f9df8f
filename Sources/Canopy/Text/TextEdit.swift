/// One change to an editor's text, as undo and redo need it: the characters replaced, what
/// they were, what replaced them, and the selection before and after.
///
/// Positions are the editor's (``TextEditPosition``): Characters (grapheme clusters) of the whole
/// text in a single-line editor, as ``TextEditingState`` counts them (`TextEdit<Int>`), or a
/// paragraph and the Characters into it in a multi-line one, as ``TextDocument`` counts them
/// (`TextEdit<TextPosition>`); a line break in the edit's text is an LF. ``inverted`` is the
/// edit that takes the text back.
public struct TextEdit<Position: TextEditPosition>: Hashable, Sendable {
    /// A selection: the end that stays (``anchor``) and the end with the caret (``caret``).
    public struct Selection: Hashable, Sendable {
        /// The end of the selection that stays put while it is extended.
        public var anchor: Position
        /// The end of the selection that moves: where the caret is.
        public var caret: Position

        /// Creates a selection from `anchor` to `caret`.
        public init(anchor: Position, caret: Position) {
            self.anchor = anchor
            self.caret = caret
        }

        /// A caret at `position` with nothing selected.
        public static func caret(at position: Position) -> Selection { Selection(anchor: position, caret: position) }
    }

    /// The characters replaced, in the text as it was before the edit.
    public var range: Range<Position>
    /// The text that stood in ``range``.
    public var oldText: String
    /// The text that replaced it.
    public var newText: String
    /// The selection before the edit.
    public var selectionBefore: Selection
    /// The selection after the edit.
    public var selectionAfter: Selection

    /// Creates an edit that replaced `range` (`oldText`) with `newText`.
    public init(
        range: Range<Position>, oldText: String, newText: String, selectionBefore: Selection, selectionAfter: Selection
    ) {
        self.range = range
        self.oldText = oldText
        self.newText = newText
        self.selectionBefore = selectionBefore
        self.selectionAfter = selectionAfter
    }

    /// Whether the edit leaves the text as it was (the same Unicode scalars in and out).
    public var changesNothing: Bool { oldText.unicodeScalars.elementsEqual(newText.unicodeScalars) }

    /// The edit that undoes this one: ``newText`` replaced by ``oldText``, the selections
    /// swapped.
    public var inverted: TextEdit {
        TextEdit(
            range: range.lowerBound..<range.lowerBound.advanced(past: newText), oldText: newText, newText: oldText,
            selectionBefore: selectionAfter, selectionAfter: selectionBefore)
    }
}

extension TextEdit {
    /// The edit that turned `old` into `new`, both starting at `position`: the characters
    /// between what they have in common at the start and at the end (compared scalar by scalar,
    /// so that "é" written two ways is a change). An editor passes the text around its change,
    /// a character or so either side, so that a letter joining its neighbour into one cluster
    /// is recorded as replacing it.
    init(
        changing old: Substring, to new: Substring, at position: Position, selectionBefore: Selection,
        selectionAfter: Selection
    ) {
        func same(_ a: Character, _ b: Character) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }
        var oldStart = old.startIndex, newStart = new.startIndex
        while oldStart < old.endIndex, newStart < new.endIndex, same(old[oldStart], new[newStart]) {
            old.formIndex(after: &oldStart)
            new.formIndex(after: &newStart)
        }
        var oldEnd = old.endIndex, newEnd = new.endIndex
        while oldEnd > oldStart, newEnd > newStart, same(old[old.index(before: oldEnd)], new[new.index(before: newEnd)])
        {
            old.formIndex(before: &oldEnd)
            new.formIndex(before: &newEnd)
        }
        let replaced = String(old[oldStart..<oldEnd])
        let start = position.advanced(past: String(old[..<oldStart]))
        self.init(
            range: start..<start.advanced(past: replaced), oldText: replaced, newText: String(new[newStart..<newEnd]),
            selectionBefore: selectionBefore, selectionAfter: selectionAfter)
    }
}
