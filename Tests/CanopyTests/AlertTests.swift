import Canopy
import CanopyTesting
import Testing

/// `Alert` and the default and cancel buttons Enter and Escape press (`ButtonRole`).
@MainActor @Suite struct AlertTests {
    let time = ManualTime()

    /// A window with a focused button behind, and a "Delete?" alert whose answers are logged.
    @MainActor final class Fixture {
        let scene: Scene
        let behind = Button(title: "Behind", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        let alert: Alert
        var responses: [String] = []

        init(_ time: ManualTime, buttons: [Alert.Choice], accessory: View? = nil) {
            scene = time.makeScene(size: Size(width: 800, height: 600))
            scene.rootView.addSubview(behind)
            behind.becomeFocused()
            alert = Alert(title: "Delete “Report”?", message: "It cannot be restored.", buttons: buttons)
            alert.accessory = accessory
            alert.onResponse = { [unowned self] index in responses.append(alert.buttons[index].title) }
            alert.present(in: scene)
            _ = scene.prepareFrame()
        }

        func key(_ key: Key) { scene.handleKeyDown(KeyEvent(key: key)) }
        var focusedTitle: String? { (scene.focusedView as? Button)?.title }
    }

    static let destructive = [Alert.Choice("Cancel", role: .cancel), Alert.Choice("Delete", role: .destructive)]
    static let saveOrNot = [
        Alert.Choice("Don't Save", role: .destructive), Alert.Choice("Cancel", role: .cancel),
        Alert.Choice("Save", role: .default),
    ]

    @Test func aShortMessageMakesANarrowAlertAndALongOneWrapsAtThePreferredWidthNotTheWindows() {
        let short = Alert(title: "Quit?", buttons: [Alert.Choice("Quit", role: .default)])
        let wide = Size(width: 2000, height: 2000)
        #expect(short.sizeThatFits(wide).width == short.minimumWidth)
        let long = Alert(
            title: "Replace?", message: String(repeating: "A file of that name already exists. ", count: 8))
        let size = long.sizeThatFits(wide)
        #expect(size.width == long.preferredWidth)
        long.frame = Rect(origin: .zero, size: size)
        long.layoutIfNeeded()
        let lineHeight = long.messageLabel.sizeThatFits(Size(width: Double.infinity, height: .infinity)).height
        #expect(long.messageLabel.frame.height >= 3 * lineHeight)  // wrapped, onto several lines
        #expect(long.messageLabel.frame.maxX <= size.width - long.padding)
        // Everything is inside, the buttons last, at the trailing edge.
        let button = long.buttons[0]
        #expect(button.frame.maxX == size.width - long.padding)
        #expect(button.frame.maxY == size.height - long.padding)
        #expect(button.frame.minY > long.messageLabel.frame.maxY)
        // A narrow window narrows it.
        #expect(long.sizeThatFits(Size(width: 250, height: 2000)).width == 250)
    }

    @Test func presentedItIsCentredAtItsFittingSizeOverTheDimmedWindow() {
        let fixture = Fixture(time, buttons: Self.destructive)
        let size = fixture.alert.sizeThatFits(Size(width: 760, height: 560))
        #expect(fixture.alert.frame.size == size)
        #expect(fixture.alert.frame.midX == 400)
        #expect(fixture.alert.isPresented && fixture.scene.presentations.first?.isModal == true)
    }

    @Test func rightToLeftTheButtonsMirrorEvenWhenTheDirectionChangesWhileItIsUp() {
        let fixture = Fixture(time, buttons: Self.destructive)
        let (cancel, delete) = (fixture.alert.buttons[0], fixture.alert.buttons[1])
        #expect(delete.frame.maxX == fixture.alert.bounds.width - fixture.alert.padding)
        fixture.scene.layoutDirection = .rightToLeft
        _ = fixture.scene.prepareFrame()
        #expect(delete.frame.minX == fixture.alert.padding)  // the trailing edge is the left
        #expect(cancel.frame.minX > delete.frame.maxX)
    }

