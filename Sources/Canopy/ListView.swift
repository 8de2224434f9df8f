/// What one row of a ``ListView`` shows.
public struct ListRow: Hashable, Sendable {
    /// The text shown.
    public var text: String
    /// The font of the text; `nil` uses the theme's.
    public var font: Font?
    /// The colour of the text; `nil` uses the theme's.
    public var textColor: Color?
    /// How the text sits horizontally in the row.
    public var alignment: TextAlignment

    /// Creates a row.
    public init(_ text: String, font: Font? = nil, textColor: Color? = nil, alignment: TextAlignment = .left) {
        self.text = text
        self.font = font
        self.textColor = textColor
        self.alignment = alignment
    }
}

/// Supplies a ``ListView``'s rows, as `UITableViewDataSource` does.
@MainActor public protocol ListViewDataSource: AnyObject {
    /// How many rows the list has.
    func numberOfRows(in listView: ListView) -> Int
    /// What row `index` shows; asked only for rows on screen, each time they are drawn.
    func listView(_ listView: ListView, rowAt index: Int) -> ListRow
}

/// A ready-made data source over an array of rows.
@MainActor public final class ArrayListDataSource: ListViewDataSource {
    /// The rows.
    public var rows: [ListRow]

    /// Creates a data source over `rows`.
    public init(_ rows: [ListRow]) { self.rows = rows }

    /// The number of rows.
    public func numberOfRows(in listView: ListView) -> Int { rows.count }
    /// Row `index`.
    public func listView(_ listView: ListView, rowAt index: Int) -> ListRow { rows[index] }
}

/// A ready-made data source over an array of texts shown in one style: a row is made only when
/// it is drawn, so a million items cost their strings and nothing more.
@MainActor public final class TextListDataSource: ListViewDataSource {
    /// The texts, one per row.
    public var texts: [String]
    /// The row every text is shown in (its text is replaced).
    public var style: ListRow

    /// Creates a data source showing `texts` in `style`.
    public init(_ texts: [String], style: ListRow = ListRow("")) {
        self.texts = texts
        self.style = style
    }

    /// The number of texts.
    public func numberOfRows(in listView: ListView) -> Int { texts.count }
    /// Text `index` in the style.
    public func listView(_ listView: ListView, rowAt index: Int) -> ListRow {
        var row = style
        row.text = texts[index]
        return row
    }
}

/// A vertical list of fixed-height rows that draws only the rows on screen, so a million rows
/// cost what ten do: it keeps no per-row objects and asks its data source for a row's content
/// only when the row is drawn.
///
/// A click on a row selects it and chooses it (``onPrimaryAction``); Enter chooses the selected
/// row. The selection moves with the arrow keys, Page Up/Down, Home and End and by type-ahead
/// (``onSelectionChanged``), and the list scrolls to keep it visible. It scrolls by wheel, by
/// dragging and from code (``scrollToRow(_:animated:)``), showing a scroll indicator while it
/// moves. The scroll offset is animatable. Selecting from code calls nothing.
open class ListView: View {
    /// Where the rows come from; held weakly, as in UIKit. Setting it reloads the list.
    public weak var dataSource: ListViewDataSource? {
        didSet { reloadData() }
    }
    /// Called with a row the user chose: clicked, or Enter on the selected row.
    public var onPrimaryAction: ((Int) -> Void)?
    /// Called when the user moved the selection (a click, a key, type-ahead).
    public var onSelectionChanged: ((Int?) -> Void)?

    /// The height of every row.
    public var rowHeight = 40.0 {
        didSet { if rowHeight != oldValue { reloadData() } }
    }
    /// Whether a one-pixel line is drawn under each row.
    public var showsSeparators = true {
        didSet { setNeedsDisplay() }
    }
    /// The colour of the separators; `nil` uses the theme's.
    public var separatorColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// How far separators stay from the left and right edges.
    public var separatorInsets = EdgeInsets(left: 15) {
        didSet { setNeedsDisplay() }
    }
    /// The background of rows that are neither selected nor pressed; `nil` uses the theme's
    /// content background.
    public var rowColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// The background of the selected row and of a row being pressed; `nil` uses the theme's.
    public var selectedRowColor: Color? {
        didSet { setNeedsDisplay() }
    }
    /// How far one wheel step scrolls.
    public var wheelStep: Double?

