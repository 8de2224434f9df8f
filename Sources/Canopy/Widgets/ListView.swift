/// A vertical list of rows that keeps views only for the rows on screen, so a million rows cost
/// what ten do: it asks its data source for a row's content when the row comes on screen (or is
/// reloaded) and reuses row views as rows scroll by.
///
/// Rows are ``rowHeight`` high, or each as high as a ``ListViewRowHeights`` data source says.
/// The built-in row shows a ``ListRow``: an image, a text over a second line, a secondary text.
/// A data source can show rows in a view of its own instead, GTK's factory way: it makes a few
/// (``ListViewDataSource/makeRowContentView(for:)``, asked only when the list needs one more) and
/// binds each to row after row as they scroll (``ListViewDataSource/listView(_:bind:toRow:)``).
///
/// The user's actions, each reported once (and never for changes made from code):
/// - a double click on a row (a single click with ``activatesOnSingleClick``), or Enter on the
///   lead row, chooses it: ``onPrimaryAction``;
/// - arrows, Page Up/Down, Home, End, type-ahead and clicks move the selection:
///   ``onSelectionChanged`` and ``onSelectedRowsChanged``; with ``selectionMode`` `.multiple`,
///   Shift-click and Shift with those keys extend it from its anchor, Control-click and
///   Control-Space toggle a row, Control with the keys moves the lead row alone and Control-A
///   selects every row;
/// - a right press, or the Menu key or Shift-F10, asks ``contextMenuForRows`` for the menu of
///   the rows it acts on (a right press on a row that is not selected selects it first);
/// - a click on a row's check box, or Space on the lead row, asks to tick or untick it:
///   ``onValueChanged`` (the row then shows what the data source says);
/// - a click on a row's delete button, or Delete or Backspace on the lead row, asks to
///   delete it: ``onDelete``.
///
/// The selection looks muted while the list does not have the keyboard focus.
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
    /// ``activatesOnSingleClick``), or Enter on the lead row.
    public var onPrimaryAction: ((Int) -> Void)?
    /// Called when the user moved the selection, with the new ``selectedRow``.
    public var onSelectionChanged: ((Int?) -> Void)?
    /// Called when the user changed which rows are selected, with all of them.
    public var onSelectedRowsChanged: ((RowSet) -> Void)?
    /// Makes the context menu for the rows it acts on: the selection, or the row a right press
    /// hit in a list that selects none (no rows for a press below the last row). Set, it is
    /// asked on every right press and for the Menu key and Shift-F10 instead of
    /// ``View/contextMenu``, which stays the menu when it returns `nil`. Items should capture the
    /// rows they are given, not read the selection later.
    public var contextMenuForRows: ((RowSet) -> Menu?)?
    /// Called when the user asks to tick (`true`) or untick a row's check box; store it and the
    /// row shows it (it is reloaded from the data source right after).
    public var onValueChanged: ((Int, Bool) -> Void)?
    /// Called when the user asks to delete a deletable row; remove it from the data and call
    /// ``deleteRows(at:animated:)``.
    public var onDelete: ((Int) -> Void)?
    /// Set, the user can reorder rows by dragging them: a press on a row that moves past
    /// ``dragThreshold`` drags the selected rows (the row alone when it is not selected) instead
    /// of scrolling, a line shows the gap they would go to, and the release there calls this
    /// with the rows and the index (of the rows before the move) they go before. Move them in
    /// the data: the list then reloads, the moved rows selected at their new places.
    public var onMoveRows: ((RowSet, Int) -> Void)?
    /// Set, the user can drag rows out of the list, into another application or another view:
    /// asked with the rows a drag takes (the selected rows, or the pressed row alone when it is
    /// not selected) for what they carry (text, or URIs such as files); `nil` drags nothing.
    /// With ``onMoveRows`` the drag reorders while it stays in the list and goes out once the
    /// pointer leaves it; without, a press on a row that moves past ``dragThreshold`` drags out
    /// at once (instead of scrolling).
    public var dragContentForRows: ((RowSet) -> DragContent?)?
    /// The kinds of content a drag from another application (or another of the app's views)
    /// may drop on the list; none, the default, takes no drops.
    public var rowDropKinds: DropKinds = []
    /// Whether a drop may land on a row (the middle of a row proposes it) as well as between
    /// rows; `false` proposes only the gap nearest the pointer.
    public var dropsOnRows = true
    /// Asked as a drag of `kinds` moves over the list, with the target the pointer proposes;
    /// return it, another target, or `nil` to refuse the drop there. Unset, every proposal
    /// is taken.
    public var validateDrop: ((DropKinds, ListDropTarget) -> ListDropTarget?)?
    /// Called with content dropped on the list and the target it landed on; return whether it
    /// was taken.
    public var onDrop: ((DragContent, ListDropTarget) -> Bool)?

    /// The height of every row (of rows a ``ListViewRowHeights`` data source gives no height).
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
    /// The background of selected rows while the list has the keyboard focus, and of a row being
    /// pressed; `nil` uses the theme's ``Theme/focusedSelectedBackground``.
    public var selectedRowColor: Color? {
        didSet { redrawRows() }
    }
    /// The background of selected rows while the list does not have the keyboard focus; `nil`
    /// uses the theme's ``Theme/selectedBackground``.
    public var unfocusedSelectedRowColor: Color? {
        didSet { redrawRows() }
    }
    /// Whether a ring is drawn around the list while it has focus (a list inside a pop-up that
    /// shows its own state can turn it off).
    public var showsFocusRing = true {
        didSet { setNeedsDisplay() }
    }
    /// How wide the rows are when wider than the list (a table's columns): the list then scrolls
    /// sideways too, by the horizontal wheel, Shift and the wheel, and Left and Right; `nil`, the
    /// default, makes rows as wide as the list.
    public var contentWidth: Double? {
        didSet { if contentWidth != oldValue { setNeedsLayout() } }
    }
    /// Whether a data source's row view covers the whole row (a table's cells, which keep their
    /// own padding) rather than the room between the row's padding and accessories.
    var contentViewFillsRow = false
    /// The table whose rows the list shows, if any: its header follows the rows as they scroll,
    /// and Space ticks the lead row's first check box.
    weak var table: TableView?
    /// How far each ``ListRow/indentationLevel`` moves a row's content in from its leading edge.
    public var indentationWidth = 20.0 {
        didSet {
            for view in rowViews.values {
                view.setNeedsLayout()
                view.setNeedsDisplay()
            }
        }
    }
    /// Whether the rows are an outline's: each keeps room for a disclosure triangle before its
    /// content (so leaves line up with the folders beside them), and screen readers see a tree.
    var isOutline = false
    /// How long rows take to slide into place after an insertion or deletion, in seconds.
    public var rowAnimationDuration = 0.25
    /// Whether a single click on a row chooses it (``onPrimaryAction``), as in a drop-down's
    /// list or a picker; by default a click selects and a double click (or Enter) chooses, as in
    /// a desktop list.
    public var activatesOnSingleClick = false

    /// How many rows the user can select; changing it drops the rows it no longer allows.
    public var selectionMode = ListSelectionMode.single {
        didSet { applySelection(selectedRows, lead: leadRow, anchor: anchorRow) }
    }
    /// The selected rows (one at most unless ``selectionMode`` is `.multiple`).
    public private(set) var selectedRows = RowSet()
    /// The row the keyboard acts on: where the arrows move from, what Enter chooses and Space
    /// ticks. It is the selected row in a single selection; in a multiple one it moves with
    /// Control and the arrows without selecting, and a ring shows it while the list has focus.
    public private(set) var leadRow: Int?
    /// The selected row: the lead row when it is selected, else the first selected row.
    public var selectedRow: Int? {
        guard let leadRow, selectedRows.contains(leadRow) else { return selectedRows.first }
        return leadRow
    }
    /// Where Shift extends the selection from: the row last clicked or toggled without Shift.
    private var anchorRow: Int?
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
    /// Where the rows lie, as of the last change the list was told of.
    var offsets = RowOffsets(count: 0, height: 40)
    /// How many row views the list has made: about as many as rows fit on screen, however far
    /// it scrolls.
    @_spi(Testing) public private(set) var rowViewsMade = 0
    private var spareRowViews: [ListRowView] = []
    var drag: (start: Point, startOffset: Double, clickCount: Int, modifiers: Modifiers, isScrolling: Bool)?
    private var typedPrefix = ""
    /// The rows inserted and removed (and an outline's rows opened and closed) lately, for
    /// screen readers.
    var accessibilityJournal = AccessibilityItemJournal()
    private var typeAheadReset: ScheduledAction?
    /// The drag over the list, from the list's own rows or from elsewhere, while one lasts.
    var rowDrag: ListRowDrag?

    /// Creates an empty list.
    public init(frame: Rect = .zero) {
        super.init(frame: frame)
    }

    // MARK: Data

    /// Asks the data source for the row count and the rows on screen again, keeping the offset
    /// and the selection in range.
    public func reloadData() {
        accessibilityJournal.forget()
        numberOfRows = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        loadOffsets()
        if let pressed = pressedRow, pressed >= numberOfRows { setPressedRow(nil) }
        for (row, view) in rowViews {
            guard row < numberOfRows else {
                recycle(row)
                continue
            }
            configure(view, as: row)
        }
        keepSelection(selectedRows, lead: leadRow)
        contentSize = Size(width: rowWidth, height: contentHeight)
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Shows rows `indices` afresh from the data source, nothing else moving, unless a
    /// ``ListViewRowHeights`` data source now gives them other heights: the rows below then move
    /// to fit.
    public func reloadRows(at indices: [Int]) {
        for row in indices { if let view = rowViews[row] { configure(view, as: row) } }
        guard dataSource is ListViewRowHeights else { return }
        loadOffsets()
        setNeedsLayout()
    }

    /// Learns where the rows lie: asks every row's height of a ``ListViewRowHeights`` data source.
    private func loadOffsets() {
        guard let heights = dataSource as? ListViewRowHeights else {
            offsets = RowOffsets(count: numberOfRows, height: rowHeight)
            return
        }
        offsets = RowOffsets(
            heights: (0..<numberOfRows).lazy.map { heights.listView(self, heightOfRow: $0) }, fallback: rowHeight)
    }

    /// Tells the list that rows were inserted at `indices` (positions in the new data): they
    /// appear, fading in, and the rows after them slide down; the selection stays on its rows.
    /// If the data source's count does not grow by as many, the list reloads instead.
    public func insertRows(at indices: [Int], animated: Bool) {
        let inserted = Set(indices)
        let oldCount = numberOfRows
        let newCount = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        guard newCount == oldCount + inserted.count, inserted.allSatisfy({ (0..<newCount).contains($0) }) else {
            return reloadData()
        }
        let sorted = inserted.sorted()
        for range in RowSet(sorted).ranges { accessibilityJournal.record(.inserted(range)) }
        func newIndex(_ old: Int) -> Int {
            var new = old
            for index in sorted where index <= new { new += 1 }
            return new
        }
        var selection = selectedRows
        for index in sorted { selection.openGap(at: index) }
        moveRows(to: newCount, selection: selection, lead: leadRow.map(newIndex), animated: animated) {
            newIndex($0)
        } oldIndex: {
            new in
            guard !inserted.contains(new) else { return nil }
            return new - sorted.prefix { $0 < new }.count
        }
    }

    /// Tells the list that rows `indices` (positions in the old data) were deleted: they go,
    /// and the rows after them slide up; selected rows that stay keep the selection, and when
    /// every selected row goes it passes to the row that takes the lead's place. If the data source's count does not shrink by as many, the list
    /// reloads instead.
    public func deleteRows(at indices: [Int], animated: Bool) {
        let deleted = Set(indices)
        let oldCount = numberOfRows
        let newCount = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        guard newCount == oldCount - deleted.count, deleted.allSatisfy({ (0..<oldCount).contains($0) }) else {
            return reloadData()
        }
        let sorted = deleted.sorted()
        for range in RowSet(sorted).ranges.reversed() { accessibilityJournal.record(.removed(range)) }
        /// Where the row at `old` is after the deletion, or would be for a deleted one: the row
        /// that takes its place.
        func landing(_ old: Int) -> Int { old - sorted.prefix { $0 < old }.count }
        var selection = selectedRows
        for index in sorted.reversed() { selection.closeGap(at: index) }
        moveRows(to: newCount, selection: selection, lead: leadRow.map(landing), animated: animated) { old in
            deleted.contains(old) ? nil : landing(old)
        } oldIndex: { new in
            var old = new
            for index in sorted where index <= old { old += 1 }
            return old
        }
    }

    /// Tells the list that its rows were put in a new order, as sorting them does: `order[i]` is
    /// where the row now at `i` was before (the order a sort of the rows' indices gives). The
    /// selection, its lead and its anchor stay on their rows wherever those went, a lead row
    /// that was on screen is kept on screen, and rows on screen slide to their new places when
    /// `animated`. If `order` is not an ordering of every row the data source now has, the list
    /// reloads instead (the selection then stays at its positions).
    public func reorderRows(_ order: [Int], animated: Bool = false) {
        let count = max(0, dataSource?.numberOfRows(in: self) ?? 0)
        guard count == numberOfRows, order.count == count, let newIndex = Self.inverse(of: order) else {
            return reloadData()
        }
        accessibilityJournal.forget()
        let leadWasShown = leadRow.map { visibleRows.contains($0) } ?? false
        let selection = RowSet(selectedRows.map { newIndex[$0] }.sorted())  // added in order: no merging
        let anchor = anchorRow.map { newIndex[$0] }
        moveRows(to: count, selection: selection, lead: leadRow.map { newIndex[$0] }, animated: animated) {
            newIndex[$0]
        } oldIndex: {
            order[$0]
        }
        anchorRow = anchor
        if leadWasShown, let leadRow { scrollToRow(leadRow, animated: animated) }
    }

    /// Where each row of `order` went (`order` read backwards), or `nil` unless `order` holds
    /// every index below its count exactly once.
    private static func inverse(of order: [Int]) -> [Int]? {
        var inverse = [Int](repeating: -1, count: order.count)
        for (new, old) in order.enumerated() {
            guard old >= 0, old < order.count, inverse[old] < 0 else { return nil }
            inverse[old] = new
        }
        return inverse
    }

    /// Re-keys the row views after rows were inserted or deleted and slides every row on screen
    /// from where it was to where it now belongs. `newIndex` maps an old row to its new place
    /// (`nil` when deleted); `oldIndex` maps a new row to where it was (`nil` when inserted);
    /// `selection` and `lead` are the selected rows' and the lead's new places. A press in
    /// progress ends.
    private func moveRows(
        to newCount: Int, selection: RowSet, lead: Int?, animated: Bool, newIndex: (Int) -> Int?,
        oldIndex: (Int) -> Int?
    ) {
        setPressedRow(nil)
        var moved: [Int: ListRowView] = [:]
        for (old, view) in rowViews {
            if let new = newIndex(old) { moved[new] = view } else { retire(view) }
        }
        rowViews = moved
        numberOfRows = newCount
        let before = offsets
        loadOffsets()
        keepSelection(selection, lead: lead)
        // Rows that come on screen start where they were before the change (inserted ones where
        // they go, invisible), so everything slides together.
        var appearing: [ListRowView] = []
        for row in rowsToShow() where rowViews[row] == nil {
            let view = makeRowView(for: row)
            if let old = oldIndex(row) {
                view.frame = rect(ofRow: old, in: before)
            } else {
                view.frame = rect(ofRow: row)
                if animated { view.alpha = 0 }
                appearing.append(view)
            }
        }
        for (row, view) in rowViews {
            view.row = row  // moved rows keep their content
            view.isSelected = selectedRows.contains(row)
        }
        View.animate(duration: animated ? rowAnimationDuration : 0) {
            // Fewer rows may lower the largest offset: the content slides there with the rows.
            contentSize = Size(width: rowWidth, height: contentHeight)
            for (row, view) in rowViews { view.frame = rect(ofRow: row) }
            for view in appearing { view.alpha = 1 }
        }
        setNeedsLayout()
    }

    /// The rows whose rectangles overlap a viewport of `height` scrolled by `offset`.
    @_spi(Testing) nonisolated public static func visibleRows(
        offset: Double, height: Double, rowHeight: Double, count: Int
    )
        -> Range<Int>
    {
        guard count > 0, rowHeight > 0, height > 0 else { return 0..<0 }
        let first = min(max(Int((offset / rowHeight).rounded(.down)), 0), count)
        let last = min(max(Int(((offset + height) / rowHeight).rounded(.up)), first), count)
        return first..<last
    }

    /// The rows on screen now.
    @_spi(Testing) public var visibleRows: Range<Int> {
        offsets.rows(offset: presentedBounds.minY, height: presentedBounds.height)
    }

    /// The row under `point` (bounds coordinates), if any.
    public func row(at point: Point) -> Int? {
        guard bounds.contains(point) else { return nil }
        return offsets.row(atY: point.y)
    }

    /// The rectangle of `row` in bounds coordinates (which scroll with the content).
    public func rect(ofRow row: Int) -> Rect { rect(ofRow: row, in: offsets) }

    private func rect(ofRow row: Int, in offsets: RowOffsets) -> Rect {
        let span = offsets.span(of: row)
        return Rect(x: 0, y: span.top, width: rowWidth, height: span.height)
    }

    /// How wide a row is: the list's width, or its ``contentWidth`` when wider.
    private var rowWidth: Double { max(bounds.width, contentWidth ?? 0) }

    /// The view showing `row`, while the row is on screen.
    public func rowView(for row: Int) -> ListRowView? { rowViews[row] }

    /// The row under the pointer, if any.
    public var hoveredRow: Int? { rowViews.first { $0.value.isHovered }?.key }

    /// Opens or closes the node in `row` as the user asked (an outline's); returns whether it
    /// did. A list's rows do not open.
    @discardableResult
    func userSetExpanded(_ isExpanded: Bool, row: Int, all: Bool = false) -> Bool { false }

    /// A list whose rows are its accessibility children (see ``AccessibilityItemContainer``),
    /// made only when asked about, so a client should not walk them all (a tree, for an outline).
    /// Multiselectable in a multiple selection; it shows a menu while it has
    /// ``contextMenuForRows``.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var node = AccessibilityNode(role: isOutline ? .tree : .list, states: [.enabled, .managesDescendants])
        if selectionMode == .multiple { node.states.insert(.multiselectable) }
        if contextMenuForRows != nil { node.actions.append(.showMenu) }
        return node
    }

    // MARK: Scrolling

    /// The total height of the rows.
    public var contentHeight: Double { offsets.total }

    /// A wheel step or an arrow key scrolls a row.
    open override var defaultScrollStep: Double { rowHeight }

    /// Scrolls as little as needed to show `row` whole.
    public func scrollToRow(_ row: Int, animated: Bool) {
        guard row >= 0, row < numberOfRows else { return }
        let span = offsets.span(of: row)  // the row's height, wherever the list is scrolled sideways
        scrollRectToVisible(
            Rect(x: contentOffset.x, y: span.top, width: bounds.width, height: span.height), animated: animated)
    }

    /// Selects `row` alone (or nothing), makes it the lead and scrolls it into view, without
    /// choosing it and without calling anything.
    public func selectRow(_ row: Int?, animated: Bool = false) {
        let row = row.flatMap(clampedRow)
        applySelection(row.map { [$0] } ?? [], lead: row, anchor: row)
        if let row { scrollToRow(row, animated: animated) }
    }

    /// Selects `rows` (those the ``selectionMode`` allows, below ``numberOfRows``) with `lead`
    /// (by default the first of them) as the lead row, scrolled into view, without calling
    /// anything.
    public func selectRows(_ rows: RowSet, lead: Int? = nil, animated: Bool = false) {
        let lead = (lead ?? rows.first).flatMap(clampedRow)
        applySelection(rows, lead: lead, anchor: lead)
        if let lead { scrollToRow(lead, animated: animated) }
    }

    /// `row` moved into the list's rows, or `nil` for an empty list.
    private func clampedRow(_ row: Int) -> Int? {
        numberOfRows > 0 ? min(max(row, 0), numberOfRows - 1) : nil
    }

    /// Makes `rows` (what the mode allows of them) the selection, with its lead and anchor, and
    /// shows it on the rows on screen.
    func applySelection(_ rows: RowSet, lead: Int?, anchor: Int?) {
        let rows = rows.clamped(toCount: numberOfRows)
        switch selectionMode {
        case .none: selectedRows = []
        case .single: selectedRows = (lead.flatMap { rows.contains($0) ? $0 : nil } ?? rows.first).map { [$0] } ?? []
        case .multiple: selectedRows = rows
        }
        if lead != leadRow {
            for row in [leadRow, lead].compactMap({ $0 }) { rowViews[row]?.setNeedsDisplay() }  // the lead's ring
        }
        leadRow = lead
        anchorRow = anchor
        for (row, view) in rowViews { view.isSelected = selectedRows.contains(row) }
    }

    /// Keeps the selection after rows changed under it: `rows` and `lead` are their new places
    /// (or, for a deleted lead, the row that took its place). The lead is kept in range, and a
    /// selection left without rows passes to the lead.
    private func keepSelection(_ rows: RowSet, lead: Int?) {
        let lead = lead.flatMap(clampedRow)
        var rows = rows.clamped(toCount: numberOfRows)
        if rows.isEmpty, !selectedRows.isEmpty, let lead { rows = [lead] }
        applySelection(rows, lead: lead, anchor: lead)
    }

    // MARK: Layout

    /// Keeps the offset in range for the new height and makes, places and lets go of row views
    /// so that exactly the rows on screen (as drawn, and as laid out) have one.
    open override func layoutSubviews() {
        let fromRightEdge = maximumContentOffset.x - contentOffset.x
        defer { table?.rowsDidLayout(keeping: fromRightEdge) }
        contentSize = Size(width: rowWidth, height: contentHeight)  // a new width, or new rows
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
        table?.rowsDidScroll()
    }

    /// The rows on screen as drawn and as laid out (they differ while the offset animates).
    private func rowsToShow() -> [Int] {
        let shown = visibleRows
        let laidOut = offsets.rows(offset: bounds.minY, height: bounds.height)
        return Array(shown) + laidOut.filter { !shown.contains($0) }
    }

    private func makeRowView(for row: Int) -> ListRowView {
        let view = spareRowViews.popLast() ?? newRowView()
        view.frame = rect(ofRow: row)
        configure(view, as: row)
        view.isSelected = selectedRows.contains(row)
        rowViews[row] = view
        addSubview(view)
        return view
    }

    /// A row view, with the data source's content view if it makes one.
    private func newRowView() -> ListRowView {
        rowViewsMade += 1
        let view = ListRowView(list: self)
        if let content = dataSource?.makeRowContentView(for: self) { view.install(contentView: content) }
        return view
    }

    private func configure(_ view: ListRowView, as row: Int) {
        guard let dataSource else { return }
        view.configure(row: row, content: dataSource.listView(self, rowAt: row))
        if let content = view.contentView { dataSource.listView(self, bind: content, toRow: row) }
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
        drawDropIndicator(in: context)
        if isFocused, showsFocusRing { theme.drawFocusRing(around: bounds, cornerRadius: cornerRadius, in: context) }
    }

    // MARK: Dropping (see ListView+RowDrops.swift)

    /// The kinds in ``rowDropKinds``.
    open override var acceptedDropKinds: DropKinds { rowDropKinds }

    /// A drag came over the list: the indicator shows where it would drop.
    open override func dragEntered(at location: Point) {
        rowDrag = ListRowDrag(kinds: scene?.offeredDropKinds ?? rowDropKinds, pointer: framePoint(location))
        dragMoved(at: location)
    }

    /// The indicator follows the drag, and the list scrolls while it hovers near an edge.
    open override func dragMoved(at location: Point) {
        guard rowDrag != nil, rowDrag?.movedRows == nil else { return }
        rowDrag?.pointer = framePoint(location)
        rowDragDidMove()
    }

    /// The indicator goes.
    open override func dragExited() {
        if rowDrag?.movedRows == nil { endRowDrag() }
    }

    /// Hands the content to ``onDrop`` with the target the indicator showed.
    open override func performDrop(_ content: DragContent, at location: Point) -> Bool {
        rowDrag?.pointer = framePoint(location)
        guard let drag = rowDrag, drag.movedRows == nil, let target = currentDropTarget(for: drag) else { return false }
        endRowDrag()
        return onDrop?(content, target) ?? false
    }

    // MARK: Input

    /// Whether the list takes focus: always (its keys move the selection).
    open override var canBecomeFocused: Bool { true }

    /// The selection changes colour with the focus, and the lead's ring comes or goes.
    open override func focusDidChange() {
        super.focusDidChange()
        redrawRows()
    }

    /// With ``contextMenuForRows``: the menu for the rows a right press at `point` acts on,
    /// selecting the row under it first unless it is selected already (so a multiple selection
    /// it is part of stays); for the keyboard (`point` `nil`), the menu for the selection.
    /// Without, the view's ``View/contextMenu``.
    open override func contextMenu(at point: Point?) -> Menu? {
        guard let contextMenuForRows else { return super.contextMenu(at: point) }
        var rows = selectedRows
        if let point {
            let hit = row(at: point)
            if let hit, !selectedRows.contains(hit) { userSelect(hit, animated: false) }
            rows = selectionMode == .none || hit == nil ? hit.map { [$0] } ?? [] : selectedRows
        } else if selectionMode == .none {
            rows = leadRow.map { [$0] } ?? []
        }
        return contextMenuForRows(rows) ?? contextMenu
    }

    /// Grabs the scroll indicator, or presses the row under the pointer and starts tracking a
    /// drag.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        if super.mouseDown(event) { return true }
        guard event.button == .left else { return false }
        drag = (event.locationInWindow, contentOffset.y, event.clickCount, event.modifiers, false)
        setPressedRow(row(at: event.location(in: self)))
        return true
    }

    /// Scrolls the content with the pointer once the drag passes a threshold (or with the
    /// grabbed indicator).
    open override func mouseDragged(_ event: MouseEvent) {
        guard var drag else { return super.mouseDragged(event) }
        let dy = event.locationInWindow.y - drag.start.y
        let dx = event.locationInWindow.x - drag.start.x
        if rowDrag?.movedRows != nil { return reorderDragMoved(to: event.location(in: self)) }
        // Sideways moves only drag rows out; up and down, they scroll too.
        let dragsRows =
            (onMoveRows != nil || dragContentForRows != nil) && pressedRow != nil
            && drag.modifiers.isDisjoint(with: [.shift, .control])
        if !drag.isScrolling, abs(dy) > Self.dragThreshold || (dragsRows && abs(dx) > Self.dragThreshold) {
            if beginReorderDrag(modifiers: drag.modifiers) { return reorderDragMoved(to: event.location(in: self)) }
            if beginRowDragOut(modifiers: drag.modifiers) { return }
            drag.isScrolling = true
            setPressedRow(nil)
        }
        self.drag = drag
        if drag.isScrolling {
            contentOffset = Point(x: contentOffset.x, y: drag.startOffset - dy)
            flashScrollIndicators()
        }
    }

    /// Selects the pressed row if released on it without scrolling (extending the selection
    /// with Shift, toggling the row with Control), and chooses it after a double click.
    open override func mouseUp(_ event: MouseEvent) {
        guard event.button == .left, let drag else { return super.mouseUp(event) }
        self.drag = nil
        if rowDrag?.movedRows != nil { return endReorderDrag() }
        let pressed = pressedRow
        setPressedRow(nil)
        guard !drag.isScrolling, let pressed, row(at: event.location(in: self)) == pressed else { return }
        if selectionMode == .multiple, drag.modifiers.contains(.shift) {
            extendSelection(to: pressed, animated: false)
        } else if drag.modifiers.contains(.control) {
            toggleSelection(of: pressed, animated: false)
        } else {
            userSelect(pressed, animated: false)
            if activatesOnSingleClick || drag.clickCount >= 2 { onPrimaryAction?(pressed) }
        }
    }

    /// Whether a press in progress hides the selection: a plain press, which will select its
    /// row alone (a Shift or Control press keeps it).
    var pressHidesSelection: Bool {
        pressedRow != nil && drag?.modifiers.isDisjoint(with: [.shift, .control]) ?? true
    }

    /// Drops a press that ended without a release.
    open override func mouseCancelled() {
        super.mouseCancelled()
        drag = nil
        if rowDrag?.movedRows != nil { endRowDrag() }
        setPressedRow(nil)
    }

    func setPressedRow(_ row: Int?) {
        guard row != pressedRow else { return }
        if let old = pressedRow { rowViews[old]?.isHighlighted = false }
        pressedRow = row
        if let row { rowViews[row]?.isHighlighted = true }
        // A plain press hides the selection (pressHidesSelection).
        for (row, view) in rowViews where selectedRows.contains(row) { view.setNeedsDisplay() }
    }

    /// Moves the selection with the arrows, Page Up, Page Down, Home and End (with Shift
    /// extending it and Control moving the lead alone, in a multiple selection); Control-Space
    /// toggles the lead row, Control-A selects every row; Enter chooses the lead row, Space
    /// ticks or unticks it, Delete and Backspace ask to delete it; typed text jumps to a
    /// matching row. Other keys go on up the chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        let page = max(1, Int((bounds.height / rowHeight).rounded(.down)) - 1)
        let current = leadRow
        let modifiers = event.modifiers
        switch event.key {
        case .escape where rowDrag?.movedRows != nil: endRowDrag()
        case .down: userMove(to: current.map { $0 + 1 } ?? visibleRows.lowerBound, modifiers: modifiers)
        case .up: userMove(to: current.map { $0 - 1 } ?? visibleRows.lowerBound, modifiers: modifiers)
        case .pageDown: userMove(to: (current ?? visibleRows.lowerBound) + page, modifiers: modifiers)
        case .pageUp: userMove(to: (current ?? visibleRows.lowerBound) - page, modifiers: modifiers)
        case .left, .right: return super.keyDown(event)  // sideways, in rows wider than the list
        case .home: userMove(to: 0, modifiers: modifiers)
        case .end: userMove(to: numberOfRows - 1, modifiers: modifiers)
        case .space where modifiers == .control:
            guard let current, selectionMode != .none else { return false }
            toggleSelection(of: current, animated: true)
        case .character where modifiers == .control && event.key.matches(.character("a")):
            guard selectionMode == .multiple, numberOfRows > 0 else { return false }
            userSelect(RowSet(0..<numberOfRows), lead: leadRow, anchor: anchorRow)
        case .enter:
            guard let current, event.modifiers.isEmpty else { return false }
            onPrimaryAction?(current)
        case .space where !isTypingAhead && modifiers.isEmpty && table != nil:
            guard let current, let table else { return false }
            return table.userToggleFirstCheckBox(inRow: current)
        case .space where !isTypingAhead:
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

    /// Whether type-ahead is under way (a key typed less than ``typeAheadTimeout`` ago): Space
    /// then types a space rather than ticking the lead row.
    var isTypingAhead: Bool { !typedPrefix.isEmpty }

    func content(of row: Int) -> ListRow? {
        rowViews[row]?.content ?? dataSource?.listView(self, rowAt: row)
    }

    /// Selects `row` alone as the user asked (see ``userSelect(_:lead:anchor:animated:)``).
    func userSelect(_ row: Int, animated: Bool = true) {
        guard let row = clampedRow(row) else { return }
        userSelect([row], lead: row, anchor: row, animated: animated)
    }

    /// Changes the selection as the user asked and scrolls the lead into view, telling
    /// ``onSelectedRowsChanged`` and ``onSelectionChanged`` of what changed.
    func userSelect(_ rows: RowSet, lead: Int?, anchor: Int?, animated: Bool = true) {
        let before = (rows: selectedRows, row: selectedRow)
        applySelection(rows, lead: lead.flatMap(clampedRow), anchor: anchor)
        if let leadRow { scrollToRow(leadRow, animated: animated) }
        if selectedRows != before.rows { onSelectedRowsChanged?(selectedRows) }
        if selectedRow != before.row { onSelectionChanged?(selectedRow) }
    }

    /// Moves the lead to `target` as an arrow (or Page Up, Page Down, Home, End) with
    /// `modifiers` asks: in a multiple selection Shift extends the selection from the anchor to
    /// it and Control moves the lead alone; otherwise it selects the row alone (in a list that
    /// selects none, it moves the lead).
    private func userMove(to target: Int, modifiers: Modifiers) {
        guard let target = clampedRow(target) else { return }
        if selectionMode == .multiple, modifiers.contains(.shift) {
            extendSelection(to: target, animated: true)
        } else if selectionMode == .none || (selectionMode == .multiple && modifiers.contains(.control)) {
            userSelect(selectedRows, lead: target, anchor: anchorRow)
        } else {
            userSelect(target)
        }
    }

    /// Selects the rows from the anchor to `row` (and nothing else), `row` becoming the lead.
    private func extendSelection(to row: Int, animated: Bool) {
        let anchor = anchorRow ?? leadRow ?? row
        userSelect(RowSet(min(anchor, row)...max(anchor, row)), lead: row, anchor: anchor, animated: animated)
    }

    /// Selects `row` if it is not selected, deselects it if it is; it becomes the lead and the
    /// anchor.
    private func toggleSelection(of row: Int, animated: Bool) {
        var rows = selectedRows
        rows.toggle(row)
        userSelect(rows, lead: row, anchor: row, animated: animated)
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
        let start = leadRow ?? 0
        for step in 0..<min(numberOfRows, Self.typeAheadSearchLimit) {
            let row = (start + step) % numberOfRows
            if dataSource.listView(self, rowAt: row).text.lowercased().hasPrefix(prefix) {
                userSelect(row)
                return
            }
        }
    }
}
