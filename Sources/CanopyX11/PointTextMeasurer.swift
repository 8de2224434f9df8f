import Canopy

/// Measures text in points for a display of `scale` pixels per point: the fonts are opened at
/// their pixel size, as they are drawn, and the result is divided back into points.
@MainActor final class PointTextMeasurer: TextMeasuring {
    private let fonts: FontCatalog
    let scale: Double

    init(fonts: FontCatalog, scale: Double) {
        self.fonts = fonts
        self.scale = scale
    }

    func measure(_ text: String, font: Canopy.Font) -> TextMetrics {
        let pixels = fonts.measure(text, font: scaled(font))
        return TextMetrics(width: pixels.width / scale, ascent: pixels.ascent / scale, descent: pixels.descent / scale)
    }

    /// The font at the size it has in pixels.
    func scaled(_ font: Canopy.Font) -> Canopy.Font {
        var font = font
        font.size *= scale
        return font
    }
}
