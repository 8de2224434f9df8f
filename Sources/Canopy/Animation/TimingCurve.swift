/// How an animation's progress follows time: UIKit's named curves, or any cubic Bézier.
public enum TimingCurve: Hashable, Sendable {
    /// Constant speed.
    case linear
    /// Starts slowly: Bézier (0.42, 0, 1, 1).
    case easeIn
    /// Ends slowly: Bézier (0, 0, 0.58, 1).
    case easeOut
    /// Starts and ends slowly: Bézier (0.42, 0, 0.58, 1), UIKit's default.
    case easeInOut
    /// A cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2); x1 and x2
    /// must lie in 0...1.
    case bezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The eased progress for a linear time fraction `t` in 0...1.
    public func progress(at t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return Self.solve(t, 0.42, 0, 1, 1)
        case .easeOut: return Self.solve(t, 0, 0, 0.58, 1)
        case .easeInOut: return Self.solve(t, 0.42, 0, 0.58, 1)
        case let .bezier(x1, y1, x2, y2):
            return Self.solve(t, min(max(x1, 0), 1), y1, min(max(x2, 0), 1), y2)
        }
    }

    /// Finds the curve parameter whose x is `x` (Newton's method, then bisection if that
    /// stalls), and returns the curve's y there.
    private static func solve(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = x
        for _ in 0..<8 {
            let error = coordinate(s, x1, x2) - x
            if abs(error) < 1e-9 { return coordinate(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= error / d
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<60 {
            let value = coordinate(s, x1, x2)
            if abs(value - x) < 1e-9 { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return coordinate(s, y1, y2)
    }
}
