import Canopy
import CanopyTesting
import Testing

/// Styled text: runs that split and merge as ranges are styled, pieces that keep their styles,
/// and labels that draw, measure and wrap each run in its own font and colour.
@MainActor @Suite struct AttributedTextTests {
    let red = Color(rgb: 0xcc2200)

    @Test func stylingARangeSplitsTheRunAndEqualNeighboursMerge() {
        var text = AttributedText("one two three")
        text.setStyle(.bold, in: 4..<7)
        #expect(text.runs.map(\.characters) == [0..<4, 4..<7, 7..<13])
        #expect(text.style(at: 5) == .bold && text.style(at: 3) == TextStyle())
        text.updateStyle(in: 0..<13) { $0.color = red }
        #expect(text.runs.count == 3)
        #expect(text.runs.allSatisfy { $0.style.color == red })
        text.setStyle(TextStyle(color: red), in: 4..<7)
        #expect(text.runs.map(\.characters) == [0..<13])  // all alike again: one run
        text.setStyle(.italic, in: text.string.range(of: "three")!)
        #expect(text.runs.last == AttributedText.Run(characters: 8..<13, style: .italic))
    }

    @Test func concatenationShiftsRunsAndAnAccentJoiningTheLetterBeforeKeepsItsStyle() {
        let line = AttributedText("12:00 ") + AttributedText("ERROR", style: .bold) + " disk full"
        #expect(line.string == "12:00 ERROR disk full")
        #expect(line.runs.map(\.characters) == [0..<6, 6..<11, 11..<21])
        let joined = AttributedText("cafe", style: .bold) + AttributedText("\u{301}!", style: .italic)
        #expect(joined.count == 5 && joined.string == "café!")
        #expect(joined.runs == [.init(characters: 0..<4, style: .bold), .init(characters: 4..<5, style: .italic)])
    }

    @Test func piecesKeepTheirStyles() {
        var text = AttributedText("ab 你好 cd  ")
        text.setStyle(TextStyle(color: red), in: 3..<5)
        #expect(
            text[characters: 2..<6] == AttributedText(" ") + AttributedText("你好", style: TextStyle(color: red)) + " ")
        #expect(text.trimmingTrailingWhitespace().string == "ab 你好 cd")
        #expect(text.prefix(4).runs.map(\.characters) == [0..<3, 3..<4])
        #expect(text.commonFont(basedOn: .system(size: 10)) == .system(size: 10))  // colour alone
        text.setStyle(TextStyle(size: 20), in: 0..<1)
        #expect(text.commonFont(basedOn: .system(size: 10)) == nil)
    }

    @Test func aLabelDrawsEachRunInItsColourAndFontOverItsBackground() {
        let scene = Scene(size: Size(width: 400, height: 100), host: MemoryHost())
        var text = AttributedText("plain ") + AttributedText("bold", style: .bold)
        text += AttributedText(" red", style: TextStyle(color: red, backgroundColor: .black, isUnderlined: true))
        let label = Label(
            attributedText: text, font: .system(size: 10), frame: Rect(x: 0, y: 0, width: 400, height: 40))
        scene.rootView.addSubview(label)
        let context = RecordingContext(size: scene.size)
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        let texts = context.operations.compactMap { operation -> (String, Double, Font, Color)? in
            if case let .text(string, origin, font, color) = operation { return (string, origin.x, font, color) }
            return nil
        }
        #expect(texts.map(\.0) == ["plain ", "bold", " red"])
        #expect(texts.map(\.2.weight) == [.regular, .bold, .regular])
        #expect(texts[0].3 == texts[1].3 && texts[2].3 == red)
        // Each run starts where the one before it ends (the context sets 0.5 em a character).
        #expect(texts.map(\.1) == [0, 30, 50])
        let fills = context.operations.compactMap { operation -> (Rect, Color)? in
            if case let .fill(rect, color) = operation { return (rect, color) }
            return nil
        }
        // The background behind " red", then its underline, as wide as the run.
        #expect(fills.map(\.1) == [.black, red])
        #expect(fills.allSatisfy { $0.0.minX == 50 && $0.0.width == 20 })
        #expect(fills[1].0.minY > fills[0].0.minY)
    }

    @Test func aLargerRunWrapsEarlierAndEveryLineFitsMeasuredInItsFonts() {
        let scene = Scene(size: Size(width: 800, height: 600), host: MemoryHost())
        let font = Font.system(size: 20)  // a letter 11 points, a space 6
        let words = "aaaa bbbb cccc dddd"
        var text = AttributedText(words)
        let plain = Label(text: words, font: font, numberOfLines: 0)
        text.setStyle(TextStyle(size: 40), in: 5..<9)  // "bbbb" twice as large: 88 points
        let styled = Label(attributedText: text, font: font, numberOfLines: 0)
        scene.rootView.addSubview(plain)
        scene.rootView.addSubview(styled)
        #expect(plain.lines(forWidth: 120) == ["aaaa bbbb", "cccc dddd"])
        #expect(styled.lines(forWidth: 120) == ["aaaa", "bbbb", "cccc dddd"])
        for line in styled.styledLines(forWidth: 120) {
            #expect(scene.textMeasurer.measure(line, font: font).width <= 120)
        }
        #expect(styled.styledLines(forWidth: 120)[1].runs.map(\.style) == [TextStyle(size: 40)])
        // Each line as tall as the tallest: the large run's (ascent 32, descent 10).
        #expect(styled.sizeThatFits(Size(width: 120, height: 1000)).height == 3 * 42)
    }

    @Test func aCutStyledLineEndsInAnEllipsisInTheStyleBeforeIt() {
        let scene = Scene(size: Size(width: 800, height: 600), host: MemoryHost())
        let label = Label(attributedText: AttributedText("a long bold title", style: .bold), font: .system(size: 20))
        scene.rootView.addSubview(label)
        let line = label.styledLines(forWidth: 80)[0]
        #expect(line.string.hasSuffix("…"))
        #expect(line.runs.count == 1 && line.runs[0].style == .bold)
    }
}
