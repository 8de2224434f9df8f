/// The text and selection of a multi-line editor (``TextView``), held as paragraphs, and the
/// editing operations on them.
///
/// The text is split into paragraphs at every line break: LF, CR, CRLF, NEL, VT, FF, U+2028 and
/// U+2029 (``text`` joins them with LF again). The text stays in one buffer, the paragraphs
/// slices of it (``Paragraphs``), so opening a long text allocates nothing per paragraph.
/// Positions (``TextPosition``) count Characters in a paragraph, so the caret never lands inside
/// a cluster and deleting one removes it whole; an edit copies and counts again only the
/// paragraph it touches, so a document of a hundred thousand lines stays quick to edit. Tabs
/// stay; other control characters are dropped. The selection runs from ``anchor`` (the end
/// that stays) to ``caret`` (the end that moves). Words are what the
/// segmenter given to the word operations says (``TextSegmenting``).
public struct TextDocument: Hashable, Sendable {
    /// The paragraphs, without their line breaks; there is always at least one (maybe empty).
    /// `paragraphs.count` is how many there are, `paragraphs[i]` paragraph `i`.
    public private(set) var paragraphs: Paragraphs
    /// The end of the selection that stays put while it is extended.
    public private(set) var anchor = TextPosition.start
    /// The end of the selection that moves: where the caret is drawn.
    public private(set) var caret = TextPosition.start
    /// The paragraphs each edit replaced, oldest first, for an editor that lays paragraphs out
    /// to catch up with; not part of the document's equality.
    private(set) var changes: [ParagraphChange] = []

    /// One edit's effect on the paragraphs: those in ``replaced`` (as they were numbered before
    /// it) became ``count`` paragraphs.
    struct ParagraphChange: Equatable {
        let replaced: Range<Int>
        let count: Int
    }

    /// Creates a document holding `text`, the caret at its start.
    public init(text: String = "") {
        paragraphs = Paragraphs(splitting: text)
    }

    /// Whether two documents hold the same paragraphs, anchor and caret.
    public static func == (lhs: TextDocument, rhs: TextDocument) -> Bool {
        lhs.anchor == rhs.anchor && lhs.caret == rhs.caret && lhs.paragraphs == rhs.paragraphs
    }

