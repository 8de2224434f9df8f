/// A soft shadow cast by a view's rounded-rectangle shape, as `CALayer`'s shadow properties.
public struct Shadow: Hashable, Sendable {
    /// The shadow's colour before `opacity` is applied.
    public var color: Color
    /// The shadow's overall opacity, 0...1.
    public var opacity: Double
    /// How far the shadow is moved from the shape.
    public var offset: Point
    /// The blur radius: how far the soft edge spreads past the shape.
    public var radius: Double

    /// Creates a shadow; the defaults match a `CALayer` whose opacity has been raised.
    public init(color: Color = .black, opacity: Double = 0.5, offset: Point = Point(x: 0, y: -3), radius: Double = 3) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = max(0, radius)
    }

    /// The area the shadow of `rect` can touch.
    public func extent(of rect: Rect) -> Rect {
        rect.offsetBy(dx: offset.x, dy: offset.y).insetBy(dx: -2 * radius, dy: -2 * radius)
    }
}
