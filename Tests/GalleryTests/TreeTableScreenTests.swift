@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Foundation
import GalleryKit
import Testing

extension GalleryTests {
    /// The Gallery's project tree in a tree-table on a real window: a folder opened by a click on
    /// its triangle and by the arrows sent through the X server, its entries' cells in the rows
    /// below it, a click on a title sorting each folder's entries, and the pixels: the names
    /// indented by level after the triangles, the other columns not, at 1× and 2×.
    @MainActor @Suite struct TreeTableScreenTests {
        /// A 480 × 360 window holding the tree-table (a 28-point header, 30-point rows).
        @MainActor final class Screen {
            let test: TestWindow
            let table = TableView(
                columns: ProjectTree.columns, isOutline: true, frame: Rect(x: 10, y: 10, width: 460, height: 340))
            let tree = ProjectTree()
            var opened: [String] = []

            init(scale: Double? = nil) throws {
                let root = View()
                root.backgroundColor = .white
                root.addSubview(table)
                table.outlineDataSource = tree
                test = try TestWindow(size: Size(width: 480, height: 360), rootView: root, scale: scale)
                table.outlineView?.onExpansionChanged = { [unowned self] node, open in
                    opened.append("\(open ? "+" : "-")\(node)")
                }
                table.listView.becomeFocused()
                #expect(test.settle())
            }

            var shown: [String] {
                (0..<table.listView.numberOfRows).map { table.node(atRow: $0) as? String ?? "?" }
            }

            /// What the cells of row `row` read, as screen readers get them.
            func cells(ofRow row: Int) -> [String] {
                table.columns.indices.compactMap { column in
                    table.accessibilityItem(atRow: row, column: column).map { table.accessibilityItem(at: $0).name }
                }
            }

            /// The middle of row `row`'s triangle, in the window.
            func triangle(ofRow row: Int) throws -> Point {
                let view = try #require(table.listView.rowView(for: row))
                let frame = try #require(view.disclosureFrame)
                return view.convert(frame.center, to: nil)
            }

            /// Where the first ink (text darker than the row) is in the cell at `row` in
            /// `column`, in window points from the window's left, looking from `from` points into
            /// the cell on (past the focus ring, or past a triangle); `nil` for a blank cell.
            func inkStart(row: Int, column: Int, from: Double = 4) throws -> Double? {
                try inked(row: row, column: column, from: from).first
            }

            /// Where the last ink is in the cell at `row` in `column` (as ``inkStart(row:column:from:)``).
            func inkEnd(row: Int, column: Int, from: Double = 4) throws -> Double? {
                try inked(row: row, column: column, from: from).last
            }

            /// The window x of each pixel column with ink in the cell at `row` in `column`, in order.
            private func inked(row: Int, column: Int, from: Double) throws -> [Double] {
                let shot = try test.capture(), scale = test.window.scale
                let cell = table.convert(table.frame(ofRow: row, column: column), to: nil)
                let top = Int(((cell.midY - 7) * scale).rounded()), bottom = Int(((cell.midY + 7) * scale).rounded())
                let background = shot.rgb(x: Int((cell.minX + 2) * scale), y: Int((cell.minY + 3) * scale)) ?? 0
                func inked(_ x: Int) -> Bool {
                    (top...bottom).contains { y in
                        let pixel = shot.rgb(x: x, y: y) ?? background
                        return [UInt32(16), 8, 0].contains { shift in
                            abs(Int((pixel >> shift) & 0xff) - Int((background >> shift) & 0xff)) > 0x60
                        }
                    }
                }
                let start = Int(((cell.minX + from) * scale).rounded(.up)),
                    end = Int((cell.maxX * scale).rounded(.down))
                return (start..<end).filter(inked).map { Double($0) / scale }
            }

            func screenshot(_ name: String) throws {
                guard let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] else { return }
                try test.capture().writePNG(to: "\(directory)/\(name).png")
            }
        }

