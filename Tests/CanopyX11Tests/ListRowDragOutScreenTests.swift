import Canopy
import CanopyTesting
@_spi(Testing) import CanopyX11
import Testing

extension X11Tests {
    /// A list's rows dragged out by XDND to another client, as files out of a file manager.
    @MainActor @Suite struct ListRowDragOutScreenTests {
        /// Where another client's drop target lies on the screen, right of the test window.
        let targetRect = Rect(x: 400, y: 20, width: 200, height: 100)

        /// A window with a list of files ("a b.txt", "c.txt", "d.txt") in /tmp, several
        /// selectable, whose rows drag out as their URIs (or, with `asText`, their names).
        func makeWindow(asText: Bool = false) throws -> (TestWindow, ListView, TextListDataSource) {
            let names = ["a b.txt", "c.txt", "d.txt"]
            let list = ListView(frame: Rect(x: 10, y: 10, width: 280, height: 120))
            let source = TextListDataSource(names)
            list.dataSource = source
            list.selectionMode = .multiple
            list.dragContentForRows = { rows in
                asText
                    ? .text(rows.map { names[$0] }.joined(separator: "\n"))
                    : .uris(rows.map { "file:///tmp/" + names[$0].replacingOccurrences(of: " ", with: "%20") })
            }
            let root = View()
            root.addSubview(list)
            let test = try TestWindow(size: Size(width: 300, height: 140), rootView: root)
            return (test, list, source)
        }

        /// Presses on `row`, drags it out past the threshold and over the target, and releases.
        func dragOut(_ test: TestWindow, _ list: ListView, row: Int, to target: DropTarget) {
            let point = list.convert(list.rect(ofRow: row).center, to: nil)
            test.input.move(to: point, in: test.window)
            test.input.press()
            test.input.move(to: Point(x: point.x + 12, y: point.y), in: test.window)
            #expect(test.wait { test.window.isDraggingOut })
            test.input.move(toScreen: Point(x: 500, y: 70))
            #expect(test.wait { target.positions > 0 })
            test.input.release()
        }

        @Test func aFileRowReachesAClientThatTakesOnlyURIListsAndSeveralRowsGoAsSeveralURIs() throws {
            let (test, list, source) = try makeWindow()
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: targetRect, taking: "text/uri-list")
            dragOut(test, list, row: 0, to: target)
            #expect(test.wait { target.receivedText != nil })
            #expect(target.receivedText == "file:///tmp/a%20b.txt\r\n")
            #expect(test.wait { !test.window.isDraggingOut })
            #expect(list.selectedRows == [0])

            let second = try DropTarget(servedBy: test.application, at: targetRect, taking: "text/uri-list")
            list.selectRows([0, 2])
            dragOut(test, list, row: 2, to: second)
            #expect(test.wait { second.receivedText != nil })
            #expect(second.receivedText == "file:///tmp/a%20b.txt\r\nfile:///tmp/d.txt\r\n")
            #expect(test.wait { !test.window.isDraggingOut })
            #expect(list.selectedRows == [0, 2])
            withExtendedLifetime(source) {}
        }

        @Test func textRowsReachAClientThatTakesOnlyText() throws {
            let (test, list, source) = try makeWindow(asText: true)
            defer { test.close() }
            let target = try DropTarget(servedBy: test.application, at: targetRect)
            list.selectRows([1, 2])
            dragOut(test, list, row: 1, to: target)
            #expect(test.wait { target.receivedText != nil })
            #expect(target.receivedText == "c.txt\nd.txt")
            #expect(test.wait { !test.window.isDraggingOut })
            withExtendedLifetime(source) {}
        }
    }
}