    @Test func rolesDecideTheLookOfTheButtons() {
        let alert = Alert(title: "Save changes?", buttons: Self.saveOrNot)
        let theme = Theme.standard
        #expect(
            alert.buttons.map(\.resolvedStyle.background) == [theme.destructive, theme.controlBackground, theme.accent])
        #expect(alert.buttons[2].resolvedStyle == .prominent(for: theme))
    }

    @Test func focusStartsOnCancelWhenThereIsADestructiveButtonElseOnTheDefault() {
        #expect(Fixture(time, buttons: Self.destructive).focusedTitle == "Cancel")
        #expect(Fixture(time, buttons: Self.saveOrNot).focusedTitle == "Cancel")
        let plain = [Alert.Choice("Later"), Alert.Choice("Update", role: .default)]
        #expect(Fixture(time, buttons: plain).focusedTitle == "Update")
        let field = TextField()
        let named = Fixture(time, buttons: plain, accessory: field)
        #expect(named.scene.focusedView === field)
    }

    @Test func escapePressesCancelAndTheAlertGoesAwayGivingFocusBack() {
        let fixture = Fixture(time, buttons: Self.destructive)
        fixture.key(.escape)
        #expect(fixture.responses == ["Cancel"])
        #expect(!fixture.alert.isPresented)
        #expect(fixture.behind.isFocused)
    }

    @Test func enterPressesTheDefaultButtonUnlessAnotherHasFocus() {
        let plain = [Alert.Choice("Later"), Alert.Choice("Update", role: .default)]
        let fixture = Fixture(time, buttons: plain)
        fixture.key(.tab)
        #expect(fixture.focusedTitle == "Later")
        fixture.key(.enter)  // the focused button takes Enter
        #expect(fixture.responses == ["Later"])
        let again = Fixture(time, buttons: plain)
        again.key(.enter)
        #expect(again.responses == ["Update"])
    }

    @Test func inADestructiveAlertEnterPressesTheFocusedCancelNotDelete() {
        let fixture = Fixture(time, buttons: Self.destructive)
        fixture.key(.enter)
        #expect(fixture.responses == ["Cancel"])
    }

    @Test func tabMovesBetweenTheButtonsAndSpacePressesTheFocusedOne() {
        let fixture = Fixture(time, buttons: Self.destructive)
        fixture.key(.tab)
        #expect(fixture.focusedTitle == "Delete")
        fixture.key(.tab)
        #expect(fixture.focusedTitle == "Cancel")  // it stays inside the alert
        fixture.key(.tab)
        fixture.key(.space)
        #expect(fixture.responses == ["Delete"])
    }

    @Test func enterInATextFieldAccessoryPressesTheDefaultAndItsTextIsReadable() {
        let field = TextField()
        let fixture = Fixture(
            time, buttons: [Alert.Choice("Cancel", role: .cancel), Alert.Choice("Rename", role: .default)],
            accessory: field)
        for character in "Notes" {
            fixture.scene.handleKeyDown(KeyEvent(key: .character(character), text: String(character)))
        }
        var renamed: String?
        fixture.alert.onResponse = { index in renamed = index == 1 ? field.text : nil }
        fixture.key(.enter)
        #expect(renamed == "Notes")
        #expect(!fixture.alert.isPresented)
    }

    @Test func aCheckBoxAccessorysStateIsReadableInTheResponse() {
        let box = CheckBox(title: "Don't ask again")
        let fixture = Fixture(time, buttons: Self.destructive, accessory: box)
        var askAgain: Bool?
        fixture.alert.onResponse = { _ in askAgain = !box.isChecked }
        fixture.scene.handleKeyDown(KeyEvent(key: .tab, modifiers: .shift))  // Cancel back to the box above it
        #expect(box.isFocused)
        fixture.key(.space)
        fixture.key(.escape)
        #expect(askAgain == false)
    }

    @Test func withoutACancelButtonEscapeAndTheBackdropLeaveTheAlertUp() {
        let fixture = Fixture(time, buttons: [Alert.Choice("OK", role: .default)])
        fixture.key(.escape)
        fixture.scene.handleMouseDown(MouseEvent(locationInWindow: Point(x: 5, y: 595)))
        fixture.scene.handleMouseUp(MouseEvent(locationInWindow: Point(x: 5, y: 595)))
        #expect(fixture.alert.isPresented && fixture.responses.isEmpty)
        fixture.key(.enter)
        #expect(fixture.responses == ["OK"])
    }