        @Test(arguments: [1.0, 2.0]) func aClickOnATriangleOpensTheFolderAndOnlyTheNamesAreIndented(
            scale: Double
        ) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let test = screen.test
            #expect(screen.shown == ["Sources", "Tests", "Docs", "Package.swift", "README.md", "CHANGELOG.md"])
            test.click(at: try screen.triangle(ofRow: 2))  // Docs
            #expect(test.wait { screen.shown.count == 8 })
            #expect(test.settle())
            #expect(screen.shown[2...5] == ["Docs", "Docs/Guide.md", "Docs/screenshots", "Package.swift"])
            #expect(screen.opened == ["+Docs"] && screen.table.listView.selectedRows.isEmpty)
            #expect(screen.cells(ofRow: 3).first == "Guide.md" && screen.cells(ofRow: 4).first == "screenshots")
            #expect(screen.cells(ofRow: 4).last?.hasPrefix("2026-") == true)
            test.move(to: Point(x: 476, y: 356))
            #expect(test.settle())
            // Docs (a folder, with a triangle) and Package.swift (a file) start their names at
            // one place; Guide.md, inside Docs, one level of indentation further.
            let triangleEnd = try #require(screen.table.listView.rowView(for: 2)?.disclosureFrame?.maxX)
            let docs = try #require(try screen.inkStart(row: 2, column: 0, from: triangleEnd))
            let package = try #require(try screen.inkStart(row: 5, column: 0))
            let guide = try #require(try screen.inkStart(row: 3, column: 0))
            let indentation = screen.table.outlineView?.indentationWidth ?? 0
            #expect(abs(package - docs) <= 2, "\(docs) \(package)")
            #expect(abs(guide - docs - indentation) <= 2, "\(docs) \(guide)")
            #expect(try screen.inkStart(row: 2, column: 0).map { $0 < docs - 8 } == true)  // the triangle
            #expect(try screen.inkStart(row: 3, column: 0).map { $0 >= guide } == true)  // no triangle on a file
            // The dates start at the same place in every row, whatever its level.
            let dates = try [2, 3, 4, 5].map { try #require(try screen.inkStart(row: $0, column: 2)) }
            #expect(Set(dates).count == 1, "\(dates)")
            try screen.screenshot("tree-table-\(Int(scale))x")
        }

