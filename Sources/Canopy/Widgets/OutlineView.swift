/// A tree of rows that open and close: a ``ListView`` whose rows are the nodes that show (the
/// top-level nodes, and the children of every open node below it), each indented by its level
/// with a disclosure triangle before the nodes that can open.
///
/// The tree comes from an ``OutlineViewDataSource``, asked for a node's children only when the
/// node opens and for a row's content only when the row comes on screen, so a folder of ten
/// thousand entries costs nothing until it opens and a row for each on screen after. Nodes are
/// the data source's own stable values: ``reloadData()`` asks again for the children of the root
/// and of every open node, keeping the nodes that remain open and selected.
///
/// What the user does, besides all a list does (arrows, Page Up/Down, Home, End, type-ahead on
/// the rows that show, a selection of one or several, a context menu per row):
/// - a click on a triangle, a double click on a row, Right on a closed node and Left on an open
///   one open and close it (Alt-click, Shift-Right, Alt-Right and `*` open it and every node
///   below it; Shift-Left and Alt-Left close it and forget what was open below it):
///   ``onExpansionChanged``;
/// - Right on an open node goes to its first child, Left on a closed one to its parent;
/// - in a right-to-left window the triangles point left and Left and Right swap.
///
/// The rows below a node that opens or closes slide into place (``ListView/rowAnimationDuration``);
/// the selection stays on its nodes, and passes to a node that closes over a selected one.
/// Screen readers see a tree whose items have a level and are expandable and expanded.
public final class OutlineView: ListView {
    /// Where the tree comes from; held weakly. Setting it reloads the outline. (The outline is
    /// its own ``ListView/dataSource``: leave that alone.)
    public weak var outlineDataSource: OutlineViewDataSource? {
        didSet { reloadData() }
    }
    /// Called when the user opened (`true`) or closed a node.
    public var onExpansionChanged: ((AnyHashable, Bool) -> Void)?
    /// What the rows show in a tree-table's outline: the table's cells (their text, their view
    /// and its binding), instead of the outline data source's rows.
    weak var rowContentSource: ListViewDataSource?

    /// One row: a node that shows and how deep it is (0 for the top level).
    private struct Entry {
        var node: AnyHashable
        var level: Int
    }

    /// The rows, in order.
    private var entries: [Entry] = []
    /// The nodes that are open, or will show open when their parents open.
    private var expandedNodes: Set<AnyHashable> = []
    /// The outline's rows as a list's, made from ``entries``.
    private let rows = OutlineRows()
    /// How many clicks the press in progress is.
    private var pressClickCount = 0

