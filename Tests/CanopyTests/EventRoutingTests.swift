import Canopy
import Testing

/// A view that logs the input it receives.
@MainActor final class LoggingView: View {
    var log: [String] = []
    /// The log without hover's enter and exit.
    var input: [String] { log.filter { $0 != "enter" && $0 != "exit" } }
    var focusable = false
    var swallowsKeys = true
    let name: String

    init(_ name: String, frame: Rect) {
        self.name = name
        super.init(frame: frame)
    }

    override var canBecomeFocused: Bool { focusable }
    override func mouseDown(_ event: MouseEvent) -> Bool {
        log.append("down \(event.location(in: self)) x\(event.clickCount)")
        return true
    }
    override func mouseDragged(_ event: MouseEvent) { log.append("drag \(event.location(in: self))") }
    override func mouseUp(_ event: MouseEvent) { log.append("up \(event.location(in: self))") }
    override func mouseCancelled() { log.append("cancelled") }
    override func mouseEntered(_ event: MouseEvent) { log.append("enter") }
    override func mouseExited(_ event: MouseEvent) { log.append("exit") }
    override func scrollWheel(_ event: ScrollEvent) -> Bool {
        log.append("wheel \(event.deltaY)")
        return true
    }
    override func keyDown(_ event: KeyEvent) -> Bool {
        log.append("key \(event.key)")
        return swallowsKeys
    }
}

@MainActor @Suite struct EventRoutingTests {
    func makeScene() -> (Scene, LoggingView, LoggingView) {
        let scene = Scene(size: Size(width: 300, height: 200))
        let left = LoggingView("left", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let right = LoggingView("right", frame: Rect(x: 150, y: 0, width: 100, height: 100))
        scene.rootView.addSubview(left)
        scene.rootView.addSubview(right)
        return (scene, left, right)
    }

    func mouse(_ x: Double, _ y: Double, time: Double = 0) -> MouseEvent {
        MouseEvent(locationInWindow: Point(x: x, y: y), timestamp: time)
    }

    @Test func theViewUnderMouseDownCapturesDragAndRelease() {
        let (scene, left, right) = makeScene()
        scene.handleMouseDown(mouse(10, 10))
        scene.handleMouseDragged(mouse(160, 20))  // over `right`, but `left` holds the capture
        scene.handleMouseUp(mouse(170, 30))
        #expect(left.log == ["down (10.0, 10.0) x1", "drag (160.0, 20.0)", "up (170.0, 30.0)"])
        #expect(!right.log.contains { $0.hasPrefix("down") || $0.hasPrefix("drag") || $0.hasPrefix("up") })
        #expect(scene.capturingView == nil)
        #expect(scene.hoveredView === right)  // hover catches up once the capture ends
    }

    @Test func unhandledMouseEventsClimbTheResponderChain() {
        let (scene, left, _) = makeScene()
        let inner = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        left.addSubview(inner)
        scene.handleMouseDown(mouse(15, 15))
        #expect(left.log == ["down (15.0, 15.0) x1"])
    }

    @Test func enterAndExitFollowThePointer() {
        let (scene, left, right) = makeScene()
        scene.handleMouseMoved(mouse(10, 10))
        scene.handleMouseMoved(mouse(20, 10))
        scene.handleMouseMoved(mouse(160, 10))
        scene.handlePointerLeft(mouse(400, 10))
        #expect(left.log == ["enter", "exit"])
        #expect(right.log == ["enter", "exit"])
        #expect(scene.hoveredView == nil)
    }

    @Test func quickClicksInOnePlaceCount() {
        let (scene, left, _) = makeScene()
        scene.handleMouseDown(mouse(10, 10, time: 1.0))
        scene.handleMouseUp(mouse(10, 10, time: 1.05))
        scene.handleMouseDown(mouse(11, 10, time: 1.2))
        scene.handleMouseUp(mouse(11, 10, time: 1.25))
        scene.handleMouseDown(mouse(11, 10, time: 2.0))  // too late: a new single click
        #expect(
            left.log.filter { $0.hasPrefix("down") } == [
                "down (10.0, 10.0) x1", "down (11.0, 10.0) x2", "down (11.0, 10.0) x1",
            ])
    }

