/// Where a list's rows lie: all of one height, or each of its own, kept as the top of every
/// row so that finding a row's place is a look-up and the row at a point a binary search.
struct RowOffsets: Equatable {
    /// The top of each row and, last, the bottom of the last one; empty when all rows have
    /// ``uniformHeight``.
    private var tops: [Double] = []
    /// The height of every row while ``tops`` is empty.
    private(set) var uniformHeight: Double
    /// How many rows there are.
    private(set) var count: Int

    /// Rows of one height.
    init(count: Int, height: Double) {
        self.count = count
        uniformHeight = height
    }

    /// Rows of their own heights, each at least 1.
    init(heights: some Sequence<Double>, fallback: Double) {
        uniformHeight = fallback
        var top = 0.0
        tops = [top]
        for height in heights {
            top += height.isFinite ? max(1, height) : fallback
            tops.append(top)
        }
        count = tops.count - 1
    }

    /// The height of all rows together.
    var total: Double { tops.last ?? Double(count) * uniformHeight }

    /// The top and height of `row`.
    func span(of row: Int) -> (top: Double, height: Double) {
        guard !tops.isEmpty else { return (Double(row) * uniformHeight, uniformHeight) }
        guard row >= 0, row < count else { return (row < 0 ? 0 : total, uniformHeight) }
        return (tops[row], tops[row + 1] - tops[row])
    }

    /// The row whose span holds `y`, or `nil` outside them all.
    func row(atY y: Double) -> Int? {
        guard y >= 0, y < total else { return nil }
        guard !tops.isEmpty else {
            return uniformHeight > 0 ? min(Int((y / uniformHeight).rounded(.down)), count - 1) : nil
        }
        var low = 0, high = count  // the answer is in low..<high
        while high - low > 1 {
            let middle = (low + high) / 2
            if tops[middle] <= y { low = middle } else { high = middle }
        }
        return low
    }

    /// The rows overlapping `offset..<offset + height`.
    func rows(offset: Double, height: Double) -> Range<Int> {
        guard !tops.isEmpty else {
            return ListView.visibleRows(offset: offset, height: height, rowHeight: uniformHeight, count: count)
        }
        guard count > 0, height > 0 else { return 0..<0 }
        let first = row(atY: max(0, offset)) ?? (offset < 0 ? 0 : count)
        let bottom = offset + height
        guard bottom > 0 else { return 0..<0 }
        let last = bottom >= total ? count : (row(atY: bottom).map { tops[$0] < bottom ? $0 + 1 : $0 } ?? count)
        return first..<max(first, last)
    }
}
