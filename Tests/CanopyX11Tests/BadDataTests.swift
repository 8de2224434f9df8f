@_spi(Testing) import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// Inputs that must draw something sensible and never crash or hang.
    @MainActor @Suite struct BadDataTests {
        func inkedPixels(in image: Bitmap, _ rect: Rect) -> Int {
            var count = 0
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) where (image.rgb(x: x, y: y) ?? 0xffffff) < 0x808080 {
                    count += 1
                }
            }
            return count
        }

        @Test func hugeInvalidAndUnsupportedTextDrawsWithoutCrashing() throws {
            let root = View()
            root.backgroundColor = .white
            let invalid = String(decoding: [0x48, 0x69, 0xff, 0xfe, 0x21] as [UInt8], as: UTF8.self)
            #expect(invalid == "Hi\u{FFFD}\u{FFFD}!")
            let texts = [
                String(repeating: "长", count: 10_000), invalid, "𒀀𒀁 cuneiform", "emoji 😀👍🏽 text", "", "\u{0}\u{7}tab\t",
            ]
            for (index, text) in texts.enumerated() {
                root.addSubview(
                    Label(text: text, frame: Rect(x: 10, y: 10 + Double(index) * 30, width: 380, height: 28)))
            }
            let test = try TestWindow(
                size: Size(width: 400, height: 200), title: String(repeating: "标题 title ", count: 1_000), rootView: root
            )
            defer { test.close() }
            let image = try test.capture()
            #expect(inkedPixels(in: image, Rect(x: 10, y: 10, width: 380, height: 28)) > 1_000)  // the long line
            #expect(inkedPixels(in: image, Rect(x: 10, y: 40, width: 100, height: 28)) > 20)  // "Hi��!"
        }

        @Test func emptyAndMillionRowListsAndOddSizes() throws {
            let root = View()
            let empty = ListView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            let emptySource = ArrayListDataSource([])
            empty.dataSource = emptySource
            final class Million: ListViewDataSource {
                func numberOfRows(in listView: ListView) -> Int { 1_000_000 }
                func listView(_ listView: ListView, rowAt index: Int) -> ListRow { ListRow("Row \(index)") }
            }
            let millionSource = Million()
            let million = ListView(frame: Rect(x: 110, y: 0, width: 100, height: 100))
            million.dataSource = millionSource
            let negative = View(frame: Rect(x: 250, y: 50, width: -40, height: -30))
            negative.backgroundColor = .red
            negative.shadow = Shadow()
            negative.cornerRadius = 50
            for view in [empty, million, negative] { root.addSubview(view) }
            let test = try TestWindow(size: Size(width: 300, height: 120), rootView: root)
            defer { test.close() }
            empty.becomeFocused()
            test.window.scene.handleKeyDown(KeyEvent(key: .end))
            empty.scrollToRow(5, animated: true)
            million.selectRow(999_999)
            #expect(million.visibleRows.contains(999_999))
            test.scroll(steps: 3, at: Point(x: 50, y: 50))
            #expect(test.settle())
            #expect(try test.capture().rgb(x: 230, y: 40) == 0xff0000)  // the negative-size view, standardized
        }

        @Test func aWindowShrunkToOnePixelAndBackRedrawsWhole() throws {
            let root = View()
            root.backgroundColor = Color(rgb: 0x224466)
            let corner = View(frame: Rect(x: 150, y: 80, width: 50, height: 20))
            corner.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
            corner.backgroundColor = Color(rgb: 0xffcc00)
            root.addSubview(corner)
            let test = try TestWindow(size: Size(width: 200, height: 100), rootView: root)
            defer { test.close() }
            test.window.resize(to: Size(width: 1, height: 1))
            #expect(test.wait { test.window.scene.size == Size(width: 1, height: 1) })
            #expect(test.settle())
            test.window.resize(to: Size(width: 200, height: 100))
            #expect(test.wait { test.window.scene.size == Size(width: 200, height: 100) })
            #expect(test.settle())
            let image = try test.capture()
            #expect(image.rgb(x: 5, y: 5) == 0x224466)
            #expect(corner.frame == Rect(x: 150, y: 80, width: 50, height: 20), "\(corner.frame)")
            #expect(image.rgb(x: 190, y: 95) == 0xffcc00)  // followed the corner out and back
        }

        @Test func rowsRemovedWhileScrolledToTheEndOrAnimating() throws {
            let root = View()
            let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let source = ArrayListDataSource((0..<100).map { ListRow("Row \($0)") })
            list.dataSource = source
            root.addSubview(list)
            let test = try TestWindow(size: Size(width: 200, height: 200), rootView: root)
            defer { test.close() }
            list.selectRow(99)
            list.setContentOffset(.zero, animated: true)  // animating back to the top...
            source.rows.removeLast(97)  // ...when most rows go away
            list.reloadData()
            #expect(list.selectedRow == 2)
            #expect(list.contentOffset.y == 0)
            #expect(test.settle())
            source.rows.removeAll()
            list.reloadData()
            #expect(list.selectedRow == nil && list.visibleRows.isEmpty)
            #expect(test.settle())
        }
    }
}
