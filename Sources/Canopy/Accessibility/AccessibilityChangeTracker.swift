/// Notices what changed in a scene's accessibility tree between one look and the next, as the
/// events a screen reader follows (focus, states, names, values, children, selection, text).
///
/// A host looks after each turn of its run loop that may have changed something. Widgets tell
/// nobody about their changes: the tracker compares what the tree says now with what it said
/// last time, so nothing a widget forgets to report goes missing. A look visits the views that
/// are elements (a few dozen in a window), never a list's rows: a list is remembered by its row
/// count and its selection.
@MainActor public final class AccessibilityChangeTracker {
    /// What one element said at the last look.
    private struct Record {
        var node: AccessibilityNode
        var children: [AccessibilityElement]
        var itemCount: Int
        /// A container's count of recorded item changes.
        var itemChangeCount: Int
        var selection: RowSet?
        /// A container's current item and its states.
        var current: (index: Int, states: AccessibilityStates)?
        var text: AccessibilityTextState?
    }

    /// The scene looked at.
    public unowned let scene: Scene
    /// The longest run of rows (a list's items) reported one by one when a count changes; beyond
    /// it, the rest of the run goes unreported (clients read the count again).
    public static let itemEventLimit = 64

    private var looked = Look()
    private var focused: AccessibilityElement?

    /// Starts tracking `scene`: the tree as it is now is the first look.
    public init(scene: Scene) {
        self.scene = scene
        looked = Look(scene)
        focused = scene.focusedAccessibilityElement
    }

    /// What changed since the last look, in order: elements that left, then those that came,
    /// then changes of each element, then the focus (and the current item of a container that
    /// took it). Records the tree as it is now.
    public func changes() -> [AccessibilityEvent] {
        let now = Look(scene)
        var events = Self.childChanges(parent: nil, from: looked.topLevel, to: now.topLevel)
        for element in now.order {
            guard let old = looked.records[element], let new = now.records[element] else { continue }
            events += Self.changes(of: element, from: old, to: new)
        }
        let nowFocused = scene.focusedAccessibilityElement
        if nowFocused != focused {
            if let focused, now.records[focused] != nil { events.append(.stateChanged(focused, .focused, isOn: false)) }
            if let nowFocused {
                events.append(.stateChanged(nowFocused, .focused, isOn: true))
                events.append(.focusChanged(nowFocused))
                // A container focused with an item current (a submenu opened by the keyboard on
                // its first item, a menu its submenu closed back to) is where the keyboard is.
                if let index = now.records[nowFocused]?.current?.index {
                    let current = AccessibilityEvent.activeDescendantChanged(
                        container: nowFocused, descendant: AccessibilityElement(item: index, of: nowFocused.view))
                    if !events.contains(current) { events.append(current) }
                }
            }
        }
        looked = now
        focused = nowFocused
        return events
    }

    /// Every view element of a scene's tree and what it says, in tree order, and the top-level
    /// elements.
    @MainActor private struct Look {
        var records: [AccessibilityElement: Record] = [:]
        var order: [AccessibilityElement] = []
        var topLevel: [AccessibilityElement] = []

        init() {}

        init(_ scene: Scene) {
            topLevel = scene.accessibilityElements
            topLevel.forEach { visit($0) }
        }

        private mutating func visit(_ element: AccessibilityElement) {
            guard let node = element.node else { return }
            let view = element.view
            let container = view as? AccessibilityItemContainer
            let children = container == nil ? element.children : []
            let current = container?.accessibilityCurrentItem.flatMap { index in
                AccessibilityElement(item: index, of: view).node.map { (index, $0.states) }
            }
            records[element] = Record(
                node: node, children: children, itemCount: container?.accessibilityItemCount ?? 0,
                itemChangeCount: container?.accessibilityItemChangeCount ?? 0,
                selection: (view as? AccessibilitySelectable)?.accessibilitySelectedChildren, current: current,
                text: (view as? AccessibilityText)?.accessibilityTextState)
            order.append(element)
            for child in children { visit(child) }
        }
    }

    // MARK: Comparing

    private static func changes(of element: AccessibilityElement, from old: Record, to new: Record)
        -> [AccessibilityEvent]
    {
        var events: [AccessibilityEvent] = []
        if new.node.name != old.node.name { events.append(.nameChanged(element, new.node.name)) }
        if new.node.description != old.node.description {
            events.append(.descriptionChanged(element, new.node.description))
        }
        events += stateChanges(of: element, from: old.node.states, to: new.node.states)
        if let value = new.node.value?.current, value != old.node.value?.current {
            events.append(.valueChanged(element, value))
        }
        events += childChanges(parent: element, from: old.children, to: new.children)
        let recorded = recordedItemChanges(of: element, from: old, to: new)
        events += itemChanges(of: element, from: old, to: new, recorded: recorded)
        let reported = Set(events)
        // The current item where it is now, after rows came or went before it.
        var current = old.current
        if let recorded, let before = current {
            current = Self.index(before.index, after: recorded).map { ($0, before.states) }
        }
        events += currentItemChanges(of: element, from: current, to: new.current).filter { !reported.contains($0) }
        if let oldText = old.text, let newText = new.text {
            events += textChanges(of: element, from: oldText, to: newText)
        }
        return events
    }

