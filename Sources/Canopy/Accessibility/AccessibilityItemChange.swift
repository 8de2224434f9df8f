/// One change to a container's items, as the container records it for assistive technology
/// (``AccessibilityItemContainer/accessibilityItemChanges(since:)``): rows that came or went in
/// the middle of a list, an outline's node that opened.
public enum AccessibilityItemChange: Hashable, Sendable {
    /// Items came at these indices (of the items after the change).
    case inserted(Range<Int>)
    /// Items at these indices (of the items before the change) went.
    case removed(Range<Int>)
    /// One of item `index`'s states (a single flag) came on or went off.
    case stateChanged(index: Int, AccessibilityStates, isOn: Bool)
}

/// The last changes a container made to its items, numbered, so that a tracker that looked at
/// change `n` can ask for those after it: a few hundred are kept; a reload forgets them all.
struct AccessibilityItemJournal {
    /// How many changes were recorded (or forgotten) so far.
    private(set) var count = 0
    /// The changes kept, the last one being change `count`.
    private var kept: [AccessibilityItemChange] = []
    /// The most changes kept.
    static let limit = 256

    /// Records `change`.
    mutating func record(_ change: AccessibilityItemChange) {
        count += 1
        kept.append(change)
        if kept.count > Self.limit { kept.removeFirst(kept.count - Self.limit) }
    }

    /// Forgets every change: the items changed in ways not recorded (a reload).
    mutating func forget() {
        count += 1
        kept = []
    }

    /// The changes after the first `start`, in order; `nil` when they are not all kept.
    func changes(since start: Int) -> [AccessibilityItemChange]? {
        let wanted = count - start
        guard wanted >= 0, wanted <= kept.count else { return nil }
        return Array(kept.suffix(wanted))
    }
}
