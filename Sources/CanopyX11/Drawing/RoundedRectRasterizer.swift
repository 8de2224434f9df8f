import Canopy
import CX11

/// Rounded rectangles sent to the server as antialiased triangles, which it rasterises at their
/// full size on every request: the reference that cached coverage masks are made from and
/// compared with.
@MainActor enum RoundedRectRasterizer {
    /// Fills `rect` (device pixels) with rounded corners of `radius`, painting `paint` over
    /// `destination`, as a triangle fan.
    static func fill(
        _ rect: Rect, radius: Double, paint: Picture, onto destination: Picture, connection: DisplayConnection
    ) {
        let points = outline(rect, radius: radius)
        guard let first = points.first else { return }
        // The fan turns around the rectangle's centre, which moves exactly with it.
        var fan = [fixed(Point(x: RoundedRectOutline.onGrid(rect.midX), y: RoundedRectOutline.onGrid(rect.midY)))]
        fan.append(contentsOf: points.map(fixed))
        fan.append(fixed(first))
        XRenderCompositeTriFan(
            connection.display, PictOpOver, paint, destination, connection.alphaFormat, 0, 0, &fan, Int32(fan.count))
    }

    /// Paints `paint` over `destination` along the inside edge of `rect` (device pixels), with
    /// rounded corners of `radius`, `width` wide, as a triangle strip between the outer and the
    /// inner outline.
    static func stroke(
        _ rect: Rect, radius: Double, width: Double, paint: Picture, onto destination: Picture,
        connection: DisplayConnection
    ) {
        let segments = RoundedRectOutline.segmentsPerCorner(radius: radius)
        let outerPoints = RoundedRectOutline.points(of: rect, radius: radius, segments: segments)
        let innerPoints = RoundedRectOutline.points(
            of: rect.insetBy(dx: width, dy: width), radius: max(0, radius - width), segments: segments)
        var strip: [XPointFixed] = []
        strip.reserveCapacity(2 * outerPoints.count + 2)
        for (outerPoint, innerPoint) in zip(outerPoints, innerPoints) {
            strip.append(fixed(outerPoint))
            strip.append(fixed(innerPoint))
        }
        strip.append(fixed(outerPoints[0]))
        strip.append(fixed(innerPoints[0]))
        XRenderCompositeTriStrip(
            connection.display, PictOpOver, paint, destination, connection.alphaFormat, 0, 0, &strip,
            Int32(strip.count))
    }

    /// The outline of `rect` with corners of `radius` (at most half its shorter side).
    static func outline(_ rect: Rect, radius: Double) -> [Point] {
        let radius = min(radius, rect.width / 2, rect.height / 2)
        return RoundedRectOutline.points(
            of: rect, radius: radius, segments: RoundedRectOutline.segmentsPerCorner(radius: radius))
    }

    static func fixed(_ point: Point) -> XPointFixed {
        XPointFixed(x: canopy_fixed(point.x), y: canopy_fixed(point.y))
    }
}
