@_spi(Testing) import Canopy
import CanopyTesting
import Testing

/// Menus without a display: the keyboard, the pointer, running items, closing, focus, context
/// menus on a right click and where a menu is placed.
@MainActor @Suite(.serialized) struct MenuTests {
    let time = ManualTime()

    @MainActor final class Fixture {
        let scene: Scene
        let content = LoggingView("content", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        var ran: [String] = []
        var dismissals: [Presentation.DismissalReason] = []
        lazy var menu: Menu = {
            func item(_ title: String, isEnabled: Bool = true) -> MenuItem {
                MenuItem(title, isEnabled: isEnabled) { [unowned self] in ran.append(title) }
            }
            let menu = Menu(items: [
                item("Open"), item("Save", isEnabled: false), .separator, item("Close"), item("Copy"),
                item("Quit", isEnabled: false),
            ])
            menu.onDismiss = { [unowned self] in dismissals.append($0) }
            return menu
        }()

        init(_ time: ManualTime) {
            scene = time.makeScene(size: Size(width: 400, height: 300))
            content.focusable = true
            scene.rootView.addSubview(content)
            content.becomeFocused()
        }

        func key(_ key: Key, text: String = "") { scene.handleKeyDown(KeyEvent(key: key, text: text)) }

        func click(_ point: Point, button: MouseButton = .left) {
            scene.handleMouseDown(MouseEvent(locationInWindow: point, button: button))
            scene.handleMouseUp(MouseEvent(locationInWindow: point, button: button))
        }

        func move(_ point: Point) { scene.handleMouseMoved(MouseEvent(locationInWindow: point, clickCount: 0)) }

        /// The middle of item `index`, in window coordinates.
        func center(of index: Int) -> Point { menu.convert(menu.rectForItem(at: index).center, to: nil) }
    }

    @Test func downAndUpSkipDisabledItemsAndSeparatorsAndWrapAround() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        #expect(f.menu.isFocused)
        #expect(f.menu.highlightedIndex == nil)
        var seen: [Int?] = []
        for _ in 0..<4 {
            f.key(.down)
            seen.append(f.menu.highlightedIndex)
        }
        #expect(seen == [0, 3, 4, 0])  // Save, the separator and Quit are passed over; wraps
        f.key(.up)
        #expect(f.menu.highlightedIndex == 4)  // wraps back
        f.key(.up)
        #expect(f.menu.highlightedIndex == 3)
        f.key(.home)
        #expect(f.menu.highlightedIndex == 0)
        f.key(.end)
        #expect(f.menu.highlightedIndex == 4)
        #expect(f.ran.isEmpty && f.menu.isOpen)
    }

