@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The segmented control in memory: even segments sized to the widest title, one Tab stop, the
/// arrows the way they point (mirrored right to left), clicks, disabled segments, and what it
/// draws and tells assistive technology.
@MainActor @Suite struct SegmentedControlTests {
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let before = Button(title: "Before", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        let control = SegmentedControl(titles: ["Day", "Week", "Month"], selectedIndex: 1)
        let after = Button(title: "After", frame: Rect(x: 10, y: 200, width: 80, height: 30))
        var reports: [Int] = []

        init(direction: LayoutDirection = .leftToRight) {
            scene = time.makeScene(size: Size(width: 400, height: 260))
            scene.layoutDirection = direction
            control.frame.origin = Point(x: 10, y: 60)
            for view in [before, control, after] { scene.rootView.addSubview(view) }
            control.sizeToFit()
            control.onValueChanged = { [unowned self] in self.reports.append($0) }
            _ = scene.prepareFrame()  // lays the segments out
        }

        func centre(of segment: Int) -> Point {
            control.segments[segment].convert(control.segments[segment].bounds.center, to: nil)
        }
        func click(_ segment: Int) {
            scene.handleMouseDown(MouseEvent(locationInWindow: centre(of: segment)))
            scene.handleMouseUp(MouseEvent(locationInWindow: centre(of: segment)))
        }
        func key(_ key: Key, _ modifiers: Modifiers = []) {
            scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers))
        }
        var chosen: [Bool] { control.segments.map(\.isSelected) }
        /// The widest title's width and the padding on both sides.
        var segmentWidth: Double {
            let widest = ["Day", "Week", "Month"].map {
                scene.textMeasurer.measure($0, font: Theme.standard.font).width
            }
            return ((widest.max() ?? 0) + 2 * SegmentedControl.titlePadding).rounded(.up)
        }
    }

    @Test func theSegmentsSitSideBySideAsWideAsTheWidestTitle() {
        let f = Fixture()
        #expect(f.control.frame.width == 3 * f.segmentWidth)
        #expect(f.control.segments.map(\.frame.minX) == [0, f.segmentWidth, 2 * f.segmentWidth])
        #expect(Set(f.control.segments.map(\.frame.width)) == [f.segmentWidth])
        #expect(f.control.segments.allSatisfy { $0.frame.height == f.control.bounds.height })
        #expect(f.control.frame.height > 20)
        #expect(f.chosen == [false, true, false])
    }

    @Test func aStackNeverSqueezesTheSegmentsIntoOneAnother() {
        let f = Fixture()
        #expect(f.control.minimumLayoutSize == f.control.sizeThatFits(Size(width: 999, height: 999)))
        f.control.removeFromSuperview()
        let stack = StackView(axis: .horizontal, spacing: 8, views: [Label(text: "View:"), f.control])
        stack.frame = Rect(x: 0, y: 0, width: 60, height: 40)
        f.scene.rootView.addSubview(stack)
        #expect(stack.minimumLayoutSize.width >= 3 * f.segmentWidth)
        stack.frame.size = stack.minimumLayoutSize
        _ = f.scene.prepareFrame()
        #expect(f.control.frame.width == 3 * f.segmentWidth)
    }

    @Test func aRightToLeftWindowRunsTheSegmentsFromTheRight() {
        let f = Fixture(direction: .rightToLeft)
        let width = f.segmentWidth
        #expect(f.control.segments.map(\.frame.minX) == [2 * width, width, 0])
    }

    @Test func aClickChoosesASegmentReportsItAndFocusesTheControl() {
        let f = Fixture()
        f.click(2)
        #expect(f.control.selectedIndex == 2)
        #expect(f.chosen == [false, false, true])
        #expect(f.reports == [2])
        #expect(f.scene.focusedView === f.control)
        f.click(2)  // the chosen one again: nothing new to report
        #expect(f.reports == [2])
    }

    @Test func aPressDraggedOffASegmentAndReleasedOutsideChoosesNothing() {
        let f = Fixture()
        f.scene.handleMouseDown(MouseEvent(locationInWindow: f.centre(of: 0)))
        #expect(f.control.segments[0].isHighlighted)
        f.scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: 380, y: 250)))
        f.scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 380, y: 250)))
        #expect(f.control.selectedIndex == 1 && f.reports.isEmpty)
    }

    @Test func leftAndRightMoveTheChoiceAndStopAtTheEnds() {
        let f = Fixture()
        f.control.becomeFocused()
        f.key(.right)
        f.key(.right)  // the last already: stays
        f.key(.left)
        f.key(.home)
        f.key(.left)  // the first already: stays
        f.key(.end)
        #expect(f.reports == [2, 1, 0, 2])
        // Up and Down, and the arrows with a modifier, are not the control's.
        for (key, modifiers) in [(Key.up, Modifiers()), (.down, []), (.left, .control)] {
            #expect(!f.control.keyDown(KeyEvent(key: key, modifiers: modifiers)))
        }
        #expect(f.control.selectedIndex == 2)
    }

    @Test func spaceAndEnterDoNothingAndGoOnUpTheChain() {
        let f = Fixture()
        var actions = 0
        f.control.onPrimaryAction = { actions += 1 }
        for key in [Key.space, .enter] { #expect(!f.control.keyDown(KeyEvent(key: key))) }
        #expect(actions == 0 && f.reports.isEmpty && f.control.selectedIndex == 1)
    }

    @Test func inARightToLeftWindowTheArrowsStillMoveTheWayTheyPoint() {
        let f = Fixture(direction: .rightToLeft)
        f.control.becomeFocused()
        f.key(.left)  // towards the left edge: the last segment
        f.key(.right)
        f.key(.right)  // the first segment, at the right edge
        #expect(f.reports == [2, 1, 0])
    }

    @Test func theUserCannotChooseADisabledSegmentAndTheArrowsSkipIt() {
        let f = Fixture()
        f.control.selectedIndex = 0
        f.control.disabledSegments = [1]
        #expect(!f.control.segments[1].isEnabled && f.control.segments[2].isEnabled)
        f.click(1)
        #expect(f.control.selectedIndex == 0 && f.reports.isEmpty)
        f.control.becomeFocused()
        f.key(.right)  // over the disabled one
        #expect(f.control.selectedIndex == 2)
        f.key(.home)
        #expect(f.reports == [2, 0])
        f.control.isEnabled = false
        #expect(f.control.segments.allSatisfy { !$0.isEnabled })
        f.control.isEnabled = true
        #expect(f.control.segments.map(\.isEnabled) == [true, false, true])
    }

    @Test func codeChangesReportNothingAndStayInRange() {
        let f = Fixture()
        f.control.selectedIndex = 2
        f.control.selectedIndex = 9
        #expect(f.control.selectedIndex == 2)
        f.control.titles = ["One"]
        #expect(f.control.selectedIndex == 0 && f.control.segments.count == 1 && f.chosen == [true])
        #expect(f.reports.isEmpty)
    }

    @Test func theChosenSegmentIsDrawnInTheAccentWithDividersOnlyBetweenOthers() {
        let f = Fixture()
        f.control.titles = ["A", "B", "C", "D"]
        f.control.selectedIndex = 0
        f.control.sizeToFit()
        let context = RecordingContext(size: f.scene.size)
        _ = f.scene.prepareFrame()
        f.scene.render(f.control.frame, in: context)  // the control alone, not the buttons around it
        let accent = Theme.standard.accent
        let faces = context.operations.compactMap { operation -> Color? in
            if case let .fillRoundedRect(_, _, color) = operation { return color }
            return nil
        }
        #expect(faces.first == accent)  // the chosen, leading segment, rounded on its outer side
        let dividers = context.operations.filter {
            if case let .fill(rect, color) = $0 { return rect.width == 1 && color == Theme.standard.border }
            return false
        }
        #expect(dividers.count == 2)  // B|C and C|D; none beside the chosen A
        #expect(context.drawnTexts.suffix(4) == ["A", "B", "C", "D"])
    }

    @Test func itIsAGroupOfRadioButtonsToAssistiveTechnology() throws {
        let f = Fixture()
        #expect(f.control.accessibilityNode?.role == .group)
        let nodes = try f.control.segments.map { try #require($0.accessibilityNode) }
        #expect(nodes.map(\.role) == [.radioButton, .radioButton, .radioButton])
        #expect(nodes.map(\.name) == ["Day", "Week", "Month"])
        #expect(nodes.map { $0.states.contains(.checked) } == [false, true, false])
        #expect(f.control.accessibilitySelectedChildren == [1])
        #expect(f.control.selectAccessibilityChild(0))
        #expect(f.reports == [0])
    }
}
