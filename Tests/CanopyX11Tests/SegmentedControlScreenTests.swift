import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// A segmented control on screen, driven through the X server by the mouse and by the
    /// keyboard alone, its faces and focus ring read back as pixels, at 1×, 2× and right to left.
    @MainActor @Suite struct SegmentedControlScreenTests {
        /// A button at the top left, then the control below it on a white 320 × 120 window.
        @MainActor final class Screen {
            let test: TestWindow
            let other = Button(title: "Other", frame: Rect(x: 10, y: 10, width: 70, height: 30))
            let control = SegmentedControl(titles: ["Day", "Week", "Month"])
            var reports: [Int] = []

            init(scale: Double? = nil, direction: LayoutDirection = .leftToRight) throws {
                let root = View()
                root.backgroundColor = .white
                control.frame.origin = Point(x: 20, y: 60)
                for view in [other, control] as [View] { root.addSubview(view) }
                test = try TestWindow(size: Size(width: 320, height: 120), rootView: root, scale: scale)
                test.window.scene.layoutDirection = direction
                control.sizeToFit()
                control.onValueChanged = { [unowned self] in self.reports.append($0) }
                #expect(test.settle())
            }

            /// The window point `y` points below the top of segment `index`, at its middle.
            func face(_ index: Int, y: Double = 4) -> Point {
                let segment = control.segments[index]
                return segment.convert(Point(x: segment.bounds.midX, y: y), to: nil)
            }

            /// The colour at window point `point`, once the screen has caught up.
            func pixel(at point: Point) throws -> UInt32 {
                #expect(test.settle())
                let scale = test.window.scale
                return try #require(try test.capture().rgb(x: Int(point.x * scale), y: Int(point.y * scale)))
            }

            /// The faces of the three segments, the pointer well away from them.
            func faces() throws -> [UInt32] {
                test.move(to: Point(x: 310, y: 110))
                return try (0..<3).map { try pixel(at: face($0)) }
            }

            /// The top edge of the control, in its middle: the border, under the focus ring.
            var topEdge: Point { Point(x: control.frame.midX, y: control.frame.minY + 0.5) }
        }

        static let accent = Theme.standard.accent.rgbValue

        @Test func aClickChoosesASegmentAndPaintsItInTheAccent() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            #expect(try screen.faces() == [Self.accent, 0xffffff, 0xffffff])
            screen.test.click(at: screen.face(2, y: 12))
            #expect(screen.test.wait { screen.control.selectedIndex == 2 })
            #expect(screen.control.isFocused)
            #expect(try screen.faces() == [0xffffff, 0xffffff, Self.accent])
            #expect(screen.reports == [2])
        }

        @Test func theKeyboardAloneReachesTheControlAndMovesTheChoice() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            let unfocused = try screen.pixel(at: screen.topEdge)
            test.tap(.tab)
            test.tap(.tab)  // past the button: the control is one stop, its segments none
            #expect(test.wait { screen.control.isFocused })
            let ring = try screen.pixel(at: screen.topEdge)
            #expect(ring != unfocused && ring & 0xff > 200 && (ring & 0xff) - (ring >> 16 & 0xff) > 60)
            test.tap(.right)
            test.tap(.right)
            test.tap(.left)
            #expect(test.wait { screen.reports == [1, 2, 1] })
            #expect(try screen.faces() == [0xffffff, Self.accent, 0xffffff])
            test.tap(.tab)  // on round to the button, leaving no ring behind
            #expect(test.wait { screen.other.isFocused })
            #expect(try screen.pixel(at: screen.topEdge) == unfocused)
        }

        @Test func aRightToLeftWindowRunsTheSegmentsFromTheRight() throws {
            let screen = try Screen(direction: .rightToLeft)
            defer { screen.test.close() }
            let control = screen.control
            // The first segment is at the right end and chosen; a click at the left end chooses
            // the last, and Right moves back towards the first.
            let right = Point(x: control.frame.maxX - 6, y: control.frame.minY + 4)
            let left = Point(x: control.frame.minX + 6, y: control.frame.minY + 4)
            #expect(try screen.pixel(at: right) == Self.accent)
            screen.test.click(at: Point(x: left.x + 10, y: left.y + 8))
            #expect(screen.test.wait { control.selectedIndex == 2 })
            screen.test.tap(.right)
            #expect(screen.test.wait { control.selectedIndex == 1 })
            screen.test.move(to: Point(x: 310, y: 110))
            #expect(try screen.pixel(at: left) == 0xffffff)
            #expect(try screen.pixel(at: screen.face(1)) == Self.accent)
        }

        @Test func atTwoTimesTheSegmentsAreHitAndPaintedByTheirPixels() throws {
            let screen = try Screen(scale: 2)
            defer { screen.test.close() }
            #expect(screen.test.window.scale == 2)
            let control = screen.control
            screen.test.click(at: screen.face(1, y: control.bounds.height - 3))
            #expect(screen.test.wait { control.selectedIndex == 1 })
            #expect(try screen.faces() == [0xffffff, Self.accent, 0xffffff])
        }
    }
}
