@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Several rows selected by keys and clicks, the lead and the anchor, the selection kept on its
/// rows as rows come and go, and the context menu made for the rows it acts on.
@MainActor @Suite struct ListSelectionTests {
    /// A focused list of `rows` rows (40 points each, rows 0 to 4 on screen) in multiple mode, and the
    /// selections its callbacks reported.
    @MainActor final class Fixture {
        let scene = Scene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let source: CountingDataSource
        var reported: [RowSet] = []
        var reportedRows: [Int?] = []

        init(rows: Int, mode: ListSelectionMode = .multiple) {
            source = CountingDataSource(count: rows)
            list.dataSource = source
            list.selectionMode = mode
            scene.rootView.addSubview(list)
            _ = scene.prepareFrame()
            list.becomeFocused()
            list.onSelectedRowsChanged = { [unowned self] in reported.append($0) }
            list.onSelectionChanged = { [unowned self] in reportedRows.append($0) }
        }

        func key(_ key: Key, _ modifiers: Modifiers = [], times: Int = 1) {
            for _ in 0..<times { scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers)) }
        }

        func click(row: Int, _ modifiers: Modifiers = [], button: MouseButton = .left) {
            let point = Point(x: 50, y: Double(row) * 40 + 20 - list.contentOffset.y)
            scene.handleMouseDown(MouseEvent(locationInWindow: point, button: button, modifiers: modifiers))
            scene.handleMouseUp(MouseEvent(locationInWindow: point, button: button, modifiers: modifiers))
        }
    }

    @Test func shiftArrowsExtendFromTheAnchorAndControlMovesTheLeadAlone() {
        let f = Fixture(rows: 100)
        f.key(.down)
        #expect(f.list.selectedRows == [0] && f.list.leadRow == 0)
        f.key(.down, .shift, times: 3)
        #expect(f.list.selectedRows == RowSet(0...3) && f.list.leadRow == 3)
        #expect(f.reported == [[0], [0, 1], RowSet(0...2), RowSet(0...3)])
        f.key(.up, .shift)  // back towards the anchor: the range shrinks
        #expect(f.list.selectedRows == RowSet(0...2))
        f.key(.down, .control, times: 3)  // the lead moves, the selection stays
        #expect(f.list.selectedRows == RowSet(0...2) && f.list.leadRow == 5 && f.reported.count == 5)
        f.key(.space, .control)
        #expect(f.list.selectedRows == [0, 1, 2, 5] && f.reported.last == [0, 1, 2, 5])
        f.key(.space, .control)
        #expect(f.list.selectedRows == RowSet(0...2))
        f.key(.end, .shift)  // from the anchor Control-Space set (row 5) to the end
        #expect(f.list.selectedRows == RowSet(5...99) && f.list.leadRow == 99)
        f.key(.home, .shift)
        #expect(f.list.selectedRows == RowSet(0...5) && f.list.leadRow == 0)
        f.key(.pageDown, .shift)  // a page is four rows here
        #expect(f.list.selectedRows == RowSet(4...5) && f.list.leadRow == 4)
        f.key(.down)  // a plain arrow selects one row again
        #expect(f.list.selectedRows == [5] && f.list.selectedRow == 5)
    }

    @Test func controlASelectsEveryRowOfAMillionAsOneRange() {
        let f = Fixture(rows: 1_000_000)
        f.key(.down, times: 2)
        f.source.requested.removeAll()
        f.key(.character("a"), .control)
        #expect(f.list.selectedRows == RowSet(0..<1_000_000) && f.list.leadRow == 1)
        #expect(f.list.selectedRows.ranges.count == 1 && f.source.requested.isEmpty)
        #expect(f.reported.last?.count == 1_000_000)
        #expect(f.list.selectedRow == 1)  // the lead, as it is selected
    }

    @Test func aSingleSelectionIgnoresShiftAndTheNoneModeSelectsNothing() {
        let single = Fixture(rows: 10, mode: .single)
        single.key(.down, .shift, times: 3)
        #expect(single.list.selectedRows == [2])
        single.key(.character("a"), .control)
        #expect(single.list.selectedRows == [2])
        single.click(row: 4, .control)
        #expect(single.list.selectedRows == [4])
        single.click(row: 4, .control)  // Control-click deselects
        #expect(single.list.selectedRows.isEmpty && single.list.selectedRow == nil && single.list.leadRow == 4)

        let none = Fixture(rows: 10, mode: .none)
        var chosen: [Int] = []
        none.list.onPrimaryAction = { chosen.append($0) }
        none.key(.down, times: 2)
        none.click(row: 4)
        none.key(.space, .control)
        #expect(none.list.selectedRows.isEmpty && none.list.leadRow == 4 && none.reported.isEmpty)
        none.key(.enter)
        #expect(chosen == [4])
    }

    @Test func shiftClickExtendsAndControlClickToggles() {
        let f = Fixture(rows: 100)
        f.click(row: 1)
        f.click(row: 3, .shift)
        #expect(f.list.selectedRows == RowSet(1...3) && f.list.leadRow == 3)
        f.click(row: 0, .shift)  // from the same anchor, the other way
        #expect(f.list.selectedRows == RowSet(0...1))
        f.click(row: 4, .control)
        #expect(f.list.selectedRows == [0, 1, 4])
        f.click(row: 0, .control)
        #expect(f.list.selectedRows == [1, 4] && f.list.leadRow == 0 && f.list.selectedRow == 1)
        f.click(row: 2, .shift)  // the anchor is the row last toggled
        #expect(f.list.selectedRows == RowSet(0...2))
        f.click(row: 2)
        #expect(f.list.selectedRows == [2])
        #expect(f.reported == [[1], RowSet(1...3), [0, 1], [0, 1, 4], [1, 4], RowSet(0...2), [2]])
    }

    @Test func theSelectionStaysOnItsRowsAsRowsComeAndGo() {
        let f = Fixture(rows: 10)
        f.list.selectRows([2, 3, 7], lead: 3)
        #expect(f.reported.isEmpty)  // from code: no callback
        f.source.count = 12
        f.list.insertRows(at: [0, 5], animated: false)  // new places: 0 and 5
        #expect(f.list.selectedRows == [3, 4, 9] && f.list.leadRow == 4)
        f.source.count = 10
        f.list.deleteRows(at: [4, 9], animated: false)  // the lead and row 9 go
        #expect(f.list.selectedRows == [3] && f.list.leadRow == 4)
        f.list.deleteRows(at: [3], animated: false)
        f.source.count = 9
        f.list.deleteRows(at: [3], animated: false)  // every selected row gone: the lead's place takes it
        #expect(f.list.selectedRows == [3] && f.list.leadRow == 3)
        f.list.selectRows(RowSet(0..<9))
        f.source.count = 4
        f.list.reloadData()
        #expect(f.list.selectedRows == RowSet(0..<4) && f.list.leadRow == 0)
        f.source.count = 0
        f.list.reloadData()
        #expect(f.list.selectedRows.isEmpty && f.list.leadRow == nil)
    }

    /// A focused list over `chores` sorted as a table's data source sorts them: by their
    /// indices, the rows then put in that order and the list told of it.
    func sortedBackwards(_ chores: Chores, in list: ListView, animated: Bool = false) {
        let order = Array(chores.items.indices.reversed())
        chores.items = order.map { chores.items[$0] }
        list.reorderRows(order, animated: animated)
    }

    @Test func aSortKeepsTheSelectionLeadAndAnchorOnTheirRows() {
        let f = Fixture(rows: 0)
        let chores = Chores(100)
        f.list.dataSource = chores
        f.list.reloadData()
        f.click(row: 2)
        f.click(row: 4, .control)  // lead and anchor: "Chore 4"
        f.reported = []
        sortedBackwards(chores, in: f.list)
        _ = f.scene.prepareFrame()
        #expect(f.list.selectedRows == [95, 97] && f.list.leadRow == 95)
        #expect(f.reported.isEmpty)  // the app sorted: no callback
        // The lead was on screen, so it still is, and the rows show what they now hold.
        #expect(f.list.visibleRows.contains(95))
        #expect(f.list.rowView(for: 95)?.content.text == "Chore 4")
        #expect(f.list.rowView(for: 95)?.isSelected == true)
        #expect(f.list.rowView(for: 94)?.isSelected == false)
        f.key(.up, .shift)  // extends from the anchor, which followed its row
        #expect(f.list.selectedRows == RowSet(94...95))
        #expect(f.list.rowView(for: 94)?.content.text == "Chore 5")
    }

    @Test func aSortOfAMillionSelectedRowsKeepsThemAll() {
        let f = Fixture(rows: 1_000_000)
        f.key(.character("a"), .control)
        f.list.reorderRows(Array((0..<1_000_000).reversed()))
        #expect(f.list.selectedRows == RowSet(0..<1_000_000) && f.list.selectedRows.ranges.count == 1)
    }

    @Test func anOrderThatIsNotOneOfTheRowsReloadsInstead() {
        let f = Fixture(rows: 5)
        f.list.selectRows([1], lead: 1)
        f.list.reorderRows([0, 1, 1, 3, 4])  // row 1 twice, row 2 never
        #expect(f.list.selectedRows == [1] && f.list.leadRow == 1)
        f.list.reorderRows([4, 3, 2, 1])  // one row short
        #expect(f.list.selectedRows == [1])
        f.list.reorderRows([4, 3, 2, 1, 5])  // past the end
        #expect(f.list.selectedRows == [1])
        f.list.reorderRows([4, 3, 2, 1, 0])
        #expect(f.list.selectedRows == [3])
    }

    @Test func anAnimatedSortSlidesTheRowsFromWhereTheyWere() {
        let time = ManualTime()
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let chores = Chores(5)
        list.dataSource = chores
        scene.rootView.addSubview(list)
        _ = scene.prepareFrame()
        sortedBackwards(chores, in: list, animated: true)
        #expect(list.rowView(for: 4)?.content.text == "Chore 0")
        #expect(list.rowView(for: 4)?.presentedFrame.minY == 0)  // where "Chore 0" was
        time.step(by: list.rowAnimationDuration)
        _ = scene.prepareFrame()
        #expect(list.rowView(for: 4)?.presentedFrame.minY == 160)
    }

    @Test func aRightPressSelectsAnUnselectedRowAndTheMenuGetsItsRows() {
        let f = Fixture(rows: 10)
        var asked: [RowSet] = []
        var ran: [RowSet] = []
        f.list.contextMenuForRows = { rows in
            asked.append(rows)
            return Menu(items: [MenuItem("Open") { ran.append(rows) }])
        }
        f.list.selectRows([1, 2], lead: 2)
        f.click(row: 2, button: .right)  // in the selection: it stays
        #expect(asked == [[1, 2]] && f.list.selectedRows == [1, 2])
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        f.click(row: 4, button: .right)  // outside: it becomes the selection
        #expect(asked.last == [4] && f.list.selectedRows == [4] && f.reported == [[4]])
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        f.key(.down, .shift)
        f.scene.handleKeyDown(KeyEvent(key: .menu))  // the keyboard: the selection
        #expect(asked.last == [4, 5])
        f.scene.handleKeyDown(KeyEvent(key: .down))  // the menu has the keyboard
        f.scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(ran == [[4, 5]])
        #expect(f.list.accessibilityNode?.actions.contains(.showMenu) == true)
    }

    @Test func rowsAreMarkedSelectedAndTheListMultiselectable() {
        let f = Fixture(rows: 10)
        #expect(f.list.accessibilityNode?.states.contains(.multiselectable) == true)
        f.key(.down)
        f.key(.down, .shift, times: 2)
        #expect(f.list.accessibilitySelectedChildren == [0, 1, 2])
        #expect(f.list.accessibilityItem(at: 1).states.contains(.selected))
        #expect(f.list.accessibilityItem(at: 2).states.contains(.focused))  // the lead
        #expect(!f.list.accessibilityItem(at: 1).states.contains(.focused))
        #expect(f.list.selectAccessibilityChild(6) && f.list.selectedRows == [0, 1, 2, 6])
        #expect(f.list.deselectAccessibilityChild(1) && f.list.selectedRows == [0, 2, 6])
        #expect(f.list.selectAllAccessibilityChildren() && f.list.selectedRows == RowSet(0..<10))
        #expect(f.list.clearAccessibilitySelection() && f.list.selectedRows.isEmpty)
        f.list.selectionMode = .single
        #expect(f.list.accessibilityNode?.states.contains(.multiselectable) == false)
        #expect(!f.list.selectAllAccessibilityChildren())
    }

    @Test func selectingAMillionRowsReportsABoundedRunOfEvents() {
        let f = Fixture(rows: 1_000_000)
        f.key(.down)
        let tracker = AccessibilityChangeTracker(scene: f.scene)
        f.key(.character("a"), .control)
        let events = tracker.changes()
        let list = AccessibilityElement(f.list)
        let selected = events.filter {
            if case let .stateChanged(_, state, isOn) = $0 { return state == .selected && isOn } else { return false }
        }
        #expect(selected.count == AccessibilityChangeTracker.itemEventLimit)
        #expect(selected.first == .stateChanged(AccessibilityElement(item: 1, of: f.list), .selected, isOn: true))
        #expect(events.last == .selectionChanged(list))
        f.key(.down)  // one row again: a bounded run of rows leave, and the lead moves
        #expect(tracker.changes().count == AccessibilityChangeTracker.itemEventLimit + 2)
    }

    @Test func theSelectionIsMutedWithoutFocusAndTheLeadHasARing() {
        let f = Fixture(rows: 10)
        f.key(.down)
        f.key(.down, .control)  // lead on row 1, row 0 selected
        func operations(_ row: Int) -> [RecordingContext.Operation] {
            guard let view = f.list.rowView(for: row) else { return [] }
            let context = RecordingContext(size: view.bounds.size)
            view.draw(in: context, bounds: view.bounds)
            return context.operations
        }
        func background(_ row: Int) -> Color? {
            if case let .fill(_, color) = operations(row).first { return color } else { return nil }
        }
        func hasRing(_ row: Int) -> Bool {
            operations(row).contains { if case .strokeRoundedRect = $0 { return true } else { return false } }
        }
        let theme = Theme.standard
        #expect(background(0) == theme.focusedSelectedBackground && !hasRing(0))
        #expect(background(1) == theme.contentBackground && hasRing(1))
        f.list.resignFocus()
        #expect(background(0) == theme.selectedBackground && !hasRing(1))
        f.list.unfocusedSelectedRowColor = .black
        #expect(background(0) == .black)
    }
}
