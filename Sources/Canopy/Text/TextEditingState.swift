/// The text and selection of a single-line editor, and the editing operations on them.
///
/// Positions count Characters (grapheme clusters), so the caret never lands inside "你", an
/// emoji or a letter with a combining accent, and deleting one removes it whole. The selection
/// runs from ``anchor`` (the end that stays) to ``caret`` (the end that moves). Words are what
/// the segmenter given to the word operations says (``TextSegmenting``; by default a
/// ``SimpleTextSegmenter``'s runs of letters, digits or underscores).
public struct TextEditingState: Hashable, Sendable {
    /// The text; never contains line breaks or other control characters.
    public private(set) var text: String
    /// The end of the selection that stays put while it is extended.
    public private(set) var anchor: Int
    /// The end of the selection that moves: where the caret is drawn.
    public private(set) var caret: Int
    /// The number of characters.
    public private(set) var count: Int
    /// Where ``anchor`` and ``caret`` lie in the text's UTF-8, so that editing near them never
    /// counts the characters of the whole text (a pasted novel stays quick to edit).
    private var anchorUTF8: Int
    private var caretUTF8: Int
    /// Counts the changes made to the text, so that its editor tells a change without keeping
    /// the old text. Not part of the state's equality.
    private(set) var textRevision = 0

    /// Creates a state holding `text` with the caret at its end.
    public init(text: String = "") {
        self.text = Self.singleLine(text)
        count = self.text.count
        anchor = count
        caret = count
        anchorUTF8 = self.text.utf8.count
        caretUTF8 = anchorUTF8
    }

    /// Whether two states hold the same text, anchor and caret.
    public static func == (lhs: TextEditingState, rhs: TextEditingState) -> Bool {
        lhs.anchor == rhs.anchor && lhs.caret == rhs.caret && lhs.text == rhs.text
    }

