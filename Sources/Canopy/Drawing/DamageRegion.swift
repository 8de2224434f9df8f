/// The parts of a window that must be redrawn, kept as a few whole-pixel rectangles.
///
/// Overlapping rectangles are merged; past ``maximumRectangles`` everything is merged into one
/// bounding box, so a frame never copies more than a handful of areas.
public struct DamageRegion: Sendable {
    /// How many separate rectangles are kept before they are merged into one.
    public static let maximumRectangles = 8

    /// The damaged rectangles, disjoint from each other's bounding boxes.
    public private(set) var rectangles: [Rect] = []

    /// Creates an empty region.
    public init() {}

    /// Whether nothing needs redrawing.
    public var isEmpty: Bool { rectangles.isEmpty }

    /// The smallest rectangle holding every damaged one.
    public var bounds: Rect { rectangles.reduce(Rect.zero) { $0.union($1) } }

    /// Adds `rect`, rounded out to whole pixels.
    public mutating func add(_ rect: Rect) {
        guard !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
        else { return }
        var merged = rect.integral
        if rectangles.contains(where: { $0.contains(merged) }) { return }
        var index = 0
        while index < rectangles.count {
            if rectangles[index].intersects(merged) {
                merged = merged.union(rectangles.remove(at: index))
                index = 0
            } else {
                index += 1
            }
        }
        rectangles.append(merged)
        if rectangles.count > Self.maximumRectangles {
            rectangles = [bounds]
        }
    }

    /// Keeps only the parts inside `limit`.
    public mutating func clip(to limit: Rect) {
        rectangles = rectangles.compactMap { $0.intersection(limit) }
    }

    /// Returns the damaged rectangles and empties the region.
    public mutating func take() -> [Rect] {
        defer { rectangles = [] }
        return rectangles
    }
}
