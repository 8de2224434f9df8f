@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// A tree held as each path's children ("" is the root), that notes whose children it was
/// asked for (a tree-table's source adds cells to it: `FileTreeSource`).
@MainActor class PathTreeSource: OutlineViewDataSource {
    var children: [String: [String]]
    var askedForChildren: [String] = []

    init(_ children: [String: [String]]) { self.children = children }

    func outlineView(_ outlineView: OutlineView, numberOfChildrenOf node: AnyHashable?) -> Int {
        let path = node as? String ?? ""
        askedForChildren.append(path)
        return children[path]?.count ?? 0
    }
    func outlineView(_ outlineView: OutlineView, child index: Int, of node: AnyHashable?) -> AnyHashable {
        children[node as? String ?? ""]![index]
    }
    func outlineView(_ outlineView: OutlineView, isExpandable node: AnyHashable) -> Bool {
        children[node as! String] != nil
    }
    func outlineView(_ outlineView: OutlineView, rowFor node: AnyHashable) -> ListRow {
        ListRow(String((node as! String).split(separator: "/").last ?? ""))
    }

    /// A: a1 (a1x, a1y), a2; B: b1; C (a leaf).
    static func small() -> PathTreeSource {
        PathTreeSource([
            "": ["A", "B", "C"], "A": ["A/a1", "A/a2"], "A/a1": ["A/a1/x", "A/a1/y"], "B": ["B/b1"],
        ])
    }
}

/// An outline's nodes opened and closed by keys, clicks and code: what the data source is asked,
/// the rows that show, the selection kept on its nodes, and what screen readers are told.
@MainActor @Suite struct OutlineViewTests {
    @MainActor final class Fixture {
        let scene = Scene(size: Size(width: 300, height: 400))
        let outline = OutlineView(frame: Rect(x: 0, y: 0, width: 240, height: 360))
        let source: PathTreeSource
        var expansions: [String] = []

        init(_ source: PathTreeSource = .small(), mode: ListSelectionMode = .single) {
            self.source = source
            outline.rowAnimationDuration = 0
            outline.selectionMode = mode
            outline.outlineDataSource = source
            scene.rootView.addSubview(outline)
            _ = scene.prepareFrame()
            outline.becomeFocused()
            outline.onExpansionChanged = { [unowned self] node, open in
                expansions.append("\(open ? "+" : "-")\(node)")
            }
        }

        var shown: [String] { (0..<outline.numberOfRows).map { outline.node(atRow: $0) as! String } }

        func key(_ key: Key, _ modifiers: Modifiers = [], text: String = "") {
            scene.handleKeyDown(KeyEvent(key: key, text: text, modifiers: modifiers))
            _ = scene.prepareFrame()
        }

        func click(_ point: Point, count: Int = 1) {
            for click in 1...count {
                scene.handleMouseDown(MouseEvent(locationInWindow: point, clickCount: click))
                scene.handleMouseUp(MouseEvent(locationInWindow: point, clickCount: click))
            }
            _ = scene.prepareFrame()
        }

        /// The middle of row `row`'s triangle, in the window.
        func triangle(ofRow row: Int) throws -> Point {
            let view = try #require(outline.rowView(for: row))
            let frame = try #require(view.disclosureFrame)
            return view.convert(Point(x: frame.midX, y: frame.midY), to: nil)
        }
    }

    @Test func theDataSourceIsAskedForTheChildrenOfOpenedNodesOnly() {
        let f = Fixture()
        #expect(f.shown == ["A", "B", "C"] && f.source.askedForChildren == [""])
        f.key(.down)
        f.key(.right)  // A opens
        #expect(f.shown == ["A", "A/a1", "A/a2", "B", "C"] && f.source.askedForChildren == ["", "A"])
        #expect(f.expansions == ["+A"])
        f.key(.right)  // to A's first child
        #expect(f.outline.selectedRow == 1 && f.shown.count == 5)
        f.key(.right)  // a1 opens
        f.key(.right)  // to x
        #expect(f.outline.selectedNodes == ["A/a1/x"] && f.source.askedForChildren == ["", "A", "A/a1"])
        f.key(.right)  // x is a leaf: nothing happens
        #expect(f.outline.selectedNodes == ["A/a1/x"] && f.shown.count == 7)
    }

