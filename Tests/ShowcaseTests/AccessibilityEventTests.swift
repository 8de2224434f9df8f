import Canopy
import CanopyTesting
import ShowcaseKit
import Testing

/// The events a screen reader follows, as the change tracker notices them in the Showcase:
/// focus in the order Tab moves it, pop-ups coming and going, a title changing, typed text.
@MainActor struct AccessibilityEventTests {
    typealias Fixture = AccessibilityTreeTests.Fixture

    func key(_ key: Key, text: String = "", in fixture: Fixture) {
        fixture.scene.handleKeyDown(KeyEvent(key: key, text: text))
        fixture.settle()
    }

    @Test func focusEventsFollowTabInReadingOrder() throws {
        let fixture = Fixture()
        let tracker = AccessibilityChangeTracker(scene: fixture.scene)
        var focused: [String] = []
        for _ in 0..<5 {
            key(.tab, in: fixture)
            for case let .focusChanged(element) in tracker.changes() {
                focused.append(element.node.map { "\($0.role) '\($0.name)'" } ?? "?")
            }
        }
        #expect(
            focused == [
                "comboBox 'Select · 选择'", "comboBox 'web'", "textField ''", "pushButton 'Pick a number · 选择数字'",
                "comboBox 'Select · 选择'",
            ])
    }

    @Test func focusMovingReportsTheStateGoingAndComing() throws {
        let fixture = Fixture()
        key(.tab, in: fixture)
        let tracker = AccessibilityChangeTracker(scene: fixture.scene)
        key(.tab, in: fixture)
        let dropDown = try #require(fixture.find(.comboBox, "Select · 选择"))
        let typeControl = try #require(fixture.find(.comboBox, "web"))
        #expect(
            tracker.changes() == [
                .stateChanged(dropDown, .focused, isOn: false), .stateChanged(typeControl, .focused, isOn: true),
                .focusChanged(typeControl),
            ])
        #expect(tracker.changes().isEmpty)  // nothing changed since
    }

    @Test func theDropDownsListComesAndGoesAndTheTitleChanges() throws {
        let fixture = Fixture()
        let tracker = AccessibilityChangeTracker(scene: fixture.scene)
        let dropDown = try #require(fixture.find(.comboBox, "Select · 选择"))
        dropDown.perform(.click)
        fixture.settle()
        let list = try #require(fixture.scene.accessibilityElements.last)
        let opened = tracker.changes()
        #expect(opened.first == .childAdded(parent: nil, index: 1, child: list))
        #expect(opened.contains(.stateChanged(dropDown, .expanded, isOn: true)))
        #expect(opened.last == .focusChanged(list))

        list.child(at: 3)?.perform(.activate)
        fixture.settle()
        let chosen = tracker.changes()
        #expect(chosen.first == .childRemoved(parent: nil, index: 1, child: list))
        #expect(chosen.contains(.nameChanged(dropDown, "Hello 3")))
        #expect(chosen.contains(.stateChanged(dropDown, .expanded, isOn: false)))
        #expect(chosen.last == .focusChanged(dropDown))  // focus went back to the button
    }

    @Test func movingTheSelectionReportsTheRowsThatLeftAndGotItAndTheNewCurrentRow() throws {
        let fixture = Fixture()
        fixture.find(.comboBox, "Select · 选择")?.perform(.click)
        fixture.settle()
        let list = try #require(fixture.scene.accessibilityElements.last)
        let tracker = AccessibilityChangeTracker(scene: fixture.scene)
        key(.down, in: fixture)
        key(.down, in: fixture)
        _ = tracker.changes()
        key(.down, in: fixture)
        #expect(
            tracker.changes() == [
                .stateChanged(AccessibilityElement(item: 1, of: list.view), .selected, isOn: false),
                .stateChanged(AccessibilityElement(item: 2, of: list.view), .selected, isOn: true),
                .selectionChanged(list),
                .activeDescendantChanged(container: list, descendant: AccessibilityElement(item: 2, of: list.view)),
            ])
    }

    @Test func typingAndDeletingReportTextAndCaret() throws {
        let fixture = Fixture()
        let field = try #require(fixture.find(.textField))
        field.view.becomeFocused()
        let tracker = AccessibilityChangeTracker(scene: fixture.scene)
        key(.character("h"), text: "h", in: fixture)
        key(.character("i"), text: "i", in: fixture)
        #expect(
            tracker.changes() == [
                .textInserted(field, offset: 0, text: "hi"), .caretMoved(field, offset: 2),
            ])
        key(.left, in: fixture)
        key(.backspace, in: fixture)
        #expect(tracker.changes() == [.textRemoved(field, offset: 0, text: "h"), .caretMoved(field, offset: 0)])
        key(.end, in: fixture)
        key(.left, in: fixture)
        _ = tracker.changes()
        (field.view as? AccessibilityText)?.setAccessibilitySelection(0..<1)
        #expect(tracker.changes() == [.caretMoved(field, offset: 1), .textSelectionChanged(field)])
    }

    @Test func thePickerAppearsAsADialogAndTheResultLabelIsRenamed() throws {
        let fixture = Fixture()
        let tracker = AccessibilityChangeTracker(scene: fixture.scene)
        fixture.find(.pushButton, "Pick a number · 选择数字")?.perform(.click)
        fixture.settle()
        let dialog = try #require(fixture.scene.accessibilityElements.last)
        #expect(tracker.changes().first == .childAdded(parent: nil, index: 1, child: dialog))
        dialog.child(at: 0)?.child(at: 3)?.perform(.activate)
        fixture.settle()
        let label = try #require(fixture.find(.label, "Selected: 4"))
        let events = tracker.changes()
        #expect(events.first == .childRemoved(parent: nil, index: 1, child: dialog))
        #expect(events.contains(.nameChanged(label, "Selected: 4")))
    }
}

/// A list's rows added and removed are reported one by one, up to a limit.
@MainActor struct AccessibilityListEventTests {
    @Test func rowsAddedAndRemovedAtTheEndAreReported() throws {
        let time = ManualTime()
        let scene = time.makeScene(size: Size(width: 300, height: 300))
        let rows = TextListDataSource(["a", "b"])
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        list.dataSource = rows
        scene.rootView.addSubview(list)
        let tracker = AccessibilityChangeTracker(scene: scene)
        rows.texts.append("c")
        list.insertRows(at: [2], animated: false)
        let element = AccessibilityElement(list)
        #expect(
            tracker.changes() == [
                .childAdded(parent: element, index: 2, child: AccessibilityElement(item: 2, of: list))
            ])
        rows.texts = Array(repeating: "x", count: 1000)
        list.reloadData()
        #expect(tracker.changes().count == AccessibilityChangeTracker.itemEventLimit)
        rows.texts = []
        list.reloadData()
        let removed = tracker.changes()
        #expect(removed.count == AccessibilityChangeTracker.itemEventLimit)
        #expect(
            removed.first
                == .childRemoved(parent: element, index: 999, child: AccessibilityElement(item: 999, of: list)))
    }
}
