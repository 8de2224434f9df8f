@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The radio group in memory: one choice, one Tab stop, arrows move the choice, code reports
/// nothing.
@MainActor @Suite struct RadioGroupTests {
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let before = Button(title: "Before", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        let group: RadioGroup
        let after = Button(title: "After", frame: Rect(x: 10, y: 200, width: 80, height: 30))
        var reports: [Int] = []

        init(_ group: RadioGroup = RadioGroup(options: ["Small", "Medium", "Large"])) {
            scene = time.makeScene(size: Size(width: 300, height: 260))
            self.group = group
            group.frame.origin = Point(x: 10, y: 60)
            group.sizeToFit()
            for view in [before, group, after] { scene.rootView.addSubview(view) }
            group.onValueChanged = { [unowned self] in self.reports.append($0) }
            _ = scene.prepareFrame()  // lays the options out
        }

        func centre(of option: Int) -> Point {
            group.buttons[option].convert(group.buttons[option].bounds.center, to: nil)
        }
        func click(_ option: Int) {
            scene.handleMouseDown(MouseEvent(locationInWindow: centre(of: option)))
            scene.handleMouseUp(MouseEvent(locationInWindow: centre(of: option)))
        }
        func key(_ key: Key, _ modifiers: Modifiers = []) {
            scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers))
        }
        var chosen: [Bool] { group.buttons.map(\.isSelected) }
    }

    @Test func exactlyOneOptionIsChosenAndTheOptionsStackInEvenRows() {
        let f = Fixture()
        #expect(f.group.selectedIndex == 0)
        #expect(f.chosen == [true, false, false])
        let frames = f.group.buttons.map(\.frame)
        #expect(frames.map(\.minY) == [0, frames[0].height + 4, 2 * (frames[0].height + 4)])
        #expect(Set(frames.map(\.height)).count == 1)
        #expect(f.group.frame.height == frames[2].maxY)
        #expect(
            f.group.frame.width == f.group.buttons.map { $0.sizeThatFits(Size(width: 999, height: 99)).width }.max())
    }

    @Test func aClickChoosesAnOptionReportsItAndFocusesTheGroup() {
        let f = Fixture()
        f.click(2)
        #expect(f.group.selectedIndex == 2)
        #expect(f.chosen == [false, false, true])
        #expect(f.reports == [2])
        #expect(f.scene.focusedView === f.group)
        f.click(2)  // the chosen one again: nothing new to report
        #expect(f.reports == [2])
    }

    @Test func aPressDraggedOffAnOptionAndReleasedOutsideChoosesNothing() {
        let f = Fixture()
        f.scene.handleMouseDown(MouseEvent(locationInWindow: f.centre(of: 1)))
        #expect(f.group.buttons[1].isHighlighted)
        f.scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: 280, y: 250)))
        f.scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 280, y: 250)))
        #expect(f.group.selectedIndex == 0 && f.reports.isEmpty)
    }

    @Test func theArrowsMoveTheChoiceAroundAndReportEachMove() {
        let f = Fixture()
        f.group.becomeFocused()
        f.key(.down)
        f.key(.right)
        f.key(.down)  // wraps to the first
        f.key(.up)  // and back to the last
        f.key(.left)
        f.key(.home)
        f.key(.end)
        #expect(f.reports == [1, 2, 0, 2, 1, 0, 2])
        #expect(f.chosen == [false, false, true])
        f.key(.end)  // already there
        f.key(.down, .shift)  // not the group's
        #expect(f.reports.count == 7)
    }

    @Test func theGroupIsOneTabStopAndLeavesSpaceAndEnterToOthers() {
        let f = Fixture()
        let order = FocusOrder(in: f.scene.rootView).views.map(ObjectIdentifier.init)
        #expect(order == [f.before, f.group, f.after].map(ObjectIdentifier.init))
        f.key(.tab)
        f.key(.tab)
        #expect(f.scene.focusedView === f.group)
        f.key(.tab)
        #expect(f.scene.focusedView === f.after)
        f.key(.tab, .shift)
        #expect(f.scene.focusedView === f.group)
        var passedOn: [String] = []
        f.scene.addKeyboardShortcut(.space) { passedOn.append("space") }
        f.scene.addKeyboardShortcut(.enter) { passedOn.append("enter") }
        f.key(.space)
        f.key(.enter)
        #expect(passedOn == ["space", "enter"])
        #expect(f.reports.isEmpty)
    }

    @Test func codeChangesReportNothingAndStayInRange() {
        let f = Fixture()
        f.group.selectedIndex = 1
        #expect(f.chosen == [false, true, false])
        f.group.selectedIndex = 9
        #expect(f.group.selectedIndex == 2)
        f.group.selectedIndex = -3
        #expect(f.group.selectedIndex == 0)
        f.group.selectedIndex = 2
        f.group.options = ["Yes", "No"]
        #expect(f.group.selectedIndex == 1)
        #expect(f.group.buttons.map(\.title) == ["Yes", "No"])
        #expect(f.chosen == [false, true])
        #expect(f.group.subviews.count == 2)
        f.group.options = []
        #expect(f.group.selectedIndex == 0 && f.group.buttons.isEmpty)
        f.group.becomeFocused()
        f.key(.down)
        #expect(f.reports.isEmpty)
    }

    @Test func aDisabledGroupTakesNoChoiceAndNoFocus() {
        let f = Fixture()
        f.group.isEnabled = false
        #expect(f.group.buttons.allSatisfy { !$0.isEnabled })
        f.click(1)
        #expect(f.group.selectedIndex == 0 && f.reports.isEmpty)
        #expect(!f.group.becomeFocused())
        #expect(f.scene.focusedView == nil)
        f.group.isEnabled = true
        f.click(1)
        #expect(f.reports == [1])
    }

    @Test func theFocusRingCirclesTheChosenOptionWhileTheGroupHasFocus() {
        let f = Fixture(RadioGroup(options: ["Small", "Medium", "Large"], selectedIndex: 1))
        func rings() -> [Rect] {
            let context = RecordingContext(size: f.scene.size)
            for rect in f.scene.prepareFrame() { f.scene.render(rect, in: context) }
            return context.operations.compactMap {
                if case let .strokeRoundedRect(rect, _, 2, color) = $0, color == Theme.standard.accent.withAlpha(0.6) {
                    return rect
                }
                return nil
            }
        }
        func ring(around option: Int) -> Rect {
            let button = f.group.buttons[option]
            return button.convert(button.circleFrame, to: nil).insetBy(dx: -3, dy: -3)
        }
        #expect(rings().isEmpty)
        f.group.becomeFocused()
        #expect(rings() == [ring(around: 1)])
        f.key(.down)
        #expect(rings() == [ring(around: 2)])
        f.group.resignFocus()
        #expect(rings().isEmpty)
    }
}