    @Test func clicksCountWithTheDesktopsDoubleClickTimeAndDistance() {
        let (scene, left, _) = makeScene()
        scene.desktopSettings = DesktopSettings(doubleClickInterval: 1, doubleClickDistance: 10)
        scene.handleMouseDown(mouse(10, 10, time: 1.0))
        scene.handleMouseDown(mouse(18, 10, time: 1.6))  // 0.6 s and 8 points: still a double click
        scene.handleMouseDown(mouse(18, 30, time: 1.7))  // too far
        #expect(
            left.log.filter { $0.hasPrefix("down") } == [
                "down (10.0, 10.0) x1", "down (18.0, 10.0) x2", "down (18.0, 30.0) x1",
            ])
    }

    @Test func wheelGoesToTheViewUnderThePointer() {
        let (scene, left, right) = makeScene()
        scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 160, y: 10), deltaY: 1))
        #expect(right.log == ["wheel 1.0", "enter"])  // hover follows what the wheel turned over
        #expect(left.log.isEmpty)
    }

    @Test func clickingAFocusableViewFocusesItAndKeysGoThere() {
        let (scene, left, right) = makeScene()
        right.focusable = true
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(right.log.isEmpty)
        scene.handleMouseDown(mouse(160, 10))
        scene.handleMouseUp(mouse(160, 10))
        #expect(scene.focusedView === right)
        scene.handleKeyDown(KeyEvent(key: .character("a"), text: "a"))
        #expect(right.log.last == "key character(\"a\")")
        #expect(!left.log.contains { $0.hasPrefix("key") })
        // A non-focusable view cannot take focus.
        #expect(!left.becomeFocused())
        #expect(scene.focusedView === right)
    }

    @Test func aKeyTheFocusedViewLeavesGoesToItsSuperviewThenToTheScenesShortcuts() {
        let (scene, left, _) = makeScene()
        let inner = LoggingView("inner", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        inner.focusable = true
        inner.swallowsKeys = false
        left.addSubview(inner)
        left.swallowsKeys = false
        var shortcuts: [String] = []
        scene.addKeyboardShortcut(.character("n"), modifiers: .control) { shortcuts.append("new") }
        let save = scene.addKeyboardShortcut(.character("s"), modifiers: .control) { shortcuts.append("save") }
        inner.becomeFocused()
        scene.handleKeyDown(KeyEvent(key: .character("N"), modifiers: .control))
        #expect(inner.log == ["key character(\"N\")"])
        #expect(left.log == ["key character(\"N\")"])
        #expect(shortcuts == ["new"])  // either case matches
        scene.handleKeyDown(KeyEvent(key: .character("n")))  // without Control: not the shortcut
        scene.removeKeyboardShortcut(save)
        scene.handleKeyDown(KeyEvent(key: .character("s"), modifiers: .control))
        #expect(shortcuts == ["new"])
        left.swallowsKeys = true
        scene.handleKeyDown(KeyEvent(key: .character("n"), modifiers: .control))  // taken before the scene
        #expect(shortcuts == ["new"])
    }

    @Test func hoverCoversTheViewUnderThePointerAndItsSuperviews() {
        let (scene, left, right) = makeScene()
        let inner = LoggingView("inner", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        left.addSubview(inner)
        scene.handleMouseMoved(mouse(50, 50))
        scene.handleMouseMoved(mouse(15, 15))  // onto a subview: still over `left`
        scene.handleMouseMoved(mouse(50, 50))
        scene.handleMouseMoved(mouse(160, 10))
        #expect(left.log == ["enter", "exit"])
        #expect(inner.log == ["enter", "exit"])
        #expect(right.log == ["enter"])
    }

    @Test func aCaptureThatEndsWithoutAReleaseIsCancelled() {
        let (scene, left, right) = makeScene()
        scene.handleMouseDown(mouse(10, 10))
        left.isHidden = true
        scene.handleMouseDragged(mouse(20, 10))
        #expect(left.log == ["down (10.0, 10.0) x1", "cancelled"])
        scene.handleMouseDown(mouse(160, 10))
        scene.handleMouseDown(mouse(160, 10))  // the release was lost: the first capture ends
        #expect(right.log.filter { $0 == "cancelled" }.count == 1)
    }

    @Test func removingAViewDropsItsCaptureAndFocus() {
        let (scene, left, _) = makeScene()
        left.focusable = true
        scene.handleMouseDown(mouse(10, 10))
        #expect(scene.capturingView === left && scene.focusedView === left)
        left.removeFromSuperview()
        #expect(scene.capturingView == nil)
        #expect(scene.focusedView == nil)
        scene.handleMouseUp(mouse(10, 10))  // nobody is left to receive it: no crash, no delivery
        #expect(left.log == ["down (10.0, 10.0) x1", "cancelled"])
    }
}

@MainActor @Suite struct HiddenViewEventTests {
    @Test func aViewHiddenWhilePressedGetsNoDragOrRelease() {
        let scene = Scene(size: Size(width: 300, height: 200))
        let panel = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let tile = LoggingView("tile", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        panel.addSubview(tile)
        scene.rootView.addSubview(panel)
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 10, y: 10)))
        panel.isHidden = true  // the panel collapses under the pointer
        scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: 20, y: 10)))
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 20, y: 10)))
        #expect(tile.log == ["down (10.0, 10.0) x1", "cancelled"])
        #expect(scene.capturingView == nil)
    }

    @Test func aHiddenFocusedViewLosesFocusInsteadOfTakingKeys() {
        let scene = Scene(size: Size(width: 300, height: 200))
        let field = LoggingView("field", frame: Rect(x: 0, y: 0, width: 100, height: 30))
        field.focusable = true
        scene.rootView.addSubview(field)
        field.becomeFocused()
        field.isHidden = true
        var unhandled = 0
        scene.addKeyboardShortcut(.enter) { unhandled += 1 }
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(field.log.isEmpty)
        #expect(scene.focusedView == nil)
        #expect(unhandled == 1)
    }
}
