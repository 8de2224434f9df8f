/// The view of one row on screen in a ``ListView``: its background (selected, pressed or
/// hovered), its image, text, second line and secondary text (or the app's own content view),
/// its separator, and the check box and delete button its ``ListRow`` asks for.
///
/// A ``Control`` for its looks (hovered, highlighted, selected), but the list tracks its presses,
/// so that a press that turns into a drag scrolls the list instead. The list makes row views
/// only for the rows on screen and reuses them as rows scroll by.
public final class ListRowView: Control {
    /// The index of the row this view shows.
    public internal(set) var row = 0
    /// What the row shows.
    public private(set) var content = ListRow("")
    /// The check box before the text, while the content has one.
    public private(set) var checkBox: CheckBox?
    /// The delete button at the end, while the content has one.
    public private(set) var deleteButton: Button?
    /// The app's own view that shows the row instead of the built-in image and texts, made once
    /// by ``ListViewDataSource/makeRowContentView(for:)`` and given each row this view shows.
    public private(set) var contentView: View?

    weak var list: ListView?

    /// Space between the row's edges and its text or accessories.
    public static let padding = 15.0
    /// How wide the place of a disclosure triangle is: the room it takes before the content,
    /// and the width that takes its clicks.
    public static let disclosureWidth = 20.0

    init(list: ListView) {
        self.list = list
        super.init(frame: .zero)
        isFocusable = false  // the list takes the keyboard for its rows
    }

    /// Shows `view` in the row, between the accessories, instead of the built-in texts.
    func install(contentView view: View) {
        contentView = view
        addSubview(view)
    }

