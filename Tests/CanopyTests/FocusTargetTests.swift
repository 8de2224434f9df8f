import Canopy
import CanopyTesting
import Testing

/// Where a screen reader is told the keyboard is when a control stands for a view inside it: a
/// radio group, one Tab stop, is heard as its chosen option, which each arrow moves, as GTK's
/// radio buttons (which take the focus themselves) are; a tile panel as the tile its highlight
/// is on, as a menu's items are.
@MainActor @Suite struct FocusTargetTests {
    let time = ManualTime()

    @Test func aFocusedRadioGroupIsHeardAsItsChosenOptionAndEachArrowMovesTheFocusOn() {
        let before = Button(title: "Before", frame: Rect(x: 0, y: 0, width: 100, height: 30))
        let sizes = RadioGroup(
            options: ["Small", "Medium", "Large"], selectedIndex: 1, frame: Rect(x: 0, y: 40, width: 120, height: 90))
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        scene.rootView.addSubview(before)
        scene.rootView.addSubview(sizes)
        _ = scene.prepareFrame()
        before.becomeFocused()
        let tracker = AccessibilityChangeTracker(scene: scene)
        let medium = AccessibilityElement(sizes.buttons[1]), large = AccessibilityElement(sizes.buttons[2])

        scene.handleKeyDown(KeyEvent(key: .tab))
        #expect(sizes.isFocused)
        #expect(scene.focusedAccessibilityElement == medium)
        #expect(tracker.changes().contains(.focusChanged(medium)))
        #expect(medium.node?.states.isSuperset(of: [.focused, .checked]) == true)
        #expect(AccessibilityElement(sizes).node?.states.contains(.focused) == false)

        scene.handleKeyDown(KeyEvent(key: .down))
        let moved = tracker.changes()
        #expect(moved.contains(.stateChanged(medium, .focused, isOn: false)))
        #expect(moved.contains(.focusChanged(large)))
        #expect(large.node?.states.isSuperset(of: [.focused, .checked]) == true)
        #expect(medium.node?.states.contains(.focused) == false)

        scene.handleKeyDown(KeyEvent(key: .tab, modifiers: .shift))
        #expect(tracker.changes().contains(.focusChanged(AccessibilityElement(before))))
        #expect(large.node?.states.contains(.focused) == false)
    }

    @Test func anOpenTilePanelIsHeardAsTheTileTheArrowsAreOn() {
        let selector = TileSelector(
            items: ["web", "weibo", "sina"].map { TileSelector.Item(title: $0) },
            frame: Rect(x: 10, y: 10, width: 64, height: 36))
        let scene = time.makeScene(size: Size(width: 400, height: 300))
        scene.rootView.addSubview(selector)
        _ = scene.prepareFrame()
        selector.becomeFocused()
        let tracker = AccessibilityChangeTracker(scene: scene)
        let tile = { AccessibilityElement(selector.tiles[$0]) }

        scene.handleKeyDown(KeyEvent(key: .space))
        #expect(selector.isOpen)
        #expect(scene.focusedAccessibilityElement == tile(0))  // the selected tile, before an arrow
        #expect(tracker.changes().contains(.focusChanged(tile(0))))
        scene.handleKeyDown(KeyEvent(key: .right))
        #expect(tracker.changes().contains(.focusChanged(tile(1))))
        #expect(tile(1).node?.states.contains(.focused) == true)
        #expect(tile(1).node?.states.contains(.checked) == false)  // highlighted, not yet chosen
        scene.handleKeyDown(KeyEvent(key: .right))
        #expect(tracker.changes().contains(.focusChanged(tile(2))))
        scene.handleKeyDown(KeyEvent(key: .enter))
        #expect(selector.selectedIndex == 2 && !selector.isOpen)
        #expect(tracker.changes().contains(.focusChanged(AccessibilityElement(selector))))
    }
}
