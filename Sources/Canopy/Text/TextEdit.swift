/// One change to an editor's text, as undo and redo need it: the characters replaced, what
/// they were, what replaced them, and the selection before and after.
///
/// Positions count Characters (grapheme clusters) of the editor's whole text, as
/// ``TextEditingState`` does. ``inverted`` is the edit that takes the text back.
public struct TextEdit: Hashable, Sendable {
    /// A selection: the end that stays (``anchor``) and the end with the caret (``caret``).
    public struct Selection: Hashable, Sendable {
        /// The end of the selection that stays put while it is extended.
        public var anchor: Int
        /// The end of the selection that moves: where the caret is.
        public var caret: Int

        /// Creates a selection from `anchor` to `caret`.
        public init(anchor: Int, caret: Int) {
            self.anchor = anchor
            self.caret = caret
        }

        /// A caret at `position` with nothing selected.
        public static func caret(at position: Int) -> Selection { Selection(anchor: position, caret: position) }
    }

    /// The characters replaced, in the text as it was before the edit.
    public var range: Range<Int>
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
        range: Range<Int>, oldText: String, newText: String, selectionBefore: Selection, selectionAfter: Selection
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
            range: range.lowerBound..<(range.lowerBound + newText.count), oldText: newText, newText: oldText,
            selectionBefore: selectionAfter, selectionAfter: selectionBefore)
    }
}
