import Canopy
import CanopyTesting
import Testing

@MainActor @Suite(.serialized) struct OverlayTests {
    let time = ManualTime()

    @MainActor final class Fixture {
        let scene: Scene
        let content = LoggingView("content", frame: Rect(x: 0, y: 0, width: 720, height: 760))
        let picker = ListPicker(items: ["1", "2", "3", "4", "5"])
        var chosen: [String] = []
        var userDismissals = 0

        init(_ time: ManualTime) {
            scene = time.makeScene(size: Size(width: 720, height: 760))
            content.focusable = true
            scene.rootView.addSubview(content)
            content.becomeFocused()
            picker.onChoose = { [unowned self] _, value in chosen.append(value) }
            picker.onDismissByUser = { [unowned self] in userDismissals += 1 }
            picker.present(in: scene.rootView)
            _ = scene.prepareFrame()
        }

        func click(_ x: Double, _ y: Double) {
            scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: x, y: y)))
            scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: x, y: y)))
        }
    }

    @Test func thePanelTakesClicksOnItAndTheBackdropTheRest() {
        let f = Fixture(time)
        time.step(by: 0.3)
        #expect(f.picker.list.frame == Rect(x: 50, y: 100, width: 600, height: 590))
        #expect(f.scene.hitView(at: Point(x: 60, y: 110)) === f.picker.list)
        #expect(f.scene.hitView(at: Point(x: 20, y: 20)) === f.picker)
        #expect(f.scene.hitView(at: Point(x: 690, y: 740)) === f.picker)
    }

    @Test func nothingReachesTheContentBeneath() {
        let f = Fixture(time)
        time.step(by: 0.3)
        f.scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 60, y: 500)))  // empty panel area
        f.scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 10, y: 10), deltaY: 1))
        f.scene.handleKeyDown(KeyEvent(key: .character("x"), text: "x"))
        #expect(f.content.log.isEmpty)
        #expect(f.picker.isPresented)  // a click on the panel is not the backdrop's
    }

    @Test func choosingARowReportsItOnceAndDismisses() {
        let f = Fixture(time)
        time.step(by: 0.3)
        f.click(300, 100 + 3 * 44 + 20)
        #expect(f.chosen == ["4"])
        #expect(!f.picker.isPresented)
        #expect(f.userDismissals == 0)
        f.click(300, 100 + 3 * 44 + 20)  // the fading picker no longer takes clicks
        #expect(f.chosen == ["4"])
        time.step(by: 0.3)
        #expect(f.picker.superview == nil)
    }

    @Test func theBackdropAndEscapeDismissWithoutAValue() {
        let f = Fixture(time)
        time.step(by: 0.3)
        f.click(20, 20)
        #expect(!f.picker.isPresented)
        #expect(f.userDismissals == 1)
        time.step(by: 0.3)
        f.picker.present(in: f.scene.rootView)
        time.step(by: 0.3)
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!f.picker.isPresented)
        #expect(f.userDismissals == 2)
        #expect(f.chosen.isEmpty)
    }

    @Test func focusMovesIntoTheOverlayAndBack() {
        let f = Fixture(time)
        #expect(f.picker.list.isFocused)
        f.scene.handleKeyDown(KeyEvent(key: .down))
        f.scene.handleKeyDown(KeyEvent(key: .down))
        f.scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(f.chosen == ["2"])
        #expect(f.content.isFocused)
    }

    @Test func theBackdropDimsTheWholeWindowAndFadesIn() {
        let f = Fixture(time)
        #expect(f.picker.frame == f.scene.rootView.bounds)
        #expect(f.picker.presentedBackgroundColor == Color(white: 0, alpha: 0.3))
        #expect(f.picker.presentedAlpha == 0)
        time.step(by: 0.25)
        #expect(f.picker.presentedAlpha == 1)
    }

    @Test func aSmallerWindowShrinksThePanelWithTheSameMargins() {
        let f = Fixture(time)
        f.scene.size = Size(width: 400, height: 500)
        _ = f.scene.prepareFrame()
        #expect(f.picker.frame == Rect(x: 0, y: 0, width: 400, height: 500))
        #expect(f.picker.list.frame == Rect(x: 50, y: 100, width: 300, height: 350))
        f.scene.size = Size(width: 900, height: 900)
        _ = f.scene.prepareFrame()
        #expect(f.picker.list.frame == Rect(x: 50, y: 100, width: 600, height: 590))
    }
}
