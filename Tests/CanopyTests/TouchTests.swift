import Canopy
import Testing

/// Touches taken by the scene: taps, drags that scroll, drags that are mouse drags, a second
/// finger.
@MainActor @Suite struct TouchTests {
    func touch(_ scene: Scene, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, finger: UInt32 = 1) {
        scene.handleTouch(TouchEvent(touch: finger, phase: phase, locationInWindow: Point(x: x, y: y)))
    }

    @Test func aDragWhereNothingScrollsIsAMouseDragFromWhereTheFingerWentDown() {
        let scene = Scene(size: Size(width: 300, height: 200))
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scene.rootView.addSubview(view)
        touch(scene, .began, 10, 10)
        touch(scene, .moved, 12, 10)  // within the tap's slack: nothing yet
        #expect(view.input.isEmpty)
        touch(scene, .moved, 30, 10)
        touch(scene, .ended, 40, 10)
        #expect(view.input == ["down (10.0, 10.0) x1", "drag (30.0, 10.0)", "up (40.0, 10.0)"])
    }

    @Test func aSecondFingerIsIgnoredWhileTheFirstIsDown() {
        let scene = Scene(size: Size(width: 300, height: 200))
        let view = LoggingView("view", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        scene.rootView.addSubview(view)
        touch(scene, .began, 10, 10)
        touch(scene, .began, 100, 100, finger: 2)
        touch(scene, .ended, 100, 100, finger: 2)
        touch(scene, .ended, 10, 10)
        #expect(view.input == ["down (10.0, 10.0) x1", "up (10.0, 10.0)"])
    }

    @Test func aDragAcrossAColumnThatOnlyScrollsUpAndDownDoesNotScrollIt() {
        let scene = Scene(size: Size(width: 200, height: 200))
        let content = View(frame: Rect(x: 0, y: 0, width: 200, height: 1000))
        let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        scroll.addSubview(content)
        scroll.contentSize = Size(width: 200, height: 1000)
        scene.rootView.addSubview(scroll)
        touch(scene, .began, 150, 100)
        touch(scene, .moved, 100, 100)  // sideways: nothing scrolls that way
        touch(scene, .ended, 100, 100)
        #expect(scroll.contentOffset == .zero)
        touch(scene, .began, 100, 150)
        touch(scene, .moved, 100, 90)
        touch(scene, .moved, 100, 60)
        touch(scene, .ended, 100, 60)
        #expect(scroll.contentOffset == Point(x: 0, y: 90))
    }
}
