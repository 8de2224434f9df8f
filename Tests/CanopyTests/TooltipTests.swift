import Canopy
import CanopyTesting
import Testing

/// Tooltips without a display: the wait, what ends one, how it lives beside open pop-ups, and
/// that no timer is left behind.
@MainActor @Suite(.serialized) struct TooltipTests {
    let time = ManualTime()

    @MainActor final class Fixture {
        let scene: Scene
        let content = LoggingView("content", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let save = Button(title: "Save", frame: Rect(x: 20, y: 20, width: 100, height: 30))
        let open = Button(title: "Open", frame: Rect(x: 140, y: 20, width: 100, height: 30))

        init(_ time: ManualTime) {
            scene = time.makeScene(size: Size(width: 400, height: 300))
            scene.rootView.addSubview(content)
            save.toolTip = "Save the document"
            open.toolTip = "Open a document"
            scene.rootView.addSubview(save)
            scene.rootView.addSubview(open)
        }

        func move(_ x: Double, _ y: Double) {
            scene.handleMouseMoved(MouseEvent(locationInWindow: Point(x: x, y: y), clickCount: 0))
        }

        /// The tooltip on screen (not on its way out), if any.
        var shown: Tooltip? {
            scene.presentations.last { $0.isPresented && $0.view is Tooltip }?.view as? Tooltip
        }
    }

    @Test func itAppearsOnlyAfterThePointerRestsForTheDelay() {
        let f = Fixture(time)
        f.move(50, 30)
        #expect(f.scene.timers.nextFireTime != nil)
        time.step(by: Tooltip.delay - 0.05)
        #expect(f.shown == nil)
        time.step(by: 0.05)
        let tooltip = f.shown
        #expect(tooltip?.text == "Save the document")
        // Below and to the right of the pointer, sized by its text.
        #expect(tooltip.map { $0.frame.minX > 50 && $0.frame.minY > 30 } == true)
        #expect(tooltip?.frame.size == tooltip?.sizeThatFits(Size(width: .infinity, height: .infinity)))
        let presentation = f.scene.presentations.last
        #expect(presentation?.isPassive == true && presentation?.anchor === f.save)
        #expect(f.scene.timers.nextFireTime == nil)  // shown: nothing waits
        #expect(f.scene.focusedView == nil)  // it takes no focus
    }

