import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// A split view on screen, driven through the X server by the mouse and by the keyboard
    /// alone, its panes read back as pixels.
    @MainActor @Suite struct SplitViewScreenTests {
        static let sidebarColor: UInt32 = 0x3366cc
        static let contentColor: UInt32 = 0xcc6633

        /// A 400 × 200 window filled by a horizontal split view: a blue sidebar 120 points wide
        /// (at least 80) and a flexible orange content pane (at least 150).
        @MainActor struct Screen {
            let test: TestWindow
            let split: SplitView
            let sidebar = View()
            let content = View()
            let moves: Moves

            @MainActor final class Moves {
                var positions: [Double] = []
            }

            init(scale: Double? = nil, direction: LayoutDirection = .leftToRight) throws {
                sidebar.backgroundColor = Color(rgb: SplitViewScreenTests.sidebarColor)
                sidebar.minimumSize = Size(width: 80, height: 50)
                content.backgroundColor = Color(rgb: SplitViewScreenTests.contentColor)
                content.minimumSize = Size(width: 150, height: 50)
                content.flex = 1
                split = SplitView(panes: [sidebar, content], frame: Rect(x: 0, y: 0, width: 400, height: 200))
                split.autoresizingMask = .flexibleSize
                split.setDividerPosition(120, at: 0)
                let moves = Moves()
                split.onDividerMoved = { moves.positions.append($1) }
                self.moves = moves
                let root = View()
                root.backgroundColor = .white
                root.addSubview(split)
                test = try TestWindow(size: Size(width: 400, height: 200), rootView: root, scale: scale)
                test.window.scene.layoutDirection = direction
                #expect(test.settle())
            }

            /// The colour at window point `point`, once the screen has caught up.
            func pixel(_ x: Double, _ y: Double = 100) throws -> UInt32 {
                #expect(test.settle())
                let scale = test.window.scale
                return try #require(try test.capture().rgb(x: Int(x * scale), y: Int(y * scale)))
            }
        }

        @Test func aRealDragMovesTheDividerUnderTheResizePointer() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, split) = (screen.test, screen.split)
            let cursor = try ScreenCursorReader(displayName: test.application.displayName)
            test.input.move(to: Point(x: 123, y: 100), in: test.window)
            #expect(test.wait { cursor.current()?.name == "col-resize" })
            test.input.press()
            test.input.move(to: Point(x: 203, y: 100), in: test.window)
            #expect(test.wait { split.dividerPositions == [200] })
            #expect(try screen.pixel(195) == Self.sidebarColor)
            #expect(try screen.pixel(210) == Self.contentColor)
            test.input.move(to: Point(x: 390, y: 100), in: test.window)  // past the content's minimum
            #expect(test.wait { split.dividerPositions == [244] })  // 400 - 150 - 6
            #expect(cursor.current()?.name == "col-resize")  // kept over the content while dragging
            test.input.release()
            #expect(test.wait { cursor.current()?.name == "default" })  // the content's, once let go
            #expect(screen.moves.positions.last == 244)
        }

        @Test func aDoubleClickCollapsesTheSidebarAndAnotherBringsItBack() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, split) = (screen.test, screen.split)
            test.click(at: Point(x: 123, y: 100))
            test.click(at: Point(x: 123, y: 100))
            #expect(test.wait { split.isPaneCollapsed(at: 0) })
            #expect(try screen.pixel(20) == Self.contentColor)
            test.click(at: Point(x: 3, y: 100))
            test.click(at: Point(x: 3, y: 100))
            #expect(test.wait { !split.isPaneCollapsed(at: 0) })
            #expect(try screen.pixel(20) == Self.sidebarColor)
            #expect(split.dividerPositions == [120])
            #expect(screen.moves.positions == [0, 120])
        }

        @Test func shrinkingTheWindowKeepsEveryPaneAtItsMinimum() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, sidebar, content) = (screen.test, screen.sidebar, screen.content)
            test.window.resize(to: Size(width: 250, height: 200))
            #expect(test.wait { test.window.scene.size.width == 250 })
            #expect(test.settle())
            #expect(sidebar.frame.width == 94 && content.frame.width == 150)  // the content gave first
            test.window.resize(to: Size(width: 200, height: 200))
            #expect(test.wait { test.window.scene.size.width == 200 })
            #expect(test.settle())
            #expect(sidebar.frame.width == 80 && content.frame.width == 150)  // then the sidebar
            #expect(screen.split.minimumLayoutSize == Size(width: 236, height: 50))
            #expect(try screen.pixel(78) == Self.sidebarColor)
            #expect(try screen.pixel(90) == Self.contentColor)
        }

        @Test func theKeyboardAloneMovesAndCollapsesTheDivider() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let (test, split) = (screen.test, screen.split)
            test.tap(.tab)
            #expect(test.wait { test.window.scene.focusedView?.superview === split })
            test.tap(.right)
            test.tap(.right)
            #expect(test.wait { split.dividerPositions == [140] })
            #expect(try screen.pixel(135) == Self.sidebarColor)
            // The focus ring is drawn around the divider, in the theme's blue.
            let ring = try screen.pixel(145)  // over the divider's white, inside the ring's right side
            #expect(ring & 0xff > 0xc0 && ring >> 16 & 0xff < 0xa0, "\(String(ring, radix: 16))")
            test.tap(.end)
            #expect(test.wait { split.dividerPositions == [244] })
            test.tap(.home)
            #expect(test.wait { split.dividerPositions == [80] })
            test.tap(.enter)
            #expect(test.wait { split.isPaneCollapsed(at: 0) })
            #expect(try screen.pixel(20) == Self.contentColor)
            test.tap(.enter)
            #expect(test.wait { !split.isPaneCollapsed(at: 0) })
            #expect(screen.moves.positions == [130, 140, 244, 80, 0, 80])
        }

        @Test func aRightToLeftWindowPutsTheSidebarOnTheRight() throws {
            let screen = try Screen(direction: .rightToLeft)
            defer { screen.test.close() }
            #expect(try screen.pixel(390) == Self.sidebarColor)
            #expect(try screen.pixel(270) == Self.contentColor)
            screen.test.tap(.tab)
            screen.test.tap(.left)  // towards the content: the sidebar grows
            #expect(screen.test.wait { screen.split.dividerPositions == [130] })
            #expect(try screen.pixel(272) == Self.sidebarColor)
        }

        @Test func atTwoTimesTheDividerIsGrabbedByItsPixels() throws {
            let screen = try Screen(scale: 2)
            defer { screen.test.close() }
            #expect(screen.test.window.scale == 2)
            screen.test.input.move(to: Point(x: 125, y: 100), in: screen.test.window)
            screen.test.input.press()
            screen.test.input.move(to: Point(x: 165, y: 100), in: screen.test.window)
            screen.test.input.release()
            #expect(screen.test.wait { screen.split.dividerPositions == [160] })
            #expect(try screen.pixel(158) == Self.sidebarColor)
            #expect(try screen.pixel(167) == Self.contentColor)
        }
    }
}

