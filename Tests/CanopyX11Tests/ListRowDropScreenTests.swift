import Canopy
import CanopyTesting
import CanopyX11
import Foundation
import Testing

extension X11Tests {
    /// Drops onto a list's rows from another client by XDND, with the drop indicator on
    /// screen, and rows reordered by a press, a drag and a release sent through the X server.
    @MainActor @Suite struct ListRowDropScreenTests {
        /// A list of ten rows (five on screen) that takes files on its rows and reorders by drag.
        @MainActor final class Screen {
            let test: TestWindow
            let list = ListView(frame: Rect(x: 10, y: 10, width: 300, height: 200))
            let rows = TextListDataSource((0..<10).map { "Folder \($0)" })
            var dropped: [(DragContent, ListDropTarget)] = []

            init(scale: Double? = nil, direction: LayoutDirection = .leftToRight) throws {
                let root = View()
                root.backgroundColor = .white
                root.addSubview(list)
                list.dataSource = rows
                list.selectionMode = .multiple
                list.rowDropKinds = [.uris]
                test = try TestWindow(size: Size(width: 320, height: 220), rootView: root, scale: scale)
                test.window.scene.layoutDirection = direction
                list.onDrop = { [unowned self] content, target in
                    dropped.append((content, target))
                    return true
                }
                list.onMoveRows = { [unowned self] moved, gap in rows.texts.move(fromOffsets: moved, toOffset: gap) }
                #expect(test.settle())
            }

            /// A window point in row `row`, `fraction` of the way down it.
            func point(inRow row: Int, _ fraction: Double = 0.5) -> Point {
                list.convert(Point(x: 150, y: (Double(row) + fraction) * list.rowHeight), to: nil)
            }

            /// Where window point `point` lies on the screen, in pixels.
            func screenPoint(_ point: Point) -> Point {
                let frame = test.input.screenFrame(of: test.window.windowID)
                return Point(x: frame.minX + point.x * test.window.scale, y: frame.minY + point.y * test.window.scale)
            }
        }

        @Test(arguments: [1.0, 2.0]) func aFileDroppedOnARowReachesTheAppWithThatRow(scale: Double) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let test = screen.test
            let uri = "file:///home/ana/report.pdf"
            let source = try DragSource(
                servedBy: test.application, offering: [("text/uri-list", "\(uri)\r\n"), ("UTF8_STRING", uri)])
            source.enter(test.window)
            source.move(to: screen.screenPoint(screen.point(inRow: 2)), over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(source.statuses.last?.accepted == true)
            #expect(screen.list.dropTarget == ListDropTarget(row: 2, position: .on))
            #expect(test.settle())
            let onRow = try test.capture()
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                try onRow.writePNG(to: "\(directory)/list-drop-on-row-\(Int(scale))x.png")
            }
            let rowTop = screen.point(inRow: 2, 0)
            let framed = onRow.rgb(x: Int(rowTop.x * scale), y: Int((rowTop.y + 1) * scale))
            #expect(framed == Theme.standard.accent.rgbValue)
            // Near the top of row 3: the gap before it, a line in the accent colour.
            source.move(to: screen.screenPoint(screen.point(inRow: 3, 0.1)), over: test.window)
            #expect(test.wait { source.statuses.count == 2 })
            #expect(screen.list.dropTarget == ListDropTarget(row: 3, position: .before))
            #expect(test.settle())
            let image = try test.capture()
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                try image.writePNG(to: "\(directory)/list-drop-indicator-\(Int(scale))x.png")
            }
            let gap = screen.point(inRow: 3, 0)
            let column = (Int((gap.y - 2) * scale)...Int((gap.y + 2) * scale)).map {
                image.rgb(x: Int(gap.x * scale), y: $0)
            }
            let lineShows = column.contains(Theme.standard.accent.rgbValue)
            #expect(lineShows)
            source.move(to: screen.screenPoint(screen.point(inRow: 2)), over: test.window)
            #expect(test.wait { source.statuses.count == 3 })
            source.drop(on: test.window)
            #expect(test.wait { source.finished != nil })
            #expect(source.finished?.accepted == true)
            #expect(source.requestedTypes == ["text/uri-list"])
            #expect(screen.dropped.count == 1)
            #expect(screen.dropped.first?.0 == .uris([uri]))
            #expect(screen.dropped.first?.1 == ListDropTarget(row: 2, position: .on))
            #expect(screen.list.dropTarget == nil)
        }

        @Test func rightToLeftTheGapsRingIsAtTheRightEnd() throws {
            let screen = try Screen(direction: .rightToLeft)
            defer { screen.test.close() }
            let test = screen.test
            let source = try DragSource(servedBy: test.application, offering: [("text/uri-list", "file:///a\r\n")])
            source.enter(test.window)
            source.move(to: screen.screenPoint(screen.point(inRow: 1, 0.1)), over: test.window)
            #expect(test.wait { source.statuses.count == 1 })
            #expect(screen.list.dropTarget == ListDropTarget(row: 1, position: .before))
            #expect(test.settle())
            let image = try test.capture()
            if let directory = ProcessInfo.processInfo.environment["CANOPY_SCREENSHOT_DIR"] {
                try image.writePNG(to: "\(directory)/list-drop-indicator-rtl.png")
            }
            // The ring's hollow middle, 5 points in from the right edge, is not the line's colour.
            let gap = screen.point(inRow: 1, 0)
            let ringMiddle = image.rgb(x: Int(screen.list.frame.maxX - 5), y: Int(gap.y))
            let lineLeft = image.rgb(x: Int(screen.list.frame.minX + 5), y: Int(gap.y))
            let accent = Theme.standard.accent.rgbValue
            #expect(ringMiddle != accent && lineLeft == accent)
            source.leave(test.window)
            #expect(test.wait { screen.list.dropTarget == nil })
        }

        @Test func aPressDragAndReleaseReordersTheRows() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.click(at: screen.point(inRow: 0))
            test.click(at: screen.point(inRow: 1), modifiers: .shift)
            #expect(test.wait { screen.list.selectedRows == [0, 1] })
            test.input.move(to: screen.point(inRow: 0), in: test.window)
            test.input.press()
            test.input.move(to: screen.point(inRow: 1), in: test.window)
            test.input.move(to: screen.point(inRow: 3, 0.9), in: test.window)  // nearest the gap before row 4
            #expect(test.wait { screen.list.dropTarget == ListDropTarget(row: 4, position: .before) })
            test.input.release()
            #expect(test.wait { screen.rows.texts.first == "Folder 2" })
            #expect(screen.rows.texts.prefix(5) == ["Folder 2", "Folder 3", "Folder 0", "Folder 1", "Folder 4"])
            #expect(screen.list.selectedRows == [2, 3])
            #expect(screen.list.dropTarget == nil)
        }
    }
}