    @Test func leftClosesAnOpenNodeOrGoesToTheParent() {
        let f = Fixture()
        f.outline.expand("A")
        f.outline.expand("A/a1")
        f.outline.selectRow(3)  // y
        #expect(f.outline.selectedNodes == ["A/a1/y"] && f.expansions.isEmpty)  // from code: no callback
        f.key(.left)  // to the parent, a1
        #expect(f.outline.selectedNodes == ["A/a1"])
        f.key(.left)  // a1 closes
        #expect(f.shown == ["A", "A/a1", "A/a2", "B", "C"] && f.expansions == ["-A/a1"])
        f.key(.right)  // and opens again
        f.key(.up)
        f.key(.left)  // A (open) closes
        #expect(f.shown == ["A", "B", "C"] && f.outline.selectedNodes == ["A"])
        f.key(.left)  // a top-level closed node: nothing
        #expect(f.outline.selectedNodes == ["A"] && f.expansions == ["-A/a1", "+A/a1", "-A"])
        f.key(.right)  // A opens again with a1 still open below it (remembered)
        #expect(f.shown == ["A", "A/a1", "A/a1/x", "A/a1/y", "A/a2", "B", "C"])
    }

    @Test func shiftRightOpensEveryNodeBelowAndShiftLeftForgetsThem() {
        let f = Fixture()
        f.key(.down)
        f.key(.right, .shift)
        #expect(f.shown == ["A", "A/a1", "A/a1/x", "A/a1/y", "A/a2", "B", "C"])
        #expect(f.source.askedForChildren == ["", "A", "A/a1"])  // the leaves are not asked
        f.key(.left, .alt)
        #expect(f.shown == ["A", "B", "C"])
        f.key(.right)
        #expect(f.shown == ["A", "A/a1", "A/a2", "B", "C"])  // a1 was forgotten
        f.key(.end)
        f.key(.up)  // B
        f.key(.right, .alt)
        #expect(f.shown.suffix(3) == ["B", "B/b1", "C"])
        f.key(.home)
        f.key(.character("*"), .shift, text: "*")  // opens all below A again
        #expect(f.shown == ["A", "A/a1", "A/a1/x", "A/a1/y", "A/a2", "B", "B/b1", "C"])
    }

    @Test func aClickOnATriangleOpensItsNodeAndADoubleClickOnARowToggles() throws {
        let f = Fixture()
        f.outline.selectRow(2)
        f.click(try f.triangle(ofRow: 0))
        #expect(f.shown == ["A", "A/a1", "A/a2", "B", "C"] && f.expansions == ["+A"])
        #expect(f.outline.selectedNodes == ["C"] && f.outline.selectedRow == 4)  // the selection stays on C
        #expect(f.outline.rowView(for: 4)?.disclosureFrame == nil)  // C is a leaf
        let b = try #require(f.outline.rowView(for: 3))
        f.click(b.convert(Point(x: 150, y: 20), to: nil), count: 2)
        #expect(f.shown.suffix(3) == ["B", "B/b1", "C"] && f.outline.selectedNodes == ["B"])
        f.click(try f.triangle(ofRow: 0))
        #expect(f.shown == ["A", "B", "B/b1", "C"] && f.expansions == ["+A", "+B", "-A"])
    }

