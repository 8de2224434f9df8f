/// What one row of a ``ListView`` shows: a text, and optionally a secondary text at the end, a
/// check box before the text and a delete button after it.
public struct ListRow: Hashable, Sendable {
    /// The text shown.
    public var text: String
    /// A second, dimmer text at the row's end (a count, a date), or `nil`.
    public var secondaryText: String?
    /// The font of the text; `nil` uses the theme's.
    public var font: Font?
    /// The colour of the text; `nil` uses the theme's.
    public var textColor: Color?
    /// How the text sits horizontally in the row.
    public var alignment: TextAlignment
    /// Whether a check box before the text is ticked; `nil` shows no check box.
    public var isChecked: Bool?
    /// Whether a delete button shows at the row's end.
    public var isDeletable: Bool

    /// Creates a row.
    public init(
        _ text: String, secondaryText: String? = nil, font: Font? = nil, textColor: Color? = nil,
        alignment: TextAlignment = .natural, isChecked: Bool? = nil, isDeletable: Bool = false
    ) {
        self.text = text
        self.secondaryText = secondaryText
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
        self.isChecked = isChecked
        self.isDeletable = isDeletable
    }
}
