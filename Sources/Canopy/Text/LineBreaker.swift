/// Breaks text into the lines that fit a width: each paragraph (ended by LF, CR, CRLF, NEL, VT,
/// FF, U+2028 or U+2029) filled greedily at the places its segmenter says a line may break. A
/// piece wider than the whole line breaks between characters. With a limit on lines, the last
/// line kept ends in an ellipsis when text was cut.
@MainActor struct LineBreaker {
    let measurer: TextMeasuring
    let segmenter: TextSegmenting
    let font: Font

    /// The lines of `text` fitting `width` (unlimited lines when `maximumLines` is 0), each
    /// without the spaces it broke after. Line breaks in the text always break; one at the very
    /// end starts no empty line. With a limit, filling stops one line past it, so a long text cut
    /// to a few lines costs a few lines' measuring (and the paragraphs after it no segmenting).
    func lines(of text: String, width: Double, maximumLines: Int = 0) -> [String] {
        lines(of: AttributedText(text), width: width, maximumLines: maximumLines).map(\.string)
    }

    /// The lines of styled `text` fitting `width`, as the plain-text `lines(of:width:maximumLines:)`
    /// breaks plain text, each piece measured in its runs' fonts.
    func lines(of text: AttributedText, width: Double, maximumLines: Int = 0) -> [AttributedText] {
        var lines: [AttributedText] = []
        var paragraphs = Self.paragraphs(of: text)
        if paragraphs.count > 1, paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
        for paragraph in paragraphs {
            let room = maximumLines > 0 ? maximumLines + 1 - lines.count : Int.max
            lines += fill(pieces(of: paragraph), width: width, limit: room)
            if maximumLines > 0, lines.count > maximumLines { break }
        }
        guard maximumLines > 0, lines.count > maximumLines else { return lines }
        lines.removeLast(lines.count - maximumLines)
        lines[maximumLines - 1] = withEllipsis(lines[maximumLines - 1], width: width)
        return lines
    }

    /// `text` cut at its line breaks (LF, CR, CRLF, NEL, VT, FF, U+2028, U+2029), each
    /// paragraph without the break that ends it.
    private static func paragraphs(of text: AttributedText) -> [AttributedText] {
        var paragraphs: [AttributedText] = []
        let string = text.string
        var start = string.startIndex, startPosition = 0, position = 0
        for index in string.indices {
            if string[index].isNewline {
                paragraphs.append(text.piece(start..<index, characters: startPosition..<position))
                start = string.index(after: index)
                startPosition = position + 1
            }
            position += 1
        }
        paragraphs.append(text.piece(start..<string.endIndex, characters: startPosition..<position))
        return paragraphs
    }

    /// `paragraph` cut where its segmenter says a line may break.
    private func pieces(of paragraph: AttributedText) -> [AttributedText] {
        let string = paragraph.string
        let breaks = segmenter.lineBreaks(in: string[...])
        var pieces: [AttributedText] = []
        var start = string.startIndex, position = 0
        for end in breaks {
            let length = string[start..<end].count
            pieces.append(paragraph.piece(start..<end, characters: position..<position + length))
            start = end
            position += length
        }
        return pieces
    }

    /// `line` with a tail ellipsis, shortened until both fit `width` (found by halving, so a
    /// very long line costs a few measurements, not one per character).
    func withEllipsis(_ line: String, width: Double) -> String {
        withEllipsis(AttributedText(line), width: width).string
    }

    /// Styled `line` with a tail ellipsis in the style of the character before it.
    func withEllipsis(_ line: AttributedText, width: Double) -> AttributedText {
        func candidate(_ count: Int) -> AttributedText {
            let kept = line.prefix(count).trimmingTrailingWhitespace()
            return kept + AttributedText("…", style: kept.style(at: kept.count - 1))
        }
        var fitting = 0, tooLong = line.count + 1
        while tooLong - fitting > 1 {
            let middle = (fitting + tooLong) / 2
            if measurer.measure(candidate(middle), font: font).width <= width + 0.001 {
                fitting = middle
            } else {
                tooLong = middle
            }
        }
        return candidate(fitting)
    }

    /// Greedy filling: as many pieces on a line as fit, trailing spaces not counted, stopping
    /// once `limit` lines are full. Widths are summed piece by piece; a line is measured whole
    /// only when it comes near the limit, so a long paragraph costs about one measurement per
    /// piece.
    private func fill(_ pieces: [AttributedText], width: Double, limit: Int) -> [AttributedText] {
        var lines: [AttributedText] = []
        var line = AttributedText()
        var lineWidth = 0.0
        func fits(_ addition: AttributedText, _ additionWidth: Double) -> Bool {
            if lineWidth + additionWidth <= width - 2 { return true }  // clearly inside
            return measurer.measure((line + addition).trimmingTrailingWhitespace(), font: font).width <= width + 0.001
        }
        func endLine() {
            lines.append(line.trimmingTrailingWhitespace())
            line = AttributedText()
            lineWidth = 0
        }
        for piece in pieces {
            guard lines.count < limit else { return lines }
            let pieceWidth = measurer.measure(piece, font: font).width
            if !line.isEmpty {
                if fits(piece, pieceWidth) {
                    line += piece
                    lineWidth += pieceWidth
                    continue
                }
                endLine()
            }
            if measurer.measure(piece.trimmingTrailingWhitespace(), font: font).width <= width + 0.001 {
                line = piece
                lineWidth = pieceWidth
                continue
            }
            // A piece wider than a whole line breaks between its characters.
            var position = 0
            for index in piece.string.indices {
                let character = piece.piece(
                    index..<piece.string.index(after: index), characters: position..<position + 1)
                position += 1
                let characterWidth = measurer.measure(character, font: font).width
                if !line.isEmpty, !fits(character, characterWidth) { endLine() }
                line += character
                lineWidth += characterWidth
            }
        }
        lines.append(line.trimmingTrailingWhitespace())
        return lines
    }
}