    /// Hashes the text, anchor and caret.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(anchor)
        hasher.combine(caret)
    }

    /// The selected character range (empty when there is only a caret).
    public var selection: Range<Int> { min(anchor, caret)..<max(anchor, caret) }
    /// Whether some text is selected.
    public var hasSelection: Bool { anchor != caret }
    /// The selected text.
    public var selectedText: String { String(text[index(ofCharacter: selection.lowerBound)..<selectionEnd]) }

    /// The characters in `range` (clamped to the text), found from the nearest of the ends,
    /// the caret and the anchor.
    public func characters(in range: Range<Int>) -> Substring {
        let range = range.clamped(to: 0..<count)
        let lower = index(ofCharacter: range.lowerBound)
        let upper =
            range.count < count - range.upperBound
            ? text.index(lower, offsetBy: range.count) : index(ofCharacter: range.upperBound)
        return text[lower..<upper]
    }

    // MARK: Editing

    /// Replaces the selection (or inserts at the caret) with `string`, made single-line, and
    /// returns the edit made, for an undo history. The caret ends after what was inserted,
    /// counted in the characters of the result: a combining accent typed after "e" makes one
    /// "é", not two characters (the edit then replaces "e" with "é"). Only the characters next
    /// to the edit are counted again.
    @discardableResult
    public mutating func insert(_ string: String) -> TextEdit<Int> {
        let inserted = Self.singleLine(string)
        let selectionBefore = selectionEnds
        let range = selection
        let lower = index(ofCharacter: range.lowerBound), upper = selectionEnd
        // Grapheme boundaries before the character ahead of the edit cannot move; nor can those
        // a few characters after it, so only the characters in between are counted again.
        let from = range.lowerBound > 0 ? text.index(before: lower) : lower
        let fromPosition = range.lowerBound > 0 ? range.lowerBound - 1 : 0
        let after = min(count - range.upperBound, 4)
        let to = text.index(upper, offsetBy: after)
        let before = String(text[from..<lower]) + inserted
        let oldWindow = String(text[from..<to])
        let oldCount = count
        if text[lower..<upper] != inserted { textRevision &+= 1 }
        let replaced = text.utf8.distance(from: lower, to: upper)
        let fromUTF8 = text.utf8.distance(from: text.startIndex, to: from)
        let toUTF8 = text.utf8.distance(from: text.startIndex, to: to) - replaced + inserted.utf8.count
        text.replaceSubrange(lower..<upper, with: inserted)
        let toIndex = text.utf8.index(text.startIndex, offsetBy: toUTF8)
        let fromIndex = text.utf8.index(text.startIndex, offsetBy: fromUTF8)
        let newWindow = text[fromIndex..<toIndex]
        count = fromPosition + newWindow.count + (oldCount - range.upperBound - after)
        caret = min(fromPosition + before.count, count)
        anchor = caret
        caretUTF8 = text.utf8.distance(from: text.startIndex, to: text.index(fromIndex, offsetBy: caret - fromPosition))
        anchorUTF8 = caretUTF8
        return TextEdit(
            changing: oldWindow[...], to: newWindow, at: fromPosition, selectionBefore: selectionBefore,
            selectionAfter: selectionEnds)
    }

    /// Replaces the edit's ``TextEdit/range`` (clamped to the text) with its
    /// ``TextEdit/newText`` and selects its ``TextEdit/selectionAfter``: what an undo history
    /// asks of the editor (the edit ``insert(_:)`` returned, or its ``TextEdit/inverted``).
    public mutating func apply(_ edit: TextEdit<Int>) {
        select(TextEdit<Int>.Selection(anchor: edit.range.lowerBound, caret: edit.range.upperBound))
        insert(edit.newText)
        select(edit.selectionAfter)
    }

    /// Deletes the selection, or the character (or word, as `segmenter` finds words) before the
    /// caret, and returns the edit made.
    @discardableResult
    public mutating func deleteBackward(
        byWord: Bool = false, using segmenter: TextSegmenting = SimpleTextSegmenter()
    ) -> TextEdit<Int> {
        guard !hasSelection else { return deleting(to: anchor) }
        return deleting(to: byWord ? wordStart(before: caret, using: segmenter) : max(0, caret - 1))
    }

    /// Deletes the selection, or the character (or word, as `segmenter` finds words) after the
    /// caret, and returns the edit made.
    @discardableResult
    public mutating func deleteForward(
        byWord: Bool = false, using segmenter: TextSegmenting = SimpleTextSegmenter()
    ) -> TextEdit<Int> {
        guard !hasSelection else { return deleting(to: anchor) }
        return deleting(to: byWord ? wordEnd(after: caret, using: segmenter) : min(count, caret + 1))
    }

    /// Deletes from the caret to `position` (the anchor when there is a selection); the edit's
    /// selection before is the one the user saw.
    private mutating func deleting(to position: Int) -> TextEdit<Int> {
        let selectionBefore = selectionEnds
        setAnchor(position)
        var edit = insert("")
        edit.selectionBefore = selectionBefore
        return edit
    }

    // MARK: Moving

    /// Moves the caret one character (or word, as `segmenter` finds words) left; without
    /// `extending`, a selection collapses to its start instead.
    public mutating func moveLeft(
        byWord: Bool = false, extending: Bool = false, using segmenter: TextSegmenting = SimpleTextSegmenter()
    ) {
        if hasSelection, !extending, !byWord { return setCaret(selection.lowerBound) }
        setCaret(byWord ? wordStart(before: caret, using: segmenter) : caret - 1, extending: extending)
    }

    /// Moves the caret one character (or word, as `segmenter` finds words) right; without
    /// `extending`, a selection collapses to its end instead.
    public mutating func moveRight(
        byWord: Bool = false, extending: Bool = false, using segmenter: TextSegmenting = SimpleTextSegmenter()
    ) {
        if hasSelection, !extending, !byWord { return setCaret(selection.upperBound) }
        setCaret(byWord ? wordEnd(after: caret, using: segmenter) : caret + 1, extending: extending)
    }

    /// Moves the caret to `position` (clamped), extending the selection or not.
    public mutating func setCaret(_ position: Int, extending: Bool = false) {
        let position = min(max(position, 0), count)
        caretUTF8 = utf8Offset(ofCharacter: position)
        caret = position
        if !extending {
            anchor = caret
            anchorUTF8 = caretUTF8
        }
    }

    /// The selection's two ends.
    public var selectionEnds: TextEdit<Int>.Selection { TextEdit<Int>.Selection(anchor: anchor, caret: caret) }

    /// Selects from `selection`'s anchor to its caret (each clamped).
    public mutating func select(_ selection: TextEdit<Int>.Selection) {
        setCaret(selection.anchor)
        setCaret(selection.caret, extending: true)
    }

    /// Selects everything.
    public mutating func selectAll() {
        setAnchor(0)
        setCaret(count, extending: true)
    }

    /// Selects the word around `position`, as `segmenter` finds words (or the single character
    /// there if it is not part of a word).
    public mutating func selectWord(at position: Int, using segmenter: TextSegmenting = SimpleTextSegmenter()) {
        guard count > 0 else { return }
        let index = min(max(position, 0), count - 1)
        guard let word = wordFinder(segmenter).word(holding: index) else {
            setCaret(index)
            setCaret(index + 1, extending: true)
            return
        }
        setCaret(word.lowerBound)
        setCaret(word.upperBound, extending: true)
    }

    // MARK: Words

    /// Where the word that ends at or before `position` starts, skipping spaces and punctuation
    /// first (0 when no word starts before it).
    public func wordStart(before position: Int, using segmenter: TextSegmenting = SimpleTextSegmenter()) -> Int {
        wordFinder(segmenter).wordStart(before: position)
    }

    /// Where the word that starts at or after `position` ends, skipping spaces and punctuation
    /// first (the text's end when no word ends after it).
    public func wordEnd(after position: Int, using segmenter: TextSegmenting = SimpleTextSegmenter()) -> Int {
        wordFinder(segmenter).wordEnd(after: position)
    }

    /// Finds words in the text as `segmenter` says, a window at a time.
    private func wordFinder(_ segmenter: TextSegmenting) -> WordFinder {
        WordFinder(count: count, characters: { characters(in: $0) }, segmenter: segmenter)
    }

    // MARK: Positions

    /// Where the selection ends in the text.
    private var selectionEnd: String.Index {
        text.utf8.index(text.startIndex, offsetBy: anchor > caret ? anchorUTF8 : caretUTF8)
    }

    /// Moves the anchor to `position` (clamped), the caret staying.
    private mutating func setAnchor(_ position: Int) {
        let (caret, caretUTF8) = (self.caret, self.caretUTF8)
        setCaret(position)
        self.caret = caret
        self.caretUTF8 = caretUTF8
    }

    /// Where character `position` starts, walked to from the nearest place whose offset is
    /// known: either end of the text, the caret or the anchor.
    private func index(ofCharacter position: Int) -> String.Index {
        text.utf8.index(text.startIndex, offsetBy: utf8Offset(ofCharacter: position))
    }

    private func utf8Offset(ofCharacter position: Int) -> Int {
        let known = [(0, 0), (count, text.utf8.count), (caret, caretUTF8), (anchor, anchorUTF8)]
        guard let nearest = known.min(by: { abs($0.0 - position) < abs($1.0 - position) }) else { return 0 }
        let start = text.utf8.index(text.startIndex, offsetBy: nearest.1)
        return text.utf8.distance(from: text.startIndex, to: text.index(start, offsetBy: position - nearest.0))
    }

    /// `string` with line breaks and tabs turned into spaces and other control characters
    /// dropped.
    private static func singleLine(_ string: String) -> String { string.replacingControlCharacters(keepingTabs: false) }
}
