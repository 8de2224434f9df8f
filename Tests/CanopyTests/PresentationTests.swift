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

    @Test func aPickersDialogIsNamedByItsTitleForScreenReaders() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let picker = ListPicker(items: ["1", "2"])
        picker.title = "Pick a number"
        picker.present(in: scene)
        let dialog = AccessibilityElement(picker.list).parent
        #expect(dialog?.node?.role == .dialog)
        #expect(dialog?.node?.name == "Pick a number")
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

    @Test func aPopUpButtonAndAnUnheldPickerAreFreedOnceGone() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        weak var gone: DropDown?
        do {
            let dropDown = DropDown(
                placeholder: "Pick", items: ["a", "b"], frame: Rect(x: 10, y: 10, width: 100, height: 30))
            scene.rootView.addSubview(dropDown)
            dropDown.open()
            time.step(by: 1)
            dropDown.close()
            time.step(by: 1)
            dropDown.removeFromSuperview()
            gone = dropDown
        }
        #expect(gone == nil)
        weak var picker: ListPicker?
        do {
            let unheld = ListPicker(items: ["x", "y"])  // nobody keeps it: the scene does while it is up
            unheld.present(in: scene)
            picker = unheld
        }
        #expect(picker != nil)
        time.step(by: 1)
        _ = scene.prepareFrame()
        let list = try! #require(picker?.list)
        let row = list.convert(list.rect(ofRow: 1).center, to: nil)
        scene.handleMouseDown(MouseEvent(locationInWindow: row))
        scene.handleMouseUp(MouseEvent(locationInWindow: row))
        #expect(picker?.isPresented == false)  // it still answered the click
        time.step(by: 1)
        #expect(scene.presentations.isEmpty)
        #expect(picker == nil)
    }

    @Test func presentingAgainFromACompletionOfTheWayOutSticks() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let popup = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        let fade = Presentation.Transition.fade(duration: 0.3)
        let presentation = scene.present(popup, style: .popover(anchor: nil), transition: fade)
        time.step(by: 0.3)
        presentation.dismiss()
        time.step(by: 0.1)
        // Something else animates the popup meanwhile; when it is cut short by the removal, its
        // completion presents the popup again.
        var again: Presentation?
        View.animate(duration: 5, animations: { popup.backgroundColor = .red }) { _ in
            again = scene.present(popup, style: .popover(anchor: nil), transition: fade)
        }
        time.step(by: 0.5)
        #expect(again?.isPresented == true)
        #expect(popup.scene === scene)
        #expect(scene.presentations.count == 1 && scene.presentations.first === again)
    }

    @Test func aViewPresentedInAnotherSceneOnItsWayOutLeavesTheFirstForGood() {
        let first = time.makeScene(size: Size(width: 300, height: 300))
        let second = time.makeScene(size: Size(width: 300, height: 300))
        let panel = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        first.present(panel, style: .popover(anchor: nil)).dismiss()
        second.present(panel, style: .popover(anchor: nil))
        time.step(by: 1)
        #expect(first.presentations.isEmpty)
        #expect(panel.scene === second)
        #expect(panel.presentedAlpha == 1)
    }

    @Test func dismissingAModalTakesThePopoversOpenedInsideItAndFocusGoesBack() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let behind = Button(title: "Behind", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        scene.rootView.addSubview(behind)
        behind.becomeFocused()
        let panel = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let dropDown = DropDown(
            placeholder: "Pick", items: ["a", "b"], frame: Rect(x: 10, y: 10, width: 100, height: 30))
        panel.addSubview(dropDown)
        let modal = scene.present(panel, style: .modal(), transition: .none)
        dropDown.open()
        #expect(dropDown.list.isFocused)
        modal.dismiss()
        #expect(!dropDown.isOpen)
        #expect(behind.isFocused)
        time.step(by: 1)
        #expect(scene.presentations.isEmpty)
    }

    @Test func aClickThatDismissesIntoANewModalReachesNothingBeneath() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        var presses = 0
        let button = Button(title: "Under", frame: Rect(x: 200, y: 200, width: 100, height: 40))
        button.onPrimaryAction = { presses += 1 }
        scene.rootView.addSubview(button)
        let popover = scene.present(
            View(frame: Rect(x: 10, y: 10, width: 50, height: 50)), style: .popover(anchor: nil), transition: .none)
        popover.onDismiss = { _ in
            scene.present(View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), style: .modal(), transition: .none)
        }
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 250, y: 220)))
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 250, y: 220)))
        #expect(presses == 0)
        #expect(scene.capturingView == nil)
    }

    @Test func aPressOutOfReachOfANewModalOrInADismissedPopoverIsCancelled() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        var presses: [String] = []
        let under = Button(title: "Under", frame: Rect(x: 200, y: 200, width: 100, height: 40))
        under.onPrimaryAction = { presses.append("under") }
        scene.rootView.addSubview(under)
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 250, y: 220)))
        let modal = scene.present(
            View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), style: .modal(), transition: .none)
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 250, y: 220)))
        #expect(!under.isHighlighted)
        modal.dismiss()
        let inPopover = Button(title: "In", frame: Rect(x: 0, y: 0, width: 100, height: 40))
        inPopover.onPrimaryAction = { presses.append("in popover") }
        let holder = View(frame: Rect(x: 10, y: 10, width: 100, height: 40))
        holder.addSubview(inPopover)
        scene.present(holder, style: .popover(anchor: nil), transition: .fade(duration: 0.3))
        time.step(by: 0.3)
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 20, y: 20)))
        scene.handleKeyDown(KeyEvent(key: .escape))
        scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 20, y: 20)))
        #expect(presses.isEmpty)
    }

    @Test func presentingAgainAsTheOtherKindIsHonoured() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let panel = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.present(panel, style: .popover(anchor: nil)).dismiss()
        let again = scene.present(panel, style: .modal())
        #expect(again.isModal)
        #expect(scene.presentations.count == 1)
        time.step(by: 1)
        #expect(panel.frame == Rect(x: 150, y: 150, width: 100, height: 100))  // a modal is centred
    }

    @Test func hoverAndThePointerFollowPresentationsComingAndGoing() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let field = TextField(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        scene.rootView.addSubview(field)
        scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: 100, y: 100), clickCount: 0))
        #expect(scene.currentCursor == .text)
        let modal = scene.present(
            View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), style: .modal(), transition: .none)
        #expect(scene.currentCursor == .arrow)  // the backdrop is under the pointer now
        modal.dismiss()
        #expect(scene.currentCursor == .text)
    }

    @Test func keyboardShortcutsWaitWhileAModalIsUp() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        var saves = 0
        scene.addKeyboardShortcut(.character("s"), modifiers: .control) { saves += 1 }
        let modal = scene.present(
            View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), style: .modal(), transition: .none)
        scene.handleKeyDown(KeyEvent(key: .character("s"), modifiers: .control))
        #expect(saves == 0)
        modal.dismiss()
        scene.handleKeyDown(KeyEvent(key: .character("s"), modifiers: .control))
        #expect(saves == 1)
    }

    @Test func escapeAndOutsideClicksCanBeTurnedOff() {
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        let modal = scene.present(
            View(frame: Rect(x: 0, y: 0, width: 50, height: 50)), style: .modal(), transition: .none)
        modal.dismissesOnEscape = false
        modal.dismissesOnOutsideClick = false
        scene.handleKeyDown(KeyEvent(key: .escape))
        scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 390, y: 390)))
        #expect(modal.isPresented)
    }
}
