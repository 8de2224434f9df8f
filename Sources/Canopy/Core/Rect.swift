/// An axis-aligned rectangle: an origin (its top-left corner, since y grows downward) and a size.
///
/// A rectangle with a negative width or height is *standardized* by the operations that
/// need it, so it behaves as the same area with a positive size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from.
    public var origin: Point
    /// The extent from the origin; either side may be negative.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its components.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with no size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The smallest y.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest x.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The largest y.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x halfway across.
    public var midX: Double { (minX + maxX) / 2 }
    /// The y halfway down.
    public var midY: Double { (minY + maxY) / 2 }
    /// The width, never negative.
    public var width: Double { abs(size.width) }
    /// The height, never negative.
    public var height: Double { abs(size.height) }
    /// The centre point.
    public var center: Point { Point(x: midX, y: midY) }

    /// Whether the rectangle encloses no area.
    public var isEmpty: Bool { size.width == 0 || size.height == 0 }

    /// The same area with a non-negative width and height.
    public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

    /// Whether `point` lies inside; the right and bottom edges are outside, as in UIKit.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies wholly inside this rectangle.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share some area.
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX
            && minY < other.maxY && other.minY < maxY
    }

    /// The area both rectangles share, or `nil` when they share none.
    public func intersection(_ other: Rect) -> Rect? {
        guard intersects(other) else { return nil }
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        return Rect(x: x0, y: y0, width: min(maxX, other.maxX) - x0, height: min(maxY, other.maxY) - y0)
    }

    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other.standardized }
        if other.isEmpty { return standardized }
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle shrunk by `insets` (grown where they are negative).
    public func inset(by insets: EdgeInsets) -> Rect {
        let r = standardized
        return Rect(
            x: r.minX + insets.left, y: r.minY + insets.top,
            width: max(0, r.width - insets.left - insets.right),
            height: max(0, r.height - insets.top - insets.bottom))
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        inset(by: EdgeInsets(top: dy, left: dx, bottom: dy, right: dx))
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// The smallest rectangle on whole pixels that covers this one.
    public var integral: Rect {
        let x0 = (minX + 1e-9).rounded(.down), y0 = (minY + 1e-9).rounded(.down)
        return Rect(
            x: x0, y: y0, width: (maxX - 1e-9).rounded(.up) - x0, height: (maxY - 1e-9).rounded(.up) - y0)
    }

    /// The rectangle as `(x, y, width, height)`.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
