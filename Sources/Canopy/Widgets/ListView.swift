/// A vertical list of fixed-height rows that keeps views only for the rows on screen, so a
/// million rows cost what ten do: it asks its data source for a row's content when the row comes
/// on screen (or is reloaded) and reuses row views as rows scroll by.
///
/// The user's actions, each reported once (and never for changes made from code):
/// - a double click on a row (a single click with ``activatesOnSingleClick``), or Enter on the
///   selected row, chooses it: ``onPrimaryAction``;
/// - arrows, Page Up/Down, Home, End, type-ahead and clicks move the selection:
///   ``onSelectionChanged``;
/// - a click on a row's check box, or Space on the selected row, asks to tick or untick it:
///   ``onValueChanged`` (the row then shows what the data source says);
/// - a click on a row's delete button, or Delete or Backspace on the selected row, asks to
///   delete it: ``onDelete``.
///
/// A ``ScrollView``: it scrolls by wheel, by its indicator, by dragging the rows (a press that
/// moves past ``dragThreshold`` scrolls instead of choosing) and from code
/// (``scrollToRow(_:animated:)``); the scroll offset is the bounds' origin and is animatable. After the data changes,
/// ``insertRows(at:animated:)``, ``deleteRows(at:animated:)`` and ``reloadRows(at:)`` update just
/// those rows, sliding the others into place; ``reloadData()`` starts over.
open class ListView: ScrollView {
    /// Where the rows come from; held weakly, as in UIKit. Setting it reloads the list.
    public weak var dataSource: ListViewDataSource? {
        didSet { reloadData() }
    }
    /// Called with a row the user chose: double-clicked (clicked, with
    /// ``activatesOnSingleClick``), or Enter on the selected row.
    public var onPrimaryAction: ((Int) -> Void)?
    /// Called when the user moved the selection.
    public var onSelectionChanged: ((Int?) -> Void)?
    /// Called when the user asks to tick (`true`) or untick a row's check box; store it and the
    /// row shows it (it is reloaded from the data source right after).
    public var onValueChanged: ((Int, Bool) -> Void)?
    /// Called when the user asks to delete a deletable row; remove it from the data and call
    /// ``deleteRows(at:animated:)``.
    public var onDelete: ((Int) -> Void)?

    /// The height of every row.
    public var rowHeight = 40.0 {
        didSet { if rowHeight != oldValue { reloadData() } }
    }
    /// Whether a one-pixel line is drawn under each row.
    public var showsSeparators = true {
        didSet { redrawRows() }
    }
    /// The colour of the separators; `nil` uses the theme's.
    public var separatorColor: Color? {
        didSet { redrawRows() }
    }
    /// How far separators stay from the left and right edges; `nil` starts them where the row's
    /// text starts and runs them to the right edge.
    public var separatorInsets: EdgeInsets? {
        didSet { redrawRows() }
    }
    /// The background of rows that are neither selected nor pressed; `nil` uses the theme's
    /// content background.
    public var rowColor: Color? {
        didSet { redrawRows() }
    }
    /// The background of the selected row and of a row being pressed; `nil` uses the theme's.
    public var selectedRowColor: Color? {
        didSet { redrawRows() }
    }
    /// Whether a ring is drawn around the list while it has focus (a list inside a pop-up that
    /// shows its own state can turn it off).
    public var showsFocusRing = true {
        didSet { setNeedsDisplay() }
    }
    /// How long rows take to slide into place after an insertion or deletion, in seconds.
    public var rowAnimationDuration = 0.25
    /// Whether a single click on a row chooses it (``onPrimaryAction``), as in a drop-down's
    /// list or a picker; by default a click selects and a double click (or Enter) chooses, as in
    /// a desktop list.
    public var activatesOnSingleClick = false

    /// The highlighted row, if any.
    public private(set) var selectedRow: Int?
    /// How many rows the list has, as of the last change it was told of.
    public private(set) var numberOfRows = 0

    /// How long after the last typed character type-ahead starts a new search.
    public static let typeAheadTimeout = 1.0
    /// How many rows one typed character searches at most, from the selection on: a key that
    /// matches nothing in a million rows costs ten thousand data-source calls, not a million.
    public static let typeAheadSearchLimit = 10_000
    /// How far the pointer must move before a press becomes a drag that scrolls.
    public static let dragThreshold = 4.0
    /// How many row views that went off screen are kept for reuse.
    static let spareRowLimit = 8

    /// The row pressed with the pointer, while a press that has not become a drag lasts.
    private(set) var pressedRow: Int?
    private var rowViews: [Int: ListRowView] = [:]
    private var spareRowViews: [ListRowView] = []
    private var drag: (startY: Double, startOffset: Double, clickCount: Int, isScrolling: Bool)?
    private var typedPrefix = ""
    private var typeAheadReset: ScheduledAction?

