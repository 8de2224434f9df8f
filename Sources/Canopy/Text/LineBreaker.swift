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
        var lines: [String] = []
        var paragraphs = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if paragraphs.count > 1, paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
        for paragraph in paragraphs {
            let room = maximumLines > 0 ? maximumLines + 1 - lines.count : Int.max
            lines += fill(paragraph, width: width, limit: room).map { trimmed($0.text) }
            if maximumLines > 0, lines.count > maximumLines { break }
        }
        guard maximumLines > 0, lines.count > maximumLines else { return lines }
        lines.removeLast(lines.count - maximumLines)
        lines[maximumLines - 1] = withEllipsis(lines[maximumLines - 1], width: width)
        return lines
    }

    /// `line` with a tail ellipsis, shortened until both fit `width` (found by halving, so a
    /// very long line costs a few measurements, not one per character).
    func withEllipsis(_ line: String, width: Double) -> String {
        let characters = Array(line)
        func candidate(_ count: Int) -> String {
            var kept = characters[..<count]
            while kept.last?.isWhitespace == true { kept.removeLast() }
            return String(kept) + "…"
        }
        var fitting = 0, tooLong = characters.count + 1
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

    /// The lines one paragraph (text holding no line break) fills at `width`, as ranges of its
    /// characters, each keeping the spaces it broke after (they hang past the width).
    func lineRanges(of paragraph: Substring, width: Double) -> [Range<Int>] {
        fill(paragraph, width: width, limit: .max).map(\.characters)
    }

    /// Greedy filling of `paragraph` at the places its segmenter says a line may break (a break
    /// inside a character taken to the character's end): as many pieces on a line as fit,
    /// trailing spaces not counted, stopping once `limit` lines are full. Widths are summed
    /// piece by piece; a line is measured whole only when it comes near the limit, so a long
    /// paragraph costs about one measurement per piece. Each line comes with the characters it
    /// holds and its text, trailing spaces included.
    private func fill(_ paragraph: Substring, width: Double, limit: Int) -> [(characters: Range<Int>, text: String)] {
        var lines: [(characters: Range<Int>, text: String)] = []
        var line = "", lineStart = 0, lineEnd = 0
        var lineWidth = 0.0
        func fits(_ addition: String, _ additionWidth: Double) -> Bool {
            if lineWidth + additionWidth <= width - 2 { return true }  // clearly inside
            return measurer.measure(trimmed(line + addition), font: font).width <= width + 0.001
        }
        func endLine() {
            lines.append((lineStart..<lineEnd, line))
            line = ""
            lineStart = lineEnd
            lineWidth = 0
        }
        var index = paragraph.startIndex
        for bound in segmenter.lineBreaks(in: paragraph) {
            guard lines.count < limit else { return lines }
            guard index < bound else { continue }
            let pieceStart = index
            var pieceCount = 0
            while index < bound {
                index = paragraph.index(after: index)
                pieceCount += 1
            }
            let piece = String(paragraph[pieceStart..<index])
            let pieceWidth = measurer.measure(piece, font: font).width
            if !line.isEmpty {
                if fits(piece, pieceWidth) {
                    line += piece
                    lineEnd += pieceCount
                    lineWidth += pieceWidth
                    continue
                }
                endLine()
            }
            if fitsAlone(piece, width) {
                line = piece
                lineEnd += pieceCount
                lineWidth = pieceWidth
                continue
            }
            // A piece wider than a whole line breaks between its characters.
            for character in piece {
                let characterWidth = measurer.measure(String(character), font: font).width
                if !line.isEmpty, !fits(String(character), characterWidth) { endLine() }
                line.append(character)
                lineEnd += 1
                lineWidth += characterWidth
            }
        }
        lines.append((lineStart..<lineEnd, line))
        return lines
    }

    private func fitsAlone(_ piece: String, _ width: Double) -> Bool {
        measurer.measure(trimmed(piece), font: font).width <= width + 0.001
    }

    private func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
