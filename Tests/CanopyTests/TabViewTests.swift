@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The tab view in memory: only the selected page in the tree, Ctrl+Tab and Ctrl+PageUp/Down,
/// the tab bar's arrows and clicks, a strip that scrolls and an overflow menu instead of
/// overlapping, mirroring, and the page tab roles.
@MainActor @Suite struct TabViewTests {
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let pages = (0..<3).map { _ in View() }
        let field = TextField()
        let tabView: TabView
        var reports: [Int] = []

        init(width: Double = 400, direction: LayoutDirection = .leftToRight) {
            scene = time.makeScene(size: Size(width: 500, height: 300))
            scene.layoutDirection = direction
            pages[1].addSubview(field)
            field.frame = Rect(x: 10, y: 10, width: 100, height: 28)
            tabView = TabView(
                tabs: zip(["General", "Appearance", "Advanced"], pages).map { TabView.Tab(title: $0, content: $1) },
                frame: Rect(x: 0, y: 0, width: width, height: 200))
            scene.rootView.addSubview(tabView)
            tabView.onSelectionChanged = { [unowned self] in self.reports.append($0) }
            _ = scene.prepareFrame()
        }

        var bar: TabBar { tabView.tabBar }
        func centre(of tab: Int) -> Point { bar.tabs[tab].convert(bar.tabs[tab].bounds.center, to: nil) }
        func click(_ point: Point) {
            scene.handleMouseDown(MouseEvent(locationInWindow: point))
            scene.handleMouseUp(MouseEvent(locationInWindow: point))
            _ = scene.prepareFrame()
        }
        func key(_ key: Key, _ modifiers: Modifiers = []) {
            scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers))
            _ = scene.prepareFrame()
        }
        /// Which pages are in the tree.
        var shown: [Bool] { pages.map { $0.superview === tabView } }
    }

    @Test func onlyTheSelectedPageIsInTheTreeUnderTheTabs() {
        let f = Fixture()
        #expect(f.shown == [true, false, false])
        #expect(f.pages[0].frame == Rect(x: 0, y: f.bar.frame.maxY, width: 400, height: 200 - f.bar.frame.height))
        f.tabView.selectedIndex = 2
        #expect(f.shown == [false, false, true])
        #expect(f.reports.isEmpty)  // code reports nothing
    }

    @Test func aClickOnATabShowsItsPageAndFocusesTheBar() {
        let f = Fixture()
        f.click(f.centre(of: 1))
        #expect(f.tabView.selectedIndex == 1 && f.shown == [false, true, false])
        #expect(f.scene.focusedView === f.bar)
        #expect(f.reports == [1])
    }

    @Test func ctrlTabAndCtrlPageKeysSwitchPagesFromInsideAPage() {
        let f = Fixture()
        f.tabView.selectedIndex = 1
        f.field.becomeFocused()
        f.key(.tab, .control)
        #expect(f.tabView.selectedIndex == 2)
        #expect(f.scene.focusedView === f.bar)  // the page that held focus left the tree
        f.key(.tab, .control)  // wraps to the first
        f.key(.tab, [.control, .shift])  // and back
        f.key(.pageUp, .control)
        f.key(.pageDown, .control)
        #expect(f.reports == [2, 0, 2, 1, 2])
    }

    @Test func theBarsArrowsMoveTheWayTheyPointAndStopAtTheEnds() {
        let f = Fixture()
        f.bar.becomeFocused()
        f.key(.right)
        f.key(.right)
        f.key(.right)  // the last already
        f.key(.home)
        f.key(.left)  // the first already
        f.key(.end)
        #expect(f.reports == [1, 2, 0, 2])
        let mirrored = Fixture(direction: .rightToLeft)
        mirrored.bar.becomeFocused()
        mirrored.key(.left)
        #expect(mirrored.reports == [1])
        #expect(mirrored.bar.tabs[0].frame.maxX == mirrored.bar.bounds.width)
        #expect(mirrored.bar.tabs[1].frame.maxX == mirrored.bar.tabs[0].frame.minX)
    }

    @Test func tabsThatDoNotFitScrollAndTheRestAreInTheOverflowMenu() throws {
        let f = Fixture(width: 150)
        let bar = f.bar
        #expect(!bar.overflowButton.isHidden)
        #expect(bar.overflowButton.frame.maxX == 150)
        // No tab reaches over the overflow button: the strip that holds them stops short of it.
        let strip = try #require(bar.tabs[0].superview)
        #expect(strip.clipsToBounds && strip.frame.maxX == bar.overflowButton.frame.minX)
        bar.becomeFocused()
        f.key(.end)
        #expect(bar.scrollOffset > 0)
        let last = bar.tabs[2].convert(bar.tabs[2].bounds, to: strip)
        #expect(last.minX >= 0 && last.maxX <= strip.bounds.width)
        #expect(bar.overflowButton.menu.items.map(\.title) == ["General", "Appearance", "Advanced"])
        #expect(bar.minimumLayoutSize.width < 150 + 1)
        #expect(f.tabView.minimumLayoutSize.height == bar.frame.height)
        let wide = Fixture()
        #expect(wide.bar.overflowButton.isHidden && wide.bar.scrollOffset == 0)
    }

    @Test func theBarIsAPageTabListOfPageTabs() throws {
        let f = Fixture()
        #expect(f.bar.accessibilityNode?.role == .pageTabList)
        let tabs = try f.bar.tabs.map { try #require($0.accessibilityNode) }
        #expect(tabs.map(\.role) == [.pageTab, .pageTab, .pageTab])
        #expect(tabs.map(\.name) == ["General", "Appearance", "Advanced"])
        #expect(tabs.map { $0.states.contains(.selected) } == [true, false, false])
        #expect(f.bar.selectAccessibilityChild(2))
        #expect(f.shown == [false, false, true] && f.reports == [2])
    }

    @Test func aClosableTabsCloseButtonAsksTheAppWhichRemovesThePage() {
        let f = Fixture()
        let widthBefore = f.bar.tabs[1].frame.width
        f.tabView.tabs[1].isClosable = true
        _ = f.scene.prepareFrame()
        let tab = f.bar.tabs[1]
        let close = tab.closeButton
        #expect(close != nil)
        #expect(f.bar.tabs[0].closeButton == nil && f.bar.tabs[2].closeButton == nil)
        #expect(tab.frame.width == widthBefore + TabBar.TabButton.closeButtonSize)
        #expect(close.map { $0.frame.maxX <= tab.bounds.maxX - TabBar.titlePadding / 2 } == true)  // trailing
        #expect(close?.accessibilityNode?.name == "Close Appearance")
        var asked: [Int] = []
        f.tabView.onCloseRequested = { index in
            asked.append(index)
            f.tabView.tabs.remove(at: index)
        }
        if let close { f.click(close.convert(close.bounds.center, to: nil)) }
        #expect(asked == [1])
        #expect(f.bar.titles == ["General", "Advanced"])
        #expect(f.tabView.selectedIndex == 0 && f.reports.isEmpty)  // closing is not choosing
        // Right to left, the button sits at the tab's left end.
        f.tabView.tabs[1].isClosable = true
        f.scene.layoutDirection = .rightToLeft
        _ = f.scene.prepareFrame()
        #expect(f.bar.tabs[1].closeButton.map { $0.frame.minX == TabBar.titlePadding / 2 } == true)
    }
}