    /// Creates an empty outline.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isOutline = true
        rows.outline = self
        dataSource = rows
    }

    // MARK: Nodes

    /// The node shown in `row`, if the row exists.
    public func node(atRow row: Int) -> AnyHashable? {
        entries.indices.contains(row) ? entries[row].node : nil
    }

    /// The row showing `node`, if it shows (its ancestors are all open): a search of the rows.
    public func row(forNode node: AnyHashable) -> Int? {
        entries.firstIndex { $0.node == node }
    }

    /// How deep the node in `row` is: 0 for a top-level node, 1 for its children, and so on.
    public func level(ofRow row: Int) -> Int? {
        entries.indices.contains(row) ? entries[row].level : nil
    }

    /// The row of the parent of the node in `row`; `nil` for a top-level node.
    public func parentRow(ofRow row: Int) -> Int? {
        guard let level = level(ofRow: row), level > 0 else { return nil }
        return entries[..<row].lastIndex { $0.level < level }
    }

    /// Whether `node` is open (or will show open when its ancestors open).
    public func isExpanded(_ node: AnyHashable) -> Bool { expandedNodes.contains(node) }

    /// The nodes of the selected rows, in row order.
    public var selectedNodes: [AnyHashable] { selectedRows.compactMap { node(atRow: $0) } }

    /// Opens `node` (with `all`, every node below it too), without calling anything: its children
    /// show below it, sliding the rows after them down when `animated`. A node that does not
    /// show yet opens when its ancestors do.
    public func expand(_ node: AnyHashable, all: Bool = false, animated: Bool = false) {
        guard let row = row(forNode: node) else {
            expandedNodes.insert(node)
            return
        }
        open(row: row, all: all, animated: animated)
    }

    /// Closes `node`, without calling anything: its descendants leave the rows (the rows after
    /// them sliding up when `animated`); with `forgettingDescendants`, nodes open below it show
    /// closed when it opens again.
    public func collapse(_ node: AnyHashable, forgettingDescendants: Bool = false, animated: Bool = false) {
        guard let row = row(forNode: node) else {
            expandedNodes.remove(node)
            return
        }
        close(row: row, forgettingDescendants: forgettingDescendants, animated: animated)
    }

    // MARK: Data

    /// Asks the data source again for the children of the root and of every open node, and the
    /// rows on screen: nodes that remain keep their open state and their selection (found by
    /// value), the offset stays.
    public override func reloadData() {
        let selected = Set(selectedNodes)
        let lead = leadRow.flatMap { node(atRow: $0) }
        entries = outlineDataSource.map { expandedDescendants(of: nil, level: 0, source: $0, all: false) } ?? []
        super.reloadData()
        guard !selected.isEmpty || lead != nil else { return }
        var selection = RowSet()
        var leadRow: Int?
        for (row, entry) in entries.enumerated() {
            if selected.contains(entry.node) { selection.insert(row) }
            if entry.node == lead { leadRow = row }
        }
        applySelection(selection, lead: leadRow ?? selection.first, anchor: leadRow ?? selection.first)
    }

    /// The rows under `node` (the root, for `nil`) once it is open: its children at `level` and,
    /// under each open child (with `all`, each child that can open), that child's rows, asking
    /// for the children of just those. A node met twice (a tree that loops) does not open again.
    private func expandedDescendants(
        of node: AnyHashable?, level: Int, source: OutlineViewDataSource, all: Bool
    ) -> [Entry] {
        var result: [Entry] = []
        var opened: Set<AnyHashable> = []
        func children(of parent: AnyHashable?, level: Int) -> [Entry] {
            let count = max(0, source.outlineView(self, numberOfChildrenOf: parent))
            return (0..<count).map { Entry(node: source.outlineView(self, child: $0, of: parent), level: level) }
        }
        var pending = Array(children(of: node, level: level).reversed())
        while let entry = pending.popLast() {
            result.append(entry)
            guard all || expandedNodes.contains(entry.node),
                source.outlineView(self, isExpandable: entry.node), opened.insert(entry.node).inserted
            else { continue }
            if all { expandedNodes.insert(entry.node) }
            pending += children(of: entry.node, level: entry.level + 1).reversed()
        }
        return result
    }

    /// Opens the node in `row` (with `all`, every node below it), inserting the rows that come
    /// (the children, and those of nodes below that are or become open) and leaving those that
    /// show already where they are.
    private func open(row: Int, all: Bool, animated: Bool) {
        guard let source = outlineDataSource, entries.indices.contains(row) else { return }
        let entry = entries[row]
        guard source.outlineView(self, isExpandable: entry.node) else { return }
        let wasOpen = expandedNodes.contains(entry.node)
        guard all || !wasOpen else { return }
        let shown = descendantRange(ofRow: row)
        let openBefore = Set(entries[shown].lazy.map(\.node).filter { self.expandedNodes.contains($0) })
        expandedNodes.insert(entry.node)
        let coming = expandedDescendants(of: entry.node, level: entry.level + 1, source: source, all: all)
        // The rows that show already are a subsequence of those coming: the others are inserted.
        var inserted: [Int] = []
        var next = shown.lowerBound
        for (offset, new) in coming.enumerated() {
            if next < shown.upperBound, entries[next].node == new.node {
                next += 1
            } else {
                inserted.append(row + 1 + offset)
            }
        }
        // Rows that stay and now show open redraw their triangles.
        let turned = Set(entries[shown].lazy.map(\.node).filter { self.expandedNodes.contains($0) })
            .subtracting(openBefore)
        if !wasOpen { accessibilityJournal.record(.stateChanged(index: row, .expanded, isOn: true)) }
        for old in shown where turned.contains(entries[old].node) {
            accessibilityJournal.record(.stateChanged(index: old, .expanded, isOn: true))
        }
        entries.replaceSubrange(shown, with: coming)
        insertRows(at: inserted, animated: animated)
        let redrawn = coming.indices.filter { turned.contains(coming[$0].node) }.map { row + 1 + $0 }
        reloadRows(at: (wasOpen ? [] : [row]) + redrawn)
    }

    /// Closes the node in `row`: its descendants' rows go. A selected row that goes passes its
    /// selection (and the lead) to the node that closes; returns whether one did.
    @discardableResult
    private func close(row: Int, forgettingDescendants: Bool, animated: Bool) -> Bool {
        guard entries.indices.contains(row), expandedNodes.remove(entries[row].node) != nil else { return false }
        let hidden = descendantRange(ofRow: row)
        if forgettingDescendants { for entry in entries[hidden] { expandedNodes.remove(entry.node) } }
        let hidesSelection = selectedRows.contains { hidden.contains($0) }
        let hidesLead = leadRow.map { hidden.contains($0) } ?? false
        entries.removeSubrange(hidden)
        accessibilityJournal.record(.stateChanged(index: row, .expanded, isOn: false))
        deleteRows(at: Array(hidden), animated: animated)
        reloadRows(at: [row])
        if hidesSelection || hidesLead {
            var selection = selectedRows
            if hidesSelection { selection.insert(row) }
            applySelection(selection, lead: hidesLead ? row : leadRow, anchor: hidesLead ? row : leadRow)
        }
        return hidesSelection
    }

    /// The rows below `row` deeper than it: its descendants that show.
    private func descendantRange(ofRow row: Int) -> Range<Int> {
        let level = entries[row].level
        let end = entries[(row + 1)...].firstIndex { $0.level <= level } ?? entries.count
        return row + 1..<end
    }

    /// What `row` shows: the data source's row, indented by its level, with a triangle when it
    /// can open.
    fileprivate func listRow(at row: Int) -> ListRow {
        let entry = entries[row]
        guard let source = outlineDataSource else { return ListRow("") }
        var content = rowContentSource?.listView(self, rowAt: row) ?? source.outlineView(self, rowFor: entry.node)
        content.indentationLevel = entry.level
        content.isExpanded =
            source.outlineView(self, isExpandable: entry.node) ? expandedNodes.contains(entry.node) : nil
        return content
    }

    fileprivate var rowCount: Int { entries.count }

    // MARK: The user's opening and closing

    /// Opens or closes the node in `row` as the user asked, telling ``onExpansionChanged``.
    @discardableResult
    override func userSetExpanded(_ isExpanded: Bool, row: Int, all: Bool = false) -> Bool {
        guard let node = node(atRow: row) else { return false }
        let selectedBefore = selectedRow.flatMap { self.node(atRow: $0) }
        let wasOpen = expandedNodes.contains(node)
        var selectionPassed = false
        if isExpanded {
            open(row: row, all: all, animated: true)
        } else {
            selectionPassed = close(row: row, forgettingDescendants: all, animated: true)
        }
        let nowOpen = expandedNodes.contains(node)
        if nowOpen != wasOpen { onExpansionChanged?(node, nowOpen) }
        // Rows that moved keep their nodes: only a selection passed to the node that closed is news.
        if selectionPassed {
            onSelectedRowsChanged?(selectedRows)
            if selectedRow.flatMap({ self.node(atRow: $0) }) != selectedBefore { onSelectionChanged?(selectedRow) }
        }
        return nowOpen != wasOpen
    }

    // MARK: Input

    /// A press on a triangle opens or closes its node (Alt-click: with every node below);
    /// other presses go to the list.
    public override func mouseDown(_ event: MouseEvent) -> Bool {
        pressClickCount = event.clickCount
        let point = event.location(in: self)
        if event.button == .left, let row = row(at: point), let view = rowView(for: row),
            let triangle = view.disclosureFrame, triangle.contains(view.convert(point, from: self))
        {
            let isOpen = node(atRow: row).map(isExpanded) ?? false
            userSetExpanded(!isOpen, row: row, all: event.modifiers.contains(.alt))
            return true
        }
        return super.mouseDown(event)
    }

    /// A double click on a row that can open opens or closes it, after choosing it as a list does.
    public override func mouseUp(_ event: MouseEvent) {
        let pressed = pressedRow
        let plain = event.modifiers.isDisjoint(with: [.shift, .control])
        super.mouseUp(event)
        guard event.button == .left, pressClickCount >= 2, plain, let pressed,
            row(at: event.location(in: self)) == pressed, let node = node(atRow: pressed)
        else { return }
        userSetExpanded(!isExpanded(node), row: pressed)
    }

    /// Right opens a closed node or goes to an open one's first child, Left closes an open node
    /// or goes to a closed one's parent (swapped in a right-to-left window); with Shift or Alt,
    /// the node opens with every node below it, or closes forgetting them, as `*` opens all.
    /// Where there is nothing to open, close or go to (Right on a leaf, Left on a closed
    /// top-level node), the arrow scrolls rows wider than the outline sideways, as Qt's tree
    /// view does, so the keyboard reaches a tree-table's columns off screen. Every other key is
    /// a list's.
    public override func keyDown(_ event: KeyEvent) -> Bool {
        let all = !event.modifiers.isDisjoint(with: [.shift, .alt])
        let plainOrAll = event.modifiers.isSubset(of: [.shift, .alt])
        switch event.key {
        case .left where plainOrAll, .right where plainOrAll:
            guard let lead = leadRow, let node = node(atRow: lead) else { return super.keyDown(event) }
            let forward = (event.key == .right) == (layoutDirection == .leftToRight)
            let canOpen = outlineDataSource?.outlineView(self, isExpandable: node) ?? false
            if forward {
                if canOpen && (!isExpanded(node) || all) {
                    userSetExpanded(true, row: lead, all: all)
                } else if level(ofRow: lead + 1).map({ $0 > entries[lead].level }) == true {
                    userSelect(lead + 1)
                } else {
                    return super.keyDown(event)
                }
            } else if isExpanded(node) {
                userSetExpanded(false, row: lead, all: all)
            } else if let parent = parentRow(ofRow: lead) {
                userSelect(parent)
            } else {
                return super.keyDown(event)
            }
            return true
        case .character("*"):
            guard let lead = leadRow else { return false }
            userSetExpanded(true, row: lead, all: true)
            return true
        default:
            return super.keyDown(event)
        }
    }
}

/// An outline's rows as a list's data source: the outline holds it (the list holds its data
/// source weakly) and it reads the outline's rows.
@MainActor private final class OutlineRows: ListViewDataSource {
    weak var outline: OutlineView?

    func numberOfRows(in listView: ListView) -> Int { outline?.rowCount ?? 0 }

    func listView(_ listView: ListView, rowAt index: Int) -> ListRow { outline?.listRow(at: index) ?? ListRow("") }

    func makeRowContentView(for listView: ListView) -> View? {
        guard let outline else { return nil }
        if let content = outline.rowContentSource { return content.makeRowContentView(for: outline) }
        return outline.outlineDataSource?.makeRowContentView(for: outline)
    }

    func listView(_ listView: ListView, bind view: View, toRow index: Int) {
        guard let outline, let node = outline.node(atRow: index) else { return }
        if let content = outline.rowContentSource { return content.listView(outline, bind: view, toRow: index) }
        outline.outlineDataSource?.outlineView(outline, bind: view, to: node)
    }
}
