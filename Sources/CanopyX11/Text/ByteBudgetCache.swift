/// Values kept by key within a budget of bytes, the least recently used dropped first: the
/// store behind the shaped-line cache, where each typed key makes a new line (a text field's
/// whole visible text) and a budget of lines or characters let memory grow by tens of
/// megabytes.
///
/// Each value's cost is given when it is stored. Going over the budget drops the least
/// recently used values until the rest fit in three quarters of it, so one eviction pays for
/// many insertions.
struct ByteBudgetCache<Key: Hashable, Value> {
    /// The most bytes the values together may cost.
    let budget: Int
    /// What the values kept cost together, in bytes.
    private(set) var cost = 0
    private var entries: [Key: (value: Value, cost: Int, lastUse: Int)] = [:]
    private var clock = 0

    /// A cache of at most `budget` bytes.
    init(budget: Int) { self.budget = budget }

    /// How many values are kept.
    var count: Int { entries.count }

    /// The value kept for `key`, now the most recently used; `nil` when none is kept.
    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entry.value
    }

    /// Keeps `value` for `key`, costing `cost` bytes; a value that alone costs more than the
    /// budget is not kept.
    mutating func store(_ value: Value, for key: Key, cost: Int) {
        if let old = entries.removeValue(forKey: key) { self.cost -= old.cost }
        guard cost <= budget else { return }
        if self.cost + cost > budget { evict(toFit: budget * 3 / 4 - cost) }
        clock += 1
        entries[key] = (value, cost, clock)
        self.cost += cost
    }

    /// Drops every value.
    mutating func removeAll() {
        entries.removeAll()
        cost = 0
    }

    /// Drops the least recently used values until the rest cost at most `limit` bytes.
    private mutating func evict(toFit limit: Int) {
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard cost > max(limit, 0) else { return }
            entries.removeValue(forKey: key)
            cost -= entry.cost
        }
    }
}
