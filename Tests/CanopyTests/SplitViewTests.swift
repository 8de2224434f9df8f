@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The split view's geometry on its own, and the split view in memory: pointer, keyboard,
/// minimums, collapsing, mirroring and what assistive technology reads.
@MainActor @Suite struct SplitViewTests {
    typealias Pane = SplitGeometry.Pane

    // MARK: Geometry

    @Test func dividersStartAfterEachPane() {
        let geometry = SplitGeometry(
            panes: [Pane(length: 100), Pane(length: 200), Pane(length: 50)], dividerThickness: 6)
        #expect(geometry.dividerPositions == [100, 306])
        #expect(geometry.totalLength == 362)
    }

    @Test func aDividerMovesBetweenItsPanesMinimumsAndLeavesTheOthers() {
        var geometry = SplitGeometry(
            panes: [Pane(length: 100, minimum: 80), Pane(length: 200, minimum: 50), Pane(length: 50)],
            dividerThickness: 6)
        #expect(geometry.range(ofDivider: 0) == 80...250)
        geometry.moveDivider(0, to: 10)
        #expect(geometry.panes.map(\.length) == [80, 220, 50])
        geometry.moveDivider(0, to: 1000)
        #expect(geometry.panes.map(\.length) == [250, 50, 50])
        let movedAgain = geometry.moveDivider(0, to: 1000)
        #expect(!movedAgain)
    }

    @Test func growingGoesToTheFlexiblePanesOrElseTheLast() {
        var flexible = SplitGeometry(
            panes: [Pane(length: 100, weight: 1), Pane(length: 100), Pane(length: 100, weight: 3)],
            dividerThickness: 0)
        flexible.fit(to: 400)
        #expect(flexible.panes.map(\.length) == [125, 100, 175])
        var rigid = SplitGeometry(panes: [Pane(length: 100), Pane(length: 100)], dividerThickness: 0)
        rigid.fit(to: 300)
        #expect(rigid.panes.map(\.length) == [100, 200])
    }

    @Test func shrinkingKeepsEveryMinimumAndTakesFromTheLastFirst() {
        var geometry = SplitGeometry(
            panes: [Pane(length: 150, minimum: 100), Pane(length: 150, minimum: 60), Pane(length: 150, minimum: 40)],
            dividerThickness: 5)
        geometry.fit(to: 300)
        #expect(geometry.panes.map(\.length) == [150, 100, 40])
        geometry.fit(to: 100)  // below the minimum length (210): everything at its minimum
        #expect(geometry.panes.map(\.length) == [100, 60, 40])
        #expect(geometry.minimumLength == 210)
    }

    @Test func aCollapsedPaneGivesItsRoomAwayAndComesBackAtItsLength() {
        var geometry = SplitGeometry(
            panes: [Pane(length: 120, minimum: 80), Pane(length: 300, minimum: 100)], dividerThickness: 6)
        let collapsed = geometry.collapse(0)
        #expect(collapsed)
        #expect(geometry.panes.map(\.length) == [0, 420])
        #expect(geometry.minimumLength == 106)
        let collapsedTheLast = geometry.collapse(1)
        #expect(!collapsedTheLast)  // the only pane shown stays
        let expanded = geometry.expand(0)
        #expect(expanded)
        #expect(geometry.panes.map(\.length) == [120, 300])
    }

    @Test func aDragBringsACollapsedPaneBackOnlyOnceItGetsItsMinimum() {
        var geometry = SplitGeometry(
            panes: [Pane(length: 120, minimum: 80), Pane(length: 300, minimum: 100)], dividerThickness: 6)
        geometry.collapse(0)
        geometry.moveDivider(0, to: 50)
        #expect(geometry.panes[0].isCollapsed && geometry.dividerPositions == [0])
        geometry.moveDivider(0, to: 90)
        #expect(!geometry.panes[0].isCollapsed && geometry.dividerPositions == [90])
    }

