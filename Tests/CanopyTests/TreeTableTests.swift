@_spi(Testing) @testable import Canopy
import CanopyTesting
import Testing

/// Files and folders by path ("" is the root), each with a size and a kind, that notes whose
/// children it was asked for and sorts each folder's entries when the table asks.
@MainActor final class FileTreeSource: PathTreeSource, OutlineTableDataSource {
    init() {
        super.init([
            "": ["Docs", "Music", "notes.txt"], "Docs": ["Docs/b.txt", "Docs/a.txt", "Docs/Old"],
            "Docs/Old": ["Docs/Old/z.txt"], "Music": ["Music/song.ogg"],
        ])
    }

    let sizes = [
        "Docs": 55, "Music": 4000, "notes.txt": 12, "Docs/b.txt": 30, "Docs/a.txt": 20, "Docs/Old": 5,
        "Docs/Old/z.txt": 5, "Music/song.ogg": 4000,
    ]
    var sorts: [TableSortDescriptor] = []

    static let columns = [
        TableColumn("Name", width: 160), TableColumn("Size", width: 80, alignment: .trailing),
        TableColumn("Kind", width: 90),
    ]

    func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
        guard let path = tableView.node(atRow: row) as? String else { return .empty }
        switch column {
        case 0: return .text(String(path.split(separator: "/").last ?? ""))
        case 1: return .text("\(sizes[path] ?? 0) KB")
        default: return .text(children[path] == nil ? "File" : "Folder")
        }
    }

    /// Sorts every folder's entries (the root's too) by name or size.
    func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor) {
        sorts.append(descriptor)
        for (folder, entries) in children {
            children[folder] = entries.sorted { a, b in
                let (x, y) = descriptor.isAscending ? (a, b) : (b, a)
                return descriptor.columnID == "Size" ? (sizes[x]!, x) < (sizes[y]!, y) : x < y
            }
        }
    }
}

/// A tree-table (a table whose rows are an outline): nodes opened by a click on the first
/// column's triangle and by the arrows, each child's cells in its row, siblings sorted within
/// each parent, the indentation only in the first column, views only for the rows on screen in a
/// tree of a million nodes, and what screen readers see.
@MainActor @Suite struct TreeTableTests {
    @MainActor final class Fixture {
        let scene = Scene(size: Size(width: 360, height: 400))
        let table = TableView(
            columns: FileTreeSource.columns, isOutline: true, frame: Rect(x: 0, y: 0, width: 330, height: 300))
        let source = FileTreeSource()
        var expansions: [String] = []
        var outline: OutlineView { table.outlineView! }

        init() {
            table.listView.rowAnimationDuration = 0
            table.outlineDataSource = source
            scene.rootView.addSubview(table)
            _ = scene.prepareFrame()
            table.listView.becomeFocused()
            outline.onExpansionChanged = { [unowned self] node, open in
                expansions.append("\(open ? "+" : "-")\(node)")
            }
        }

        var shown: [String] { (0..<outline.numberOfRows).map { outline.node(atRow: $0) as! String } }

        /// What the row view of `row` shows in each column, as drawn.
        func cells(ofRow row: Int) -> [String] {
            guard let cells = table.listView.rowView(for: row)?.contentView as? TableRowCells else { return [] }
            return cells.cells.map(\.text)
        }

        func key(_ key: Key, _ modifiers: Modifiers = []) {
            scene.handleKeyDown(KeyEvent(key: key, text: "", modifiers: modifiers))
            _ = scene.prepareFrame()
        }

        func click(_ point: Point) {
            scene.handleMouseDown(MouseEvent(locationInWindow: point, clickCount: 1))
            scene.handleMouseUp(MouseEvent(locationInWindow: point, clickCount: 1))
            _ = scene.prepareFrame()
        }

        /// The middle of row `row`'s triangle, in the window.
        func triangle(ofRow row: Int) throws -> Point {
            let view = try #require(table.listView.rowView(for: row))
            let frame = try #require(view.disclosureFrame)
            return view.convert(Point(x: frame.midX, y: frame.midY), to: nil)
        }

