import Canopy

/// Measures and lays out text in points for a display of `scale` pixels per point: the fonts
/// are opened and the text shaped at their pixel size, as they are drawn, and the results are
/// read back in points.
@MainActor final class PointTextMeasurer: TextMeasuring {
    private let fonts: FontCatalog
    let scale: Double

    init(fonts: FontCatalog, scale: Double) {
        self.fonts = fonts
        self.scale = scale
    }

    func measure(_ text: String, font: Canopy.Font) -> TextMetrics {
        points(fonts.measure(text, font: scaled(font)))
    }

    func layout(_ text: String, font: Canopy.Font, direction: TextDirection) -> TextLayout {
        fonts.layout(text, font: scaled(font), direction: direction).readIn(unitsPerPoint: scale)
    }

    func layout(_ text: AttributedText, font: Canopy.Font, direction: TextDirection) -> TextLayout {
        fonts.line(text.string, runs: fontRuns(of: text, font: font), direction: direction).layout.readIn(
            unitsPerPoint: scale)
    }

    /// The runs of `text` with the fonts their styles give `font`, sized in pixels.
    func fontRuns(of text: AttributedText, font: Canopy.Font) -> [FontRun] {
        text.runs.map { FontRun(characters: $0.characters, font: scaled($0.style.font(basedOn: font))) }
    }

    func lineMetrics(for font: Canopy.Font) -> TextMetrics {
        points(fonts.lineMetrics(for: scaled(font)))
    }

    /// The font at the size it has in pixels.
    func scaled(_ font: Canopy.Font) -> Canopy.Font {
        var font = font
        font.size *= scale
        return font
    }

    private func points(_ pixels: TextMetrics) -> TextMetrics {
        TextMetrics(width: pixels.width / scale, ascent: pixels.ascent / scale, descent: pixels.descent / scale)
    }
}
