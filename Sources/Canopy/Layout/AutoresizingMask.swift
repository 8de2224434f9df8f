/// How a view's frame follows its superview's size, as UIKit's autoresizing masks: each
/// flexible part (margin or size) takes an equal share of the change along its axis; with no
/// flexible part on an axis, the view keeps its distance from the top-left. A superview's first
/// sizing, from zero, moves nothing: subviews are placed for the size it is getting.
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    /// The mask's bits.
    public let rawValue: UInt8
    /// Creates a mask from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The margin left of the view stretches.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The view's width stretches.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The margin right of the view stretches.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The margin above the view stretches.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The view's height stretches.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The margin below the view stretches.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// Stretches with the superview in both directions.
    public static let flexibleSize: AutoresizingMask = [.flexibleWidth, .flexibleHeight]

    /// `frame` adjusted for a superview that changed size by `delta`.
    public func apply(to frame: Rect, delta: Size) -> Rect {
        let (x, width) = Self.share(
            delta.width, origin: frame.origin.x, length: frame.size.width,
            flexible: (contains(.flexibleLeftMargin), contains(.flexibleWidth), contains(.flexibleRightMargin)))
        let (y, height) = Self.share(
            delta.height, origin: frame.origin.y, length: frame.size.height,
            flexible: (contains(.flexibleTopMargin), contains(.flexibleHeight), contains(.flexibleBottomMargin)))
        return Rect(x: x, y: y, width: max(0, width), height: max(0, height))
    }

    private static func share(
        _ delta: Double, origin: Double, length: Double, flexible: (before: Bool, size: Bool, after: Bool)
    ) -> (Double, Double) {
        let parts = [flexible.before, flexible.size, flexible.after].filter { $0 }.count
        guard parts > 0, delta != 0 else { return (origin, length) }
        let share = delta / Double(parts)
        return (origin + (flexible.before ? share : 0), length + (flexible.size ? share : 0))
    }
}
