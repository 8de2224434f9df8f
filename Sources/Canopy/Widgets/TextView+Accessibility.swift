/// A text view as assistive technology reads it: the whole text (paragraphs joined by line
/// feeds) counted in Characters, lines as they wrap on screen, and edits as the user's.
extension TextView: AccessibilityText {
    /// The text, the caret and the selection. The joined text is made again only after the
    /// paragraphs changed; reading it otherwise costs a comparison of their storage.
    public var accessibilityTextState: AccessibilityTextState {
        let offsets = documentOffsets
        let anchor = offsets.offset(of: document.anchor), caret = offsets.offset(of: document.caret)
        return AccessibilityTextState(
            text: offsets.text, caret: caret, selection: min(anchor, caret)..<max(anchor, caret))
    }

    /// The line on screen that holds Character `index` (the line a character after a wrap
    /// starts), with the line feed that ends its paragraph when it is the paragraph's last. It
    /// lays out that paragraph if it was not.
    public func accessibilityLine(holding index: Int) -> Range<Int> {
        let offsets = documentOffsets
        let position = offsets.position(at: index)
        let (layout, line) = self.line(of: position, atLineEnd: false)
        let start = offsets.start(ofParagraph: position.paragraph)
        let characters = layout.lines[line].characters
        let end =
            line == layout.lines.count - 1
            ? offsets.paragraphRange(position.paragraph).upperBound : start + characters.upperBound
        return (start + characters.lowerBound)..<end
    }

    /// The paragraph that holds Character `index`, with the line feed after it.
    public func accessibilityParagraph(holding index: Int) -> Range<Int> {
        let offsets = documentOffsets
        return offsets.paragraphRange(offsets.position(at: index).paragraph)
    }

    /// Where the characters `range` are drawn now (scrolled with the text): within one line,
    /// from the leftmost to the rightmost of their shapes (a zero-width rectangle at the caret
    /// position when the range is empty); across lines, the text's width from the first line's
    /// top to the last's bottom. It lays out at most the two paragraphs at the ends.
    public func accessibilityFrame(ofCharactersIn range: Range<Int>) -> Rect {
        let offsets = documentOffsets
        let lower = offsets.position(at: range.lowerBound)
        let upper = offsets.position(at: max(range.upperBound, range.lowerBound))
        let (layout, index) = line(of: lower, atLineEnd: false)
        let line = layout.lines[index]
        let top = top(ofParagraph: lower.paragraph) + line.top
        let content: Rect
        if upper.paragraph == lower.paragraph, upper.offset <= line.characters.upperBound {
            let start = line.characters.lowerBound
            let left = left(of: line, layout.direction)
            let edges = line.layout.selectionRects(for: (lower.offset - start)..<(upper.offset - start))
                .flatMap { [$0.minX, $0.maxX] }
            if let minX = edges.min(), let maxX = edges.max() {
                content = Rect(x: left + minX, y: top, width: maxX - minX, height: line.box.height)
            } else {
                content = Rect(x: caretRect(at: lower).minX, y: top, width: 0, height: line.box.height)
            }
        } else {
            let last = caretRect(at: upper, atLineEnd: true)
            content = Rect(
                x: Self.padding, y: top, width: max(viewport.contentSize.width - 2 * Self.padding, 0),
                height: last.maxY - top)
        }
        return convert(content, from: viewport)
    }

    /// The position nearest to `point`, as a click there would place the caret.
    public func accessibilityCharacterIndex(at point: Point) -> Int {
        documentOffsets.offset(of: position(at: point))
    }

    /// Selects `range` (clamped to the text), the caret at its end, and scrolls it into view.
    public func setAccessibilitySelection(_ range: Range<Int>) {
        let offsets = documentOffsets
        let anchor = offsets.position(at: range.lowerBound), caret = offsets.position(at: range.upperBound)
        update { $0.select(from: anchor, to: caret) }
    }

    /// Replaces `range` (clamped to the text) with `string`, reported as the user's edit and
    /// undone as one step (line breaks in it start paragraphs); refused while the view is
    /// read-only or disabled.
    public func replaceAccessibilityText(in range: Range<Int>, with string: String) -> Bool {
        guard isEditable, isEnabled else { return false }
        let offsets = documentOffsets
        let lower = offsets.position(at: range.lowerBound), upper = offsets.position(at: range.upperBound)
        record(.replace) {
            $0.select(from: lower, to: upper)
            return $0.insert(string)
        }
        return true
    }
}