    /// A state-changed event for each state that came or went, focus aside (the tracker reports
    /// it once, for the element that has it).
    private static func stateChanges(
        of element: AccessibilityElement, from old: AccessibilityStates, to new: AccessibilityStates
    ) -> [AccessibilityEvent] {
        let changed = old.symmetricDifference(new).subtracting(.focused)
        guard !changed.isEmpty else { return [] }
        return (0..<32).compactMap { bit in
            let state = AccessibilityStates(rawValue: 1 << UInt32(bit))
            guard changed.contains(state) else { return nil }
            return .stateChanged(element, state, isOn: new.contains(state))
        }
    }

    /// Children that left (last first, at their old places), then children that came (at their
    /// new places).
    private static func childChanges(
        parent: AccessibilityElement?, from old: [AccessibilityElement], to new: [AccessibilityElement]
    ) -> [AccessibilityEvent] {
        guard old != new else { return [] }
        let oldSet = Set(old), newSet = Set(new)
        let removed = old.enumerated().filter { !newSet.contains($0.element) }.reversed().map {
            AccessibilityEvent.childRemoved(parent: parent, index: $0.offset, child: $0.element)
        }
        let added = new.enumerated().filter { !oldSet.contains($0.element) }.map {
            AccessibilityEvent.childAdded(parent: parent, index: $0.offset, child: $0.element)
        }
        return removed + added
    }

    /// For a container of items: the changes it recorded (rows inserted or removed anywhere,
    /// states of rows), else rows added or removed at the end of a count that changed; and a
    /// selection that moved (with the selected state of the items it left and reached).
    private static func itemChanges(
        of element: AccessibilityElement, from old: Record, to new: Record, recorded: [AccessibilityItemChange]?
    ) -> [AccessibilityEvent] {
        var events: [AccessibilityEvent] = []
        let view = element.view
        if let recorded {
            events += recorded.flatMap { recordedEvents(for: $0, in: element) }
        } else if new.itemCount < old.itemCount {
            let gone = (new.itemCount..<old.itemCount).reversed().prefix(itemEventLimit)
            events += gone.map {
                .childRemoved(parent: element, index: $0, child: AccessibilityElement(item: $0, of: view))
            }
        } else if new.itemCount > old.itemCount {
            let came = (old.itemCount..<new.itemCount).prefix(itemEventLimit)
            events += came.map {
                .childAdded(parent: element, index: $0, child: AccessibilityElement(item: $0, of: view))
            }
        }
        if let oldSelection = old.selection, let newSelection = new.selection, oldSelection != newSelection {
            if view is AccessibilityItemContainer {
                let left = oldSelection.subtracting(newSelection).clamped(toCount: new.itemCount)
                for item in left.prefix(itemEventLimit) {
                    events.append(.stateChanged(AccessibilityElement(item: item, of: view), .selected, isOn: false))
                }
                for item in newSelection.subtracting(oldSelection).prefix(itemEventLimit) {
                    events.append(.stateChanged(AccessibilityElement(item: item, of: view), .selected, isOn: true))
                }
            }
            events.append(.selectionChanged(element))
        }
        return events
    }

    /// The changes a container recorded to its items since the last look, if it knows them all.
    private static func recordedItemChanges(of element: AccessibilityElement, from old: Record, to new: Record)
        -> [AccessibilityItemChange]?
    {
        guard new.itemChangeCount != old.itemChangeCount,
            let recorded = (element.view as? AccessibilityItemContainer)?.accessibilityItemChanges(
                since: old.itemChangeCount)
        else { return nil }
        return Array(recorded.prefix(new.itemChangeCount - old.itemChangeCount))
    }

    /// Where item `index` is after `changes`, or `nil` if it was removed.
    private static func index(_ index: Int, after changes: [AccessibilityItemChange]) -> Int? {
        var index = index
        for change in changes {
            switch change {
            case let .inserted(range) where index >= range.lowerBound: index += range.count
            case let .removed(range) where range.contains(index): return nil
            case let .removed(range) where index >= range.upperBound: index -= range.count
            default: break
            }
        }
        return index
    }

    /// The events for one recorded change of `element`'s items: removals last first, at most
    /// ``itemEventLimit`` of a run.
    private static func recordedEvents(for change: AccessibilityItemChange, in element: AccessibilityElement)
        -> [AccessibilityEvent]
    {
        let view = element.view
        switch change {
        case let .inserted(range):
            return range.prefix(itemEventLimit).map {
                .childAdded(parent: element, index: $0, child: AccessibilityElement(item: $0, of: view))
            }
        case let .removed(range):
            return range.reversed().prefix(itemEventLimit).map {
                .childRemoved(parent: element, index: $0, child: AccessibilityElement(item: $0, of: view))
            }
        case let .stateChanged(index, state, isOn):
            return [.stateChanged(AccessibilityElement(item: index, of: view), state, isOn: isOn)]
        }
    }