    @Test func movingRestartsTheWait() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 0.4)
        f.move(60, 32)  // still on the button, but not resting
        time.step(by: 0.4)
        #expect(f.shown == nil)
        time.step(by: 0.2)
        #expect(f.shown?.text == "Save the document")
    }

    @Test func itGoesWhenThePointerLeavesAndNoTimerIsLeft() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        #expect(f.shown != nil)
        f.move(300, 200)  // the content: no tooltip
        #expect(f.shown == nil)
        #expect(f.scene.timers.nextFireTime == nil)
        // Leaving before the delay cancels the wait too.
        f.move(50, 30)
        #expect(f.scene.timers.nextFireTime != nil)
        f.move(300, 200)
        #expect(f.scene.timers.nextFireTime == nil)
        time.step(by: 1)
        #expect(f.shown == nil)
        // And so does the pointer leaving the window.
        f.move(50, 30)
        f.scene.handlePointerLeft(MouseEvent(locationInWindow: Point(x: -1, y: -1), clickCount: 0))
        #expect(f.scene.timers.nextFireTime == nil)
        time.step(by: 1)
        #expect(f.shown == nil)
        #expect(f.scene.presentations.isEmpty)
    }

    @Test func aPressOrAKeyEndsItUntilThePointerLeavesTheView() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        #expect(f.shown != nil)
        f.scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 50, y: 30)))
        #expect(f.shown == nil)
        f.scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 50, y: 30)))
        f.move(55, 31)
        time.step(by: 1)
        #expect(f.shown == nil)  // not again over the same button
        #expect(f.scene.timers.nextFireTime == nil)
        f.move(300, 200)
        f.move(50, 30)  // back: it may show again
        time.step(by: 1)
        #expect(f.shown != nil)
        f.scene.handleKeyDown(KeyEvent(key: .character("x"), text: "x"))
        #expect(f.shown == nil)
        f.move(52, 30)
        time.step(by: 1)
        #expect(f.shown == nil)
        f.move(300, 200)
        f.move(50, 30)
        time.step(by: 1)
        f.scene.handleScroll(ScrollEvent(locationInWindow: Point(x: 50, y: 30), deltaY: 1))
        #expect(f.shown == nil)
    }

    @Test func clicksGoThroughItToWhatIsBeneath() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        guard let tooltip = f.shown else { return #expect(Bool(false), "no tooltip") }
        let inside = tooltip.frame.center
        #expect(f.scene.hitView(at: inside) === f.content)
        f.scene.handleMouseDown(MouseEvent(locationInWindow: inside))
        f.scene.handleMouseUp(MouseEvent(locationInWindow: inside))
        #expect(f.content.input.first == "down \(inside) x1")
    }

    @Test func movingToAnotherViewShowsItsTooltipAfterTheDelay() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        #expect(f.shown?.text == "Save the document")
        f.move(150, 30)
        #expect(f.shown == nil)  // the first goes at once
        time.step(by: Tooltip.delay - 0.05)
        #expect(f.shown == nil)
        time.step(by: 0.05)
        #expect(f.shown?.text == "Open a document")
        #expect(f.scene.presentations.last?.anchor === f.open)
    }

    @Test func aSubviewShowsItsSuperviewsTooltip() {
        let f = Fixture(time)
        let icon = View(frame: Rect(x: 4, y: 4, width: 20, height: 20))
        f.save.addSubview(icon)
        f.move(30, 30)  // on the icon
        time.step(by: 1)
        #expect(f.shown?.text == "Save the document")
        f.move(60, 30)  // from the icon to the button itself: the same tooltip stays
        #expect(f.shown?.text == "Save the document")
    }

    @Test func itDoesNotCloseAnOpenDropDownOrMenu() {
        let f = Fixture(time)
        let dropDown = DropDown(
            placeholder: "Pick", items: ["a", "b", "c"], frame: Rect(x: 260, y: 20, width: 120, height: 30))
        f.scene.rootView.addSubview(dropDown)
        dropDown.open()
        time.step(by: 0.5)
        f.move(50, 30)
        time.step(by: 1)
        #expect(f.shown != nil)
        #expect(dropDown.isOpen)
        #expect(dropDown.list.isFocused)  // the keyboard stays with the list
        f.scene.handleKeyDown(KeyEvent(key: .escape))  // the tooltip goes and Escape reaches the list
        #expect(f.shown == nil)
        #expect(!dropDown.isOpen)

        let menu = Menu(items: [MenuItem("One"), MenuItem("Two")])
        menu.present(at: Point(x: 200, y: 100), in: f.scene)
        f.move(150, 30)
        time.step(by: 1)
        #expect(f.shown?.text == "Open a document")
        #expect(menu.isOpen && menu.isFocused)
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!menu.isOpen)
    }

    @Test func openingAPopUpTakesItAway() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        #expect(f.shown != nil)
        Menu(items: [MenuItem("One")]).present(at: Point(x: 200, y: 100), in: f.scene)
        #expect(f.shown == nil)
    }

    @Test func itGoesWhenTheViewIsHiddenOrLeavesTheWindow() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        #expect(f.shown != nil)
        f.save.isHidden = true
        #expect(f.shown == nil)
        #expect(f.scene.timers.nextFireTime == nil)

        f.move(150, 30)
        time.step(by: 1)
        #expect(f.shown?.text == "Open a document")
        f.open.removeFromSuperview()
        #expect(f.shown == nil)

        // A wait for a view that leaves ends with it.
        let other = Button(title: "Other", frame: Rect(x: 20, y: 200, width: 100, height: 30))
        other.toolTip = "Other"
        f.scene.rootView.addSubview(other)
        f.move(50, 210)
        #expect(f.scene.timers.nextFireTime != nil)
        other.removeFromSuperview()
        #expect(f.scene.timers.nextFireTime == nil)
        time.step(by: 1)
        #expect(f.shown == nil)
    }

    @Test func nearTheWindowsCornerItStaysInside() {
        let f = Fixture(time)
        let corner = View(frame: Rect(x: 300, y: 260, width: 100, height: 40))
        corner.toolTip = "A tooltip that would pass the edge"
        f.scene.rootView.addSubview(corner)
        f.move(395, 295)
        time.step(by: 1)
        guard let tooltip = f.shown else { return #expect(Bool(false), "no tooltip") }
        #expect(tooltip.frame.maxX <= 400)
        #expect(tooltip.frame.maxY <= 295)  // above the pointer: no room below
        #expect(tooltip.frame.minX >= 0 && tooltip.frame.minY >= 0)
    }

    @Test func changingTheTextUpdatesItAndNilTakesItAway() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        f.save.toolTip = "Save it now"
        #expect(f.shown?.text == "Save it now")
        #expect(f.shown?.frame.size == f.shown?.sizeThatFits(Size(width: .infinity, height: .infinity)))
        f.save.toolTip = nil
        #expect(f.shown == nil)
        #expect(f.scene.timers.nextFireTime == nil)
        f.save.toolTip = "Back"  // the pointer is on it: the wait starts
        time.step(by: 1)
        #expect(f.shown?.text == "Back")
    }

    @Test func aPassivePresentationLeavesPopoversFocusClicksAndEscapeAlone() {
        let f = Fixture(time)
        let menu = Menu(items: [MenuItem("One")])
        menu.present(at: Point(x: 200, y: 100), in: f.scene)
        let note = View(frame: Rect(x: 200, y: 100, width: 50, height: 20))
        let passive = f.scene.present(note, style: .passive(anchor: f.save), transition: .none)
        #expect(menu.isOpen && menu.isFocused)
        #expect(passive.isPassive && passive.isPresented)
        #expect(f.scene.hitView(at: Point(x: 205, y: 105))?.isDescendant(of: menu) == true)  // the menu beneath
        f.scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(!menu.isOpen)  // Escape passed over the note to the menu
        #expect(passive.isPresented)
        f.save.removeFromSuperview()  // its anchor goes: so does it
        #expect(!passive.isPresented)
    }

    @Test func itIsDrawnAboveEverything() {
        let f = Fixture(time)
        f.move(50, 30)
        time.step(by: 1)
        time.step(by: 0.2)  // its fade in
        let context = RecordingContext(size: f.scene.size)
        _ = f.scene.prepareFrame()
        f.scene.render(Rect(origin: .zero, size: f.scene.size), in: context)
        #expect(context.drawnTexts.last == "Save the document")
    }
}
