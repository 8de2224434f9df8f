#if canImport(Glibc)
    import Glibc
#endif

import Canopy

/// The outline of a rounded rectangle as a closed polygon, clockwise from the top-left arc,
/// with enough points per corner that the chords stay within a tenth of a pixel of the arc.
enum RoundedRectOutline {
    /// How many segments approximate a quarter circle of `radius` pixels.
    static func segmentsPerCorner(radius: Double) -> Int {
        guard radius > 0.1 else { return 1 }
        let step = 2 * acos(max(-1, 1 - 0.1 / radius))
        return min(max(Int((Double.pi / 2 / step).rounded(.up)), 2), 32)
    }

    /// The outline's points; with a radius of zero, the four corners.
    static func points(of rect: Rect, radius: Double, segments: Int) -> [Point] {
        let radius = max(0, min(radius, rect.width / 2, rect.height / 2))
        let corners = [
            (Point(x: rect.minX + radius, y: rect.minY + radius), Double.pi),
            (Point(x: rect.maxX - radius, y: rect.minY + radius), 1.5 * Double.pi),
            (Point(x: rect.maxX - radius, y: rect.maxY - radius), 0),
            (Point(x: rect.minX + radius, y: rect.maxY - radius), 0.5 * Double.pi),
        ]
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        for (center, startAngle) in corners {
            for step in 0...segments {
                let angle = startAngle + Double(step) / Double(segments) * Double.pi / 2
                points.append(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
            }
        }
        return points
    }
}