    /// The item the keyboard is on, when it moved to another; else the states its item gained
    /// or lost (a row ticked, a title's menu opened), selection and focus aside (reported with
    /// the selection and the focus).
    private static func currentItemChanges(
        of element: AccessibilityElement, from old: (index: Int, states: AccessibilityStates)?,
        to new: (index: Int, states: AccessibilityStates)?
    ) -> [AccessibilityEvent] {
        guard let new else { return [] }
        let item = AccessibilityElement(item: new.index, of: element.view)
        guard let old, old.index == new.index else {
            return [.activeDescendantChanged(container: element, descendant: item)]
        }
        let ignored: AccessibilityStates = [.selected, .focused, .showing]
        return stateChanges(of: item, from: old.states.subtracting(ignored), to: new.states.subtracting(ignored))
    }

    /// What was removed and inserted (the text between the common start and end), then where
    /// the caret went and whether the selection changed.
    private static func textChanges(
        of element: AccessibilityElement, from old: AccessibilityTextState, to new: AccessibilityTextState
    )
        -> [AccessibilityEvent]
    {
        var events: [AccessibilityEvent] = []
        if old.text != new.text {
            let (start, removed, inserted) = difference(from: old.text, to: new.text)
            if !removed.isEmpty { events.append(.textRemoved(element, offset: start, text: removed)) }
            if !inserted.isEmpty { events.append(.textInserted(element, offset: start, text: inserted)) }
        }
        if new.caret != old.caret { events.append(.caretMoved(element, offset: new.caret)) }
        if new.selection != old.selection, new.hasSelection || old.hasSelection {
            events.append(.textSelectionChanged(element))
        }
        return events
    }

    /// Where `old` and `new` start to differ (in Characters), and the text between their common
    /// start and common end in each. The common bytes at each end are skipped first (a walk over
    /// the UTF-8), then the Characters from a little before where they end are compared, as
    /// bytes alone cannot tell where a Character ends (an accent typed after an "e"). Nothing is
    /// copied but what changed.
    private static func difference(from old: String, to new: String) -> (
        start: Int, removed: String, inserted: String
    ) {
        let prefix = scalarAligned(commonBytes(old, new, fromEnd: false), in: old, fromEnd: false)
        var start = max(old[..<old.utf8.index(old.startIndex, offsetBy: prefix)].count - 2, 0)
        var oldStart = old.index(old.startIndex, offsetBy: start), newStart = new.index(new.startIndex, offsetBy: start)
        while oldStart < old.endIndex, newStart < new.endIndex, old[oldStart] == new[newStart] {
            old.formIndex(after: &oldStart)
            new.formIndex(after: &newStart)
            start += 1
        }
        let room = min(
            old.utf8.distance(from: oldStart, to: old.endIndex), new.utf8.distance(from: newStart, to: new.endIndex))
        let suffix = scalarAligned(min(commonBytes(old, new, fromEnd: true), room), in: old, fromEnd: true)
        let skipped = max(old[old.utf8.index(old.endIndex, offsetBy: -suffix)...].count - 2, 0)
        var oldEnd = max(old.index(old.endIndex, offsetBy: -skipped), oldStart)
        var newEnd = max(new.index(new.endIndex, offsetBy: -skipped), newStart)
        while oldEnd > oldStart, newEnd > newStart {
            let oldLast = old.index(before: oldEnd), newLast = new.index(before: newEnd)
            guard old[oldLast] == new[newLast] else { break }
            oldEnd = oldLast
            newEnd = newLast
        }
        return (start, String(old[oldStart..<oldEnd]), String(new[newStart..<newEnd]))
    }

    /// How many bytes of UTF-8 `old` and `new` have in common at their start (or end).
    private static func commonBytes(_ old: String, _ new: String, fromEnd: Bool) -> Int {
        var old = old, new = new  // native UTF-8, so that the bytes are read in place
        return old.withUTF8 { oldBytes in
            new.withUTF8 { newBytes in
                let count = min(oldBytes.count, newBytes.count)
                var same = 0
                if fromEnd {
                    let oldLast = oldBytes.count - 1, newLast = newBytes.count - 1
                    while same < count, oldBytes[oldLast - same] == newBytes[newLast - same] { same += 1 }
                } else {
                    while same < count, oldBytes[same] == newBytes[same] { same += 1 }
                }
                return same
            }
        }
    }

    /// `length` bytes at the start (or end) of `text`, cut back to whole scalars.
    private static func scalarAligned(_ length: Int, in text: String, fromEnd: Bool) -> Int {
        let bytes = text.utf8
        var length = length
        func isContinuation(_ offset: Int) -> Bool {
            offset < bytes.count && bytes[bytes.index(bytes.startIndex, offsetBy: offset)] & 0xC0 == 0x80
        }
        while length > 0, isContinuation(fromEnd ? bytes.count - length : length) { length -= 1 }
        return length
    }
}
