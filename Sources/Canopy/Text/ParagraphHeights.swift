/// The heights of a long run of paragraphs, each measured or estimated, with where each starts:
/// a Fenwick tree of the heights, so that a paragraph's top, the paragraph at a height and a
/// change of one height each cost a few dozen steps in a document of a million paragraphs.
struct ParagraphHeights {
    /// Each paragraph's height.
    private(set) var heights: [Double] = []
    /// Whether each paragraph's height was measured (not estimated).
    private(set) var isMeasured: [Bool] = []
    /// The Fenwick tree over ``heights``: entry i (from 1) sums the heights of the `i & -i`
    /// paragraphs ending at paragraph i - 1.
    private var tree: [Double] = [0]

    /// How many paragraphs there are.
    var count: Int { heights.count }

    /// The height of them all.
    var total: Double { top(of: count) }

    /// Sets every height at once, none of them measured.
    mutating func reset(to estimates: [Double]) {
        heights = estimates
        isMeasured = Array(repeating: false, count: estimates.count)
        rebuild()
    }

    /// Replaces the paragraphs `range` with estimated ones of `estimates`.
    mutating func replace(_ range: Range<Int>, with estimates: [Double]) {
        guard range.count != estimates.count else {
            for (index, height) in zip(range, estimates) {
                set(height, at: index)
                isMeasured[index] = false
            }
            return
        }
        heights.replaceSubrange(range, with: estimates)
        isMeasured.replaceSubrange(range, with: repeatElement(false, count: estimates.count))
        rebuild()
    }

    /// Records paragraph `index`'s measured height.
    mutating func setMeasured(_ height: Double, at index: Int) {
        set(height, at: index)
        isMeasured[index] = true
    }

    /// Where paragraph `index` starts: the height of the paragraphs before it.
    func top(of index: Int) -> Double {
        var sum = 0.0, node = min(max(index, 0), count)
        while node > 0 {
            sum += tree[node]
            node &= node - 1
        }
        return sum
    }

    /// The paragraph that `y` (from the first paragraph's top) falls in: the first when `y` is
    /// above it, the last when below.
    func index(at y: Double) -> Int {
        guard count > 0 else { return 0 }
        var node = 0, remaining = y
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = node + step
            if next <= count, tree[next] <= remaining {
                node = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(node, count - 1)
    }

    private mutating func set(_ height: Double, at index: Int) {
        let delta = height - heights[index]
        guard delta != 0 else { return }
        heights[index] = height
        var node = index + 1
        while node <= count {
            tree[node] += delta
            node += node & -node
        }
    }

    /// Builds the tree from the heights in one pass.
    private mutating func rebuild() {
        tree = [0] + heights
        for node in 1..<max(tree.count, 1) {
            let parent = node + (node & -node)
            if parent < tree.count { tree[parent] += tree[node] }
        }
    }
}