    @Test func aPaneWithoutRoomForItsMinimumStaysCollapsed() {
        var geometry = SplitGeometry(
            panes: [Pane(length: 120, minimum: 80), Pane(length: 100, minimum: 100)], dividerThickness: 6)
        geometry.collapse(0)
        geometry.fit(to: 150)
        let expanded = geometry.expand(0)
        #expect(!expanded)
        #expect(geometry.panes[0].isCollapsed)
    }

    // MARK: The view in memory

    /// A 406 × 200 scene filled by a horizontal split view of a 100-point sidebar (minimum 80)
    /// and a flexible content pane (minimum 100).
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let sidebar = View()
        let content = View()
        let split: SplitView
        var moves: [String] = []

        init(axis: SplitView.Axis = .horizontal, direction: LayoutDirection = .leftToRight) {
            sidebar.minimumSize = Size(width: 80, height: 80)
            content.minimumSize = Size(width: 100, height: 100)
            content.flex = 1
            split = SplitView(axis: axis, panes: [sidebar, content])
            split.setDividerPosition(100, at: 0)
            split.frame = Rect(x: 0, y: 0, width: 406, height: 406)
            scene = time.makeScene(size: Size(width: 406, height: 406))
            scene.layoutDirection = direction
            scene.rootView.addSubview(split)
            split.onDividerMoved = { [unowned self] in self.moves.append("\($0): \($1)") }
            scene.rootView.layoutIfNeeded()
        }

