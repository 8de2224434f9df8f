import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// A list that selects several rows, on screen: Shift-clicks, Control-clicks, a right press
    /// and the keys alone, sent through the X server; the callbacks it makes and the colours of
    /// its rows (selected, unselected, selected without focus) read back as pixels.
    @MainActor @Suite struct ListSelectionScreenTests {
        /// A button at the top, then a list of 20 rows (rows 0 to 4 on screen) on a 320 × 260
        /// window.
        @MainActor final class Screen {
            let test: TestWindow
            let other = Button(title: "Other", frame: Rect(x: 10, y: 10, width: 70, height: 30))
            let list = ListView(frame: Rect(x: 10, y: 50, width: 300, height: 200))
            let rows = TextListDataSource((0..<20).map { "Row \($0)" })
            var reported: [RowSet] = []
            var menuRan: [RowSet] = []

            init(scale: Double? = nil) throws {
                let root = View()
                root.backgroundColor = .white
                for view in [other, list] as [View] { root.addSubview(view) }
                list.dataSource = rows
                list.selectionMode = .multiple
                test = try TestWindow(size: Size(width: 320, height: 260), rootView: root, scale: scale)
                list.onSelectedRowsChanged = { [unowned self] in self.reported.append($0) }
                list.contextMenuForRows = { [unowned self] rows in
                    Menu(items: [MenuItem("Open") { self.menuRan.append(rows) }])
                }
                #expect(test.settle())
            }

            /// A window point inside row `row`, right of its text.
            func point(inRow row: Int) -> Point {
                list.convert(Point(x: 250, y: Double(row) * list.rowHeight + 20), to: nil)
            }

            /// The colour of row `row`, the pointer away from the list, once the screen caught up.
            func colour(ofRow row: Int) throws -> UInt32 {
                test.move(to: Point(x: 300, y: 20))
                #expect(test.settle())
                let point = point(inRow: row), scale = test.window.scale
                return try #require(try test.capture().rgb(x: Int(point.x * scale), y: Int(point.y * scale)))
            }

            func colours(ofRows rows: Range<Int>) throws -> [UInt32] { try rows.map { try colour(ofRow: $0) } }
        }

        static let selected = Theme.standard.focusedSelectedBackground.rgbValue
        static let unfocused = Theme.standard.selectedBackground.rgbValue
        static let plain: UInt32 = 0xffffff

        @Test(arguments: [1.0, 2.0]) func shiftClickExtendsAndControlClickToggles(scale: Double) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.point(inRow: 1))
            test.click(at: screen.point(inRow: 3), modifiers: .shift)
            test.click(at: screen.point(inRow: 2), modifiers: .control)
            #expect(test.wait { screen.reported.count == 3 }, "\(screen.reported)")
            #expect(screen.reported == [[1], RowSet(1...3), [1, 3]])
            let s = Self.selected, p = Self.plain
            #expect(try screen.colours(ofRows: 0..<5) == [p, s, p, s, p])
            test.click(screen.other)  // the list loses the focus: its selection is muted
            #expect(!screen.list.isFocused)
            #expect(try screen.colours(ofRows: 0..<5) == [p, Self.unfocused, p, Self.unfocused, p])
        }

        @Test func aRightPressOnAnUnselectedRowSelectsItAndTheMenuActsOnIt() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.point(inRow: 0))
            test.click(at: screen.point(inRow: 1), modifiers: .shift)
            test.click(at: screen.point(inRow: 1), button: .right)  // in the selection: kept
            #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
            test.tap(.escape)
            #expect(test.settle())
            #expect(screen.list.selectedRows == [0, 1])
            test.click(at: screen.point(inRow: 4), button: .right)
            #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
            #expect(screen.list.selectedRows == [4] && screen.reported.last == [4])
            test.tap(.down)
            test.tap(.enter)
            #expect(test.wait { screen.menuRan == [[4]] }, "\(screen.menuRan)")
            let s = Self.selected, p = Self.plain
            #expect(try screen.colours(ofRows: 0..<5) == [p, p, p, p, s])
        }

        @Test func theKeysAloneSelectSeveralToggleAndSelectAll() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            screen.other.becomeFocused()
            test.tap(.tab)
            #expect(screen.list.isFocused)
            test.tap(.down)
            for _ in 0..<3 { test.tap(.down, modifiers: .shift) }
            #expect(test.wait { screen.reported.last == RowSet(0...3) }, "\(screen.reported)")
            test.tap(.up, modifiers: .control)
            test.tap(.up, modifiers: .control)  // the lead on row 1, the selection unchanged
            test.tap(.space, modifiers: .control)
            #expect(test.wait { screen.reported.last == [0, 2, 3] }, "\(screen.reported)")
            #expect(screen.reported == [[0], [0, 1], RowSet(0...2), RowSet(0...3), [0, 2, 3]])
            #expect(screen.list.leadRow == 1)
            let s = Self.selected, p = Self.plain
            #expect(try screen.colours(ofRows: 0..<5) == [s, p, s, s, p])
            test.tap(.character("a"), modifiers: .control)
            #expect(test.wait { screen.reported.last == RowSet(0..<20) }, "\(screen.reported)")
            #expect(try screen.colours(ofRows: 0..<5) == [s, s, s, s, s])
        }
    }
}
