/// Breaks text into the lines that fit a width: each paragraph (ended by LF, CR, CRLF, NEL, VT,
/// FF, U+2028 or U+2029) filled greedily at the places its segmenter says a line may break. A
/// piece wider than the whole line breaks between characters. With a limit on lines, the last
/// line kept ends in an ellipsis when text was cut.
@MainActor struct LineBreaker {
    let measurer: TextMeasuring
    let segmenter: TextSegmenting
    let font: Font
    /// The direction the paragraphs run (their pieces are measured in it).
    var direction: TextDirection = .natural

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
        setLines(of: text, width: width, maximumLines: maximumLines).map(\.text)
    }

    /// The lines `lines(of:width:maximumLines:)` sets, each with the characters of `text` it
    /// stands for: its own, the spaces it broke after and the line break that ends its paragraph
    /// (so the lines' characters tile the text), and for a last line cut short, the rest of the text.
    func setLines(of text: AttributedText, width: Double, maximumLines: Int = 0) -> [(
        characters: Range<Int>, text: AttributedText
    )] {
        var lines: [(characters: Range<Int>, text: AttributedText)] = []
        var paragraphs = Self.paragraphs(of: text)
        if paragraphs.count > 1, paragraphs.last?.text.isEmpty == true { paragraphs.removeLast() }
        for (number, paragraph) in paragraphs.enumerated() {
            let room = maximumLines > 0 ? maximumLines + 1 - lines.count : Int.max
            var filled = fill(paragraph.text, width: width, limit: room, advances: advances(of: paragraph.text)).map {
                line in
                let characters =
                    (paragraph.start + line.characters.lowerBound)..<(paragraph.start + line.characters.upperBound)
                return (characters: characters, text: line.text.trimmingTrailingWhitespace())
            }
            let end = number + 1 < paragraphs.count ? paragraphs[number + 1].start : text.count
            if let last = filled.indices.last { filled[last].characters = filled[last].characters.lowerBound..<end }
            lines += filled
            if maximumLines > 0, lines.count > maximumLines { break }
        }
        guard maximumLines > 0, lines.count > maximumLines else { return lines }
        lines.removeLast(lines.count - maximumLines)
        let last = lines[maximumLines - 1]
        lines[maximumLines - 1] = (last.characters.lowerBound..<text.count, withEllipsis(last.text, width: width))
        return lines
    }

    /// The lines one paragraph (text holding no line break) fills at `width`, as ranges of its
    /// characters, each keeping the spaces it broke after (they hang past the width).
    func lineRanges(of paragraph: Substring, width: Double) -> [Range<Int>] {
        lineRanges(of: AttributedText(String(paragraph)), width: width)
    }

    /// The lines one styled paragraph fills at `width`, its pieces measured in their runs'
    /// fonts, as ranges of its characters.
    func lineRanges(of paragraph: AttributedText, width: Double) -> [Range<Int>] {
        wrap(paragraph, width: width).lines
    }

    /// The lines one styled paragraph fills at `width`, as ranges of its characters, with the
    /// paragraph laid out whole on one line when breaking it did so (all but a paragraph longer
    /// than ``longestParagraphShapedWhole``): a paragraph that is one line is then laid out.
    func wrap(_ paragraph: AttributedText, width: Double) -> (lines: [Range<Int>], wholeLayout: TextLayout?) {
        let advances = advances(of: paragraph)
        return (fill(paragraph, width: width, limit: .max, advances: advances).map(\.characters), advances?.layout)
    }

    /// `text` cut at its line breaks (LF, CR, CRLF, NEL, VT, FF, U+2028, U+2029), each
    /// paragraph without the break that ends it, with the position of its first character.
    private static func paragraphs(of text: AttributedText) -> [(start: Int, text: AttributedText)] {
        var paragraphs: [(start: Int, text: AttributedText)] = []
        let string = text.string
        var start = string.startIndex, startPosition = 0, position = 0
        for index in string.indices {
            if string[index].isNewline {
                paragraphs.append((startPosition, text.piece(start..<index, characters: startPosition..<position)))
                start = string.index(after: index)
                startPosition = position + 1
            }
            position += 1
        }
        paragraphs.append((startPosition, text.piece(start..<string.endIndex, characters: startPosition..<position)))
        return paragraphs
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

    /// The longest paragraph shaped whole to learn its pieces' widths; a longer one measures
    /// each piece instead, so a long text cut to a few lines still costs only those lines.
    static let longestParagraphShapedWhole = 2_048

    /// The advances of `paragraph`'s characters from one shaping of it, unless it is longer
    /// than ``longestParagraphShapedWhole``.
    private func advances(of paragraph: AttributedText) -> CharacterAdvances? {
        guard paragraph.count <= Self.longestParagraphShapedWhole else { return nil }
        return CharacterAdvances(of: paragraph, measurer: measurer, font: font, direction: direction)
    }

    /// Greedy filling of `paragraph` at the places its segmenter says a line may break (a break
    /// inside a character taken to the character's end): as many pieces on a line as fit,
    /// trailing spaces not counted, stopping once `limit` lines are full. Pieces' widths come
    /// from one shaping of the paragraph (`advances`; each piece measured when it is `nil`); a line is
    /// measured whole only when it comes near the width, so a paragraph costs one shaping and
    /// about one measurement a line, and one that clearly fits is one line with no breaking
    /// asked. Each line comes with the characters it holds and its text, trailing spaces
    /// included.
    private func fill(_ paragraph: AttributedText, width: Double, limit: Int, advances: CharacterAdvances?) -> [(
        characters: Range<Int>, text: AttributedText
    )] {
        if let advances, advances.width(of: 0..<paragraph.count) <= width - 2 {
            return [(0..<paragraph.count, paragraph)]
        }
        func measured(_ piece: AttributedText, _ characters: Range<Int>) -> Double {
            advances?.width(of: characters) ?? measurer.measure(piece, font: font).width
        }
        /// Whether `text`, about `summedWidth` wide, fits without its trailing spaces: clearly
        /// inside by the sum, or else measured whole.
        func fits(_ text: @autoclosure () -> AttributedText, summedWidth: Double) -> Bool {
            summedWidth <= width - 2
                || measurer.measure(text().trimmingTrailingWhitespace(), font: font).width <= width + 0.001
        }
        var lines: [(characters: Range<Int>, text: AttributedText)] = []
        var line = AttributedText(), lineStart = 0, lineEnd = 0
        var lineWidth = 0.0
        func endLine() {
            lines.append((lineStart..<lineEnd, line))
            line = AttributedText()
            lineStart = lineEnd
            lineWidth = 0
        }
        let string = paragraph.string
        var index = string.startIndex
        for bound in segmenter.lineBreaks(in: string[...]) {
            guard lines.count < limit else { return lines }
            guard index < bound else { continue }
            let pieceStart = index
            var pieceCount = 0
            while index < bound {
                index = string.index(after: index)
                pieceCount += 1
            }
            let characters = lineEnd..<lineEnd + pieceCount
            let piece = paragraph.piece(pieceStart..<index, characters: characters)
            let pieceWidth = measured(piece, characters)
            if !line.isEmpty {
                if fits(line + piece, summedWidth: lineWidth + pieceWidth) {
                    line += piece
                    lineEnd += pieceCount
                    lineWidth += pieceWidth
                    continue
                }
                endLine()
            }
            if fits(piece, summedWidth: pieceWidth) {
                line = piece
                lineEnd += pieceCount
                lineWidth = pieceWidth
                continue
            }
            // A piece wider than a whole line breaks between its characters.
            var characterIndex = pieceStart
            for _ in 0..<pieceCount {
                let next = string.index(after: characterIndex)
                let character = paragraph.piece(characterIndex..<next, characters: lineEnd..<lineEnd + 1)
                characterIndex = next
                let characterWidth = measured(character, lineEnd..<lineEnd + 1)
                if !line.isEmpty, !fits(line + character, summedWidth: lineWidth + characterWidth) { endLine() }
                line += character
                lineEnd += 1
                lineWidth += characterWidth
            }
        }
        lines.append((lineStart..<lineEnd, line))
        return lines
    }
}
