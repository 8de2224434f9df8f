/// A value an animation can move smoothly between two endpoints.
public protocol Interpolatable: Equatable {
    /// The value `progress` of the way from `start` to `end`; progress may leave 0...1 for
    /// curves that overshoot.
    static func interpolate(from start: Self, to end: Self, progress: Double) -> Self
}

extension Double: Interpolatable {
    /// The value `progress` of the way from `start` to `end`, linearly.
    public static func interpolate(from start: Double, to end: Double, progress: Double) -> Double {
        start + (end - start) * progress
    }
}

extension Point: Interpolatable {
    /// Interpolates each coordinate.
    public static func interpolate(from start: Point, to end: Point, progress: Double) -> Point {
        Point(
            x: .interpolate(from: start.x, to: end.x, progress: progress),
            y: .interpolate(from: start.y, to: end.y, progress: progress))
    }
}

extension Size: Interpolatable {
    /// Interpolates the width and the height.
    public static func interpolate(from start: Size, to end: Size, progress: Double) -> Size {
        Size(
            width: .interpolate(from: start.width, to: end.width, progress: progress),
            height: .interpolate(from: start.height, to: end.height, progress: progress))
    }
}

extension Rect: Interpolatable {
    /// Interpolates the origin and the size.
    public static func interpolate(from start: Rect, to end: Rect, progress: Double) -> Rect {
        Rect(
            origin: .interpolate(from: start.origin, to: end.origin, progress: progress),
            size: .interpolate(from: start.size, to: end.size, progress: progress))
    }
}

extension Color: Interpolatable {
    /// Interpolates in premultiplied space, so fading from `.clear` does not pass through black.
    public static func interpolate(from start: Color, to end: Color, progress: Double) -> Color {
        let alpha = Double.interpolate(from: start.alpha, to: end.alpha, progress: progress)
        guard alpha > 0 else { return .clear }
        func channel(_ a: Double, _ b: Double) -> Double {
            Double.interpolate(from: a * start.alpha, to: b * end.alpha, progress: progress) / alpha
        }
        return Color(
            red: channel(start.red, end.red), green: channel(start.green, end.green),
            blue: channel(start.blue, end.blue), alpha: alpha)
    }
}

/// Storage for an animatable property: the model value, which layout, hit-testing and reads
/// see, and while an animation runs, the presentation value that is drawn.
///
/// A view keeps one per animatable property and changes it through
/// ``Animator/set(_:of:to:)`` so that changes made inside an animation block are animated.
public struct AnimatedValue<Value: Interpolatable> {
    /// The model value: where the property is going, or is.
    public internal(set) var target: Value
    /// The value being shown while an animation runs.
    var presentation: Value?

    /// Creates storage holding `value`.
    public init(_ value: Value) { target = value }

    /// The value to draw: the presentation value while animating, otherwise the model value.
    public var presented: Value { presentation ?? target }
}