        /// Each text drawn, and where its baseline starts in the window, in the order drawn.
        func drawnTexts() -> [(text: String, origin: Point)] {
            let context = RecordingContext(size: scene.size)
            scene.rootView.setNeedsDisplay()
            for rect in scene.prepareFrame() { scene.render(rect, in: context) }
            return context.operations.compactMap { operation in
                if case let .text(text, origin, _, _) = operation { return (text, origin) }
                return nil
            }
        }
    }

    @Test func aClickOnTheFirstColumnsTriangleOpensTheNodeWithItsChildrensCellsBelow() throws {
        let f = Fixture()
        #expect(f.shown == ["Docs", "Music", "notes.txt"] && f.source.askedForChildren == [""])
        #expect(f.cells(ofRow: 1) == ["Music", "4000 KB", "Folder"])
        let triangle = try f.triangle(ofRow: 0)
        #expect(f.table.frame(ofRow: 0, column: 0).contains(triangle))
        f.click(triangle)
        #expect(f.shown == ["Docs", "Docs/b.txt", "Docs/a.txt", "Docs/Old", "Music", "notes.txt"])
        #expect(f.source.askedForChildren == ["", "Docs"] && f.expansions == ["+Docs"])
        #expect(f.cells(ofRow: 1) == ["b.txt", "30 KB", "File"])
        #expect(f.cells(ofRow: 2) == ["a.txt", "20 KB", "File"])
        #expect(f.cells(ofRow: 3) == ["Old", "5 KB", "Folder"])
        #expect(f.cells(ofRow: 4) == ["Music", "4000 KB", "Folder"])  // moved down two rows
        #expect(f.table.listView.rowView(for: 1)?.disclosureFrame == nil)  // a file
        f.click(try f.triangle(ofRow: 0))
        #expect(f.shown == ["Docs", "Music", "notes.txt"] && f.expansions == ["+Docs", "-Docs"])
        #expect(f.cells(ofRow: 1) == ["Music", "4000 KB", "Folder"])
    }

