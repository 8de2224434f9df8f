#if canImport(Glibc)
    import Glibc
#endif

import Canopy

/// The outline of a rounded rectangle as a closed polygon, clockwise from the top-left arc,
/// with enough points per corner that the chords stay within a tenth of a pixel of the arc.
///
/// Points lie on XRender's fixed-point grid (1/65536 pixel), each a corner's centre plus an
/// offset that depends only on the radius, so an outline moved by whole pixels has exactly the
/// moved points and the server rasterises it to exactly the moved coverage.
enum RoundedRectOutline {
    /// How many segments approximate a quarter circle of `radius` pixels.
    static func segmentsPerCorner(radius: Double) -> Int {
        guard radius > 0.1 else { return 1 }
        let step = 2 * acos(max(-1, 1 - 0.1 / radius))
        return min(max(Int((Double.pi / 2 / step).rounded(.up)), 2), 32)
    }

    /// The outline's points; with a radius of zero, the four corners.
    static func points(of rect: Rect, radius: Double, segments: Int) -> [Point] {
        let minX = onGrid(rect.minX), minY = onGrid(rect.minY), maxX = onGrid(rect.maxX), maxY = onGrid(rect.maxY)
        let radius = onGrid(max(0, min(radius, (maxX - minX) / 2, (maxY - minY) / 2)))
        let corners = [
            (Point(x: minX + radius, y: minY + radius), Double.pi),
            (Point(x: maxX - radius, y: minY + radius), 1.5 * Double.pi),
            (Point(x: maxX - radius, y: maxY - radius), 0),
            (Point(x: minX + radius, y: maxY - radius), 0.5 * Double.pi),
        ]
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        for (center, startAngle) in corners {
            for step in 0...segments {
                let angle = startAngle + Double(step) / Double(segments) * Double.pi / 2
                points.append(
                    Point(x: center.x + onGrid(radius * cos(angle)), y: center.y + onGrid(radius * sin(angle))))
            }
        }
        return points
    }

    /// `value` rounded to the nearest 1/65536, which XRender's fixed-point numbers hold exactly.
    static func onGrid(_ value: Double) -> Double { (value * 65536).rounded() / 65536 }
}