    @Test func closingOverTheSelectionPassesItToTheNodeAndReloadsKeepOpenNodesAndSelection() throws {
        let f = Fixture(mode: .multiple)
        f.outline.expand("A", all: true)
        f.outline.selectRows([3, 6], lead: 3)  // y and C
        var reported: [RowSet] = []
        f.outline.onSelectedRowsChanged = { reported.append($0) }
        f.click(try f.triangle(ofRow: 1))  // a1 closes over y
        #expect(f.outline.selectedNodes == ["A/a1", "C"] && f.outline.leadRow == 1 && reported == [[1, 4]])
        f.source.children[""] = ["Z", "A", "B", "C"]  // a new first node
        f.outline.reloadData()
        #expect(f.shown == ["Z", "A", "A/a1", "A/a2", "B", "C"])
        #expect(f.outline.selectedNodes == ["A/a1", "C"] && f.outline.leadRow == 2)
    }

    @Test func rowsIndentByLevelAndTriangleMirrorsRightToLeft() throws {
        let f = Fixture()
        f.outline.expand("A")
        let top = try #require(f.outline.rowView(for: 0)), child = try #require(f.outline.rowView(for: 1))
        let leaf = try #require(f.outline.rowView(for: 4))
        #expect(child.textFrame.minX - top.textFrame.minX == f.outline.indentationWidth)
        #expect(leaf.textFrame.minX == top.textFrame.minX)  // room for a triangle kept on the leaf
        let triangle = try #require(top.disclosureFrame)
        #expect(triangle.maxX <= top.textFrame.minX && triangle.minX >= 0)
        f.scene.layoutDirection = .rightToLeft
        _ = f.scene.prepareFrame()
        let mirrored = try #require(top.disclosureFrame)
        #expect(mirrored.minX == top.bounds.width - triangle.maxX && top.textFrame.maxX <= mirrored.minX)
        f.outline.selectRow(0)
        f.key(.left)  // Left goes forward: A is open, so to its first child
        #expect(f.outline.selectedNodes == ["A/a1"])
        f.key(.right)  // back to the parent
        #expect(f.outline.selectedNodes == ["A"])
    }

