import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// A scroll view on a real window: both wheels, and the indicator.
    @MainActor @Suite struct ScrollViewScreenTests {
        @Test func theHorizontalWheelScrollsWideContentAndThePixelsFollow() throws {
            let colors: [UInt32] = [0xd04040, 0x40a040, 0x4060d0, 0xd0a020]
            let strip = StackView(
                axis: .horizontal, spacing: 0,
                views: colors.map { color in
                    let block = View()
                    block.minimumSize = Size(width: 150, height: 100)  // a plain view asks for its minimum
                    block.backgroundColor = Color(rgb: color)
                    return block
                })
            let scroll = ScrollView(content: strip, frame: Rect(x: 0, y: 0, width: 150, height: 100))
            scroll.fitsContentWidth = false
            let test = try TestWindow(size: Size(width: 150, height: 100), rootView: scroll)
            defer { test.close() }
            #expect(try test.capture().rgb(x: 75, y: 50) == colors[0])
            test.scroll(steps: 4, at: Point(x: 75, y: 50), horizontally: true)  // X buttons 7: right
            #expect(test.wait { scroll.contentOffset.x == 160 })
            #expect(test.settle())
            #expect(try test.capture().rgb(x: 75, y: 50) == colors[1])  // 160 + 75 is in the second block
            test.scroll(steps: 10, at: Point(x: 75, y: 50))  // the vertical wheel: nothing to scroll
            #expect(scroll.contentOffset.y == 0)
        }

        @Test func draggingTheIndicatorScrollsATallColumn() throws {
            let column = StackView(
                axis: .vertical, spacing: 0,
                views: (0..<20).map { _ in
                    let row = View()
                    row.minimumSize = Size(width: 100, height: 50)
                    return row
                })
            let scroll = ScrollView(content: column, frame: Rect(x: 0, y: 0, width: 200, height: 200))
            let test = try TestWindow(size: Size(width: 200, height: 200), rootView: scroll)
            defer { test.close() }
            test.input.move(to: Point(x: 196, y: 10), in: test.window)  // the knob, at the top
            test.input.press()
            test.input.move(to: Point(x: 196, y: 60), in: test.window)
            test.input.release()
            // The content is five times the view: 50 points of knob are 250 of content.
            #expect(test.wait { scroll.contentOffset.y == 250 })
        }
    }
}