    /// The highlighted row, if any.
    public private(set) var selectedRow: Int?
    /// How many rows the list has, as of the last ``reloadData()``.
    public private(set) var numberOfRows = 0

    private var scrollValue = AnimatedValue(0.0)
    private var indicatorOpacity = AnimatedValue(0.0)
    private var pressedRow: Int?
    /// The row under the pointer, tinted as hover feedback.
    public private(set) var hoveredRow: Int? {
        didSet { if hoveredRow != oldValue { setNeedsDisplay() } }
    }
    private var drag: (startY: Double, startOffset: Double, isScrolling: Bool)?
    private var typedPrefix = ""
    private var typeAheadReset: ScheduledAction?

    /// How long after the last typed character type-ahead starts a new search.
    public static let typeAheadTimeout = 1.0
    /// How many rows one typed character searches at most, from the selection on: a key that
    /// matches nothing in a million rows costs ten thousand data-source calls, not a million.
    public static let typeAheadSearchLimit = 10_000

    /// How far the pointer must move before a press becomes a drag that scrolls.
    public static let dragThreshold = 4.0

    /// Creates an empty list.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        backgroundColor = Theme.standard.contentBackground
    }

    // MARK: Data

    /// Asks the data source for the row count again, keeping the offset and selection in
    /// range, and redraws.
    public func reloadData() {
        numberOfRows = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        if let selected = selectedRow, selected >= numberOfRows {
            selectedRow = numberOfRows > 0 ? numberOfRows - 1 : nil
        }
        if let pressed = pressedRow, pressed >= numberOfRows { pressedRow = nil }
        if let hovered = hoveredRow, hovered >= numberOfRows { hoveredRow = nil }
        contentOffset = contentOffset
        setNeedsDisplay()
    }

    /// The rows whose rectangles overlap a viewport of `height` scrolled by `offset`.
    public static func visibleRows(offset: Double, height: Double, rowHeight: Double, count: Int) -> Range<Int> {
        guard count > 0, rowHeight > 0, height > 0 else { return 0..<0 }
        let first = min(max(Int((offset / rowHeight).rounded(.down)), 0), count)
        let last = min(max(Int(((offset + height) / rowHeight).rounded(.up)), first), count)
        return first..<last
    }

    /// The rows on screen now.
    public var visibleRows: Range<Int> {
        Self.visibleRows(
            offset: scrollValue.presented, height: presentedBounds.height, rowHeight: rowHeight, count: numberOfRows)
    }

    /// The row under `point` (bounds coordinates) as the list is shown now, mid-scroll
    /// included, if any.
    public func row(at point: Point) -> Int? {
        guard bounds.contains(point), rowHeight > 0 else { return nil }
        let row = Int(((point.y + scrollValue.presented) / rowHeight).rounded(.down))
        return row >= 0 && row < numberOfRows ? row : nil
    }

    /// The rectangle of `row` in bounds coordinates at the current offset.
    public func rect(ofRow row: Int) -> Rect {
        Rect(x: 0, y: Double(row) * rowHeight - contentOffset, width: bounds.width, height: rowHeight)
    }

    // MARK: Scrolling

    /// The total height of the rows.
    public var contentHeight: Double { Double(numberOfRows) * rowHeight }

    /// The largest offset: the last row's bottom at the list's bottom.
    public var maximumContentOffset: Double { max(0, contentHeight - bounds.height) }

    /// How far the rows are scrolled up; clamped to 0...``maximumContentOffset``. Animatable.
    public var contentOffset: Double {
        get { scrollValue.target }
        set {
            let clamped = min(max(newValue.isFinite ? newValue : 0, 0), maximumContentOffset)
            guard clamped != scrollValue.target || scrollValue.presentation != nil else { return }
            Animator.set(\ListView.scrollValue, of: self, to: clamped)
        }
    }

    /// Scrolls to `offset`, over a quarter second when `animated`.
    public func setContentOffset(_ offset: Double, animated: Bool) {
        if animated {
            View.animate(duration: 0.25) { self.contentOffset = offset }
        } else {
            contentOffset = offset
        }
        flashScrollIndicator()
    }

    /// Scrolls as little as needed to show `row` whole.
    public func scrollToRow(_ row: Int, animated: Bool) {
        guard row >= 0, row < numberOfRows else { return }
        let top = Double(row) * rowHeight, bottom = top + rowHeight
        if top < contentOffset {
            setContentOffset(top, animated: animated)
        } else if bottom > contentOffset + bounds.height {
            setContentOffset(bottom - bounds.height, animated: animated)
        }
    }

    /// Highlights `row` (or nothing) and scrolls it into view, without choosing it.
    public func selectRow(_ row: Int?, animated: Bool = false) {
        let row = row.flatMap { numberOfRows > 0 ? min(max($0, 0), numberOfRows - 1) : nil }
        if row != selectedRow {
            selectedRow = row
            setNeedsDisplay()
        }
        if let row { scrollToRow(row, animated: animated) }
    }

    /// Shows the scroll indicator, then fades it out.
    public func flashScrollIndicator() {
        guard contentHeight > bounds.height else { return }
        Animator.set(\ListView.indicatorOpacity, of: self, to: 1)
        View.animate(duration: 0.3, delay: 0.8, curve: .easeOut) {
            Animator.set(\ListView.indicatorOpacity, of: self, to: 0)
        }
    }

    /// Keeps the content offset in range for the new height.
    open override func layoutSubviews() {
        contentOffset = contentOffset  // a new height may change the largest offset
    }

    // MARK: Drawing

    /// Draws the rows on screen, the scroll indicator and, with focus, the focus ring.
    open override func draw(in context: GraphicsContext) {
        let offset = scrollValue.presented
        let width = bounds.width
        if let dataSource {
            for row in visibleRows {
                let rect = Rect(x: 0, y: Double(row) * rowHeight - offset, width: width, height: rowHeight)
                drawRow(row, content: dataSource.listView(self, rowAt: row), in: rect, context: context)
            }
        }
        drawScrollIndicator(offset: offset, in: context)
        if isFocused, showsFocusRing {
            context.strokeRoundedRect(
                bounds, cornerRadius: cornerRadius, lineWidth: 2, color: theme.accent.withAlpha(0.6))
        }
    }

    /// Whether a ring is drawn around the list while it has focus (a list inside a pop-up that
    /// shows its own state can turn it off).
    public var showsFocusRing = true {
        didSet { setNeedsDisplay() }
    }

    /// Draws one row: background, text (inset 15 points left and right) and the separator
    /// under it (left out where it would fall on the list's bottom edge).
    /// Override to draw rows differently.
    open func drawRow(_ row: Int, content: ListRow, in rect: Rect, context: GraphicsContext) {
        let theme = theme
        let highlighted = row == pressedRow || (pressedRow == nil && row == selectedRow)
        context.fill(
            rect,
            color: highlighted
                ? selectedRowColor ?? theme.selectedBackground : rowColor ?? theme.contentBackground)
        if row == hoveredRow, !highlighted { context.fill(rect, color: theme.hoverOverlay) }
        context.drawText(
            content.text, in: rect.insetBy(dx: 15, dy: 0), font: content.font ?? theme.font,
            color: content.textColor ?? theme.text, alignment: content.alignment)
        // No separator on the list's bottom edge: it would look like a notch in the border.
        if showsSeparators, rect.maxY < presentedBounds.height - 0.5 {
            context.fill(
                Rect(
                    x: rect.minX + separatorInsets.left, y: rect.maxY - 1,
                    width: rect.width - separatorInsets.left - separatorInsets.right, height: 1),
                color: separatorColor ?? theme.separator)
        }
    }

    private func drawScrollIndicator(offset: Double, in context: GraphicsContext) {
        let opacity = indicatorOpacity.presented
        let height = bounds.height
        guard opacity > 0, contentHeight > height, height > 8 else { return }
        let knob = max(24, height * height / contentHeight)
        let progress = maximumContentOffset > 0 ? min(max(offset / maximumContentOffset, 0), 1) : 0
        let rect = Rect(x: bounds.width - 6, y: 3 + progress * (height - 6 - knob), width: 3, height: knob)
        context.fillRoundedRect(rect, cornerRadius: 1.5, color: Color(white: 0, alpha: 0.4 * opacity))
    }

    // MARK: Input

    /// Whether the list takes focus: always.
    open override var canBecomeFocused: Bool { true }
    open override var cursor: Cursor? { numberOfRows > 0 ? .hand : nil }

    /// Tints the row under the pointer.
    open override func mouseMoved(_ event: MouseEvent) -> Bool {
        hoveredRow = row(at: event.location(in: self))
        return true
    }
    /// Drops the hover tint.
    open override func mouseExited(_ event: MouseEvent) { hoveredRow = nil }

    /// Presses the row under the pointer and starts tracking a drag.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        let location = event.location(in: self)
        drag = (location.y, contentOffset, false)
        pressedRow = row(at: location)
        setNeedsDisplay()
        return true
    }

    /// Drops a press that ended without a release.
    open override func mouseCancelled() {
        drag = nil
        pressedRow = nil
        setNeedsDisplay()
    }

    /// Scrolls the content with the pointer once the drag passes a threshold.
    open override func mouseDragged(_ event: MouseEvent) {
        guard var drag else { return }
        let dy = event.location(in: self).y - drag.startY
        if !drag.isScrolling, abs(dy) > Self.dragThreshold {
            drag.isScrolling = true
            pressedRow = nil
            setNeedsDisplay()
        }
        self.drag = drag
        if drag.isScrolling {
            contentOffset = drag.startOffset - dy
            flashScrollIndicator()
        }
    }

    /// Selects and chooses the pressed row if released on it without scrolling.
    open override func mouseUp(_ event: MouseEvent) {
        guard event.button == .left, let drag else { return }
        self.drag = nil
        let pressed = pressedRow
        pressedRow = nil
        setNeedsDisplay()
        guard !drag.isScrolling, let pressed, row(at: event.location(in: self)) == pressed else { return }
        userSelect(pressed, animated: false)
        onPrimaryAction?(pressed)
    }

    /// Scrolls by the wheel when the content is taller than the list; otherwise passes it on.
    open override func scrollWheel(_ event: ScrollEvent) -> Bool {
        guard contentHeight > bounds.height else { return false }
        contentOffset += event.deltaY * (wheelStep ?? rowHeight)
        flashScrollIndicator()
        return true
    }

    /// Moves the selection with the arrows, Page Up, Page Down, Home and End; Enter chooses the
    /// selected row; typed text jumps to a matching row. Other keys go on up the chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        let page = max(1, Int((bounds.height / rowHeight).rounded(.down)) - 1)
        let current = selectedRow
        switch event.key {
        case .down: userSelect(current.map { $0 + 1 } ?? visibleRows.lowerBound)
        case .up: userSelect(current.map { $0 - 1 } ?? visibleRows.lowerBound)
        case .pageDown: userSelect((current ?? visibleRows.lowerBound) + page)
        case .pageUp: userSelect((current ?? visibleRows.lowerBound) - page)
        case .home: userSelect(0)
        case .end: userSelect(numberOfRows - 1)
        case .enter:
            guard let current, event.modifiers.isEmpty else { return false }
            onPrimaryAction?(current)
        default:
            guard !event.text.isEmpty, event.modifiers.isSubset(of: [.shift]) else { return false }
            typeAhead(event.text)
        }
        return true
    }

    /// Selects `row` as the user asked, telling ``onSelectionChanged`` when it changed.
    private func userSelect(_ row: Int, animated: Bool = true) {
        let before = selectedRow
        selectRow(row, animated: animated)
        if selectedRow != before { onSelectionChanged?(selectedRow) }
    }

    /// Selects the first row, from the selection on, whose text starts with what was typed in
    /// the last second (case-insensitively); typing "Hello 7" quickly jumps to "Hello 7". At
    /// most ``typeAheadSearchLimit`` rows are looked at per key.
    private func typeAhead(_ text: String) {
        if let typeAheadReset { scene?.timers.cancel(typeAheadReset) }
        typeAheadReset = scene?.timers.schedule(after: Self.typeAheadTimeout) { [weak self] in
            self?.typedPrefix = ""
        }
        typedPrefix += text
        guard let dataSource, numberOfRows > 0 else { return }
        let prefix = typedPrefix.lowercased()
        let start = selectedRow ?? 0
        for step in 0..<min(numberOfRows, Self.typeAheadSearchLimit) {
            let row = (start + step) % numberOfRows
            if dataSource.listView(self, rowAt: row).text.lowercased().hasPrefix(prefix) {
                userSelect(row)
                return
            }
        }
    }
}
