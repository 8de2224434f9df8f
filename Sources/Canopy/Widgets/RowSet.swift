/// A set of row indices kept as sorted, disjoint ranges that never touch, as Foundation's
/// `IndexSet` is (Canopy does not import Foundation): a million selected rows are one range, so
/// selecting all of a long list costs nothing. Iterating visits the rows in ascending order.
public struct RowSet: Hashable, Sendable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The rows, as ascending ranges with a gap between each two.
    public private(set) var ranges: [Range<Int>] = []

    /// Creates an empty set.
    public init() {}

    /// Creates the set of the rows in `range`.
    public init(_ range: Range<Int>) { insert(range) }

    /// Creates the set of the rows in `range`.
    public init(_ range: ClosedRange<Int>) { insert(Range(range)) }

    /// Creates the set of `rows`.
    public init(_ rows: some Sequence<Int>) {
        for row in rows { insert(row) }
    }

    /// Creates the set of the listed rows.
    public init(arrayLiteral rows: Int...) { self.init(rows) }

    /// Whether no row is in the set.
    public var isEmpty: Bool { ranges.isEmpty }

    /// How many rows the set holds.
    public var count: Int { ranges.reduce(0) { $0 + $1.count } }

    /// The lowest row, if any.
    public var first: Int? { ranges.first?.lowerBound }

    /// The highest row, if any.
    public var last: Int? { ranges.last.map { $0.upperBound - 1 } }

    /// Whether `row` is in the set (a binary search over the ranges).
    public func contains(_ row: Int) -> Bool {
        let index = firstRange(endingAfter: row)
        return index < ranges.count && ranges[index].contains(row)
    }

    /// Adds `row`.
    public mutating func insert(_ row: Int) { insert(row..<row + 1) }

    /// Adds the rows in `range`, merging it with the ranges it overlaps or touches.
    public mutating func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var merged = range
        let start = firstRange(endingAfter: range.lowerBound - 1)  // the first that touches or follows
        var end = start
        while end < ranges.count, ranges[end].lowerBound <= range.upperBound {
            let other = ranges[end]
            merged = Swift.min(merged.lowerBound, other.lowerBound)..<Swift.max(merged.upperBound, other.upperBound)
            end += 1
        }
        ranges.replaceSubrange(start..<end, with: [merged])
    }

    /// Takes `row` out.
    public mutating func remove(_ row: Int) { remove(row..<row + 1) }

    /// Takes the rows in `range` out, splitting a range it falls inside.
    public mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let start = firstRange(endingAfter: range.lowerBound)
        var end = start
        var kept: [Range<Int>] = []
        while end < ranges.count, ranges[end].lowerBound < range.upperBound {
            let old = ranges[end]
            if old.lowerBound < range.lowerBound { kept.append(old.lowerBound..<range.lowerBound) }
            if old.upperBound > range.upperBound { kept.append(range.upperBound..<old.upperBound) }
            end += 1
        }
        ranges.replaceSubrange(start..<end, with: kept)
    }

    /// Adds `row` if it is not in the set, takes it out if it is.
    public mutating func toggle(_ row: Int) {
        if contains(row) { remove(row) } else { insert(row) }
    }

    /// The rows of both sets.
    public func union(_ other: RowSet) -> RowSet {
        var result = self
        for range in other.ranges { result.insert(range) }
        return result
    }

    /// The rows of this set that are not in `other`.
    public func subtracting(_ other: RowSet) -> RowSet {
        var result = self
        for range in other.ranges { result.remove(range) }
        return result
    }

    /// The rows below `count`: what is left of the set in a list of `count` rows.
    public func clamped(toCount count: Int) -> RowSet {
        var result = self
        result.remove(Swift.max(0, count)..<Int.max)
        return result
    }

    /// Makes room for a row inserted at `position`: rows from `position` on move one up.
    /// Inserting several rows one after another, lowest position first, moves every row to its
    /// place in the new list.
    mutating func openGap(at position: Int) {
        let index = firstRange(endingAfter: position)
        var moved = Array(ranges[..<index])
        for range in ranges[index...] {
            if range.lowerBound < position {
                moved.append(range.lowerBound..<position)
                moved.append(position + 1..<range.upperBound + 1)
            } else {
                moved.append(range.lowerBound + 1..<range.upperBound + 1)
            }
        }
        ranges = moved
    }

    /// Closes up after the row at `position` was deleted: it goes and the rows after it move
    /// one down. Deleting several, highest position first, moves every row to its new place.
    mutating func closeGap(at position: Int) {
        remove(position)
        let index = firstRange(endingAfter: position)
        var moved = Array(ranges[..<index])
        for range in ranges[index...] { moved.append(range.lowerBound - 1..<range.upperBound - 1) }
        ranges = []
        for range in moved { insert(range) }  // the ranges on either side of the gap may now touch
    }

    /// The rows in ascending order.
    public func makeIterator() -> FlattenSequence<[Range<Int>]>.Iterator { ranges.joined().makeIterator() }

    /// The ranges, a single row as its number: "[0..<3, 7]".
    public var description: String {
        "[" + ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0)" }.joined(separator: ", ") + "]"
    }

    /// The index of the first range whose end is past `row` (the range holding it, or the first
    /// after it).
    private func firstRange(endingAfter row: Int) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= row { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension Array {
    /// Moves the elements at `offsets` (in their order) to go before the element at `gap`, as
    /// ``ListView/onMoveRows`` asks: `["a", "b", "c", "d"]` moving `[0, 2]` before 4 reads
    /// `["b", "d", "a", "c"]`. Offsets out of range are ignored.
    public mutating func move(fromOffsets offsets: RowSet, toOffset gap: Int) {
        let offsets = offsets.clamped(toCount: count)
        let moving = offsets.map { self[$0] }
        let start = Swift.min(Swift.max(gap, 0), count) - offsets.prefix(while: { $0 < gap }).count
        self = enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
        insert(contentsOf: moving, at: start)
    }
}
