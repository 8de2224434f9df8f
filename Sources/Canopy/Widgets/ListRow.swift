/// What one row of a ``ListView`` shows: a text, and optionally a second line under it, a
/// secondary text at the end, an image and a check box before the text and a delete button
/// after it. Texts longer than their room end in an ellipsis.
///
/// A row drawn by a view of the app's own (see ``ListViewDataSource/makeRowContentView(for:)``)
/// still gives its text here: type-ahead matches it and screen readers read it.
public struct ListRow: Hashable, Sendable {
    /// The text shown.
    public var text: String
    /// A second, dimmer text at the row's end (a count, a date), or `nil`.
    public var secondaryText: String?
    /// A second line under the text, smaller and dimmer (a date, a first line of a note), or
    /// `nil` for a row of one line.
    public var detailText: String?
    /// An image before the text (an icon), scaled down to fit the row, or `nil`.
    public var image: Image?
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
    /// How many steps of ``ListView/indentationWidth`` the row's content is moved in from its
    /// leading edge (a nested item); type-ahead still matches the text.
    public var indentationLevel: Int
    /// Whether a disclosure triangle before the content points down (`true`: the row's children
    /// show below it) or towards the content (`false`); `nil` shows no triangle.
    public var isExpanded: Bool?

    /// Creates a row.
    public init(
        _ text: String, secondaryText: String? = nil, detailText: String? = nil, image: Image? = nil,
        font: Font? = nil, textColor: Color? = nil, alignment: TextAlignment = .natural, isChecked: Bool? = nil,
        isDeletable: Bool = false, indentationLevel: Int = 0, isExpanded: Bool? = nil
    ) {
        self.text = text
        self.secondaryText = secondaryText
        self.detailText = detailText
        self.image = image
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
        self.isChecked = isChecked
        self.isDeletable = isDeletable
        self.indentationLevel = indentationLevel
        self.isExpanded = isExpanded
    }
}
