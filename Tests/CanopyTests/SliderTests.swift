@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The slider in memory: pointer and keyboard, user-only reports, focus.
@MainActor @Suite struct SliderTests {
    /// A scene with a slider whose track runs 200 points, from window x 23 to 223 (the slider
    /// is at x 10 and keeps 13 points at each end for the knob); `reports` collects what
    /// `onValueChanged` said.
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let slider: Slider
        var reports: [Double] = []

        init(_ slider: Slider = Slider()) {
            scene = time.makeScene(size: Size(width: 300, height: 100))
            self.slider = slider
            slider.frame = Rect(x: 10, y: 10, width: 226, height: 28)
            scene.rootView.addSubview(slider)
            slider.onValueChanged = { [unowned self] in self.reports.append($0) }
        }

        /// The window x of `fraction` of the track.
        func x(_ fraction: Double) -> Double { 23 + 200 * fraction }
        func down(_ x: Double, y: Double = 24) {
            scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: x, y: y)))
        }
        func drag(_ x: Double, y: Double = 24) {
            scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: x, y: y)))
        }
        func up(_ x: Double, y: Double = 24) { scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: x, y: y))) }
        func key(_ key: Key, _ modifiers: Modifiers = []) {
            scene.handleKeyDown(KeyEvent(key: key, modifiers: modifiers))
        }
    }

    @Test func theTrackLiesBetweenRoomForTheKnobAtEachEnd() {
        let f = Fixture()
        #expect(f.slider.trackFrame.minX == 13 && f.slider.trackFrame.width == 200)
        #expect(f.slider.value(atX: 13) == 0 && f.slider.value(atX: 113) == 0.5 && f.slider.value(atX: 500) == 1)
        f.slider.value = 0.25
        #expect(f.slider.knobFrame.midX == 63)
    }

    @Test func aClickOnTheTrackJumpsTheKnobThereAndReportsIt() {
        let f = Fixture()
        f.down(f.x(0.75))
        #expect(f.slider.value == 0.75)
        #expect(f.slider.isHighlighted)
        f.up(f.x(0.75))
        #expect(!f.slider.isHighlighted && !f.slider.isTracking)
        #expect(f.reports == [0.75])
        #expect(f.slider.isFocused)  // a click gives it focus
    }

    @Test func theKnobIsGrabbedWhereItIsHeldAndFollowsTheDragAnywhere() {
        let f = Fixture(Slider(value: 0.5))
        f.down(f.x(0.5) + 6)  // on the knob, right of its centre: no jump
        #expect(f.slider.value == 0.5)
        #expect(f.reports.isEmpty)
        f.drag(f.x(0.6) + 6, y: 90)  // far below the slider: the drag is still its
        #expect(abs(f.slider.value - 0.6) < 1e-9)
        f.drag(-400)
        #expect(f.slider.value == 0)
        f.drag(900)
        #expect(f.slider.value == 1)
        f.drag(900)  // no change, no report
        f.up(900)
        #expect(f.reports.count == 3)
        #expect(abs(f.reports[0] - 0.6) < 1e-9 && f.reports[1] == 0 && f.reports[2] == 1)
    }

    @Test func aSliderThatIsNotContinuousReportsOnceWhereTheDragLetGo() {
        let f = Fixture()
        f.slider.isContinuous = false
        f.down(f.x(0.2))
        f.drag(f.x(0.4))
        f.drag(f.x(0.3))
        #expect(f.slider.value == 0.3)
        #expect(f.reports.isEmpty)
        f.up(f.x(0.3))
        #expect(f.reports == [0.3])
        // A drag that ends where it started reports nothing.
        f.down(f.x(0.3))
        f.drag(f.x(0.9))
        f.drag(f.x(0.3))
        f.up(f.x(0.3))
        #expect(f.reports == [0.3])
        // A drag that ends without a release reports where the knob was left.
        f.down(f.x(0.5))
        f.slider.isHidden = true
        f.drag(f.x(0.7))
        #expect(f.reports == [0.3, 0.5])
        // The keyboard always reports at once.
        f.slider.isHidden = false
        f.key(.right)
        #expect(f.reports == [0.3, 0.5, 0.51])
    }

    @Test func stepsRoundTheValueAndTheKeysMoveByThem() {
        let f = Fixture(Slider(value: 100.4, in: 0...255, step: 1))
        #expect(f.slider.value == 100)
        f.slider.becomeFocused()
        f.key(.right)
        f.key(.up)
        #expect(f.slider.value == 102)
        f.key(.left, .shift)
        #expect(f.slider.value == 92)
        f.key(.down)
        f.key(.pageUp)
        #expect(f.slider.value == 101)
        f.key(.pageDown)
        f.key(.pageDown)
        #expect(f.slider.value == 81)
        f.key(.end)
        f.key(.right)  // already at the end: nothing to report
        #expect(f.slider.value == 255)
        f.key(.home)
        #expect(f.reports == [101, 102, 92, 91, 101, 91, 81, 255, 0])
        f.down(f.x(0.5))  // half of 255, to the nearest step
        #expect(f.slider.value == 128)
    }

    @Test func theKeyboardStepDefaultsToAHundredthOfTheRangeAndShiftTakesTen() {
        let f = Fixture(Slider(value: 50, in: 0...200))
        f.slider.becomeFocused()
        f.key(.right)
        #expect(f.slider.value == 52)
        f.key(.left, .shift)
        #expect(f.slider.value == 32)
        f.slider.keyboardStep = 5
        f.key(.up)
        #expect(f.slider.value == 37)
        f.slider.step = 10  // an arrow never moves less than a step
        #expect(f.slider.value == 40)
        f.slider.keyboardStep = 1
        f.key(.down)
        #expect(f.slider.value == 30)
    }

    @Test func valuesSetFromCodeAreFittedAndReportNothing() {
        let f = Fixture(Slider(value: 0.5))
        f.slider.value = 7
        #expect(f.slider.value == 1)
        f.slider.value = -1
        #expect(f.slider.value == 0)
        f.slider.value = .nan
        #expect(f.slider.value == 0)
        f.slider.minimumValue = 10
        f.slider.maximumValue = 20
        #expect(f.slider.value == 10)
        f.slider.value = 15.3
        f.slider.step = 2
        #expect(f.slider.value == 16)
        f.slider.maximumValue = 13
        #expect(f.slider.value == 12)  // 13 is off the steps: the top step
        #expect(f.reports.isEmpty)
    }

    @Test func otherKeysAndModifiedArrowsGoOnUpTheChain() {
        let f = Fixture(Slider(value: 0.5))
        f.slider.becomeFocused()
        var passedOn: [String] = []
        f.scene.addKeyboardShortcut(.space) { passedOn.append("space") }
        f.scene.addKeyboardShortcut(.enter) { passedOn.append("enter") }
        f.scene.addKeyboardShortcut(.right, modifiers: .control) { passedOn.append("control-right") }
        f.key(.space)
        f.key(.enter)
        f.key(.right, .control)
        #expect(passedOn == ["space", "enter", "control-right"])
        #expect(f.slider.value == 0.5 && f.reports.isEmpty)
    }

    @Test func tabReachesItAndADisabledSliderTakesPressesButDoesNothing() {
        let f = Fixture(Slider(value: 0.5))
        f.scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(f.slider.isFocused)
        f.slider.isEnabled = false
        #expect(!f.slider.isFocused)
        f.down(f.x(0.9))
        f.drag(f.x(0.1))
        f.up(f.x(0.1))
        f.key(.right)
        #expect(f.slider.value == 0.5 && f.reports.isEmpty)
        #expect(!f.slider.becomeFocused())
    }

    @Test func itDrawsAFocusRingAroundTheKnobOnlyWithFocus() {
        let f = Fixture(Slider(value: 0.5))
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
        #expect(rings().isEmpty)
        f.slider.becomeFocused()
        let knob = f.slider.convert(f.slider.knobFrame, to: nil)
        #expect(rings() == [knob.insetBy(dx: -3, dy: -3)])
        f.slider.resignFocus()
        #expect(rings().isEmpty)
    }

    @Test func itMeasuresToTheKnobWithRoomForItsRing() {
        let slider = Slider()
        slider.sizeToFit()
        #expect(slider.frame.size == Size(width: Slider.defaultWidth, height: Slider.knobSize + 8))
        #expect(slider.sizeThatFits(Size(width: 50, height: 100)).width == 50)
    }
}
