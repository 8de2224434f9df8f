import Canopy
import Testing

@MainActor @Suite struct ButtonTests {
    func makeButton() -> (Button, Scene, () -> Int) {
        let scene = Scene(size: Size(width: 300, height: 100))
        let button = Button(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40))
        var taps = 0
        button.action = { taps += 1 }
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

    @Test func disabledButtonsIgnoreInputAndFocus() {
        let (button, scene, taps) = makeButton()
        button.isEnabled = false
        scene.handleMouseDown(at(20, 20))
        scene.handleMouseUp(at(20, 20))
        #expect(taps() == 0)
        #expect(!button.becomeFocused())
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
