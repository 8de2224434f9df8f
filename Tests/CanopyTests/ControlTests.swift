import Canopy
import Testing

@MainActor @Suite struct ControlTests {
    func makeButton() -> (Button, Scene, () -> Int) {
        let scene = Scene(size: Size(width: 300, height: 100))
        let button = Button(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40))
        var taps = 0
        button.onPrimaryAction = { taps += 1 }
        scene.rootView.addSubview(button)
        return (button, scene, { taps })
    }

    func at(_ x: Double, _ y: Double) -> MouseEvent { MouseEvent(locationInWindow: Point(x: x, y: y)) }

    @Test func firesOnReleaseInsideAndShowsThePress() {
        let (button, scene, taps) = makeButton()
        scene.handleMouseDown(at(20, 20))
        #expect(button.isHighlighted)
        #expect(taps() == 0)
        scene.handleMouseUp(at(25, 25))
        #expect(!button.isHighlighted)
        #expect(taps() == 1)
    }

    @Test func draggingOutCancelsAndDraggingBackRestores() {
        let (button, scene, taps) = makeButton()
        scene.handleMouseDown(at(20, 20))
        scene.handleMouseDragged(at(200, 20))
        #expect(!button.isHighlighted)
        scene.handleMouseUp(at(200, 20))
        #expect(taps() == 0)
        scene.handleMouseDown(at(20, 20))
        scene.handleMouseDragged(at(200, 20))
        scene.handleMouseDragged(at(30, 20))
        #expect(button.isHighlighted)
        scene.handleMouseUp(at(30, 20))
        #expect(taps() == 1)
    }

    @Test func disabledButtonsTakePressesButDoNothingAndCannotBeFocused() {
        let (button, scene, taps) = makeButton()
        let behind = LoggingView("behind", frame: Rect(x: 0, y: 0, width: 300, height: 100))
        scene.rootView.insertSubview(behind, at: 0)
        behind.addSubview(button)
        button.isEnabled = false
        scene.handleMouseDown(at(20, 20))
        scene.handleMouseUp(at(20, 20))
        #expect(taps() == 0)
        #expect(!button.isHighlighted)
        #expect(behind.input.isEmpty)  // the press did not fall through
        #expect(!button.becomeFocused())
        #expect(button.state == [.disabled])
    }

    @Test func disablingMidPressDropsItAndFocus() {
        let (button, scene, taps) = makeButton()
        button.becomeFocused()
        scene.handleMouseDown(at(20, 20))
        button.isEnabled = false
        scene.handleMouseUp(at(20, 20))
        #expect(taps() == 0)
        #expect(!button.isHighlighted && !button.isTracking)
        #expect(scene.focusedView == nil)
    }

    @Test func theStateFollowsHoverFocusPressAndSelection() {
        let scene = Scene(size: Size(width: 300, height: 100))
        let button = RecordingButton(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40))
        scene.rootView.addSubview(button)
        scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 20, y: 20), clickCount: 0))
        scene.handleMouseDown(at(20, 20))
        scene.handleMouseUp(at(20, 20))
        button.isSelected = true
        scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 200, y: 20), clickCount: 0))
        #expect(
            button.states == [
                [.hovered], [.hovered, .focused], [.hovered, .focused, .highlighted], [.hovered, .focused],
                [.hovered, .focused, .selected], [.focused, .selected],
            ])
    }

    @Test func aHiddenButtonLosesItsPress() {
        let (button, scene, taps) = makeButton()
        scene.handleMouseDown(at(20, 20))
        button.isHidden = true
        scene.handleMouseDragged(at(25, 20))
        button.isHidden = false
        scene.handleMouseUp(at(25, 20))
        #expect(!button.isHighlighted)
        #expect(taps() == 0)
    }

    @Test func spaceAndEnterPressAFocusedButton() {
        let (button, scene, taps) = makeButton()
        #expect(button.becomeFocused())
        scene.handleKeyDown(KeyEvent(key: .space, text: " "))
        scene.handleKeyDown(KeyEvent(key: .enter))
        scene.handleKeyDown(KeyEvent(key: .enter, isRepeat: true))
        #expect(taps() == 2)
    }
}

/// A button that records its state each time the state changes.
@MainActor final class RecordingButton: Button {
    var states: [Control.State] = []

    override func stateDidChange() {
        super.stateDidChange()
        if states.last != state { states.append(state) }
    }
}