    @Test func enterAndEscapePressTheContentsDefaultAndCancelButtonsWithoutAModal() {
        let scene = time.makeScene(size: Size(width: 300, height: 200))
        var pressed: [String] = []
        for (title, role) in [("Cancel", ButtonRole.cancel), ("OK", .default)] {
            let button = Button(title: title)
            button.role = role
            button.onPrimaryAction = { pressed.append(title) }
            scene.rootView.addSubview(button)
        }
        scene.handleKeyDown(KeyEvent(key: .enter))
        scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(pressed == ["OK", "Cancel"])
        // A disabled default button is not pressed; a shift-Enter is not Enter.
        (scene.rootView.subviews[1] as? Button)?.isEnabled = false
        scene.handleKeyDown(KeyEvent(key: .enter))
        scene.handleKeyDown(KeyEvent(key: .escape, modifiers: .shift))
        #expect(pressed == ["OK", "Cancel"])
    }

    @Test func escapeRunsTheScenesCancelActionWhenNothingElseTakesIt() {
        let scene = time.makeScene(size: Size(width: 300, height: 200))
        var cancelled = 0
        scene.cancelAction = { cancelled += 1 }
        scene.handleKeyDown(KeyEvent(key: .escape))
        #expect(cancelled == 1)
        let panel = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
        scene.present(panel, style: .modal())
        scene.handleKeyDown(KeyEvent(key: .escape))  // it dismisses the modal first
        #expect(cancelled == 1)
    }

    @Test func assistiveTechnologyReadsAnAlertWithItsTextAndButtons() {
        let fixture = Fixture(time, buttons: Self.destructive)
        let element = AccessibilityElement(fixture.alert)
        #expect(element.node?.role == .alert)
        #expect(element.node?.name == "Delete “Report”?")
        #expect(element.node?.description == "It cannot be restored.")
        let buttons = element.children.compactMap(\.node).filter { $0.role == .pushButton }.map(\.name)
        #expect(buttons == ["Cancel", "Delete"])
    }

    @Test func aPresentedAlertIsTheModalItselfWithNoDialogAroundIt() throws {
        let fixture = Fixture(time, buttons: Self.destructive)
        // The window's content, then the alert: a screen reader reads one modal, not an unnamed
        // dialog holding the alert (Orca read the message for each).
        let top = fixture.scene.accessibilityElements
        #expect(top.count == 2)
        let alert = try #require(top.last)
        #expect(alert == AccessibilityElement(fixture.alert))
        #expect(alert.parent == nil)
        #expect(alert.node?.states.contains(.modal) == true)
        #expect(alert.node?.actions.contains(.dismiss) == false)  // Escape presses Cancel, not dismiss
        #expect(!alert.perform(.dismiss))
        // A modal of a plain view is still a dialog holding it, dismissed as Escape dismisses it.
        fixture.key(.escape)
        let panel = Label(text: "Busy", frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let presentation = fixture.scene.present(panel, style: .modal())
        let dialog = try #require(fixture.scene.accessibilityElements.last)
        #expect(dialog.node?.role == .dialog)
        #expect(dialog.node?.states.contains(.modal) == true)
        #expect(dialog.children == [AccessibilityElement(panel)])
        #expect(AccessibilityElement(panel).node?.states.contains(.modal) == false)
        #expect(dialog.perform(.dismiss))
        #expect(!presentation.isPresented)
        // A view that says it is a dialog is the modal, and takes its dismiss action.
        let finder = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        finder.accessibilityRole = .dialog
        finder.accessibilityLabel = "Find"
        let found = fixture.scene.present(finder, style: .modal())
        let own = AccessibilityElement(finder)
        #expect(fixture.scene.accessibilityElements.last == own)
        #expect(own.node?.states.contains(.modal) == true)
        #expect(own.node?.actions == [.dismiss])
        #expect(own.perform(.dismiss))
        #expect(!found.isPresented)
    }
}