    @Test func upFromNothingHighlightsTheLastEnabledItem() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.key(.up)
        #expect(f.menu.highlightedIndex == 4)
    }

    @Test func aTypedLetterJumpsToTheNextEnabledItemStartingWithIt() {
        let f = Fixture(time)
        f.menu.items.insert(MenuItem("Cut") { f.ran.append("Cut") }, at: 5)
        f.menu.items.insert(MenuItem("Clear", isEnabled: false), at: 6)
        // Open, Save (off), —, Close, Copy, Cut, Clear (off), Quit (off)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        var seen: [Int?] = []
        for _ in 0..<4 {
            f.key(.character("c"), text: "c")
            seen.append(f.menu.highlightedIndex)
        }
        #expect(seen == [3, 4, 5, 3])  // Close, Copy, Cut, and round again past the disabled Clear
        f.key(.character("O"), text: "O")
        #expect(f.menu.highlightedIndex == 0)
        f.key(.character("s"), text: "s")  // only the disabled Save
        #expect(f.menu.highlightedIndex == 0)
        f.key(.character("q"), text: "q")
        #expect(f.menu.highlightedIndex == 0)
        #expect(f.ran.isEmpty)
    }

    @Test func enterRunsTheHighlightedItemOnceClosesAndGivesFocusBack() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.key(.down)
        f.key(.down)
        f.key(.enter)
        #expect(f.ran == ["Close"])
        #expect(!f.menu.isOpen)
        #expect(f.content.isFocused)
        #expect(f.dismissals.isEmpty)  // chosen, not dismissed
        f.key(.enter)  // the content has the keyboard now
        #expect(f.ran == ["Close"])
        time.step(by: 0.2)
        #expect(f.scene.presentations.isEmpty)
        #expect(f.content.input == ["key enter"])
    }

    @Test func spaceRunsTooAndEnterWithNothingHighlightedRunsNothing() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.key(.enter)
        #expect(f.ran.isEmpty && f.menu.isOpen)
        f.key(.end)
        f.key(.space, text: " ")
        #expect(f.ran == ["Copy"])
        #expect(!f.menu.isOpen)
    }

    @Test func hoverHighlightsEnabledItemsOnly() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.move(f.center(of: 3))
        #expect(f.menu.highlightedIndex == 3)
        f.move(f.center(of: 1))  // disabled
        #expect(f.menu.highlightedIndex == nil)
        f.move(f.center(of: 2))  // the separator
        #expect(f.menu.highlightedIndex == nil)
        f.move(f.center(of: 0))
        #expect(f.menu.highlightedIndex == 0)
        f.move(Point(x: 390, y: 290))  // out of the menu
        #expect(f.menu.highlightedIndex == nil)
        #expect(f.menu.isOpen)
    }

    @Test func aClickOnAnEnabledItemRunsItOnceAndCloses() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.click(f.center(of: 4))
        #expect(f.ran == ["Copy"])
        #expect(!f.menu.isOpen)
        #expect(f.content.isFocused)
        time.step(by: 0.2)
        #expect(f.scene.presentations.isEmpty)
        #expect(f.content.input.isEmpty)  // the click was the menu's
    }

    @Test func clicksOnDisabledItemsSeparatorsAndThePaddingDoNothing() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.click(f.center(of: 1))
        f.click(f.center(of: 2))
        f.click(f.center(of: 5))
        f.click(Point(x: 30, y: 21))  // the padding above the first item
        #expect(f.ran.isEmpty)
        #expect(f.menu.isOpen && f.menu.isFocused)
        #expect(f.content.input.isEmpty)
    }

    @Test func escapeClosesWithoutRunning() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.key(.down)
        f.key(.escape)
        #expect(!f.menu.isOpen)
        #expect(f.ran.isEmpty)
        #expect(f.dismissals == [.escape])
        #expect(f.content.isFocused)
    }

    @Test func aClickOutsideClosesWithoutRunningAndStillLands() {
        let f = Fixture(time)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.move(f.center(of: 0))
        f.click(Point(x: 380, y: 280))
        #expect(!f.menu.isOpen)
        #expect(f.ran.isEmpty)
        #expect(f.dismissals == [.outsideClick])
        #expect(f.content.input.first == "down (380.0, 280.0) x1")
    }

    @Test func tabClosesItAndMovesOn() {
        let f = Fixture(time)
        let button = Button(title: "Next", frame: Rect(x: 300, y: 250, width: 80, height: 30))
        f.scene.rootView.addSubview(button)
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        f.key(.tab)
        #expect(!f.menu.isOpen)
        #expect(f.dismissals == [.focusMovedAway])
        #expect(button.isFocused)
    }

    @Test func aRightClickOpensTheContextMenuOnlyOnViewsThatOptIn() {
        let f = Fixture(time)
        let holder = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        let inner = Label(text: "Inside", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        holder.addSubview(inner)
        holder.contextMenu = f.menu
        f.scene.rootView.addSubview(holder)

        f.click(Point(x: 300, y: 250), button: .right)  // the content has no menu: it gets the press
        #expect(f.content.input == ["down (300.0, 250.0) x1", "up (300.0, 250.0)"])
        #expect(f.scene.presentations.isEmpty)

        f.click(Point(x: 70, y: 70), button: .left)  // a left click on the opted-in view is a click
        #expect(f.scene.presentations.isEmpty)

        f.click(Point(x: 70, y: 70), button: .right)  // on the label: up the chain to the holder
        #expect(f.menu.isOpen)
        #expect(f.menu.frame.origin == Point(x: 70, y: 70))
        #expect(f.menu.isFocused)
        #expect(f.ran.isEmpty)  // a release without moving chooses nothing
        f.key(.escape)
        #expect(f.content.isFocused)  // back where it was
    }

    @Test func theMenuKeyAndShiftF10OpenTheFocusedViewsContextMenuAtItsMiddle() {
        let f = Fixture(time)
        let holder = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        let field = LoggingView("field", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        field.focusable = true
        field.swallowsKeys = false
        holder.addSubview(field)
        f.scene.rootView.addSubview(holder)
        f.content.swallowsKeys = false
        f.key(.menu)  // the focused content has no menu: nothing opens
        #expect(f.scene.presentations.isEmpty)

        holder.contextMenu = f.menu
        field.becomeFocused()
        f.key(.menu)  // up the chain from the focused field to the holder's menu
        #expect(f.menu.isOpen && f.menu.isFocused)
        #expect(f.menu.frame.origin == Point(x: 100, y: 75))  // the field's middle, in the window
        f.key(.down)
        f.key(.enter)
        #expect(f.ran == ["Open"])
        #expect(field.isFocused)

        f.scene.handleKeyDown(KeyEvent(key: .function(10), modifiers: [.shift]))
        #expect(f.menu.isOpen)
        f.key(.escape)
        f.scene.handleKeyDown(KeyEvent(key: .function(10)))  // F10 alone is not the menu's
        #expect(!f.menu.isOpen)
    }

    @Test func aSubviewThatTakesTheRightPressKeepsIt() {
        let f = Fixture(time)
        let holder = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
        let taker = LoggingView("taker", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        holder.addSubview(taker)
        holder.contextMenu = f.menu
        f.scene.rootView.addSubview(holder)
        f.click(Point(x: 70, y: 70), button: .right)
        #expect(taker.input.first == "down (10.0, 10.0) x1")
        #expect(!f.menu.isOpen)
        f.click(Point(x: 200, y: 120), button: .right)  // beside it, on the holder
        #expect(f.menu.isOpen)
    }

    @Test func aRightPressDraggedToAnItemAndReleasedRunsIt() {
        let f = Fixture(time)
        f.content.contextMenu = f.menu
        let start = Point(x: 100, y: 100)
        f.scene.handleMouseDown(MouseEvent(locationInWindow: start, button: .right))
        #expect(f.menu.isOpen)
        let target = f.center(of: 3)
        f.scene.handleMouseDragged(MouseEvent(locationInWindow: target, button: .right))
        #expect(f.menu.highlightedIndex == 3)
        f.scene.handleMouseUp(MouseEvent(locationInWindow: target, button: .right))
        #expect(f.ran == ["Close"])
        #expect(!f.menu.isOpen)
        #expect(f.content.input.isEmpty)
    }

    /// A view whose press runs `onPress` (opening a menu from the app's code), logging what it hears.
    @MainActor final class PressView: View {
        var onPress: ((MouseEvent) -> Void)?
        var log: [String] = []
        override func mouseDown(_ event: MouseEvent) -> Bool {
            log.append("down")
            onPress?(event)
            return true
        }
        override func mouseDragged(_ event: MouseEvent) { log.append("drag") }
        override func mouseUp(_ event: MouseEvent) { log.append("up") }
        override func mouseCancelled() { log.append("cancelled") }
    }

    @Test func aMenuTheAppOpensInAPressTakesThePressAndAReleaseOnAnItemRunsIt() {
        let f = Fixture(time)
        let view = PressView(frame: Rect(x: 50, y: 50, width: 100, height: 40))
        f.content.addSubview(view)
        view.onPress = { [unowned f] event in f.menu.present(at: event.locationInWindow, in: f.scene) }
        f.scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 60, y: 60)))
        #expect(f.menu.isOpen && f.scene.capturingView === f.menu)
        let target = f.center(of: 3)
        f.scene.handleMouseDragged(MouseEvent(locationInWindow: target))
        #expect(f.menu.highlightedIndex == 3)
        f.scene.handleMouseUp(MouseEvent(locationInWindow: target))
        #expect(f.ran == ["Close"] && !f.menu.isOpen)
        #expect(view.log == ["down", "cancelled"])
    }

    @Test func aMenuTheAppOpensWhileAPressIsHeldTakesItThere() {
        let f = Fixture(time)
        let view = PressView(frame: Rect(x: 50, y: 50, width: 100, height: 40))
        f.content.addSubview(view)
        view.onPress = { [unowned f, unowned view] _ in  // press and hold, as a Back button shows its history
            _ = f.scene.timers.schedule(after: 0.5) { f.menu.present(below: view) }
        }
        f.scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 60, y: 60)))
        f.scene.handleMouseDragged(MouseEvent(locationInWindow: Point(x: 62, y: 61)))
        time.step(by: 0.6)
        #expect(f.menu.isOpen && f.scene.capturingView === f.menu)
        let target = f.center(of: 4)
        f.scene.handleMouseDragged(MouseEvent(locationInWindow: target))
        f.scene.handleMouseUp(MouseEvent(locationInWindow: target))
        #expect(f.ran == ["Copy"] && view.log == ["down", "drag", "cancelled"])
        // Opened from code with no button held (a key, say), the menu takes no press.
        f.menu.present(at: Point(x: 20, y: 20), in: f.scene)
        #expect(f.menu.isOpen && f.scene.capturingView == nil)
    }

    @Test func aRightClickOnAnotherViewMovesTheContextMenu() {
        let f = Fixture(time)
        let other = Menu(items: [MenuItem("Other")])
        let left = View(frame: Rect(x: 0, y: 0, width: 200, height: 300))
        let right = View(frame: Rect(x: 200, y: 0, width: 200, height: 300))
        left.contextMenu = f.menu
        right.contextMenu = other
        f.scene.rootView.addSubview(left)
        f.scene.rootView.addSubview(right)
        f.click(Point(x: 20, y: 20), button: .right)
        #expect(f.menu.isOpen)
        f.click(Point(x: 250, y: 30), button: .right)
        #expect(!f.menu.isOpen && other.isOpen)
        #expect(f.dismissals == [.outsideClick])
        #expect(other.frame.origin == Point(x: 250, y: 30))
    }

    @Test func nearTheRightAndBottomEdgesTheMenuFlipsOrShiftsInside() {
        let f = Fixture(time)
        let size = f.menu.sizeThatFits(Size(width: .infinity, height: .infinity))
        f.menu.present(at: Point(x: 390, y: 290), in: f.scene)
        // Flipped: it ends at the pointer.
        #expect(f.menu.frame == Rect(x: 390 - size.width, y: 290 - size.height, width: size.width, height: size.height))
        f.menu.close()
        time.step(by: 0.2)
        // Neither side has room across a short window: shifted against the far edge.
        let short = time.makeScene(size: Size(width: 400, height: size.height + 40))
        f.menu.present(at: Point(x: 100, y: size.height / 2 + 20), in: short)
        #expect(f.menu.frame.minY == 40 && f.menu.frame.maxY == short.size.height)
        #expect(f.menu.frame.minX == 100)
    }

    @Test func theMenuIsSizedByItsItems() {
        let f = Fixture(time)
        let measurer = View.defaultTextMeasurer
        let font = Theme.standard.font
        let row = (measurer.measure("Ag", font: font).height + 10).rounded(.up)
        let size = f.menu.sizeThatFits(Size(width: .infinity, height: .infinity))
        #expect(size.height == 4 + 5 * row + 9 + 4)
        #expect(size.width == f.menu.minimumWidth)  // short titles
        f.menu.items[0].title = "A much longer title than the others"
        let wide = f.menu.sizeThatFits(Size(width: .infinity, height: .infinity))
        #expect(wide.width == (measurer.measure(f.menu.items[0].title, font: font).width + 28).rounded(.up))
        #expect(f.menu.rectForItem(at: 3) == Rect(x: 0, y: 4 + 2 * row + 9, width: f.menu.bounds.width, height: row))
    }

    @Test func presentedBelowAViewOrAboveItNearTheBottom() {
        let f = Fixture(time)
        let top = Button(title: "Top", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        let bottom = Button(title: "Bottom", frame: Rect(x: 350, y: 260, width: 40, height: 30))
        f.scene.rootView.addSubview(top)
        f.scene.rootView.addSubview(bottom)
        f.menu.present(below: top)
        #expect(f.menu.frame.origin == Point(x: 10, y: 42))
        f.menu.present(below: bottom)
        let size = f.menu.frame.size
        #expect(f.menu.frame.origin == Point(x: 400 - size.width, y: 260 - 2 - size.height))
        #expect(Menu(items: []).present(below: Button()) == nil)  // not in a window
    }

    @Test func theMenuButtonOpensItsMenuAndTheKeyboardRunsAnItem() {
        let f = Fixture(time)
        let button = MenuButton(title: "Actions", menu: f.menu, frame: Rect(x: 20, y: 20, width: 100, height: 30))
        f.scene.rootView.addSubview(button)
        button.becomeFocused()
        f.key(.space, text: " ")
        #expect(button.isOpen && f.menu.isOpen)
        #expect(f.menu.isFocused)
        time.step(by: 0.2)
        let size = f.menu.sizeThatFits(Size(width: .infinity, height: .infinity))
        #expect(f.menu.frame == Rect(x: 20, y: 54, width: max(100, size.width), height: size.height))
        f.key(.down)
        f.key(.down)
        f.key(.enter)
        #expect(f.ran == ["Close"])
        #expect(!button.isOpen)
        #expect(button.isFocused)
        // A click opens it, a click on an item runs it.
        f.click(Point(x: 60, y: 35))
        time.step(by: 0.2)
        #expect(f.menu.highlightedIndex == nil)  // fresh
        f.click(f.center(of: 0))
        #expect(f.ran == ["Close", "Open"])
        #expect(!button.isOpen)
    }

    @Test func openingAMenuClosesAnOpenDropDown() {
        let f = Fixture(time)
        let dropDown = DropDown(
            placeholder: "Pick", items: ["a", "b"], frame: Rect(x: 200, y: 20, width: 100, height: 30))
        f.scene.rootView.addSubview(dropDown)
        dropDown.open()
        f.content.contextMenu = f.menu
        f.click(Point(x: 50, y: 200), button: .right)
        #expect(!dropDown.isOpen)
        #expect(f.menu.isOpen)
    }
}
