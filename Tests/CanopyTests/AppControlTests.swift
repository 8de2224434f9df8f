// Deliberately not `@testable`: this file sees Canopy as an app does, so the control below
// compiles only while `Control` and its tracking hooks are public and open.
import Canopy
import CanopyTesting
import Testing

/// A control as an app writes one: a pad that draws darker while pressed and pale while
/// disabled, tracking presses through the hooks alone, and noting each call.
private final class PressPad: Control {
    static let normal = Color(white: 0.6)
    static let pressed = Color(white: 0.3)
    static let disabled = Color(white: 0.9)

    var calls: [String] = []
    /// Whether a drag outside stops the tracking.
    var stopsWhenDraggedOut = false
    /// Whether presses are turned down.
    var refusesPresses = false

    override func beginTracking(at point: Point) -> Bool {
        calls.append("begin \(point.x),\(point.y)")
        return !refusesPresses
    }

    override func continueTracking(at point: Point, inside: Bool) -> Bool {
        calls.append("continue \(inside ? "inside" : "outside")")
        return inside || !stopsWhenDraggedOut
    }

    override func endTracking(at point: Point, inside: Bool) {
        calls.append("end \(inside ? "inside" : "outside")")
        super.endTracking(at: point, inside: inside)
    }

    override func cancelTracking() { calls.append("cancel") }

    override func draw(in context: GraphicsContext, bounds: Rect) {
        context.fill(bounds, color: !isEnabled ? Self.disabled : isHighlighted ? Self.pressed : Self.normal)
    }
}

@MainActor @Suite struct AppControlTests {
    let scene = Scene(size: Size(width: 300, height: 100))
    fileprivate let pad = PressPad(frame: Rect(x: 10, y: 10, width: 100, height: 40))
    let context: RecordingContext
    let actions = Counter()

    init() {
        context = RecordingContext(size: scene.size)
        scene.rootView.addSubview(pad)
        pad.onPrimaryAction = { [actions] in actions.count += 1 }
    }

    final class Counter { var count = 0 }

    func at(_ x: Double, _ y: Double) -> MouseEvent { MouseEvent(locationInWindow: Point(x: x, y: y)) }

    /// The colour the pad is drawn in now, as the next frame draws it.
    func drawnColor() -> Color? {
        context.removeAll()
        pad.setNeedsDisplay()
        for rect in scene.prepareFrame() { scene.render(rect, in: context) }
        return context.operations.compactMap { operation -> Color? in
            if case let .fill(rect, color) = operation, rect.size == pad.bounds.size { return color }
            return nil
        }.last
    }

    @Test func aPressIsTrackedThroughTheHooksAndHighlightsWhileInside() {
        #expect(drawnColor() == PressPad.normal)
        scene.handleMouseDown(at(20, 30))
        #expect(pad.isTracking && pad.isHighlighted)
        #expect(drawnColor() == PressPad.pressed)
        scene.handleMouseDragged(at(200, 30))
        #expect(pad.isTracking && !pad.isHighlighted)
        #expect(drawnColor() == PressPad.normal)
        scene.handleMouseDragged(at(40, 30))
        #expect(drawnColor() == PressPad.pressed)
        scene.handleMouseUp(at(40, 30))
        #expect(!pad.isTracking && !pad.isHighlighted)
        #expect(drawnColor() == PressPad.normal)
        #expect(pad.calls == ["begin 10.0,20.0", "continue outside", "continue inside", "end inside"])
        #expect(actions.count == 1)
    }

    @Test func aReleaseOutsideEndsTheTrackingWithoutTheAction() {
        scene.handleMouseDown(at(20, 30))
        scene.handleMouseDragged(at(200, 30))
        scene.handleMouseUp(at(200, 30))
        #expect(pad.calls == ["begin 10.0,20.0", "continue outside", "end outside"])
        #expect(actions.count == 0)
    }

    @Test func continueTrackingSayingStopCancelsThePress() {
        pad.stopsWhenDraggedOut = true
        scene.handleMouseDown(at(20, 30))
        scene.handleMouseDragged(at(200, 30))
        #expect(!pad.isTracking && !pad.isHighlighted)
        scene.handleMouseDragged(at(40, 30))
        scene.handleMouseUp(at(40, 30))
        #expect(pad.calls == ["begin 10.0,20.0", "continue outside", "cancel"])
        #expect(actions.count == 0)
    }

    @Test func aRefusedPressIsNotTrackedNorHighlighted() {
        pad.refusesPresses = true
        scene.handleMouseDown(at(20, 30))
        #expect(!pad.isTracking && !pad.isHighlighted)
        #expect(drawnColor() == PressPad.normal)
        scene.handleMouseUp(at(20, 30))
        #expect(pad.calls == ["begin 10.0,20.0"])
        #expect(actions.count == 0)
    }

    @Test func aPressThatLosesItsReleaseIsCancelled() {
        scene.handleMouseDown(at(20, 30))
        pad.isHidden = true
        scene.handleMouseDragged(at(30, 30))
        #expect(pad.calls == ["begin 10.0,20.0", "cancel"])
        #expect(!pad.isTracking && !pad.isHighlighted)
    }

    @Test func aDisabledControlLooksDisabledAndTracksNothing() {
        pad.isEnabled = false
        #expect(drawnColor() == PressPad.disabled)
        #expect(pad.state == [.disabled])
        scene.handleMouseDown(at(20, 30))
        scene.handleMouseUp(at(20, 30))
        #expect(pad.calls.isEmpty)
        #expect(actions.count == 0)
        #expect(!pad.becomeFocused())
    }

    @Test func disablingMidPressCancelsIt() {
        scene.handleMouseDown(at(20, 30))
        pad.isEnabled = false
        scene.handleMouseUp(at(20, 30))
        #expect(pad.calls == ["begin 10.0,20.0", "cancel"])
        #expect(actions.count == 0)
        #expect(drawnColor() == PressPad.disabled)
    }
}