        func mouse(_ phase: (Scene) -> (MouseEvent) -> Void, x: Double, y: Double = 50, clicks: Int = 1) {
            phase(scene)(MouseEvent(locationInWindow: Point(x: x, y: y), clickCount: clicks))
            scene.rootView.layoutIfNeeded()
        }
        func key(_ key: Key) {
            scene.handleKeyDown(KeyEvent(key: key))
            scene.rootView.layoutIfNeeded()
        }
        var divider: View { split.subviews[2] }
    }

    @Test func panesAndTheDividerAreLaidOutFromThePositions() {
        let f = Fixture()
        #expect(f.sidebar.frame == Rect(x: 0, y: 0, width: 100, height: 406))
        #expect(f.divider.frame == Rect(x: 100, y: 0, width: 6, height: 406))
        #expect(f.content.frame == Rect(x: 106, y: 0, width: 300, height: 406))
        #expect(f.divider.cursor == .columnResize)
    }

    @Test func aDragMovesTheDividerWithThePointerAndReportsIt() {
        let f = Fixture()
        f.mouse(Scene.handleMouseDown, x: 102)
        f.mouse(Scene.handleMouseDragged, x: 152)
        #expect(f.split.dividerPositions == [150])
        #expect(f.content.frame.minX == 156)
        f.mouse(Scene.handleMouseDragged, x: 2)  // past the sidebar's minimum
        f.mouse(Scene.handleMouseUp, x: 2)
        #expect(f.split.dividerPositions == [80])
        #expect(f.moves == ["0: 150.0", "0: 80.0"])
    }

    @Test func aDoubleClickCollapsesTheSmallerPaneAndBringsItBack() {
        let f = Fixture()
        f.mouse(Scene.handleMouseDown, x: 102)
        f.mouse(Scene.handleMouseUp, x: 102)
        f.mouse(Scene.handleMouseDown, x: 102, clicks: 2)
        f.mouse(Scene.handleMouseUp, x: 102, clicks: 2)
        #expect(f.split.isPaneCollapsed(at: 0) && f.sidebar.isHidden)
        #expect(f.divider.frame.minX == 0 && f.content.frame == Rect(x: 6, y: 0, width: 400, height: 406))
        #expect(f.split.minimumLayoutSize == Size(width: 106, height: 100))
        f.mouse(Scene.handleMouseDown, x: 2)
        f.mouse(Scene.handleMouseUp, x: 2)
        f.mouse(Scene.handleMouseDown, x: 2, clicks: 2)
        #expect(!f.split.isPaneCollapsed(at: 0) && !f.sidebar.isHidden)
        #expect(f.split.dividerPositions == [100])
        #expect(f.moves == ["0: 0.0", "0: 100.0"])
    }

    @Test func theKeysMoveTheFocusedDivider() {
        let f = Fixture()
        f.key(.tab)
        #expect(f.divider.isFocused)
        f.key(.right)
        #expect(f.split.dividerPositions == [110])
        f.key(.left)
        f.key(.left)
        #expect(f.split.dividerPositions == [90])
        f.key(.end)
        #expect(f.split.dividerPositions == [300])  // the content at its 100-point minimum
        f.key(.home)
        #expect(f.split.dividerPositions == [80])
        f.key(.enter)
        #expect(f.split.isPaneCollapsed(at: 0))
        f.key(.up)  // not along a horizontal split view's axis: left to the views around it
        #expect(f.split.dividerPositions == [0])
    }

    @Test func aVerticalSplitViewStacksThePanesAndMovesWithUpAndDown() {
        let f = Fixture(axis: .vertical)
        #expect(f.content.frame == Rect(x: 0, y: 106, width: 406, height: 300))
        #expect(f.divider.cursor == .rowResize)
        f.divider.becomeFocused()
        f.key(.down)
        #expect(f.split.dividerPositions == [110])
    }

    @Test func aRightToLeftWindowMirrorsThePanesAndTheArrows() {
        let f = Fixture(direction: .rightToLeft)
        #expect(f.sidebar.frame == Rect(x: 306, y: 0, width: 100, height: 406))
        #expect(f.divider.frame == Rect(x: 300, y: 0, width: 6, height: 406))
        #expect(f.content.frame == Rect(x: 0, y: 0, width: 300, height: 406))
        f.mouse(Scene.handleMouseDown, x: 302)
        f.mouse(Scene.handleMouseDragged, x: 252)  // leftwards: the sidebar grows
        f.mouse(Scene.handleMouseUp, x: 252)
        #expect(f.split.dividerPositions == [150])
        f.divider.becomeFocused()
        f.key(.right)  // towards the sidebar's edge: it shrinks
        #expect(f.split.dividerPositions == [140])
    }

    @Test func shrinkingTheSplitViewKeepsTheMinimums() {
        let f = Fixture()
        f.split.frame.size.width = 150
        f.scene.rootView.layoutIfNeeded()
        #expect(f.sidebar.frame.width == 80 && f.content.frame.width == 100)
        #expect(f.split.minimumLayoutSize == Size(width: 186, height: 100))
    }

    @Test func aPositionSetBeforeTheSplitViewHasASizeIsKept() {
        let time = ManualTime()
        let scene = time.makeScene(size: Size(width: 400, height: 200))
        let split = SplitView(panes: [View(), View()])
        split.setDividerPosition(150, at: 0)
        scene.rootView.addSubview(split)
        scene.rootView.layoutIfNeeded()  // laid out at no size: nothing to share yet
        split.frame = Rect(x: 0, y: 0, width: 400, height: 200)
        scene.rootView.layoutIfNeeded()
        #expect(split.dividerPositions == [150])
        #expect(split.panes[1].frame == Rect(x: 156, y: 0, width: 244, height: 200))
    }

    @Test func theDividerIsASeparatorWithItsPositionAsValue() throws {
        let f = Fixture()
        let node = try #require(f.divider.accessibilityNode)
        #expect(node.role == .separator)
        #expect(node.value == AccessibilityValue(current: 100, minimum: 80, maximum: 300))
        #expect(node.states.contains(.vertical) && node.states.contains(.focusable))
        #expect(f.split.accessibilityNode?.role == .splitPane)
        let adjustable = try #require(f.divider as? AccessibilityAdjustable)
        #expect(adjustable.setAccessibilityValue(200))
        #expect(f.moves == ["0: 200.0"])
    }
}
