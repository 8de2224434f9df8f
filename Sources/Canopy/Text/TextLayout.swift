/// One line of text as the host sets it: its clusters in visual order, left to right, each the
/// characters drawn as one indivisible piece (a letter with its marks, an Arabic ligature, a
/// Devanagari conjunct, an emoji sequence) with where it lies. Carets, hit-testing and
/// selections come from the clusters, so they never split what is drawn as one.
///
/// Positions count `Character`s (extended grapheme clusters) in logical order, as
/// ``TextEditingState`` does: position 0 is before the first character typed, whichever edge of
/// the line that is. A cluster holding several characters (the "fi" ligature, Arabic lam-alef)
/// shares its width evenly among them, so the caret can still stop between them.
///
/// At a boundary between runs of different directions one position has two places on screen
/// (the end of one run and the start of the other). The caret is drawn where text of the
/// paragraph's direction would appear (Pango's and GTK's "strong" caret): after the character
/// before it when that character runs in the paragraph's direction, otherwise at the character
/// after it.
///
/// Geometry is in points, x from the line's left edge and y from its top (the baseline lies at
/// ``ascent``).
public struct TextLayout: Equatable, Sendable {
    /// Characters drawn as one piece, and where they lie on the line.
    public struct Cluster: Equatable, Sendable {
        /// The characters it draws, as positions in the text.
        public var characters: Range<Int>
        /// Its left edge, from the line's left edge.
        public var x: Double
        /// How wide it is.
        public var width: Double
        /// Whether its characters read right to left.
        public var isRightToLeft: Bool

        /// Creates a cluster.
        public init(characters: Range<Int>, x: Double, width: Double, isRightToLeft: Bool) {
            self.characters = characters
            self.x = x
            self.width = width
            self.isRightToLeft = isRightToLeft
        }
    }

    /// How many characters the text has: caret positions run from 0 to this.
    public let characterCount: Int
    /// The paragraph's direction, resolved (for ``TextDirection/natural``, from the text).
    public let isRightToLeft: Bool
    /// The clusters in device units, left to right.
    private let storedClusters: [Cluster]
    /// Device units per point: the host lays out at its pixel size and this turns it back.
    private var unitsPerPoint: Double
    private let storedMetrics: TextMetrics
    /// For each character, the index of the cluster that draws it.
    private let clusterOfCharacter: [Int32]

    /// Creates a layout from clusters in visual order given in device units, `unitsPerPoint`
    /// of them to a point. Every character in `0..<characterCount` must be in exactly one
    /// cluster.
    public init(
        characterCount: Int, isRightToLeft: Bool, clusters: [Cluster], metrics: TextMetrics,
        unitsPerPoint: Double = 1
    ) {
        self.characterCount = characterCount
        self.isRightToLeft = isRightToLeft
        storedClusters = clusters
        storedMetrics = metrics
        self.unitsPerPoint = unitsPerPoint > 0 ? unitsPerPoint : 1
        var owner = [Int32](repeating: 0, count: characterCount)
        for (index, cluster) in clusters.enumerated() {
            for character in cluster.characters where character >= 0 && character < characterCount {
                owner[character] = Int32(index)
            }
        }
        clusterOfCharacter = owner
    }

    /// The same layout, its device units read as `unitsPerPoint` to a point (a host lays out
    /// in pixels and hands views points).
    public func readIn(unitsPerPoint: Double) -> TextLayout {
        var layout = self
        layout.unitsPerPoint = unitsPerPoint > 0 ? unitsPerPoint : 1
        return layout
    }

    /// The clusters, left to right.
    public var clusters: [Cluster] {
        guard unitsPerPoint != 1 else { return storedClusters }
        return storedClusters.map {
            Cluster(
                characters: $0.characters, x: $0.x / unitsPerPoint, width: $0.width / unitsPerPoint,
                isRightToLeft: $0.isRightToLeft)
        }
    }

    /// The line's extent: its advance and the ascent and descent of the faces it uses.
    public var metrics: TextMetrics {
        TextMetrics(
            width: storedMetrics.width / unitsPerPoint, ascent: storedMetrics.ascent / unitsPerPoint,
            descent: storedMetrics.descent / unitsPerPoint)
    }

    /// The advance from the line's left edge to its right edge.
    public var width: Double { storedMetrics.width / unitsPerPoint }
    /// From the top of the line to the baseline.
    public var ascent: Double { storedMetrics.ascent / unitsPerPoint }
    /// From the baseline to the bottom of the line.
    public var descent: Double { storedMetrics.descent / unitsPerPoint }

    // MARK: Carets

    /// Where the caret at `position` is drawn (the strong caret; see the type's description),
    /// from the line's left edge. Positions outside the text are clamped.
    public func caretOffset(at position: Int) -> Double {
        let position = min(max(position, 0), characterCount)
        let lineLeft = 0.0, lineRight = storedMetrics.width
        let before: (isRightToLeft: Bool, x: Double)
        if position == 0 {
            before = (isRightToLeft, isRightToLeft ? lineRight : lineLeft)
        } else {
            let edges = self.edges(of: position - 1)
            before = (edges.isRightToLeft, edges.trailing)
        }
        guard before.isRightToLeft != isRightToLeft else { return before.x / unitsPerPoint }
        let afterX = position == characterCount ? (isRightToLeft ? lineLeft : lineRight) : edges(of: position).leading
        return afterX / unitsPerPoint
    }

