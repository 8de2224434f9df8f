import Canopy
import CanopyTesting
import CanopyX11
import Testing

extension X11Tests {
    /// A tab view on screen, driven through the X server by the mouse and by the keyboard
    /// alone: each page is a colour, read back as pixels.
    @MainActor @Suite struct TabViewScreenTests {
        static let colours: [UInt32] = [0x3366cc, 0xcc6633, 0x33aa55]

        @MainActor final class Screen {
            let test: TestWindow
            let tabView: TabView

            init(scale: Double? = nil, direction: LayoutDirection = .leftToRight) throws {
                let pages = TabViewScreenTests.colours.map { colour -> View in
                    let page = View()
                    page.backgroundColor = Color(rgb: colour)
                    return page
                }
                tabView = TabView(
                    tabs: zip(["One", "Two", "Three"], pages).map { TabView.Tab(title: $0, content: $1) },
                    frame: Rect(x: 0, y: 0, width: 300, height: 160))
                let root = View()
                root.backgroundColor = .white
                root.addSubview(tabView)
                test = try TestWindow(size: Size(width: 300, height: 160), rootView: root, scale: scale)
                test.window.scene.layoutDirection = direction
                #expect(test.settle())
            }

            /// The colour in the middle of the page area, once the screen has caught up.
            func page() throws -> UInt32 {
                #expect(test.settle())
                let scale = test.window.scale
                return try #require(try test.capture().rgb(x: Int(150 * scale), y: Int(120 * scale)))
            }

            func tab(_ index: Int) -> Point {
                let tab = tabView.tabBar.tabs[index]
                return tab.convert(tab.bounds.center, to: nil)
            }
        }

        @Test(arguments: [1.0, 2.0])
        func aClickOnAClosableTabsCrossClosesItsPageAndTheNextShows(scale: Double) throws {
            let screen = try Screen(scale: scale)
            defer { screen.test.close() }
            let tabView = screen.tabView
            tabView.tabs[0].isClosable = true
            tabView.onCloseRequested = { tabView.tabs.remove(at: $0) }
            #expect(try screen.page() == Self.colours[0])
            let cross = try #require(tabView.tabBar.tabs[0].closeButton)
            screen.test.click(at: cross.convert(cross.bounds.center, to: nil))
            #expect(screen.test.wait { tabView.tabs.count == 2 })
            #expect(tabView.tabBar.titles == ["Two", "Three"])
            #expect(try screen.page() == Self.colours[1])  // the page after it shows
        }

        @Test func aClickOnATabShowsItsPage() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            #expect(try screen.page() == Self.colours[0])
            screen.test.click(at: screen.tab(2))
            #expect(screen.test.wait { screen.tabView.selectedIndex == 2 })
            #expect(try screen.page() == Self.colours[2])
        }

        @Test func theKeyboardAloneSwitchesPages() throws {
            let screen = try Screen()
            defer { screen.test.close() }
            let test = screen.test
            test.tap(.tab)
            #expect(test.wait { screen.tabView.tabBar.isFocused })
            test.tap(.right)
            #expect(test.wait { screen.tabView.selectedIndex == 1 })
            #expect(try screen.page() == Self.colours[1])
            test.tap(.tab, modifiers: .control)
            #expect(test.wait { screen.tabView.selectedIndex == 2 })
            test.tap(.pageUp, modifiers: .control)
            test.tap(.pageUp, modifiers: .control)
            #expect(test.wait { screen.tabView.selectedIndex == 0 })
            #expect(try screen.page() == Self.colours[0])
        }

        @Test func rightToLeftAndAtTwoTimesTheFirstTabIsAtTheRight() throws {
            let screen = try Screen(scale: 2, direction: .rightToLeft)
            defer { screen.test.close() }
            #expect(screen.tabView.tabBar.tabs[0].frame.maxX == 300)
            screen.test.click(at: screen.tab(1))
            #expect(screen.test.wait { screen.tabView.selectedIndex == 1 })
            #expect(try screen.page() == Self.colours[1])
        }
    }
}
