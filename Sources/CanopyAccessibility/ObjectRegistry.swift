/// Gives the objects the bridge hands out (views, windows) numbers that stay theirs while they
/// live, so that object paths can name them, without keeping them alive: a path naming an
/// object that has gone finds nothing.
@MainActor final class ObjectRegistry {
    private struct Entry {
        weak var object: AnyObject?
    }

    private var numbers: [ObjectIdentifier: UInt64] = [:]
    private var entries: [UInt64: Entry] = [:]
    private var lastNumber: UInt64 = 0
    /// How many numbers may be given out before the entries of objects that died are dropped.
    private var sweepAt = 256

    /// The number of `object`, given now if it has none.
    func number(for object: AnyObject) -> UInt64 {
        let identifier = ObjectIdentifier(object)
        // An identifier can be reused by a new object once the old one died: check the entry.
        if let number = numbers[identifier], entries[number]?.object === object { return number }
        lastNumber += 1
        numbers[identifier] = lastNumber
        entries[lastNumber] = Entry(object: object)
        if entries.count >= sweepAt { sweep() }
        return lastNumber
    }

    /// The live object numbered `number`, if any.
    func object(numbered number: UInt64) -> AnyObject? { entries[number]?.object }

    /// Drops the entries of objects that died, keeping the table as large as the live objects.
    private func sweep() {
        entries = entries.filter { $0.value.object != nil }
        numbers = numbers.filter { entries[$0.value] != nil }
        sweepAt = max(256, entries.count * 2)
    }
}