    /// Hashes the paragraphs, anchor and caret.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(paragraphs)
        hasher.combine(anchor)
        hasher.combine(caret)
    }

    /// The whole text, its paragraphs joined by LF.
    public var text: String { paragraphs.joined(separator: "\n") }

    /// How many characters paragraph `index` has (0 outside the document).
    public func characterCount(ofParagraph index: Int) -> Int {
        paragraphs.indices.contains(index) ? paragraphs[index].count : 0
    }

    /// The end of the text.
    public var end: TextPosition {
        TextPosition(paragraph: paragraphs.count - 1, offset: characterCount(ofParagraph: paragraphs.count - 1))
    }

    /// Whether the document holds no text at all.
    public var isEmpty: Bool { paragraphs.count == 1 && paragraphs[0].isEmpty }

    /// The selected range (empty when there is only a caret).
    public var selection: Range<TextPosition> { min(anchor, caret)..<max(anchor, caret) }
    /// Whether some text is selected.
    public var hasSelection: Bool { anchor != caret }
    /// The selected text, paragraphs joined by LF.
    public var selectedText: String { text(in: selection) }

    /// The text in `range` (clamped to the document), paragraphs joined by LF.
    public func text(in range: Range<TextPosition>) -> String {
        let lower = clamped(range.lowerBound), upper = clamped(range.upperBound)
        guard lower < upper else { return "" }
        if lower.paragraph == upper.paragraph {
            return String(characters(inParagraph: lower.paragraph, lower.offset..<upper.offset))
        }
        var parts = [String(characters(inParagraph: lower.paragraph, lower.offset..<Int.max))]
        parts += paragraphs[(lower.paragraph + 1)..<upper.paragraph].map(String.init)
        parts.append(String(characters(inParagraph: upper.paragraph, 0..<upper.offset)))
        return parts.joined(separator: "\n")
    }

    /// The characters `range` (clamped) of paragraph `index`.
    public func characters(inParagraph index: Int, _ range: Range<Int>) -> Substring {
        guard paragraphs.indices.contains(index) else { return "" }
        let paragraph = paragraphs[index]
        let lower = paragraph.index(
            paragraph.startIndex, offsetBy: max(0, range.lowerBound), limitedBy: paragraph.endIndex)
        guard let lower else { return "" }
        let upper =
            paragraph.index(lower, offsetBy: max(0, range.count), limitedBy: paragraph.endIndex) ?? paragraph.endIndex
        return paragraph[lower..<upper]
    }

    /// `position` moved into the document: before the first paragraph is the start, after the
    /// last the end, and an offset is clamped to its paragraph's characters.
    public func clamped(_ position: TextPosition) -> TextPosition {
        if position.paragraph < 0 { return .start }
        if position.paragraph >= paragraphs.count { return end }
        return TextPosition(
            paragraph: position.paragraph,
            offset: min(max(position.offset, 0), characterCount(ofParagraph: position.paragraph)))
    }

    // MARK: Editing

    /// Replaces the selection (or inserts at the caret) with `string`; each line break in it
    /// starts a new paragraph. The caret ends after what was inserted, counted in the characters
    /// of the result (a combining accent typed after "e" makes one "é"). Returns the edit made,
    /// for an undo history: it holds the text replaced and the text put in, not the document.
    @discardableResult
    public mutating func insert(_ string: String) -> TextEdit<TextPosition> {
        let selectionBefore = selectionEnds
        let range = selection
        // The text from a character before the edit to a few after it: only there can the
        // characters (the clusters) the edit touches change.
        let from = TextPosition(paragraph: range.lowerBound.paragraph, offset: max(0, range.lowerBound.offset - 1))
        let upperCount = characterCount(ofParagraph: range.upperBound.paragraph)
        let after = max(0, upperCount - range.upperBound.offset - 4)
        let oldWindow = text(in: from..<TextPosition(paragraph: range.upperBound.paragraph, offset: upperCount - after))
        caret = replace(range, with: string)
        anchor = caret
        let newCount = characterCount(ofParagraph: caret.paragraph)
        let to = max(from, TextPosition(paragraph: caret.paragraph, offset: max(0, newCount - after)))
        return TextEdit(
            changing: oldWindow[...], to: text(in: from..<to)[...], at: from, selectionBefore: selectionBefore,
            selectionAfter: selectionEnds)
    }

    /// Replaces the edit's ``TextEdit/range`` (clamped to the document) with its
    /// ``TextEdit/newText`` and selects its ``TextEdit/selectionAfter``: what an undo history
    /// asks of the editor (an edit ``insert(_:)`` returned, or its ``TextEdit/inverted``).
    public mutating func apply(_ edit: TextEdit<TextPosition>) {
        select(from: edit.range.lowerBound, to: edit.range.upperBound)
        insert(edit.newText)
        select(from: edit.selectionAfter.anchor, to: edit.selectionAfter.caret)
    }

    /// Replaces `range` (clamped) with `string`, leaving the selection where it was in the text
    /// around the edit (clamped to the new text); returns where the inserted text ends.
    @discardableResult
    public mutating func replace(_ range: Range<TextPosition>, with string: String) -> TextPosition {
        let lower = clamped(range.lowerBound), upper = clamped(range.upperBound)
        // The inserted paragraphs slice one copy of `string`; the first and last, joined to the
        // text around the edit, get strings of their own.
        var replacement = Array(Paragraphs(splitting: string))
        let head = characters(inParagraph: lower.paragraph, 0..<lower.offset)
        let tail = characters(inParagraph: upper.paragraph, upper.offset..<Int.max)
        // Joined as Strings: appending to a slice would copy the whole buffer it slices.
        replacement[0] = Substring(String(head) + replacement[0])
        let last = replacement.count - 1
        let endOffset = replacement[last].count
        replacement[last] = Substring(String(replacement[last]) + tail)
        let endParagraph = lower.paragraph + last
        let old = lower.paragraph..<(upper.paragraph + 1)
        // Unchanged text keeps the document's storage (and its editor's layout) as it was.
        guard !paragraphs[old].elementsEqual(replacement) else {
            return TextPosition(paragraph: endParagraph, offset: endOffset)
        }
        paragraphs.replaceSubrange(old, with: replacement)
        changes.append(ParagraphChange(replaced: old, count: replacement.count))
        let end = TextPosition(
            paragraph: endParagraph, offset: min(endOffset, characterCount(ofParagraph: endParagraph)))
        let shift = replacement.count - old.count
        func moved(_ position: TextPosition) -> TextPosition {
            if position <= lower { return clamped(position) }
            if position >= upper {
                guard position.paragraph == upper.paragraph else {
                    return TextPosition(paragraph: position.paragraph + shift, offset: position.offset)
                }
                return clamped(
                    TextPosition(paragraph: end.paragraph, offset: end.offset + position.offset - upper.offset))
            }
            return end
        }
        (anchor, caret) = (moved(anchor), moved(caret))
        return end
    }

    /// Deletes the selection, or the character (or word, as `segmenter` finds words) before the
    /// caret; at a paragraph's start, the line break before it. Returns the edit made.
    @discardableResult
    public mutating func deleteBackward(
        byWord: Bool = false, using segmenter: TextSegmenting = SimpleTextSegmenter()
    ) -> TextEdit<TextPosition> {
        guard !hasSelection else { return deleting(to: anchor) }
        return deleting(to: byWord ? wordStart(before: caret, using: segmenter) : position(before: caret))
    }

    /// Deletes the selection, or the character (or word, as `segmenter` finds words) after the
    /// caret; at a paragraph's end, the line break after it. Returns the edit made.
    @discardableResult
    public mutating func deleteForward(
        byWord: Bool = false, using segmenter: TextSegmenting = SimpleTextSegmenter()
    ) -> TextEdit<TextPosition> {
        guard !hasSelection else { return deleting(to: anchor) }
        return deleting(to: byWord ? wordEnd(after: caret, using: segmenter) : position(after: caret))
    }

    /// Deletes from the caret to `position` (the anchor when there is a selection); the edit's
    /// selection before is the one the user saw.
    private mutating func deleting(to position: TextPosition) -> TextEdit<TextPosition> {
        let selectionBefore = selectionEnds
        anchor = position
        var edit = insert("")
        edit.selectionBefore = selectionBefore
        return edit
    }

    /// Forgets the paragraph changes recorded so far, returning them.
    mutating func takeChanges() -> [ParagraphChange] {
        defer { changes = [] }
        return changes
    }

    // MARK: Moving

    /// Moves the caret to `position` (clamped), extending the selection or not.
    public mutating func setCaret(_ position: TextPosition, extending: Bool = false) {
        caret = clamped(position)
        if !extending { anchor = caret }
    }

    /// The selection's two ends.
    public var selectionEnds: TextEdit<TextPosition>.Selection { TextEdit.Selection(anchor: anchor, caret: caret) }

    /// Selects from `anchor` to `caret` (both clamped).
    public mutating func select(from anchor: TextPosition, to caret: TextPosition) {
        self.anchor = clamped(anchor)
        self.caret = clamped(caret)
    }

    /// Selects everything, the caret at the end.
    public mutating func selectAll() { select(from: .start, to: end) }

    /// Selects the word around `position`, as `segmenter` finds words (or the single character
    /// there if it is not part of a word; nothing in an empty paragraph).
    public mutating func selectWord(at position: TextPosition, using segmenter: TextSegmenting = SimpleTextSegmenter())
    {
        let position = clamped(position)
        let count = characterCount(ofParagraph: position.paragraph)
        guard count > 0 else { return setCaret(position) }
        let index = min(position.offset, count - 1)
        let word = wordFinder(ofParagraph: position.paragraph, segmenter).word(holding: index) ?? index..<(index + 1)
        select(
            from: TextPosition(paragraph: position.paragraph, offset: word.lowerBound),
            to: TextPosition(paragraph: position.paragraph, offset: word.upperBound))
    }

    /// Selects the paragraph holding `position`, without its line break.
    public mutating func selectParagraph(at position: TextPosition) {
        let paragraph = clamped(position).paragraph
        select(
            from: TextPosition(paragraph: paragraph, offset: 0),
            to: TextPosition(paragraph: paragraph, offset: characterCount(ofParagraph: paragraph)))
    }

    /// The position one character before `position`: the end of the paragraph before at a
    /// paragraph's start; the text's start stays.
    public func position(before position: TextPosition) -> TextPosition {
        let position = clamped(position)
        if position.offset > 0 { return TextPosition(paragraph: position.paragraph, offset: position.offset - 1) }
        guard position.paragraph > 0 else { return position }
        return TextPosition(
            paragraph: position.paragraph - 1, offset: characterCount(ofParagraph: position.paragraph - 1))
    }

    /// The position one character after `position`: the start of the next paragraph at a
    /// paragraph's end; the text's end stays.
    public func position(after position: TextPosition) -> TextPosition {
        let position = clamped(position)
        if position.offset < characterCount(ofParagraph: position.paragraph) {
            return TextPosition(paragraph: position.paragraph, offset: position.offset + 1)
        }
        guard position.paragraph < paragraphs.count - 1 else { return position }
        return TextPosition(paragraph: position.paragraph + 1, offset: 0)
    }

    /// Where the word that ends at or before `position` starts, skipping spaces and punctuation
    /// first (the paragraph's start when no word starts before it); from a paragraph's start,
    /// the start of the last word of the paragraph before.
    public func wordStart(before position: TextPosition, using segmenter: TextSegmenting = SimpleTextSegmenter())
        -> TextPosition
    {
        var position = clamped(position)
        if position.offset == 0 {
            guard position.paragraph > 0 else { return position }
            position = self.position(before: position)
        }
        let start = wordFinder(ofParagraph: position.paragraph, segmenter).wordStart(before: position.offset)
        return TextPosition(paragraph: position.paragraph, offset: start)
    }

    /// Where the word that starts at or after `position` ends, skipping spaces and punctuation
    /// first (the paragraph's end when no word ends after it); from a paragraph's end, the end of
    /// the first word of the paragraph after.
    public func wordEnd(after position: TextPosition, using segmenter: TextSegmenting = SimpleTextSegmenter())
        -> TextPosition
    {
        var position = clamped(position)
        if position.offset == characterCount(ofParagraph: position.paragraph) {
            guard position.paragraph < paragraphs.count - 1 else { return position }
            position = self.position(after: position)
        }
        let end = wordFinder(ofParagraph: position.paragraph, segmenter).wordEnd(after: position.offset)
        return TextPosition(paragraph: position.paragraph, offset: end)
    }

    /// Finds words in paragraph `index` as `segmenter` says, a window at a time.
    private func wordFinder(ofParagraph index: Int, _ segmenter: TextSegmenting) -> WordFinder {
        WordFinder(
            count: characterCount(ofParagraph: index), characters: { characters(inParagraph: index, $0) },
            segmenter: segmenter)
    }
}