    /// Creates an empty list.
    public init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    // MARK: Data

    /// Asks the data source for the row count and the rows on screen again, keeping the offset
    /// and the selection in range.
    public func reloadData() {
        numberOfRows = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        if let selected = selectedRow, selected >= numberOfRows {
            selectedRow = numberOfRows > 0 ? numberOfRows - 1 : nil
        }
        if let pressed = pressedRow, pressed >= numberOfRows { setPressedRow(nil) }
        for (row, view) in rowViews {
            guard row < numberOfRows else {
                recycle(row)
                continue
            }
            configure(view, as: row)
            view.isSelected = row == selectedRow
        }
        contentSize = Size(width: bounds.width, height: contentHeight)
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Shows rows `indices` afresh from the data source, nothing else moving.
    public func reloadRows(at indices: [Int]) {
        for row in indices { if let view = rowViews[row] { configure(view, as: row) } }
    }

    /// Tells the list that rows were inserted at `indices` (positions in the new data): they
    /// appear, fading in, and the rows after them slide down; the selection stays on its row.
    /// If the data source's count does not grow by as many, the list reloads instead.
    public func insertRows(at indices: [Int], animated: Bool) {
        let inserted = Set(indices)
        let oldCount = numberOfRows
        let newCount = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        guard newCount == oldCount + inserted.count, inserted.allSatisfy({ (0..<newCount).contains($0) }) else {
            return reloadData()
        }
        let sorted = inserted.sorted()
        func newIndex(_ old: Int) -> Int {
            var new = old
            for index in sorted where index <= new { new += 1 }
            return new
        }
        moveRows(to: newCount, selection: selectedRow.map(newIndex), animated: animated) {
            newIndex($0)
        } oldIndex: {
            new in
            guard !inserted.contains(new) else { return nil }
            return new - sorted.prefix { $0 < new }.count
        }
    }

    /// Tells the list that rows `indices` (positions in the old data) were deleted: they go,
    /// and the rows after them slide up; a deleted selected row passes the selection to the row
    /// that takes its place. If the data source's count does not shrink by as many, the list
    /// reloads instead.
    public func deleteRows(at indices: [Int], animated: Bool) {
        let deleted = Set(indices)
        let oldCount = numberOfRows
        let newCount = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        guard newCount == oldCount - deleted.count, deleted.allSatisfy({ (0..<oldCount).contains($0) }) else {
            return reloadData()
        }
        let sorted = deleted.sorted()
        /// Where the row at `old` is after the deletion, or would be for a deleted one: the row
        /// that takes its place.
        func landing(_ old: Int) -> Int { old - sorted.prefix { $0 < old }.count }
        moveRows(to: newCount, selection: selectedRow.map(landing), animated: animated) { old in
            deleted.contains(old) ? nil : landing(old)
        } oldIndex: { new in
            var old = new
            for index in sorted where index <= old { old += 1 }
            return old
        }
    }

    /// Re-keys the row views after rows were inserted or deleted and slides every row on screen
    /// from where it was to where it now belongs. `newIndex` maps an old row to its new place
    /// (`nil` when deleted); `oldIndex` maps a new row to where it was (`nil` when inserted);
    /// `selection` is the selected row's new place. A press in progress ends.
    private func moveRows(
        to newCount: Int, selection: Int?, animated: Bool, newIndex: (Int) -> Int?, oldIndex: (Int) -> Int?
    ) {
        setPressedRow(nil)
        var moved: [Int: ListRowView] = [:]
        for (old, view) in rowViews {
            if let new = newIndex(old) { moved[new] = view } else { retire(view) }
        }
        rowViews = moved
        numberOfRows = newCount
        selectedRow = selection.flatMap { numberOfRows == 0 ? nil : min($0, numberOfRows - 1) }
        // Rows that come on screen start where they were before the change (inserted ones where
        // they go, invisible), so everything slides together.
        var appearing: [ListRowView] = []
        for row in rowsToShow() where rowViews[row] == nil {
            let view = makeRowView(for: row)
            if let old = oldIndex(row) {
                view.frame = rect(ofRow: old)
            } else {
                view.frame = rect(ofRow: row)
                if animated { view.alpha = 0 }
                appearing.append(view)
            }
        }
        for (row, view) in rowViews {
            view.row = row  // moved rows keep their content
            view.isSelected = row == selectedRow
        }
        View.animate(duration: animated ? rowAnimationDuration : 0) {
            // Fewer rows may lower the largest offset: the content slides there with the rows.
            contentSize = Size(width: bounds.width, height: contentHeight)
            for (row, view) in rowViews { view.frame = rect(ofRow: row) }
            for view in appearing { view.alpha = 1 }
        }
        setNeedsLayout()
    }

    /// The rows whose rectangles overlap a viewport of `height` scrolled by `offset`.
    @_spi(Testing) public static func visibleRows(offset: Double, height: Double, rowHeight: Double, count: Int)
        -> Range<Int>
    {
        guard count > 0, rowHeight > 0, height > 0 else { return 0..<0 }
        let first = min(max(Int((offset / rowHeight).rounded(.down)), 0), count)
        let last = min(max(Int(((offset + height) / rowHeight).rounded(.up)), first), count)
        return first..<last
    }

    /// The rows on screen now.
    @_spi(Testing) public var visibleRows: Range<Int> {
        Self.visibleRows(
            offset: presentedBounds.minY, height: presentedBounds.height, rowHeight: rowHeight, count: numberOfRows)
    }

    /// The row under `point` (bounds coordinates), if any.
    public func row(at point: Point) -> Int? {
        guard bounds.contains(point), rowHeight > 0 else { return nil }
        let row = Int((point.y / rowHeight).rounded(.down))
        return row >= 0 && row < numberOfRows ? row : nil
    }

    /// The rectangle of `row` in bounds coordinates (which scroll with the content).
    public func rect(ofRow row: Int) -> Rect {
        Rect(x: 0, y: Double(row) * rowHeight, width: bounds.width, height: rowHeight)
    }

    /// The view showing `row`, while the row is on screen.
    public func rowView(for row: Int) -> ListRowView? { rowViews[row] }

    /// The row under the pointer, if any.
    public var hoveredRow: Int? { rowViews.first { $0.value.isHovered }?.key }

    /// A list whose rows are its accessibility children (see ``AccessibilityItemContainer``),
    /// made only when asked about, so a client should not walk them all.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .list, states: [.enabled, .managesDescendants])
    }

