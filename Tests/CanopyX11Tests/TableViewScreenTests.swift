@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// A table of planets on screen, worked through the X server: titles clicked to sort, a
    /// divider dragged to resize its column under the resize pointer, rows selected with Shift
    /// and Control, the keys alone, a check box ticked and type-ahead on the sort column; and
    /// what it draws at 1×, 2× and right to left.
    @MainActor @Suite struct TableViewScreenTests {
        /// The eight planets: a name, a mean radius in kilometres and whether it was visited.
        @MainActor final class Planets: TableViewDataSource {
            var rows: [(name: String, radius: Int, visited: Bool)] = [
                ("Mercury", 2440, true), ("Venus", 6052, true), ("Earth", 6371, false), ("Mars", 3390, true),
                ("Jupiter", 69911, true), ("Saturn", 58232, true), ("Uranus", 25362, true), ("Neptune", 24622, true),
            ]
            var sorts: [TableSortDescriptor] = []
            var ticks: [String] = []

            func numberOfRows(in tableView: TableView) -> Int { rows.count }

            func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
                switch column {
                case 0: .text(rows[row].name)
                case 1: .text("\(rows[row].radius)")
                default: .checkBox(rows[row].visited)
                }
            }

            func tableView(_ tableView: TableView, sortBy descriptor: TableSortDescriptor) {
                sorts.append(descriptor)
                let order = rows.indices.sorted { a, b in
                    let (x, y) = descriptor.isAscending ? (rows[a], rows[b]) : (rows[b], rows[a])
                    return descriptor.columnID == "Radius" ? x.radius < y.radius : x.name < y.name
                }
                rows = order.map { rows[$0] }
                tableView.listView.reorderRows(order)
            }

            func tableView(_ tableView: TableView, setChecked isChecked: Bool, row: Int, column: Int) {
                rows[row].visited = isChecked
                ticks.append("\(rows[row].name) \(isChecked)")
            }
        }

        /// A button, then a table 300 × 200 under it (a 28-point header, rows 30 high).
        @MainActor final class Screen {
            let test: TestWindow
            let other = Button(title: "Other", frame: Rect(x: 10, y: 10, width: 70, height: 30))
            let table = TableView(
                columns: [
                    TableColumn("Name", width: 120, minimumWidth: 60, flex: 1),
                    TableColumn("Radius", width: 90, minimumWidth: 50, maximumWidth: 150, alignment: .trailing),
                    TableColumn("Visited", width: 70, alignment: .center, isSortable: false),
                ], frame: Rect(x: 10, y: 50, width: 300, height: 200))
            let planets = Planets()
            var resized: [String] = []

            init(scale: Double? = nil, direction: LayoutDirection = .leftToRight) throws {
                let root = View()
                root.backgroundColor = .white
                for view in [other, table] as [View] { root.addSubview(view) }
                table.dataSource = planets
                table.listView.selectionMode = .multiple
                test = try TestWindow(size: Size(width: 320, height: 260), rootView: root, scale: scale)
                test.window.scene.layoutDirection = direction
                table.onColumnResized = { [unowned self] in self.resized.append("\($0) \($1)") }
                #expect(test.settle())
            }

            /// The window point in the middle of column `column`'s title.
            func title(_ column: Int) -> Point { table.convert(table.headerFrame(ofColumn: column).center, to: nil) }

            /// The window point in the middle of the cell at `row` in `column`.
            func cell(_ row: Int, _ column: Int) -> Point {
                table.convert(table.frame(ofRow: row, column: column).center, to: nil)
            }

            /// The names down the first column, as the table shows them to screen readers.
            var names: [String] {
                (0..<table.accessibilityRowCount).compactMap { row in
                    table.accessibilityItem(atRow: row, column: 0).map { table.accessibilityItem(at: $0).name }
                }
            }
        }

        @Test func aClickOnATitleSortsAscendingAndASecondDescending() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.title(0))
            #expect(test.wait { screen.planets.sorts.count == 1 })
            #expect(screen.planets.sorts == [TableSortDescriptor(columnID: "Name", isAscending: true)])
            #expect(screen.names == ["Earth", "Jupiter", "Mars", "Mercury", "Neptune", "Saturn", "Uranus", "Venus"])
            test.click(at: screen.title(0))
            #expect(test.wait { screen.planets.sorts.count == 2 })
            #expect(screen.planets.sorts.last == TableSortDescriptor(columnID: "Name", isAscending: false))
            #expect(screen.names == ["Venus", "Uranus", "Saturn", "Neptune", "Mercury", "Mars", "Jupiter", "Earth"])
            #expect(screen.table.sortDescriptor?.isAscending == false)
            test.click(at: screen.title(1))  // another column: ascending again
            #expect(test.wait { screen.planets.sorts.count == 3 })
            #expect(screen.planets.sorts.last == TableSortDescriptor(columnID: "Radius", isAscending: true))
            #expect(screen.names.prefix(3) == ["Mercury", "Mars", "Venus"])
            test.click(at: screen.title(2))  // not sortable
            #expect(test.settle())
            #expect(screen.planets.sorts.count == 3)
        }

        @Test func theSelectedRowsStaySelectedThroughASortByATitlesClick() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.cell(2, 0))  // Earth
            test.click(at: screen.cell(3, 0), modifiers: .control)  // and Mars, the lead
            #expect(test.wait { screen.table.listView.selectedRows == [2, 3] })
            test.click(at: screen.title(1))  // by radius: Mercury, Mars, Venus, Earth, ...
            #expect(test.wait { screen.planets.sorts.count == 1 })
            #expect(test.settle())
            let names = screen.table.listView.selectedRows.map { screen.planets.rows[$0].name }
            #expect(names == ["Mars", "Earth"])
            #expect(screen.table.listView.leadRow.map { screen.planets.rows[$0].name } == "Mars")
            // What a user sees: the highlight is on the rows now holding Mars and Earth.
            test.move(to: Point(x: 300, y: 20))
            #expect(test.settle())
            let shot = try test.capture()
            let colours = (0..<5).map { row in
                let point = screen.table.convert(screen.table.frame(ofRow: row, column: 1).origin, to: nil)
                return shot.rgb(x: Int(point.x) + 4, y: Int(point.y) + 4)
            }
            let selected = Theme.standard.focusedSelectedBackground.rgbValue
            #expect(colours.map { $0 == selected } == [false, true, false, true, false])
        }

        @Test func theSortColumnsTitleShowsATriangleThatTurnsOver() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            /// How many dark pixels the top and bottom halves of the indicator's square hold.
            func triangle() throws -> (top: Int, bottom: Int) {
                #expect(test.settle())
                let shot = try test.capture()
                let frame = screen.table.convert(screen.table.headerFrame(ofColumn: 0), to: nil)
                let center = Point(x: frame.maxX - TableView.cellPadding - 5, y: frame.midY.rounded())
                var counts = (top: 0, bottom: 0)
                for y in Int(center.y) - 3..<Int(center.y) + 3 {
                    for x in Int(center.x) - 6...Int(center.x) + 6 {
                        guard let rgb = shot.rgb(x: x, y: y), rgb & 0xff < 0x80 else { continue }
                        if y < Int(center.y) { counts.top += 1 } else { counts.bottom += 1 }
                    }
                }
                return counts
            }
            let unsorted = try triangle()
            #expect(unsorted.top + unsorted.bottom == 0)
            test.click(at: screen.title(0))
            let ascending = try triangle()
            #expect(ascending.top > 0 && ascending.top < ascending.bottom, "\(ascending)")  // tip up
            test.click(at: screen.title(0))
            let descending = try triangle()
            #expect(descending.bottom > 0 && descending.top > descending.bottom, "\(descending)")  // tip down
        }

        @Test func aDragOnADividerResizesItsColumnUnderTheResizePointer() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            #expect(table.columnWidths == [140, 90, 70])  // the name column takes the spare 20
            let cursor = try ScreenCursorReader(displayName: test.application.displayName)
            let edge = table.convert(Point(x: table.headerFrame(ofColumn: 1).maxX, y: 14), to: nil)
            test.input.move(to: edge, in: test.window)
            #expect(test.wait { cursor.current()?.name == "col-resize" })
            test.input.press()
            test.input.move(to: edge.offsetBy(dx: 40, dy: 0), in: test.window)
            #expect(test.wait { table.columnWidths[1] == 130 })
            #expect(table.columnWidths == [100, 130, 70])  // the flexible name column gives way
            test.input.move(to: edge.offsetBy(dx: 120, dy: 60), in: test.window)  // past the maximum
            #expect(test.wait { table.columnWidths[1] == 150 })
            test.input.release()
            #expect(test.settle())
            #expect(screen.resized.last == "1 150.0")
            // The name column's divider, dragged far left, stops at its minimum.
            let nameEdge = table.convert(Point(x: table.headerFrame(ofColumn: 0).maxX, y: 14), to: nil)
            test.input.move(to: nameEdge, in: test.window)
            test.input.press()
            test.input.move(to: nameEdge.offsetBy(dx: -200, dy: 0), in: test.window)
            test.input.release()
            #expect(test.wait { table.columnWidths[0] == 60 })
            #expect(screen.planets.sorts.isEmpty)  // a drag on a divider does not sort
        }

        @Test func columnsWiderThanTheTableScrollSidewaysWithTheHeader() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            table.columns[0].width = 400
            table.columns[0].flex = 0
            #expect(test.settle())
            #expect(table.listView.contentSize.width == 560)
            test.scroll(steps: 3, at: screen.cell(1, 0), horizontally: true)
            #expect(test.wait { table.listView.contentOffset.x > 0 })
            let offset = table.listView.contentOffset.x
            #expect(table.headerFrame(ofColumn: 1).minX == 400 - offset)
            table.listView.becomeFocused()
            test.tap(.down)  // a row scrolled into view keeps the sideways offset
            #expect(test.settle())
            #expect(table.listView.contentOffset.x == offset)
        }

        @Test func rightToLeftColumnsWiderThanTheTableShowTheFirstColumnAtTheRight() throws {
            let screen = try Screen(direction: .rightToLeft)
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            table.columns[0].width = 400
            table.columns[0].flex = 0
            #expect(test.settle())
            let list = table.listView
            #expect(list.contentOffset.x == 260 && list.maximumContentOffset.x == 260)
            #expect(table.headerFrame(ofColumn: 0).maxX == 300)  // the first column at the right edge
            test.scroll(steps: -1, at: screen.cell(1, 0), horizontally: true)  // towards the last column
            #expect(test.wait { list.contentOffset.x == 230 })
            table.columns[1].width = 120  // wider rows keep what shows at the right edge
            #expect(test.settle())
            #expect(list.contentOffset.x == 260 && list.maximumContentOffset.x == 290)
        }

        @Test func shiftAndControlClicksSelectSeveralRows() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, list) = (screen.test, screen.table.listView)
            var reported: [RowSet] = []
            list.onSelectedRowsChanged = { reported.append($0) }
            test.click(at: screen.cell(1, 0))
            test.click(at: screen.cell(3, 1), modifiers: .shift)
            test.click(at: screen.cell(2, 0), modifiers: .control)
            #expect(test.wait { reported.count == 3 }, "\(reported)")
            #expect(reported == [[1], RowSet(1...3), [1, 3]])
        }

        @Test func aRightPressSelectsItsRowAndAsksForTheMenuOfIt() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, list) = (screen.test, screen.table.listView)
            var asked: [RowSet] = []
            list.contextMenuForRows = { rows in
                asked.append(rows)
                return Menu(items: [MenuItem("Open") {}])
            }
            test.click(at: screen.cell(4, 1), button: .right)
            #expect(test.wait { test.window.scene.presentations.contains { $0.isPresented } })
            #expect(asked == [[4]])
            #expect(list.selectedRows == [4])
            test.tap(.escape)
            #expect(test.settle())
        }

        @Test func theSelectionIsMutedWhenTheRowsLoseTheFocus() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.cell(1, 0))
            /// The colour of the selected row's cell at `column`'s start, the pointer away.
            func colour() throws -> UInt32? {
                test.move(to: Point(x: 300, y: 20))
                #expect(test.settle())
                let point = screen.table.convert(screen.table.frame(ofRow: 1, column: 1).origin, to: nil)
                return try test.capture().rgb(x: Int(point.x) + 4, y: Int(point.y) + 4)
            }
            #expect(try colour() == Theme.standard.focusedSelectedBackground.rgbValue)
            test.click(screen.other)
            #expect(try colour() == Theme.standard.selectedBackground.rgbValue)
        }

        @Test func theKeysAloneMoveExtendAndTypeAheadOnTheSortColumn() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            test.input.focus(test.window)
            #expect(test.wait { test.window.hasKeyboardFocus })
            screen.other.becomeFocused()
            test.tap(.tab)
            #expect(test.wait { table.listView.isFocused })
            test.tap(.down)
            test.tap(.down)
            test.tap(.down, modifiers: .shift)
            #expect(test.wait { table.listView.selectedRows == RowSet(1...2) })
            test.tap(.end)
            #expect(test.wait { table.listView.selectedRows == [7] })
            test.tap(.home)
            #expect(test.wait { table.listView.selectedRows == [0] })
            test.type("ma")  // the first column while unsorted
            #expect(test.wait { table.listView.selectedRows == [3] })  // Mars
        }

        @Test func spaceTicksTheLeadRowsCheckBox() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            table.listView.becomeFocused()
            test.tap(.down)
            test.tap(.down)
            test.tap(.down)  // Earth, not visited
            test.tap(.space)
            #expect(test.wait { screen.planets.ticks == ["Earth true"] })
            test.tap(.space)
            #expect(test.wait { screen.planets.ticks == ["Earth true", "Earth false"] })
        }

        @Test func typeAheadMatchesTheSortColumn() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            test.click(at: screen.title(1))  // by radius: 2440, 3390, 6052, ...
            test.click(at: screen.cell(0, 0))
            #expect(test.wait { table.listView.selectedRows == [0] })
            test.type("6")
            #expect(test.wait { table.listView.selectedRows == [2] })
            #expect(screen.names[2] == "Venus")
        }

        @Test func aClickOnACheckBoxCellTellsTheDataSourceAndShowsIt() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            test.click(at: screen.cell(2, 2))
            #expect(test.wait { screen.planets.ticks == ["Earth true"] })
            let cell = try #require(table.accessibilityItem(atRow: 2, column: 2))
            #expect(table.accessibilityItem(at: cell).states.contains(.checked))
            // A screen reader's toggle does the same.
            #expect(table.performAccessibilityAction(.toggle, onItem: cell))
            #expect(screen.planets.ticks == ["Earth true", "Earth false"])
            #expect(!table.accessibilityItem(at: cell).states.contains(.checked))
        }

        /// A million rows whose first column is a label of the app's own, made once per row view.
        @MainActor final class Badges: TableViewDataSource {
            var viewsMade = 0
            func numberOfRows(in tableView: TableView) -> Int { 1_000_000 }
            func tableView(_ tableView: TableView, cellAtRow row: Int, column: Int) -> TableCell {
                .text(column == 0 ? "Badge \(row)" : "\(row * 3)")
            }
            func makeCellView(for tableView: TableView, column: Int) -> View? {
                guard column == 0 else { return nil }
                viewsMade += 1
                return Label(text: "", textColor: Color(rgb: 0x1565c0))
            }
            func tableView(_ tableView: TableView, bind view: View, toRow row: Int, column: Int) {
                (view as? Label)?.text = "Badge \(row)"
            }
        }

        @Test func aMillionRowsOfTheAppsViewsMakeOnlyTheViewsOnScreen() throws {
            let root = View()
            let table = TableView(
                columns: [TableColumn("Badge", flex: 1), TableColumn("Number", alignment: .trailing)],
                frame: Rect(x: 0, y: 0, width: 300, height: 240))
            let badges = Badges()
            table.dataSource = badges
            root.addSubview(table)
            let test = try TestWindow(size: Size(width: 300, height: 240), rootView: root)
            defer { test.close() }
            #expect(test.settle())
            let madeFirst = badges.viewsMade
            #expect(madeFirst > 0 && madeFirst <= 10)  // 212 points of rows 30 high
            table.listView.becomeFocused()
            test.tap(.end)
            #expect(test.wait { table.listView.rowView(for: 999_999) != nil })
            #expect(test.settle())
            // One for each row view the list made (those at both ends while the scroll slid), reused
            // for the rows scrolled by.
            #expect(badges.viewsMade == table.listView.rowViewsMade)
            #expect(badges.viewsMade < 3 * madeFirst)
            let label = try #require(table.listView.rowView(for: 999_999)?.contentView?.subviews.first as? Label)
            #expect(label.text == "Badge 999999")
            #expect(label.frame.width == table.columnWidths[0] - 2 * TableView.cellPadding)
            #expect(table.accessibilityItemCount == 2_000_002)
        }

        @Test(arguments: [(1.0, LayoutDirection.leftToRight), (2.0, .leftToRight), (1.0, .rightToLeft)])
        func itDrawsTitlesCellsAndTheSelection(scale: Double, direction: LayoutDirection) throws {
            let screen = try Screen(scale: scale, direction: direction)
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            test.click(at: screen.title(0))
            test.click(at: screen.cell(1, 0))
            #expect(test.settle())
            let shot = try test.capture()
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                let name = direction == .rightToLeft ? "rtl" : "\(Int(scale))x"
                try shot.writePNG(to: "\(directory)/table-\(name).png")
            }
            // The first column is at the leading edge; its titles' and cells' texts are on it.
            let name = table.convert(table.headerFrame(ofColumn: 0), to: nil)
            #expect(direction == .rightToLeft ? name.maxX == 310 : name.minX == 10)
            // The selected row's background in a cell's empty part (the radius is trailing).
            let radius = table.convert(table.frame(ofRow: 1, column: 1), to: nil)
            let emptyX = direction == .rightToLeft ? radius.maxX - 12 : radius.minX + 12
            #expect(
                shot.rgb(x: Int(emptyX * scale), y: Int(radius.midY * scale))
                    == Theme.standard.focusedSelectedBackground.rgbValue)
        }
    }
}
