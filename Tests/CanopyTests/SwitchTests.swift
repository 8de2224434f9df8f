@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// The switch in memory: clicks and keys turn it over, its knob slides, code reports nothing.
@MainActor @Suite struct SwitchTests {
    @MainActor final class Fixture {
        let time = ManualTime()
        let scene: Scene
        let toggle: Switch
        var reports: [Bool] = []

        init(_ toggle: Switch = Switch()) {
            scene = time.makeScene(size: Size(width: 200, height: 100))
            self.toggle = toggle
            toggle.frame = Rect(x: 10, y: 10, width: 46, height: 30)
            scene.rootView.addSubview(toggle)
            toggle.onValueChanged = { [unowned self] in self.reports.append($0) }
        }

        func click(_ x: Double = 30, releaseAt releaseX: Double? = nil) {
            scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: x, y: 25)))
            scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: releaseX ?? x, y: 25)))
        }
        func key(_ key: Key, isRepeat: Bool = false) {
            scene.handleKeyDown(KeyEvent(key: key, isRepeat: isRepeat))
        }
        /// Where the knob is across its travel: 0 off, 1 on.
        var knobPosition: Double {
            let track = toggle.trackFrame, knob = toggle.knobFrame
            return (knob.minX - track.minX - 2) / (track.width - 4 - knob.width)
        }
    }

    @Test func aClickTurnsItOverAndTheKnobSlides() {
        let f = Fixture()
        f.click()
        #expect(f.toggle.isOn)
        #expect(f.reports == [true])
        #expect(f.toggle.isFocused)
        #expect(f.knobPosition == 0)  // the slide starts where the knob was
        #expect(f.scene.animator.isAnimating)
        f.time.step(by: Switch.slideDuration / 2)
        #expect(f.knobPosition > 0.2 && f.knobPosition < 0.8)
        f.time.step(by: Switch.slideDuration / 2)
        #expect(f.knobPosition == 1)
        #expect(!f.scene.animator.isAnimating)
        f.click()
        #expect(!f.toggle.isOn)
        #expect(f.reports == [true, false])
    }

    @Test func aPressReleasedOutsideDoesNothing() {
        let f = Fixture()
        f.click(30, releaseAt: 150)
        #expect(!f.toggle.isOn && f.reports.isEmpty)
    }

    @Test func spaceAndEnterTurnItOverOncePerPress() {
        let f = Fixture()
        f.scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(f.toggle.isFocused)
        f.key(.space)
        f.key(.space, isRepeat: true)
        #expect(f.toggle.isOn)
        f.key(.enter)
        #expect(!f.toggle.isOn)
        #expect(f.reports == [true, false])
    }

    @Test func codeTurnsItOverSilentlyAtOnceOrSliding() {
        let f = Fixture()
        f.toggle.isOn = true
        #expect(f.knobPosition == 1)
        #expect(!f.scene.animator.isAnimating)
        f.toggle.setOn(false, animated: true)
        #expect(!f.toggle.isOn)
        #expect(f.scene.animator.isAnimating)
        f.time.step(by: Switch.slideDuration)
        #expect(f.knobPosition == 0)
        #expect(f.reports.isEmpty)
        let outside = Switch(isOn: true)  // not in a scene: no animation to run
        outside.setOn(false, animated: true)
        #expect(outside.knobFrame.minX == outside.trackFrame.minX + 2)
    }

    @Test func aDisabledSwitchStaysPut() {
        let f = Fixture()
        f.toggle.isEnabled = false
        f.click()
        f.key(.space)
        #expect(!f.toggle.isOn && f.reports.isEmpty)
        #expect(!f.toggle.becomeFocused())
    }

    @Test func itDrawsAFocusRingAroundTheTrackOnlyWithFocus() {
        let f = Fixture()
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
        f.toggle.becomeFocused()
        #expect(rings() == [f.toggle.convert(f.toggle.trackFrame, to: nil).insetBy(dx: -3, dy: -3)])
    }

    @Test func itMeasuresToItsTrackWithRoomForTheRing() {
        let toggle = Switch()
        toggle.sizeToFit()
        #expect(toggle.frame.size == Size(width: Switch.trackSize.width + 6, height: Switch.trackSize.height + 6))
    }
}
