/// A label as assistive technology reads it, as GTK's labels are read: its text (line breaks
/// included) by character, word and line as it wraps on screen, with where each character is
/// drawn, so that a screen reader's review of the window reads a paragraph line by line. A
/// label is read-only and selects nothing: its caret stays at the start.
extension Label: AccessibilityText {
    /// The text, the caret at its start, nothing selected.
    public var accessibilityTextState: AccessibilityTextState {
        AccessibilityTextState(text: attributedText.string, caret: 0)
    }

    /// The line on screen that holds Character `index` (at the end of the text, the last line),
    /// with the spaces it broke after and the line break that ends its paragraph. A label cut
    /// short holds the rest of its text in its last line.
    public func accessibilityLine(holding index: Int) -> Range<Int> {
        placedLine(holding: index).characters
    }

    /// The paragraph that holds Character `index`, with the line break after it.
    public func accessibilityParagraph(holding index: Int) -> Range<Int> {
        let string = attributedText.string
        let index = min(max(index, 0), attributedText.count)
        var start = 0, position = 0
        for character in string {
            position += 1
            if character.isNewline {
                if position > index { return start..<position }
                start = position
            }
        }
        return start..<position
    }

    /// Where the characters `range` are drawn: within one line, from the leftmost to the
    /// rightmost of their shapes, the line's text high (a zero-width rectangle where the next
    /// character would go when none is drawn: the range is empty, spaces a line broke after, or
    /// cut off by the ellipsis); across lines, the label's width from the first line's top to
    /// the last's bottom.
    public func accessibilityFrame(ofCharactersIn range: Range<Int>) -> Rect {
        let lines = placedLines(in: bounds)
        let first = placedLine(holding: range.lowerBound, of: lines)
        let upper = max(range.upperBound, range.lowerBound)
        guard upper <= first.characters.upperBound else {
            let top = textBox(of: first).minY
            let bottom = textBox(of: placedLine(holding: upper - 1, of: lines)).maxY
            return Rect(x: 0, y: top, width: bounds.width, height: bottom - top)
        }
        let (layout, left) = layout(of: first)
        let box = textBox(of: first, laidOut: layout)
        let start = first.characters.lowerBound
        let edges = layout.selectionRects(for: (range.lowerBound - start)..<(upper - start)).flatMap {
            [$0.minX, $0.maxX]
        }
        guard let minX = edges.min(), let maxX = edges.max() else {
            let caret = layout.caretOffset(at: range.lowerBound - start)
            return Rect(x: left + caret, y: box.minY, width: 0, height: box.height)
        }
        return Rect(x: left + minX, y: box.minY, width: maxX - minX, height: box.height)
    }

    /// The position nearest to `point`: on the line at its height (the first or last above or
    /// below the text), the character edge nearest to it.
    public func accessibilityCharacterIndex(at point: Point) -> Int {
        let lines = placedLines(in: bounds)  // never none: an empty text is one empty line
        let line = lines.first { point.y < $0.rect.maxY } ?? lines[lines.count - 1]
        let (layout, left) = layout(of: line)
        return min(line.characters.lowerBound + layout.position(atX: point.x - left), line.characters.upperBound)
    }

    /// Does nothing: a label selects nothing.
    public func setAccessibilitySelection(_ range: Range<Int>) {}

    /// Refuses: a label is not edited.
    public func replaceAccessibilityText(in range: Range<Int>, with string: String) -> Bool { false }

    /// The line of `lines` (those for the bounds unless given; never none, as an empty text is
    /// one empty line) that holds Character `index`.
    private func placedLine(holding index: Int, of lines: [PlacedLine]? = nil) -> PlacedLine {
        let lines = lines ?? placedLines(in: bounds)
        return lines.first { index < $0.characters.upperBound } ?? lines[lines.count - 1]
    }

    /// The rectangle `line`'s text is drawn in (laid out as `layout`, if it was already): its
    /// faces' height, centred in the line's.
    private func textBox(of line: PlacedLine, laidOut layout: TextLayout? = nil) -> Rect {
        let laidOut = layout ?? self.layout(of: line).layout
        let height = laidOut.ascent + laidOut.descent
        return Rect(
            x: line.rect.minX, y: (line.rect.midY - height / 2).rounded(), width: line.rect.width, height: height)
    }
}