    /// The caret position nearest to `x` (from the line's left edge): the edge of the
    /// character under `x` it is closer to; left of the line, the position at its left edge,
    /// right of it, the one at its right edge.
    public func position(atX x: Double) -> Int {
        guard let first = storedClusters.first, let last = storedClusters.last else { return 0 }
        let x = x * unitsPerPoint
        if x <= first.x { return first.isRightToLeft ? first.characters.upperBound : first.characters.lowerBound }
        if x >= last.x + last.width {
            return last.isRightToLeft ? last.characters.lowerBound : last.characters.upperBound
        }
        let cluster = storedClusters[clusterIndex(containing: x)]
        let count = Double(cluster.characters.count)
        let fraction = cluster.width > 0 ? (x - cluster.x) / cluster.width : 0
        let fromLeft = Int((fraction * count).rounded())
        return cluster.characters.lowerBound + (cluster.isRightToLeft ? Int(count) - fromLeft : fromLeft)
    }

    /// The position the caret goes to when moved one step right on screen from `position`:
    /// past the character to its right, whichever way that character reads. At the line's
    /// right end, `position` itself.
    public func position(visuallyRightOf position: Int) -> Int {
        step(from: position, by: 1)
    }

    /// The position the caret goes to when moved one step left on screen from `position`.
    public func position(visuallyLeftOf position: Int) -> Int {
        step(from: position, by: -1)
    }

    // MARK: Selection

    /// The rectangles that show `range` selected, left to right, in line coordinates (top 0,
    /// the line's height): one for text in one direction, several where the range crosses
    /// runs of different directions.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        let range = range.clamped(to: 0..<characterCount)
        guard !range.isEmpty else { return [] }
        var spans: [(minX: Double, maxX: Double)] = []
        for cluster in storedClusters {
            let covered = cluster.characters.clamped(to: range)
            guard !covered.isEmpty else { continue }
            let share = cluster.width / Double(cluster.characters.count)
            let startOffset = Double(covered.lowerBound - cluster.characters.lowerBound) * share
            let endOffset = Double(covered.upperBound - cluster.characters.lowerBound) * share
            let minX = cluster.isRightToLeft ? cluster.x + cluster.width - endOffset : cluster.x + startOffset
            let maxX = cluster.isRightToLeft ? cluster.x + cluster.width - startOffset : cluster.x + endOffset
            if let last = spans.last, abs(last.maxX - minX) < 0.01 {
                spans[spans.count - 1].maxX = maxX
            } else {
                spans.append((minX, maxX))
            }
        }
        let height = storedMetrics.height / unitsPerPoint
        return spans.map {
            Rect(x: $0.minX / unitsPerPoint, y: 0, width: ($0.maxX - $0.minX) / unitsPerPoint, height: height)
        }
    }

    // MARK: Helpers

    /// Where the character at `index` starts and ends on the line in device units (leading
    /// is its left edge when it reads left to right, its right edge otherwise).
    private func edges(of index: Int) -> (leading: Double, trailing: Double, isRightToLeft: Bool) {
        let cluster = storedClusters[Int(clusterOfCharacter[index])]
        let share = cluster.width / Double(cluster.characters.count)
        let start = Double(index - cluster.characters.lowerBound) * share
        if cluster.isRightToLeft {
            let right = cluster.x + cluster.width
            return (right - start, right - start - share, true)
        }
        return (cluster.x + start, cluster.x + start + share, false)
    }

    /// The index of the cluster whose extent holds `x` (device units, inside the line).
    private func clusterIndex(containing x: Double) -> Int {
        var low = 0, high = storedClusters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if storedClusters[middle].x <= x { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Every caret position with the places it sits at, left to right: a position at a
    /// direction boundary sits at two places.
    private var caretStops: [(position: Int, x: Double)] {
        var stops: [(position: Int, x: Double)] = []
        for cluster in storedClusters {
            let count = cluster.characters.count
            let share = cluster.width / Double(count)
            for step in 0...count {
                let position =
                    cluster.isRightToLeft ? cluster.characters.upperBound - step : cluster.characters.lowerBound + step
                stops.append((position, cluster.x + Double(step) * share))
            }
        }
        return stops
    }

    /// The position whose caret shows at the next place to the right (`direction` 1) or left
    /// (-1) of where the caret at `position` shows: of the positions sitting there, the one
    /// whose caret is drawn there.
    private func step(from position: Int, by direction: Int) -> Int {
        let position = min(max(position, 0), characterCount)
        let here = caretOffset(at: position) * unitsPerPoint
        let stops = caretStops
        let ahead = stops.filter { Double(direction) * ($0.x - here) > 0.01 }
        guard let next = direction > 0 ? ahead.map(\.x).min() : ahead.map(\.x).max() else { return position }
        let candidates = ahead.filter { abs($0.x - next) <= 0.01 }.map(\.position)
        return candidates.first { abs(caretOffset(at: $0) * unitsPerPoint - next) <= 0.01 } ?? candidates[0]
    }
}