    // MARK: Scrolling

    /// The total height of the rows.
    public var contentHeight: Double { Double(numberOfRows) * rowHeight }

    /// A wheel step or an arrow key scrolls a row.
    open override var defaultScrollStep: Double { rowHeight }

    /// Scrolls as little as needed to show `row` whole.
    public func scrollToRow(_ row: Int, animated: Bool) {
        guard row >= 0, row < numberOfRows else { return }
        scrollRectToVisible(rect(ofRow: row), animated: animated)
    }

    /// Highlights `row` (or nothing) and scrolls it into view, without choosing it and without
    /// calling anything.
    public func selectRow(_ row: Int?, animated: Bool = false) {
        let row = row.flatMap { numberOfRows > 0 ? min(max($0, 0), numberOfRows - 1) : nil }
        if row != selectedRow {
            if let old = selectedRow { rowViews[old]?.isSelected = false }
            selectedRow = row
            if let row { rowViews[row]?.isSelected = true }
        }
        if let row { scrollToRow(row, animated: animated) }
    }

    // MARK: Layout

    /// Keeps the offset in range for the new height and makes, places and lets go of row views
    /// so that exactly the rows on screen (as drawn, and as laid out) have one.
    open override func layoutSubviews() {
        contentSize = Size(width: bounds.width, height: contentHeight)  // a new width, or new rows
        super.layoutSubviews()
        let wanted = Set(rowsToShow())
        for (row, view) in rowViews where !wanted.contains(row) && view.presentedFrame == view.frame {
            recycle(row)  // off screen and not sliding: let it go
        }
        for row in wanted.sorted() where rowViews[row] == nil { _ = makeRowView(for: row) }
        for (row, view) in rowViews { view.frame = rect(ofRow: row) }  // a no-op for sliding rows
    }

    /// An animation moved what is on screen: rows it brings into view need views (a list that
    /// only grows, as a drop-down's does, has them already).
    open override func presentationDidChange() {
        if visibleRows.contains(where: { rowViews[$0] == nil }) { setNeedsLayout() }
    }

    /// The rows on screen as drawn and as laid out (they differ while the offset animates).
    private func rowsToShow() -> [Int] {
        let shown = visibleRows
        let laidOut = Self.visibleRows(
            offset: bounds.minY, height: bounds.height, rowHeight: rowHeight, count: numberOfRows)
        return Array(shown) + laidOut.filter { !shown.contains($0) }
    }

    private func makeRowView(for row: Int) -> ListRowView {
        let view = spareRowViews.popLast() ?? ListRowView(list: self)
        view.frame = rect(ofRow: row)
        configure(view, as: row)
        view.isSelected = row == selectedRow
        rowViews[row] = view
        addSubview(view)
        return view
    }

    private func configure(_ view: ListRowView, as row: Int) {
        guard let dataSource else { return }
        view.configure(row: row, content: dataSource.listView(self, rowAt: row))
    }

    private func recycle(_ row: Int) {
        guard let view = rowViews.removeValue(forKey: row) else { return }
        retire(view)
    }

