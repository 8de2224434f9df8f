/// Measures text by counting characters, with no fonts at hand: wide (East Asian) characters
/// take a full em, others a little over half. Views measure with it until a host installs its
/// own (``View/defaultTextMeasurer``), so layout also works, deterministically, in tests that
/// have no display.
@MainActor public final class ApproximateTextMeasurer: TextMeasuring {
    /// Creates a measurer.
    public init() {}

    /// The estimated extent of `text` in `font`.
    public func measure(_ text: String, font: Font) -> TextMetrics {
        var ems = 0.0
        for character in text {
            ems += character.isWide ? 1 : (character == " " ? 0.3 : 0.55)
        }
        return TextMetrics(
            width: ems * font.size, ascent: (font.size * 0.8).rounded(), descent: (font.size * 0.25).rounded())
    }
}

extension Character {
    /// Whether the character is set a full em wide: CJK ideographs, kana, hangul, full-width
    /// forms and the CJK punctuation with them.
    var isWide: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