        @Test(arguments: [1.0, 2.0]) func aNameColumnNarrowerThanADeepRowsIndentationStillShowsItsNameInTheColumn(
            scale: Double
        ) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let (test, table) = (screen.test, screen.table)
            table.columns[0].minimumWidth = 40
            for folder in ["Sources", "Sources/Canopy", "Sources/Canopy/Widgets"] { table.outlineView?.expand(folder) }
            #expect(test.settle())
            // The Name divider dragged to 90 points: 74 inside the padding, less than a triangle
            // and three levels of indentation (80).
            let edge = table.convert(Point(x: table.headerFrame(ofColumn: 0).maxX, y: 14), to: nil)
            test.input.move(to: edge, in: test.window)
            test.input.press()
            test.input.move(to: edge.offsetBy(dx: 90 - table.columnWidths[0], dy: 0), in: test.window)
            test.input.release()
            #expect(test.wait { table.columnWidths[0] == 90 })
            test.move(to: Point(x: 476, y: 356))
            #expect(test.settle())
            let outline = try #require(table.outlineView)
            func nameStart(_ node: String) throws -> Double? {
                let row = try #require(outline.row(forNode: node))
                let column = table.convert(table.frame(ofRow: row, column: 0), to: nil)
                let triangleEnd = table.listView.rowView(for: row)?.disclosureFrame?.maxX
                let from = triangleEnd.map { $0 - table.span(ofColumn: 0).minX } ?? 4
                return try screen.inkStart(row: row, column: 0, from: from).map { $0 - column.minX }
            }
            // Level 0 and 1 keep their indentation (names 28 and 48 points in); deeper rows keep
            // 22 of theirs and 32 points for their names, which end inside the column.
            let starts = try ["Sources/Canopy", "Sources/Canopy/Widgets", "Sources/Canopy/Widgets/TableView.swift"]
                .map(nameStart)
            #expect(starts.count == 3 && starts.allSatisfy { $0 != nil }, "\(starts)")
            #expect(abs((starts[0] ?? 0) - 48) <= 2 && abs((starts[1] ?? 0) - 50) <= 2, "\(starts)")
            #expect(abs((starts[2] ?? 0) - 50) <= 2, "\(starts)")
            for node in ["Sources/Canopy/Widgets/TableView.swift", "Sources/Canopy/Widgets/OutlineView.swift"] {
                let row = try #require(outline.row(forNode: node))
                let column = table.convert(table.frame(ofRow: row, column: 0), to: nil)
                let end = try #require(try screen.inkEnd(row: row, column: 0), "\(node) shows no name")
                #expect(end < column.maxX - TableView.cellPadding + 1, "\(node) ends at \(end)")
                // The Size cell starts clear: its text is at its trailing end.
                let size = table.convert(table.frame(ofRow: row, column: 1), to: nil)
                #expect(try screen.inkStart(row: row, column: 1, from: 0).map { $0 > size.minX + 20 } == true)
            }
            try screen.screenshot("tree-table-narrow-\(Int(scale))x")
        }

        @Test func theArrowsOpenAndCloseAndATitleSortsEachFoldersEntries() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.tap(.down)  // Sources
            test.tap(.right)  // opens
            #expect(test.wait { screen.shown.count == 8 }, "\(screen.shown)")
            #expect(screen.shown[1...2] == ["Sources/Canopy", "Sources/CanopyX11"])
            #expect(screen.cells(ofRow: 1).first == "Canopy")
            test.tap(.right)  // to Canopy
            test.tap(.right)  // Canopy opens
            #expect(test.wait { screen.shown.count == 12 }, "\(screen.shown)")
            #expect(screen.cells(ofRow: 2).first == "Widgets" && screen.cells(ofRow: 3).first == "View.swift")
            // By size, smallest first: every folder's entries in order, each under its folder.
            let title = screen.table.convert(screen.table.headerFrame(ofColumn: 1).center, to: nil)
            test.click(at: title)
            #expect(test.wait { screen.table.sortDescriptor?.columnID == "Size" })
            #expect(test.settle())
            let rows =
                screen.table.outlineView.map { outline in
                    (0..<outline.numberOfRows).map {
                        (level: outline.level(ofRow: $0) ?? -1, node: outline.node(atRow: $0))
                    }
                } ?? []
            func size(_ row: Int) -> String { screen.cells(ofRow: row)[1] }
            #expect(rows.count == 12 && screen.table.outlineView?.selectedNodes == ["Sources/Canopy"])
            for level in 0...2 {
                // Siblings: consecutive rows at a level with nothing shallower between them.
                var previous: Int?
                for row in rows.indices where rows[row].level <= level {
                    if rows[row].level < level {
                        previous = nil
                        continue
                    }
                    if let before = previous {
                        #expect(sizeValue(size(before)) <= sizeValue(size(row)), "\(size(before)) \(size(row))")
                    }
                    previous = row
                }
            }
            let parentOfWidgets = screen.table.outlineView?.row(forNode: "Sources/Canopy/Widgets")
                .flatMap { screen.table.outlineView?.parentRow(ofRow: $0) }
            #expect(parentOfWidgets.flatMap { screen.table.node(atRow: $0) } == AnyHashable("Sources/Canopy"))
            test.tap(.left)  // Canopy closes
            test.tap(.left)  // to Sources
            #expect(test.wait { screen.table.outlineView?.selectedNodes == ["Sources"] && screen.shown.count == 8 })
            #expect(screen.opened == ["+Sources", "+Sources/Canopy", "-Sources/Canopy"])
        }

        /// A size as the Gallery writes it ("12 KB", "1.5 MB"), in bytes, roughly.
        private func sizeValue(_ text: String) -> Double {
            let parts = text.split(separator: " ")
            let number = Double(parts.first ?? "") ?? 0
            switch parts.last {
            case "KB": return number * 1_000
            case "MB": return number * 1_000_000
            default: return number
            }
        }
    }
}
