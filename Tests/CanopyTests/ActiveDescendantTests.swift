import Canopy
import CanopyTesting
import Testing

/// The item the keyboard is on, as a screen reader hears of it: an active-descendant event for
/// each move in a list or a menu, and the states its item gains (a tick).
@MainActor @Suite struct ActiveDescendantTests {
    let time = ManualTime()

    func key(_ key: Key, in scene: Scene, times: Int = 1) {
        for _ in 0..<times { scene.handleKeyDown(KeyEvent(key: key)) }
    }

    /// The items `events` made current, in order, as (container, item index).
    func descendants(_ events: [AccessibilityEvent]) -> [Int?] {
        events.compactMap {
            if case let .activeDescendantChanged(_, descendant) = $0 { descendant.item } else { nil }
        }
    }

    @Test func downThroughAListMakesEachRowCurrentAndATickIsReportedOnItsRow() {
        let rows = ArrayListDataSource([
            ListRow("Milk", isChecked: false), ListRow("Eggs", isChecked: false), ListRow("Bread", isChecked: true),
        ])
        let list = ListView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        list.dataSource = rows
        list.onValueChanged = { row, checked in rows.rows[row].isChecked = checked }
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        scene.rootView.addSubview(list)
        _ = scene.prepareFrame()
        list.becomeFocused()
        let tracker = AccessibilityChangeTracker(scene: scene)
        var moves: [Int?] = []
        for _ in 0..<3 {
            key(.down, in: scene)
            moves += descendants(tracker.changes())
        }
        #expect(moves == [0, 1, 2])
        key(.up, in: scene)
        let back = tracker.changes()
        #expect(
            back.contains(
                .activeDescendantChanged(
                    container: AccessibilityElement(list),
                    descendant: AccessibilityElement(item: 1, of: list))))
        key(.space, in: scene)
        let tick = tracker.changes()
        #expect(tick == [.stateChanged(AccessibilityElement(item: 1, of: list), .checked, isOn: true)])
    }

    @Test func downThroughAMenuMakesEachEnabledItemCurrent() throws {
        let menu = Menu(items: [
            MenuItem("Rename") {}, MenuItem("Paste", isEnabled: false), .separator, MenuItem("Delete") {},
        ])
        let owner = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        owner.accessibilityLabel = "Canvas"
        owner.contextMenu = menu
        let scene = time.makeScene(size: Size(width: 400, height: 400))
        scene.rootView.addSubview(owner)
        _ = scene.prepareFrame()
        let tracker = AccessibilityChangeTracker(scene: scene)
        #expect(try #require(scene.accessibilityElements.first).perform(.showMenu))
        _ = tracker.changes()
        var names: [String] = []
        for _ in 0..<3 {
            key(.down, in: scene)
            for case let .activeDescendantChanged(_, item) in tracker.changes() { names.append(item.node?.name ?? "?") }
        }
        #expect(names == ["Rename", "Delete", "Rename"])
    }
}