    /// Shows `content` as row `row`.
    func configure(row: Int, content: ListRow) {
        self.row = row
        guard content != self.content else { return }
        self.content = content
        if let isChecked = content.isChecked {
            let box = checkBox ?? makeCheckBox()
            box.isChecked = isChecked
        } else {
            checkBox?.removeFromSuperview()
            checkBox = nil
        }
        if content.isDeletable {
            if deleteButton == nil { makeDeleteButton() }
        } else {
            deleteButton?.removeFromSuperview()
            deleteButton = nil
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    private func makeCheckBox() -> CheckBox {
        let box = CheckBox()
        box.isFocusable = false
        box.onValueChanged = { [weak self] checked in
            guard let self else { return }
            self.list?.userSetCheck(ofRow: self.row, to: checked)
        }
        addSubview(box)
        checkBox = box
        return box
    }

    private func makeDeleteButton() {
        let button = Button(title: "×", font: .system(size: 18))
        button.appearance = .plain
        button.isFocusable = false
        button.onPrimaryAction = { [weak self] in
            guard let self else { return }
            self.list?.userDelete(row: self.row)
        }
        addSubview(button)
        deleteButton = button
    }

    /// Places the check box at the start and the delete button at the end.
    public override func layoutSubviews() {
        let side = min(32, bounds.height - 8)
        checkBox?.frame = Rect(
            x: Self.padding - 3 + (layoutDirection == .rightToLeft ? 0 : outlineInset),
            y: ((bounds.height - CheckBox.boxSize) / 2).rounded(), width: CheckBox.boxSize,
            height: CheckBox.boxSize)
        deleteButton?.frame = Rect(
            x: bounds.width - 8 - side, y: ((bounds.height - side) / 2).rounded(), width: side, height: side)
        contentView?.frame = list?.contentViewFillsRow == true ? bounds : textFrame
    }

    /// Where the text goes, between the accessories.
    @_spi(Testing) public var textFrame: Rect { bounds.inset(by: textInsets) }

    /// How far the text keeps from the edges: clear of the accessories, and of the indentation
    /// and the disclosure triangle on the leading side.
    private var textInsets: EdgeInsets {
        let rightToLeft = layoutDirection == .rightToLeft
        var insets = EdgeInsets(left: Self.padding, right: Self.padding)
        if rightToLeft { insets.right += outlineInset } else { insets.left += outlineInset }
        if let checkBox { insets.left = checkBox.frame.maxX + 10 }
        if let deleteButton {
            insets.right = bounds.width - deleteButton.frame.minX + 4 + (rightToLeft ? outlineInset : 0)
        }
        return insets
    }

    /// How far the indentation and the disclosure triangle (or the room kept for one in a list
    /// where some rows have one) move the content in from the leading edge; a deep row's
    /// indentation gives way in a narrow list (``shownIndentation(_:triangle:room:)``).
    private var outlineInset: Double {
        guard let list else { return 0 }
        let triangle = content.isExpanded != nil || list.isOutline ? Self.disclosureWidth : 0
        return shownIndentation(room: bounds.width - 2 * Self.padding, triangle: triangle) + triangle
    }

    /// How much of the row's indentation shows in `room` before a triangle `triangle` wide.
    private func shownIndentation(room: Double, triangle: Double) -> Double {
        let levels = Double(max(0, content.indentationLevel)) * (list?.indentationWidth ?? 0)
        return Self.shownIndentation(levels, triangle: triangle, room: room)
    }

    /// The least width an outline row's content keeps beside its indentation: a row deeper than
    /// its list (or a tree-table's first column) is wide enough for shows less indentation, not
    /// less of its name, which keeps the start of its text and an ellipsis.
    public static let minimumOutlineContentWidth = 32.0

    /// How much of `indentation` shows before a row's triangle (`triangle` wide, or the room kept
    /// for one) and content in `room`: all of it while the content keeps
    /// ``minimumOutlineContentWidth``, less where it would not, down to none.
    static func shownIndentation(_ indentation: Double, triangle: Double, room: Double) -> Double {
        min(max(0, indentation), max(0, room - triangle - minimumOutlineContentWidth))
    }

    /// Where the disclosure triangle is drawn and takes clicks, the row's full height, in the
    /// row's coordinates; `nil` for a row without one. At the leading edge, after the
    /// indentation (as much of it as shows): on the right in a right-to-left window. In a
    /// tree-table, at the leading edge of the first column, and `nil` where the column is too
    /// narrow to hold it.
    public var disclosureFrame: Rect? {
        guard content.isExpanded != nil, let list else { return nil }
        var area = (minX: 0.0, width: bounds.width)
        var padding = Self.padding
        if let table = list.table {
            area = table.span(ofColumn: 0)
            padding = TableView.cellPadding
        }
        let start = padding - 5 + shownIndentation(room: area.width - 2 * padding, triangle: Self.disclosureWidth)
        if list.table != nil, start + Self.disclosureWidth > area.width { return nil }
        let x =
            layoutDirection == .rightToLeft
            ? area.minX + area.width - start - Self.disclosureWidth : area.minX + start
        return Rect(x: x, y: 0, width: Self.disclosureWidth, height: bounds.height)
    }

    /// The list tracks presses: a press on the row goes on to it.
    public override func mouseDown(_ event: MouseEvent) -> Bool { false }

    /// A row that moves (inserted, deleted or shifted rows slide) asks its list for layout when it
    /// settles, so the list can let it go once off screen.
    public override func presentationDidChange() {
        if presentedFrame == frame { list?.setNeedsLayout() }
    }

    /// Draws the background for the state (a selection muted while the list does not have
    /// focus), the lead's ring in a list that selects several or none, the text, the secondary
    /// text and the separator (left out where it would fall on the list's bottom edge).
    public override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = theme
        let list = list
        let listIsFocused = list?.isFocused ?? false
        let showsSelected = isHighlighted || (isSelected && list?.pressHidesSelection != true)
        let background =
            if !showsSelected {
                list?.rowColor ?? theme.contentBackground
            } else if isHighlighted || listIsFocused {
                list?.selectedRowColor ?? theme.focusedSelectedBackground
            } else {
                list?.unfocusedSelectedRowColor ?? theme.selectedBackground
            }
        context.fill(bounds, color: background)
        if isHovered, !showsSelected { context.fill(bounds, color: theme.hoverOverlay) }
        if let list, listIsFocused, list.showsFocusRing, list.selectionMode != .single, list.leadRow == row {
            theme.drawFocusRing(around: bounds.insetBy(dx: 2, dy: 2), cornerRadius: 4, in: context)
        }
        if let disclosure = disclosureFrame, let isExpanded = content.isExpanded {
            theme.drawDisclosureTriangle(
                centeredAt: Point(x: disclosure.midX, y: disclosure.midY),
                pointing: isExpanded ? .down : layoutDirection == .rightToLeft ? .left : .right, in: context)
        }
        let insets = textInsets
        if contentView == nil { drawContent(in: context, area: bounds.inset(by: insets)) }
        guard let list, list.showsSeparators else { return }
        let bottomOnScreen = presentedFrame.maxY - list.presentedBounds.minY
        guard bottomOnScreen < list.presentedBounds.height - 0.5 else { return }
        let separator =
            list.separatorInsets
            ?? (layoutDirection == .rightToLeft ? EdgeInsets(right: insets.right) : EdgeInsets(left: insets.left))
        context.fill(
            Rect(
                x: separator.left, y: bounds.height - 1, width: bounds.width - separator.left - separator.right,
                height: 1),
            color: list.separatorColor ?? theme.separator)
    }

    /// Draws the image, then the text over its second line (or alone, centred), with the
    /// secondary text at the end of the first line (all mirrored in a right-to-left window);
    /// each text one line, ending in an ellipsis where it does not fit.
    private func drawContent(in context: GraphicsContext, area: Rect) {
        let theme = theme
        let rightToLeft = layoutDirection == .rightToLeft
        var area = area
        if let image = content.image, image.size.height > 0 {
            let factor = min(1, max(0, bounds.height - 8) / image.size.height)
            let size = Size(width: image.size.width * factor, height: image.size.height * factor)
            context.drawImage(
                image,
                in: Rect(
                    x: rightToLeft ? area.maxX - size.width : area.minX,
                    y: ((bounds.height - size.height) / 2).rounded(),
                    width: size.width, height: size.height))
            let used = min(area.width, size.width + 10)
            area = Rect(
                x: area.minX + (rightToLeft ? 0 : used), y: area.minY, width: area.width - used, height: area.height)
        }
        let font = content.font ?? theme.font
        var titleArea = area
        if let detail = content.detailText, !detail.isEmpty {
            let detailFont = Self.detailFont(for: font)
            let titleHeight = context.measure(content.text, font: font).height.rounded(.up)
            let detailHeight = context.measure(detail, font: detailFont).height.rounded(.up)
            let top = (area.minY + (area.height - titleHeight - detailHeight - Self.lineGap) / 2).rounded()
            titleArea = Rect(x: area.minX, y: top, width: area.width, height: titleHeight)
            let detailArea = Rect(
                x: area.minX, y: top + titleHeight + Self.lineGap, width: area.width, height: detailHeight)
            drawLine(detail, in: detailArea, font: detailFont, color: theme.secondaryText, context: context)
        }
        if let secondary = content.secondaryText, !secondary.isEmpty {
            context.drawText(
                secondary, in: titleArea, font: font, color: theme.secondaryText,
                alignment: rightToLeft ? .left : .right)
            let used = min(titleArea.width, context.measure(secondary, font: font).width + 8)
            titleArea = Rect(
                x: titleArea.minX + (rightToLeft ? used : 0), y: titleArea.minY, width: titleArea.width - used,
                height: titleArea.height)
        }
        drawLine(content.text, in: titleArea, font: font, color: content.textColor ?? theme.text, context: context)
    }

    /// Draws `text` on one line in `rect` (line breaks shown as spaces), ending in an ellipsis
    /// when it is wider; naturally aligned text starts at the right in a right-to-left window.
    private func drawLine(_ text: String, in rect: Rect, font: Font, color: Color, context: GraphicsContext) {
        let alignment =
            content.alignment == .natural && layoutDirection == .rightToLeft ? .right : content.alignment
        context.drawText(
            Self.oneLine(text, width: rect.width, font: font, measurer: context), in: rect, font: font, color: color,
            alignment: alignment)
    }

    /// `text` on one line that fits `width`: line breaks become spaces and a text too wide ends in
    /// an ellipsis.
    @_spi(Testing) public static func oneLine(_ text: String, width: Double, font: Font, measurer: TextMeasuring)
        -> String
    {
        let line = String(text.map { $0.isNewline ? " " : $0 })
        guard measurer.measure(line, font: font).width > width + 0.001 else { return line }
        return LineBreaker(measurer: measurer, segmenter: View.defaultTextSegmenter, font: font)
            .withEllipsis(line, width: width)
    }

    /// The font of the second line: the text's, a little smaller.
    static func detailFont(for font: Font) -> Font {
        Font(family: font.family, size: (font.size * 0.85).rounded(), weight: .regular, isItalic: font.isItalic)
    }

    /// The space between the text and its second line.
    static let lineGap = 2.0
}
