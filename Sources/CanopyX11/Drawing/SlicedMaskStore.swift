/// Sliced masks kept by key, at most `capacity` of them, the least recently used freed first:
/// the store behind the shadow and coverage mask caches.
@MainActor struct SlicedMaskStore<Key: Equatable> {
    let capacity: Int
    /// How many masks have been made: shapes drawn again at the same key should not add to it.
    private(set) var masksMade = 0
    private var entries: [(key: Key, mask: SlicedMask)] = []

    init(capacity: Int) { self.capacity = capacity }

    /// The mask kept for `key`, made by `make` when there is none (`nil` when it makes none).
    mutating func mask(for key: Key, on display: OpaquePointer, make: () -> SlicedMask?) -> SlicedMask? {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            return entry.mask
        }
        guard let mask = make() else { return nil }
        masksMade += 1
        if entries.count >= capacity { entries.removeFirst().mask.free(display) }
        entries.append((key, mask))
        return mask
    }

    /// Frees every mask kept.
    mutating func removeAll(on display: OpaquePointer) {
        for entry in entries { entry.mask.free(display) }
        entries.removeAll()
    }
}