    @Test func rightOpensAndGoesToTheFirstChildLeftGoesToTheParentAndCloses() {
        let f = Fixture()
        f.key(.down)  // Docs
        f.key(.right)  // opens
        #expect(f.shown.count == 6 && f.expansions == ["+Docs"] && f.outline.selectedNodes == ["Docs"])
        f.key(.down)
        f.key(.down)
        f.key(.down)  // Old
        f.key(.right)  // opens
        #expect(f.source.askedForChildren == ["", "Docs", "Docs/Old"])
        #expect(f.cells(ofRow: 4) == ["z.txt", "5 KB", "File"] && f.cells(ofRow: 5) == ["Music", "4000 KB", "Folder"])
        f.key(.right)  // to z.txt
        #expect(f.outline.selectedNodes == ["Docs/Old/z.txt"] && f.outline.level(ofRow: 4) == 2)
        f.key(.left)  // to its parent
        f.key(.left)  // Old closes
        #expect(f.outline.selectedNodes == ["Docs/Old"] && f.shown.count == 6)
        f.key(.left)  // to Docs
        f.key(.left)  // Docs closes
        #expect(
            f.shown == ["Docs", "Music", "notes.txt"] && f.expansions == ["+Docs", "+Docs/Old", "-Docs/Old", "-Docs"])
    }

    @Test func aSortByAColumnOrdersTheSiblingsWithinEachParent() throws {
        let f = Fixture()
        f.outline.expand("Docs")
        f.outline.expand("Docs/Old")
        f.outline.expand("Music")
        f.outline.selectRow(2)  // a.txt
        let title = f.table.convert(f.table.headerFrame(ofColumn: 1).center, to: nil)
        f.click(title)  // by size, smallest first
        #expect(f.source.sorts == [TableSortDescriptor(columnID: "Size", isAscending: true)])
        #expect(
            f.shown == [
                "notes.txt", "Docs", "Docs/Old", "Docs/Old/z.txt", "Docs/a.txt", "Docs/b.txt", "Music",
                "Music/song.ogg",
            ])
        #expect(f.cells(ofRow: 2) == ["Old", "5 KB", "Folder"] && f.cells(ofRow: 4) == ["a.txt", "20 KB", "File"])
        #expect(f.outline.selectedNodes == ["Docs/a.txt"] && f.outline.isExpanded("Docs/Old"))
        f.click(title)  // largest first
        #expect(
            f.shown == [
                "Music", "Music/song.ogg", "Docs", "Docs/b.txt", "Docs/a.txt", "Docs/Old", "Docs/Old/z.txt",
                "notes.txt",
            ])
        #expect((0..<8).map { f.outline.level(ofRow: $0)! } == [0, 1, 0, 1, 1, 1, 2, 0])
    }

    @Test func theIndentationAndTheTriangleAreInTheFirstColumnOnly() throws {
        let f = Fixture()
        f.outline.expand("Docs")
        f.outline.expand("Docs/Old")
        let drawn = f.drawnTexts()
        func place(_ text: String) throws -> Point { try #require(drawn.first { $0.text == text }?.origin) }
        let docs = try place("Docs"), old = try place("Old"), z = try place("z.txt")
        #expect(old.x - docs.x == f.outline.indentationWidth && z.x - old.x == f.outline.indentationWidth)
        #expect(try place("Music").x == docs.x)  // its row view moved down as Docs opened, its level stays
        // The Kind column (leading) starts its texts at one x whatever the level.
        let kinds = drawn.filter { ["Folder", "File"].contains($0.text) }.map(\.origin)
        #expect(Set(kinds.map(\.x)).count == 1 && kinds.count == 7)
        #expect(kinds[0].x == f.table.span(ofColumn: 2).minX + TableView.cellPadding)
        // Each triangle lies in the first column, after its row's indentation, before its name.
        let name = f.table.span(ofColumn: 0)
        for (row, text) in [(0, docs), (3, old)] {
            let triangle = try #require(f.table.listView.rowView(for: row)?.disclosureFrame)
            #expect(triangle.minX >= name.minX && triangle.maxX <= text.x)
            #expect(triangle.minX == TableView.cellPadding - 5 + Double(f.outline.level(ofRow: row)!) * 20)
        }
        // Right to left, the first column and its triangles are at the right.
        f.scene.layoutDirection = .rightToLeft
        _ = f.scene.prepareFrame()
        let mirrored = try #require(f.table.listView.rowView(for: 3)?.disclosureFrame)
        let span = f.table.span(ofColumn: 0)
        #expect(mirrored.maxX == span.minX + span.width - TableView.cellPadding + 5 - 20)
    }

    @Test func aDragOnTheFirstDividerNarrowsTheNamesAndDeepRowsGiveUpIndentationNotTheirNames() throws {
        let f = Fixture()
        f.outline.expand("Docs")
        f.outline.expand("Docs/Old")
        var resized: [Double] = []
        f.table.onColumnResized = { resized.append($1) }
        let divider = f.table.convert(Point(x: f.table.headerFrame(ofColumn: 0).maxX, y: 14), to: nil)
        f.scene.handleMouseDown(MouseEvent(locationInWindow: divider, clickCount: 1))
        f.scene.handleMouseDragged(MouseEvent(locationInWindow: divider.offsetBy(dx: -88, dy: 0), clickCount: 1))
        f.scene.handleMouseUp(MouseEvent(locationInWindow: divider.offsetBy(dx: -88, dy: 0), clickCount: 1))
        _ = f.scene.prepareFrame()
        #expect(resized == [72] && f.table.columnWidths[0] == 72)
        // 56 points inside the padding: Old (a level in) shows 4 of its 20 points of indentation,
        // z.txt (two levels in) the same 4 of its 40, so each keeps 32 points for its name.
        let docs = try #require(f.table.listView.rowView(for: 0)?.disclosureFrame)
        let old = try #require(f.table.listView.rowView(for: 3)?.disclosureFrame)
        #expect(docs.minX == TableView.cellPadding - 5 && old.minX == docs.minX + 4)
        let measurer = RecordingContext(size: f.scene.size)
        let drawn = f.drawnTexts()
        func drawnName(inRow row: Int) -> (text: String, origin: Point)? {
            let cell = f.table.frame(ofRow: row, column: 0)
            return drawn.first { cell.minY < $0.origin.y && $0.origin.y < cell.maxY && $0.origin.x < cell.maxX }
        }
        for (row, name) in [(3, "Old"), (4, "z.txt")] {
            let text = try #require(drawnName(inRow: row), "row \(row) draws no name")
            #expect(text.text == name || (text.text.hasSuffix("…") && name.hasPrefix(text.text.dropLast())))
            #expect(text.origin.x == TableView.cellPadding + 4 + 20)
            // It ends inside the first column's padding, never in the next column.
            let width = measurer.measure(text.text, font: f.table.theme.font).width
            #expect(text.origin.x + width <= 72 - TableView.cellPadding + 0.5, "\(text.text): \(width) wide")
        }
        #expect(drawn.contains { $0.text == "5 KB" })
        #expect(drawn.first { $0.text == "Folder" }?.origin.x == 72 + 80 + TableView.cellPadding)
        // Narrower than a triangle and a name (40: 24 points inside the padding), no row shows
        // indentation; a triangle that no longer fits goes.
        f.table.columns[0].width = 40
        _ = f.scene.prepareFrame()
        #expect(f.table.listView.rowView(for: 3)?.disclosureFrame?.minX == TableView.cellPadding - 5)
        f.table.columns[0].minimumWidth = 20
        f.table.columns[0].width = 20
        _ = f.scene.prepareFrame()
        #expect(f.table.listView.rowView(for: 0)?.disclosureFrame == nil)
    }

    @Test func whereRightAndLeftHaveNothingToOpenOrGoToTheyScrollWideColumnsSideways() {
        let f = Fixture()
        f.table.columns[2].width = 400  // 640 points of columns in a 330-point table
        _ = f.scene.prepareFrame()
        f.key(.end)  // notes.txt, a top-level file
        f.key(.right)
        let scrolled = f.table.listView.contentOffset.x
        #expect(scrolled > 0 && f.table.headerFrame(ofColumn: 0).minX == -scrolled)
        #expect(f.outline.selectedNodes == ["notes.txt"] && f.expansions.isEmpty)
        f.key(.right)
        #expect(f.table.listView.contentOffset.x > scrolled)
        f.key(.left)  // nowhere to go up to: back
        f.key(.left)
        #expect(f.table.listView.contentOffset.x == 0 && f.outline.selectedNodes == ["notes.txt"])
        f.key(.home)  // Docs, which opens, and its first child, a file
        f.key(.right)
        f.key(.right)
        f.key(.right)
        #expect(f.outline.selectedNodes == ["Docs/b.txt"] && f.table.listView.contentOffset.x > 0)
        f.key(.left)  // to the parent, which closes on the next Left
        f.key(.left)
        #expect(f.outline.selectedNodes == ["Docs"] && f.shown == ["Docs", "Music", "notes.txt"])
    }

    @Test func aMillionNodesUnderAThousandOpenFoldersMakeViewsOnlyForTheRowsOnScreen() {
        let source = ThousandFolders()
        let scene = Scene(size: Size(width: 400, height: 400))
        let table = TableView(
            columns: [TableColumn("Name", width: 200), TableColumn("Number", width: 120)], isOutline: true,
            frame: Rect(x: 0, y: 0, width: 400, height: 400))
        for folder in 0..<1_000 { table.outlineView?.expand(folder) }  // open before the rows exist
        table.outlineDataSource = source
        scene.rootView.addSubview(table)
        _ = scene.prepareFrame()
        #expect(table.listView.numberOfRows == 1_001_000)
        let onScreen = table.listView.visibleRows.count
        #expect(onScreen == 13)  // 372 points of 30-point rows
        #expect(table.listView.rowViewsMade == onScreen)
        #expect(table.listView.subviews.count { $0 is ListRowView } == onScreen)
        // Each row on screen: its type-ahead text and its two cells; children: the root's and each folder's.
        #expect(source.cellsAsked == 3 * onScreen && source.childrenAsked == 1_001)
        table.listView.scrollToRow(table.listView.numberOfRows - 1, animated: false)
        _ = scene.prepareFrame()
        // A jump to the end keeps a few views for reuse and makes the rest: never more than two screens.
        #expect(table.listView.rowViewsMade <= 2 * onScreen)
        #expect(table.listView.subviews.count { $0 is ListRowView } == table.listView.visibleRows.count)
        #expect(source.cellsAsked <= 3 * (2 * onScreen + 1))
        let last = table.listView.rowView(for: 1_000_999)?.contentView as? TableRowCells
        #expect(last?.cells == [.text("999.999"), .text("1000999")])
    }

    @Test func anotherDataSourceIsNeverAskedForTheCellsOfTheOldTreesNodes() {
        let f = Fixture()
        let thousand = ThousandFolders()
        f.table.outlineDataSource = thousand
        _ = f.scene.prepareFrame()
        #expect(f.table.listView.numberOfRows == 1_000 && thousand.foreignNodesAsked == 0)
        #expect((f.table.listView.rowView(for: 0)?.contentView as? TableRowCells)?.cells.first == .text("Folder 0"))
    }

    @Test func screenReadersSeeATreeTableWhoseFirstCellsHaveLevelsAndOpen() throws {
        let f = Fixture()
        #expect(AccessibilityElement(f.table).node?.role == .treeTable)
        let width = f.table.columns.count
        func cell(_ row: Int, _ column: Int) -> AccessibilityNode {
            f.table.accessibilityItem(at: width * (row + 1) + column)
        }
        #expect(
            cell(0, 0).level == 1 && cell(0, 0).states.contains(.expandable) && !cell(0, 0).states.contains(.expanded))
        #expect(cell(0, 1).level == nil && !cell(0, 1).states.contains(.expandable))
        #expect(!cell(2, 0).states.contains(.expandable))  // notes.txt
        let tracker = AccessibilityChangeTracker(scene: f.scene)
        _ = tracker.changes()
        #expect(f.table.performAccessibilityAction(.expand, onItem: width))
        #expect(f.shown.count == 6 && cell(0, 0).states.contains(.expanded) && cell(1, 0).level == 2)
        #expect(cell(1, 0).name == "b.txt" && cell(1, 1).name == "30 KB")
        let events = tracker.changes()
        #expect(events.contains(.stateChanged(AccessibilityElement(item: width, of: f.table), .expanded, isOn: true)))
        let added = events.compactMap { event -> Int? in
            if case let .childAdded(_, index, _) = event { return index }
            return nil
        }
        #expect(added == Array(2 * width..<5 * width))  // the cells of rows 1 to 3, where they came
        #expect(!f.table.performAccessibilityAction(.collapse, onItem: width + 1))  // not the first column
        #expect(f.table.performAccessibilityAction(.collapse, onItem: width))
        #expect(f.shown.count == 3)
    }
}

/// A thousand folders (nodes 0 to 999) of a thousand numbered files each (node 1,000 + 1,000 ×
/// folder + file), counting what it is asked.
@MainActor final class ThousandFolders: OutlineTableDataSource {
    var childrenAsked = 0
    var cellsAsked = 0
    /// How many cells it was asked for of rows showing a node not of its tree.
    var foreignNodesAsked = 0

    func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int {
        childrenAsked += 1
        return node == nil || (node as! Int) < 1_000 ? 1_000 : 0
    }
    func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable {
        guard let folder = node as? Int else { return index }
        return 1_000 + folder * 1_000 + index
    }
    func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool { (node as! Int) < 1_000 }

    func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
        cellsAsked += 1
        guard let node = tableView.node(atRow: row) as? Int else {
            foreignNodesAsked += 1
            return .empty
        }
        if column == 1 { return .text("\(node)") }
        return .text(node < 1_000 ? "Folder \(node)" : "\((node - 1_000) / 1_000).\((node - 1_000) % 1_000)")
    }
}