extension X11Tests {
    /// The window's smallest size comes from its content: a root stack's views and a split
    /// view's panes.
    @MainActor @Suite struct ContentMinimumHintsTests {
        @Test func theWindowManagerIsToldTheContentsMinimumAndItsChanges() throws {
            let sidebar = View(), content = View(), footer = View()
            sidebar.minimumSize = Size(width: 80, height: 50)
            content.minimumSize = Size(width: 150, height: 60)
            footer.minimumSize = Size(width: 40, height: 30)
            let split = SplitView(panes: [sidebar, content])
            split.flex = 1
            let root = StackView(axis: .vertical, spacing: 10, views: [split, footer])
            let test = try TestWindow(size: Size(width: 400, height: 300), rootView: root)
            defer { test.close() }
            func hintedMinimum() -> [Int]? {
                test.input.longs("WM_NORMAL_HINTS", of: test.window).map { [$0[5], $0[6]] }
            }
            #expect(test.wait { hintedMinimum() == [236, 100] })  // 80 + 6 + 150; 60 + 10 + 30
            split.collapsePane(at: 0)
            #expect(test.wait { hintedMinimum() == [156, 100] })
            test.window.minimumSize = Size(width: 300, height: 50)  // the app's own, where larger
            #expect(test.wait { hintedMinimum() == [300, 100] })
        }
    }
}
