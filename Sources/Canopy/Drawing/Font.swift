/// A font request: a family, a size in points, a weight and a slant. The host resolves it to real faces,
/// falling back per character to any installed face that has the glyph.
public struct Font: Hashable, Sendable {
    /// How heavy the strokes are.
    public enum Weight: Hashable, Sendable {
        /// Ordinary strokes.
        case regular
        /// Heavy strokes.
        case bold
    }

    /// A fontconfig family name such as `"DejaVu Sans"`, or `nil` for the host's default family
    /// (which tests pin so pixels do not depend on the fonts a machine happens to prefer).
    public var family: String?
    /// The em size in points.
    public var size: Double
    /// How heavy the strokes are.
    public var weight: Weight
    /// Whether the letters slant (an italic or oblique face).
    public var isItalic: Bool

    /// Creates a font request.
    public init(family: String? = nil, size: Double, weight: Weight = .regular, isItalic: Bool = false) {
        self.family = family
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
    }

    /// The toolkit's standard font in the host's default family, like UIKit's system font.
    public static func system(size: Double, weight: Weight = .regular, isItalic: Bool = false) -> Font {
        Font(size: size, weight: weight, isItalic: isItalic)
    }
}

/// The measured extent of a run of text set on one line.
public struct TextMetrics: Hashable, Sendable {
    /// The advance from the start of the run to its end.
    public var width: Double
    /// The distance from the baseline up to the top of the tallest face used.
    public var ascent: Double
    /// The distance from the baseline down to the bottom of the deepest face used.
    public var descent: Double

    /// Creates metrics.
    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// The height of one line: ascent plus descent.
    public var height: Double { ascent + descent }
}
