/// How a run of an ``AttributedText`` looks: what it changes from the text's own font and
/// colour. Every property left `nil` (or `false`) keeps what the view draws the text with.
public struct TextStyle: Hashable, Sendable {
    /// The colour of the letters; `nil` keeps the text's colour (a link's default is the
    /// theme's accent).
    public var color: Color?
    /// A colour filled behind the run's letters, a line high.
    public var backgroundColor: Color?
    /// The weight of the strokes; `nil` keeps the font's.
    public var weight: Font.Weight?
    /// Whether the letters slant; `nil` keeps the font's.
    public var isItalic: Bool?
    /// The em size in points; `nil` keeps the font's.
    public var size: Double?
    /// Whether a line is drawn under the run.
    public var isUnderlined: Bool
    /// Whether a line is drawn through the run.
    public var isStruckThrough: Bool
    /// What the run links to (a URL or any name the app understands); a view that shows it
    /// underlines it and reports a click on it (``Label/onLinkActivated``).
    public var link: String?

    /// Creates a style; the defaults change nothing.
    public init(
        color: Color? = nil, backgroundColor: Color? = nil, weight: Font.Weight? = nil, isItalic: Bool? = nil,
        size: Double? = nil, isUnderlined: Bool = false, isStruckThrough: Bool = false, link: String? = nil
    ) {
        self.color = color
        self.backgroundColor = backgroundColor
        self.weight = weight
        self.isItalic = isItalic
        self.size = size
        self.isUnderlined = isUnderlined
        self.isStruckThrough = isStruckThrough
        self.link = link
    }

    /// Bold strokes.
    public static let bold = TextStyle(weight: .bold)
    /// Slanted letters.
    public static let italic = TextStyle(isItalic: true)

    /// Whether the run is set in another font than the text's (so it shapes and measures on
    /// its own).
    public var changesFont: Bool { weight != nil || isItalic != nil || size != nil }

    /// `font` changed as the style says.
    public func font(basedOn font: Font) -> Font {
        var font = font
        if let weight { font.weight = weight }
        if let isItalic { font.isItalic = isItalic }
        if let size, size.isFinite, size > 0 { font.size = size }
        return font
    }
}