    private func retire(_ view: ListRowView) {
        view.removeFromSuperview()
        view.isHighlighted = false
        view.isSelected = false
        if spareRowViews.count < Self.spareRowLimit { spareRowViews.append(view) }
    }

    private func redrawRows() {
        for view in rowViews.values { view.setNeedsDisplay() }
    }

    // MARK: Drawing

    /// Fills what no row covers with the theme's content background (unless the list has a
    /// background colour of its own).
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        if backgroundColor.isClear {
            fillBackground(rowColor ?? theme.contentBackground, in: context, bounds: bounds)
        }
    }

    /// Draws the scroll indicator and, with focus, the focus ring, over the rows.
    open override func drawForeground(in context: GraphicsContext, bounds: Rect) {
        super.drawForeground(in: context, bounds: bounds)
        if isFocused, showsFocusRing { theme.drawFocusRing(around: bounds, cornerRadius: cornerRadius, in: context) }
    }

    // MARK: Input

    /// Whether the list takes focus: always (its keys move the selection).
    open override var canBecomeFocused: Bool { true }

    /// Grabs the scroll indicator, or presses the row under the pointer and starts tracking a
    /// drag.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        if super.mouseDown(event) { return true }
        guard event.button == .left else { return false }
        drag = (event.locationInWindow.y, contentOffset.y, event.clickCount, false)
        setPressedRow(row(at: event.location(in: self)))
        return true
    }

    /// Scrolls the content with the pointer once the drag passes a threshold (or with the
    /// grabbed indicator).
    open override func mouseDragged(_ event: MouseEvent) {
        guard var drag else { return super.mouseDragged(event) }
        let dy = event.locationInWindow.y - drag.startY
        if !drag.isScrolling, abs(dy) > Self.dragThreshold {
            drag.isScrolling = true
            setPressedRow(nil)
        }
        self.drag = drag
        if drag.isScrolling {
            contentOffset = Point(x: 0, y: drag.startOffset - dy)
            flashScrollIndicators()
        }
    }

    /// Selects and chooses the pressed row if released on it without scrolling.
    open override func mouseUp(_ event: MouseEvent) {
        guard event.button == .left, let drag else { return super.mouseUp(event) }
        self.drag = nil
        let pressed = pressedRow
        setPressedRow(nil)
        guard !drag.isScrolling, let pressed, row(at: event.location(in: self)) == pressed else { return }
        userSelect(pressed, animated: false)
        if activatesOnSingleClick || drag.clickCount >= 2 { onPrimaryAction?(pressed) }
    }

    /// Drops a press that ended without a release.
    open override func mouseCancelled() {
        super.mouseCancelled()
        drag = nil
        setPressedRow(nil)
    }

    private func setPressedRow(_ row: Int?) {
        guard row != pressedRow else { return }
        if let old = pressedRow { rowViews[old]?.isHighlighted = false }
        pressedRow = row
        if let row { rowViews[row]?.isHighlighted = true }
        if let selectedRow { rowViews[selectedRow]?.setNeedsDisplay() }  // a press hides the selection
    }

    /// Moves the selection with the arrows, Page Up, Page Down, Home and End; Enter chooses the
    /// selected row, Space ticks or unticks it, Delete and Backspace ask to delete it; typed
    /// text jumps to a matching row. Other keys go on up the chain.
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
        case .space where typedPrefix.isEmpty:
            guard let current, let checked = content(of: current)?.isChecked else { return false }
            userSetCheck(ofRow: current, to: !checked)
        case .delete, .backspace:
            guard let current, content(of: current)?.isDeletable == true else { return false }
            userDelete(row: current)
        default:
            guard !event.text.isEmpty, event.modifiers.isSubset(of: [.shift]) else { return false }
            typeAhead(event.text)
        }
        return true
    }

    func content(of row: Int) -> ListRow? {
        rowViews[row]?.content ?? dataSource?.listView(self, rowAt: row)
    }

    /// Selects `row` as the user asked, telling ``onSelectionChanged`` when it changed.
    func userSelect(_ row: Int, animated: Bool = true) {
        let before = selectedRow
        selectRow(row, animated: animated)
        if selectedRow != before { onSelectionChanged?(selectedRow) }
    }

    /// The user ticked or unticked `row`'s check box: the owner hears of it, then the row shows
    /// what the data says.
    func userSetCheck(ofRow row: Int, to checked: Bool) {
        guard row < numberOfRows else { return }
        onValueChanged?(row, checked)
        reloadRows(at: [row])
        rowViews[row]?.checkBox?.isChecked = content(of: row)?.isChecked ?? false
    }

    /// The user asked to delete `row`.
    func userDelete(row: Int) {
        guard row < numberOfRows else { return }
        onDelete?(row)
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
