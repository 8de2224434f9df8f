import Canopy
import CanopyTesting
import Testing

/// Wrapping labels: where lines break in Latin, Chinese and mixed text, the ellipsis, and
/// heights that match the lines drawn. Measured with the character-count estimate (a Latin
/// letter 0.55 em, a space 0.3 em, a Chinese character 1 em), so breaks are exact.
@MainActor @Suite struct WrappingTests {
    let scene: Scene
    let font = Font.system(size: 20)  // a letter 11 points, a space 6, a Chinese character 20

    init() {
        scene = Scene(size: Size(width: 800, height: 600), host: MemoryHost())
    }

    func label(_ text: String, lines: Int = 0) -> Label {
        let label = Label(text: text, font: font, numberOfLines: lines)
        scene.rootView.addSubview(label)
        return label
    }

    @Test(arguments: [
        // "The quick brown" is 155 points: it does not fit 150.
        (150.0, ["The quick", "brown fox", "jumps over the", "lazy dog"]),
        (100.0, ["The quick", "brown fox", "jumps", "over the", "lazy dog"]),
        (400.0, ["The quick brown fox jumps over the lazy", "dog"]),
    ])
    func latinBreaksAfterSpaces(width: Double, expected: [String]) {
        #expect(label("The quick brown fox jumps over the lazy dog").lines(forWidth: width) == expected)
    }

    @Test func chineseBreaksBetweenCharactersButNeverBeforeClosingPunctuation() {
        let text = "我们在下雨天读书。「你好」，世界。"
        // 100 points hold five characters; "。" may not start a line, so it stays with "书", and
        // "「" may not end one, so it goes down with "你".
        #expect(label(text).lines(forWidth: 100) == ["我们在下雨", "天读书。", "「你好」，", "世界。"])
        #expect(label(text).lines(forWidth: 80) == ["我们在下", "雨天读", "书。「你", "好」，世", "界。"])
    }

    @Test func mixedTextBreaksAtBothKinds() {
        #expect(label("Canopy 视图树 draws text").lines(forWidth: 130) == ["Canopy 视图", "树 draws", "text"])
        #expect(label("a 很长的中文句子").lines(forWidth: 60) == ["a 很长", "的中文", "句子"])
    }

    @Test func everyKindOfLineBreakStartsALine() {
        // LF, CRLF, CR, NEL, VT, FF, LINE SEPARATOR and PARAGRAPH SEPARATOR.
        let text = "a\nb\r\nc\rd\u{85}e\u{0B}f\u{0C}g\u{2028}h\u{2029}i"
        #expect(label(text).lines(forWidth: 400) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
    }

    @Test func linesBreakWhereTheSegmenterSays() {
        /// Breaks after every hyphen, as UAX #14 does.
        struct HyphenBreaks: TextSegmenting {
            func lineBreaks(in text: Substring) -> [String.Index] {
                text.indices.filter { text[$0] == "-" }.map { text.index(after: $0) } + [text.endIndex]
            }
            func wordSegments(in text: Substring) -> [WordSegment] { [] }
        }
        let segmenter = View.defaultTextSegmenter
        View.defaultTextSegmenter = HyphenBreaks()
        defer { View.defaultTextSegmenter = segmenter }
        // "well-known-" is 121 points and "known-fact" 110: neither fits 100.
        #expect(label("well-known-fact").lines(forWidth: 100) == ["well-", "known-", "fact"])
    }

    @Test func aWordWiderThanTheLineBreaksBetweenLetters() {
        #expect(label("Supercalifragilistic").lines(forWidth: 60) == ["Super", "calif", "ragil", "istic"])
    }

    @Test func aLimitOnLinesEndsTheLastOneInAnEllipsis() {
        let cut = label("The quick brown fox jumps over the lazy dog", lines: 2).lines(forWidth: 150)
        #expect(cut == ["The quick", "brown fox…"])
        let one = label("The quick brown fox", lines: 1).lines(forWidth: 100)
        #expect(one == ["The quic…"])  // "The quick…" would be 105 points
        #expect(label("Short", lines: 1).lines(forWidth: 100) == ["Short"])
    }

    @Test func theMeasuredHeightIsTheHeightOfTheLinesDrawn() {
        for (text, width) in [("The quick brown fox jumps over the lazy dog", 150.0), ("我们在下雨天读书。", 80.0)] {
            let label = label(text)
            let size = label.sizeThatFits(Size(width: width, height: .infinity))
            label.frame = Rect(origin: .zero, size: size)
            let context = RecordingContext(size: scene.size)
            label.draw(in: context, bounds: label.bounds)
            let baselines = context.operations.compactMap { operation -> Double? in
                if case let .text(_, at: origin, _, _) = operation { return origin.y } else { return nil }
            }
            let lines = label.lines(forWidth: width)
            #expect(baselines.count == lines.count)
            #expect(size.height == label.lineHeight(of: lines) * Double(lines.count))
            #expect((baselines.last ?? 0) < size.height)  // the last line drawn is inside
            #expect(Set(zip(baselines, baselines.dropFirst()).map { $1 - $0 }) == [label.lineHeight(of: lines)])
        }
    }

    @Test func aWrappingLabelInAColumnTakesTheHeightItsWidthGives() {
        let text = label("The quick brown fox jumps over the lazy dog")
        let below = Block(10, 10)
        let column = StackView(axis: .vertical, spacing: 0, views: [text, below])
        column.frame = Rect(x: 0, y: 0, width: 150, height: 400)
        scene.rootView.addSubview(column)
        column.layoutIfNeeded()
        let lines = text.lines(forWidth: 150)
        #expect(lines.count == 4)
        #expect(text.frame.height == text.lineHeight(of: lines) * 4)
        #expect(below.frame.minY == text.frame.maxY)
    }

    @Test func aParagraphIsShapedOnceAndEachLineMeasuredOnlyNearItsEnd() {
        let shaping = ShapingCounter()
        let scene = Scene(size: Size(width: 800, height: 600), host: MemoryHost(textMeasurer: shaping))
        // "word " is 50 points: three words fit 150 and a fourth does not.
        let words = Array(repeating: "word", count: 120).joined(separator: " ")
        let label = Label(text: words, font: font, numberOfLines: 0)
        scene.rootView.addSubview(label)
        shaping.calls = 0
        let lines = label.lines(forWidth: 150)
        #expect(lines.count == 40 && lines.allSatisfy { $0 == "word word word" })
        // One shaping of the paragraph, and each line measured whole for its last two words (the
        // third just fits, the fourth does not); measuring each of the 120 words on its own
        // would take 120 calls more.
        #expect(shaping.calls <= 1 + 2 * lines.count, "\(shaping.calls) shapings for \(lines.count) lines")
    }
}

/// A measurer that counts the lines it is asked to set (each measurement or layout, one
/// shaping in a real host), over the approximate one.
@MainActor final class ShapingCounter: TextMeasuring {
    private let inner = ApproximateTextMeasurer()
    var calls = 0

    func measure(_ text: String, font: Font) -> TextMetrics {
        calls += 1
        return inner.measure(text, font: font)
    }

    func layout(_ text: String, font: Font, direction: TextDirection) -> TextLayout {
        calls += 1
        return inner.layout(text, font: font, direction: direction)
    }
}
