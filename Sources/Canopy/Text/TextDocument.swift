/// The text and selection of a multi-line editor (``TextView``), held as paragraphs, and the
/// editing operations on them.
///
/// The text is split into paragraphs at every line break: LF, CR, CRLF, NEL, VT, FF, U+2028 and
/// U+2029 (``text`` joins them with LF again). Positions (``TextPosition``) count Characters in a
/// paragraph, so the caret never lands inside a cluster and deleting one removes it whole; an
/// edit counts again only the paragraph it touches, so a document of a hundred thousand lines
/// stays quick to edit. Tabs stay; other control characters are dropped. The selection runs from
/// ``anchor`` (the end that stays) to ``caret`` (the end that moves). Words are what the
/// segmenter given to the word operations says (``TextSegmenting``).
public struct TextDocument: Hashable, Sendable {
    /// The paragraphs, without their line breaks; there is always at least one (maybe empty).
    public private(set) var paragraphs: [String]
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
        paragraphs = Self.paragraphs(of: text)
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
        parts += paragraphs[(lower.paragraph + 1)..<upper.paragraph]
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
        let inserted = Self.paragraphs(of: string)
        let head = characters(inParagraph: lower.paragraph, 0..<lower.offset)
        let tail = characters(inParagraph: upper.paragraph, upper.offset..<Int.max)
        var replacement = inserted
        replacement[0] = String(head) + replacement[0]
        let last = replacement.count - 1
        let endOffset = replacement[last].count
        replacement[last] += tail
        let endParagraph = lower.paragraph + last
        let old = lower.paragraph..<(upper.paragraph + 1)
        // Unchanged text keeps the document's storage (and its editor's layout) as it was.
        guard Array(paragraphs[old]) != replacement else {
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

    // MARK: Paragraphs

    /// `text` split into paragraphs at its line breaks, told from its UTF-8 in one pass (a line
    /// break ends a grapheme cluster, so no cluster is split), with tabs kept and other control
    /// characters dropped. The paragraphs are copied out of `text` as they are, already valid
    /// UTF-8, without decoding them again.
    static func paragraphs(of text: String) -> [String] {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        func paragraph(_ bytes: Range<Int>, hasControl: Bool) -> String {
            let lower = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
            let paragraph = String(text[lower..<utf8.index(lower, offsetBy: bytes.count)])
            return hasControl ? paragraph.replacingControlCharacters(keepingTabs: true) : paragraph
        }
        return utf8.withContiguousStorageIfAvailable { splitParagraphs(ofUTF8: $0, paragraph) }
            ?? Array(utf8).withUnsafeBufferPointer { splitParagraphs(ofUTF8: $0, paragraph) }
    }

    /// The paragraphs of `bytes` as `paragraph` makes them from their byte ranges (without their
    /// line breaks), each told whether it holds a control character other than a tab.
    private static func splitParagraphs(
        ofUTF8 bytes: UnsafeBufferPointer<UInt8>, _ paragraph: (Range<Int>, _ hasControl: Bool) -> String
    ) -> [String] {
        var paragraphs: [String] = []
        var start = bytes.startIndex, index = start
        let end = bytes.endIndex
        var hasControl = false
        func endParagraph(breakLength: Int) {
            paragraphs.append(paragraph(start..<index, hasControl))
            index += breakLength
            start = index
            hasControl = false
        }
        let base = UnsafeRawPointer(bytes.baseAddress)
        while index < end {
            // Most bytes are neither breaks nor controls nor the lead byte of one: eight at a time.
            if let base, index + 8 <= end,
                !mayHoldBreakOrControl(base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            {
                index += 8
                continue
            }
            let byte = bytes[index]
            if byte >= 0x20, byte != 0x7F, byte != 0xC2, byte != 0xE2 {
                index += 1
                continue
            }
            let next = index + 1 < end ? bytes[index + 1] : 0
            switch byte {
            case 0x0A, 0x0B, 0x0C: endParagraph(breakLength: 1)
            case 0x0D: endParagraph(breakLength: next == 0x0A ? 2 : 1)
            case 0xC2 where next == 0x85: endParagraph(breakLength: 2)
            case 0xE2 where next == 0x80 && index + 2 < end && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                endParagraph(breakLength: 3)
            default:
                // C0 controls but tabs, DEL, and C1 (C2 80–9F in UTF-8).
                if byte < 0x20 && byte != 0x09 || byte == 0x7F || byte == 0xC2 && (0x80..<0xA0).contains(next) {
                    hasControl = true
                }
                index += 1
            }
        }
        endParagraph(breakLength: 0)
        return paragraphs
    }

    /// Whether any of the eight bytes of `word` is below 0x20 (a C0 control, LF, VT, FF, CR),
    /// 0x7F (DEL), 0xC2 (which leads NEL and the C1 controls) or 0xE2 (which leads U+2028 and
    /// U+2029); it may say so of a word that holds none (never the other way round).
    private static func mayHoldBreakOrControl(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below n (n ≤ 0x80) borrows into its high bit when n is taken from it.
        func holdsByte(below n: UInt64, _ word: UInt64) -> Bool { (word &- ones &* n) & ~word & highBits != 0 }
        return holdsByte(below: 0x20, word) || holdsByte(below: 1, word ^ (ones &* 0x7F))
            || holdsByte(below: 1, word ^ (ones &* 0xC2)) || holdsByte(below: 1, word ^ (ones &* 0xE2))
    }
}
