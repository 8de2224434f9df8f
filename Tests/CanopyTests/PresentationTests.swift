import Canopy
import CanopyTesting
import Testing

/// The scene's presentation layer: modal presentations (through ``ListPicker`` and directly)
/// and the rules every pop-up shares.
@MainActor @Suite(.serialized) struct PresentationTests {
    let time = ManualTime()

    @MainActor final class Fixture {
        let scene: Scene
        let content = LoggingView("content", frame: Rect(x: 0, y: 0, width: 720, height: 760))
        let picker = ListPicker(items: ["1", "2", "3", "4", "5"])
        var chosen: [String] = []
        var dismissals: [Presentation.DismissalReason] = []

        init(_ time: ManualTime) {
            scene = time.makeScene(size: Size(width: 720, height: 760))
            content.focusable = true
            scene.rootView.addSubview(content)
            content.becomeFocused()
            picker.onPrimaryAction = { [unowned self] index in chosen.append(picker.items[index]) }
            picker.onDismiss = { [unowned self] in dismissals.append($0) }
            picker.present(in: scene)
            _ = scene.prepareFrame()
        }

        func click(_ x: Double, _ y: Double) {
            scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: x, y: y)))
            scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: x, y: y)))
        }

        /// The centred list's frame: 360 wide, five 40-point rows tall.
        var listFrame: Rect { Rect(x: 180, y: 280, width: 360, height: 200) }
    }

    @Test func tabMovesBetweenTwoFocusableViewsInsideAModalAndNeverLeavesIt() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let behind = Button(title: "Behind", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        scene.rootView.addSubview(behind)
        behind.becomeFocused()
        let panel = View(frame: Rect(x: 50, y: 50, width: 300, height: 200))
        let first = Button(title: "First", frame: Rect(x: 10, y: 10, width: 100, height: 30))
        let second = Button(title: "Second", frame: Rect(x: 10, y: 60, width: 100, height: 30))
        panel.addSubview(first)
        panel.addSubview(second)
        let presentation = scene.present(panel, style: .modal())
        #expect(first.isFocused)
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(second.isFocused)
        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(first.isFocused)
        scene.handleKeyDown(KeyEvent(key: .tab, modifiers: .shift))
        #expect(second.isFocused)
        #expect(!behind.becomeFocused())  // nothing beneath a modal takes focus
        presentation.dismiss()
        #expect(behind.isFocused)  // focus comes back
    }

    @Test func thePanelTakesClicksOnItAndTheBackdropTheRest() {
        let f = Fixture(time)
        time.step(by: 0.3)
        #expect(f.picker.list.frame == f.listFrame)
        #expect(f.scene.hitView(at: Point(x: 200, y: 290))?.isDescendant(of: f.picker.list) == true)
        let backdrop = f.scene.hitView(at: Point(x: 20, y: 20))
        #expect(backdrop != nil && backdrop !== f.content && backdrop?.isDescendant(of: f.picker.list) == false)
        #expect(f.scene.hitView(at: Point(x: 690, y: 740)) === backdrop)
    }

    @Test func nothingReachesTheContentBeneath() {
        let f = Fixture(time)
        time.step(by: 0.3)
        f.scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 200, y: 470)))  // a row, pressed and held
        f.scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 10, y: 10), deltaY: 1))
        f.scene.handleKeyDown(KeyEvent(key: .character("x"), text: "x"))
        #expect(f.content.input.isEmpty)
        #expect(!f.content.becomeFocused())
        #expect(f.picker.isPresented)  // a click on the panel is not the backdrop's
    }

    @Test func choosingARowReportsItOnceAndDismisses() {
        let f = Fixture(time)
        time.step(by: 0.3)
        f.click(300, 280 + 3 * 40 + 20)
        #expect(f.chosen == ["4"])
        #expect(!f.picker.isPresented)
        #expect(f.dismissals.isEmpty)
        f.click(300, 280 + 3 * 40 + 20)  // the fading picker no longer takes clicks
        #expect(f.chosen == ["4"])
        #expect(f.content.input.first == "down (300.0, 420.0) x2")  // the content beneath does
        time.step(by: 0.3)
        #expect(f.picker.list.scene == nil)
        #expect(f.scene.presentations.isEmpty)
    }

    @Test func theBackdropAndEscapeDismissWithoutAValue() {
        let f = Fixture(time)
        time.step(by: 0.3)
        f.click(20, 20)
        #expect(!f.picker.isPresented)
        #expect(f.content.input.isEmpty)  // the click on the backdrop went nowhere else
        time.step(by: 0.3)
        f.picker.present(in: f.scene)
        time.step(by: 0.3)
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!f.picker.isPresented)
        f.picker.present(in: f.scene)
        f.picker.dismiss()  // by code: not reported
        #expect(f.dismissals == [.outsideClick, .escape])
        #expect(f.chosen.isEmpty)
    }

    @Test func focusMovesIntoTheModalAndBack() {
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
        let root = f.picker.list.rootView
        #expect(root.presentedAlpha == 0)
        time.step(by: 0.25)
        #expect(root.presentedAlpha == 1)
        let context = RecordingContext(size: f.scene.size)
        f.scene.render(Rect(origin: .zero, size: f.scene.size), in: context)
        let backdrop = RecordingContext.Operation.fill(
            Rect(x: 0, y: 0, width: 720, height: 760), Theme.standard.modalBackdrop)
        #expect(context.operations.contains(backdrop))
    }

    @Test func theListIsPlacedAgainWhenTheWindowResizes() {
        let f = Fixture(time)
        f.scene.size = Size(width: 400, height: 300)
        _ = f.scene.prepareFrame()
        #expect(f.picker.list.frame == Rect(x: 24, y: 50, width: 352, height: 200))
        #expect(f.picker.list.rootView.frame == Rect(x: 0, y: 0, width: 400, height: 300))
        f.scene.size = Size(width: 900, height: 900)
        _ = f.scene.prepareFrame()
        #expect(f.picker.list.frame == Rect(x: 270, y: 350, width: 360, height: 200))
    }

    @Test func presentingAModalOrResizingTheWindowDismissesPopovers() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let anchor = Button(title: "Open", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        scene.rootView.addSubview(anchor)
        var reasons: [Presentation.DismissalReason] = []
        func popover() -> Presentation {
            let presentation = scene.present(
                View(frame: Rect(x: 10, y: 44, width: 100, height: 100)), style: .popover(anchor: anchor),
                transition: .none)
            presentation.onDismiss = { reasons.append($0) }
            return presentation
        }
        let first = popover()
        _ = popover()  // one popover at a time
        #expect(!first.isPresented)
        let modal = scene.present(
            View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), style: .modal(), transition: .none)
        modal.dismiss()
        _ = popover()
        scene.size = Size(width: 300, height: 300)
        #expect(reasons == [.replaced, .replaced, .windowResized])
        #expect(scene.presentations.isEmpty)
    }

    @Test func aPopoverAboveAModalTakesClicksAndItsAnchorIsNotOutside() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let panel = View(frame: Rect(x: 50, y: 50, width: 300, height: 300))
        let anchor = LoggingView("anchor", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        panel.addSubview(anchor)
        scene.present(panel, style: .modal(), transition: .none)
        let popup = LoggingView("popup", frame: Rect(x: 60, y: 94, width: 100, height: 100))
        let popover = scene.present(popup, style: .popover(anchor: anchor), transition: .none)
        #expect(scene.hitView(at: Point(x: 100, y: 120)) === popup)
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 70, y: 70)))  // the anchor
        #expect(popover.isPresented)
        #expect(anchor.log == ["down (10.0, 10.0) x1"])
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 300, y: 300)))  // the modal's panel
        #expect(!popover.isPresented)
        #expect(scene.presentations.count == 1)  // the modal stays
    }
}