    @Test func rowsDeeperThanTheOutlineIsWideGiveUpIndentationAndKeepTheirNames() throws {
        // Eight levels down in 150 points: 120 inside the padding, for 140 of indentation and a triangle.
        let chain = (1...8).map { level in (1...level).map { "n\($0)" }.joined(separator: "/") }
        var tree = ["": [chain[0]]]
        for (parent, child) in zip(chain, chain.dropFirst()) { tree[parent] = [child] }
        let f = Fixture(PathTreeSource(tree))
        f.outline.frame.size.width = 150
        f.outline.expand(chain[0], all: true)
        _ = f.scene.prepareFrame()
        #expect(f.outline.numberOfRows == 8)
        let frames = try (0..<8).map { try #require(f.outline.rowView(for: $0)?.textFrame) }
        let room = 150 - 2 * ListRowView.padding - ListRowView.disclosureWidth
        // Each level indents 20 points until the name would keep less than 32: 0, 20, 40, 60, then 68.
        let shown = (0..<8).map { min(Double($0) * 20, room - ListRowView.minimumOutlineContentWidth) }
        #expect(frames.map { $0.minX - frames[0].minX } == shown)
        #expect(frames.allSatisfy { $0.width >= ListRowView.minimumOutlineContentWidth && $0.maxX <= 150 })
        let triangles = try (0..<7).map { try #require(f.outline.rowView(for: $0)?.disclosureFrame) }
        #expect(zip(triangles, frames).allSatisfy { $0.maxX <= $1.minX })
    }

    @Test func screenReadersSeeATreeOfLevelsAndHearNodesOpenWhereTheirRowsCome() throws {
        let f = Fixture()
        let tracker = AccessibilityChangeTracker(scene: f.scene)
        let tree = AccessibilityElement(f.outline)
        #expect(tree.node?.role == .tree)
        let a = try #require(AccessibilityElement(item: 0, of: f.outline).node)
        #expect(a.role == .treeItem && a.level == 1 && a.states.contains(.expandable) && !a.states.contains(.expanded))
        #expect(!(AccessibilityElement(item: 2, of: f.outline).node?.states.contains(.expandable) ?? true))
        f.outline.selectRow(2)  // C: the current item is not the one that opens
        _ = tracker.changes()
        #expect(f.outline.performAccessibilityAction(.expand, onItem: 0))
        let events = tracker.changes()
        let a0 = AccessibilityElement(item: 0, of: f.outline)
        #expect(events.contains(.stateChanged(a0, .expanded, isOn: true)))
        let added = events.compactMap { event -> Int? in
            if case let .childAdded(parent, index, _) = event, parent == tree { return index }
            return nil
        }
        #expect(added == [1, 2])  // where a1 and a2 came, not at the end
        // C moved from row 2 to row 4 but stayed the current item: no active-descendant event.
        #expect(!events.contains { if case .activeDescendantChanged = $0 { true } else { false } })
        #expect(AccessibilityElement(item: 1, of: f.outline).node?.level == 2)
        #expect(f.outline.performAccessibilityAction(.collapse, onItem: 0))
        let closing = tracker.changes()
        #expect(closing.contains(.stateChanged(a0, .expanded, isOn: false)))
        let removed = closing.compactMap { event -> Int? in
            if case let .childRemoved(parent, index, _) = event, parent == tree { return index }
            return nil
        }
        #expect(removed == [2, 1])
    }

    @Test func theRowsBelowSlideWhenANodeOpensAndTurnBackFromWhereTheyAreWhenItClosesHalfway() throws {
        let time = ManualTime()
        let scene = time.makeScene(size: Size(width: 300, height: 400))
        let outline = OutlineView(frame: Rect(x: 0, y: 0, width: 240, height: 360))
        let source = PathTreeSource.small()
        outline.outlineDataSource = source
        scene.rootView.addSubview(outline)
        _ = scene.prepareFrame()
        outline.selectRow(1)  // B
        let b = try #require(outline.rowView(for: 1))
        #expect(b.presentedFrame.minY == 40)
        outline.expand("A", animated: true)  // A opens: B slides from 40 down to 120
        time.step(by: outline.rowAnimationDuration / 2)
        let halfway = b.presentedFrame.minY
        #expect(halfway > 40 && halfway < 120 && outline.selectedNodes == ["B"])
        outline.collapse("A", animated: true)  // closes before the slide ends: B turns back
        time.step(by: outline.rowAnimationDuration / 4)
        let returning = b.presentedFrame.minY
        #expect(returning < halfway && returning > 40, "\(halfway) \(returning)")
        time.step(by: outline.rowAnimationDuration)
        _ = scene.prepareFrame()
        #expect(b.presentedFrame.minY == 40 && outline.selectedNodes == ["B"] && outline.selectedRow == 1)
    }

    @Test func typeAheadMatchesTheRowsThatShowOnly() {
        let closed = Fixture()
        closed.key(.character("x"), text: "x")  // x is inside a closed node: nothing to match
        #expect(closed.outline.selectedRow == nil)
        let f = Fixture()
        f.outline.expand("A")
        f.key(.character("a"), text: "a")
        f.key(.character("2"), text: "2")
        #expect(f.outline.selectedNodes == ["A/a2"])
    }

    @Test func aWideNodeOfTenThousandChildrenMakesViewsOnlyForTheRowsOnScreen() {
        let wide = (0..<10_000).map { "W/\($0)" }
        let f = Fixture(PathTreeSource(["": ["W"], "W": wide]))
        f.outline.expand("W", animated: true)
        _ = f.scene.prepareFrame()
        #expect(f.outline.numberOfRows == 10_001)
        #expect(f.outline.rowViewsMade < 20)
        f.key(.down)
        f.key(.end)
        #expect(f.outline.selectedNodes == ["W/9999"])
        f.key(.home)
        f.key(.left)
        #expect(f.outline.numberOfRows == 1)
    }
}
