import Canopy
import Testing

@Suite struct RowSetTests {
    @Test func insertingMergesRangesThatTouchOrOverlap() {
        var rows = RowSet()
        rows.insert(5)
        rows.insert(7)
        #expect(rows.ranges == [5..<6, 7..<8])
        rows.insert(6)  // touches both
        #expect(rows.ranges == [5..<8] && rows.count == 3)
        rows.insert(0..<2)
        rows.insert(1..<6)
        #expect(rows.ranges == [0..<8])
        rows.insert(10..<10)  // empty: nothing
        #expect(rows.ranges == [0..<8] && rows.first == 0 && rows.last == 7)
    }

    @Test func removingSplitsARange() {
        var rows = RowSet(0..<10)
        rows.remove(4)
        #expect(rows.ranges == [0..<4, 5..<10])
        rows.remove(2..<7)
        #expect(rows.ranges == [0..<2, 7..<10])
        rows.toggle(8)
        rows.toggle(0)
        rows.toggle(5)
        #expect(Array(rows) == [1, 5, 7, 9])
        #expect(rows.contains(5) && !rows.contains(8) && !rows.contains(-1) && !rows.contains(100))
        #expect(rows.description == "[1, 5, 7, 9]")
    }

    @Test func aMillionRowsAreOneRange() {
        let rows = RowSet(0..<1_000_000)
        #expect(rows.ranges.count == 1 && rows.count == 1_000_000 && rows.contains(999_999))
        #expect(rows.clamped(toCount: 3) == [0, 1, 2])
        #expect(rows.clamped(toCount: 0).isEmpty)
        #expect(RowSet([3, 1, 2]).union([7]).description == "[1..<4, 7]")
    }
}
