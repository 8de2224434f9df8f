import Canopy
import CX11

/// The antialiased coverage of rounded rectangles, rasterised once on the server into 8-bit
/// alpha pictures and reused. A fill or an inside-edge stroke of any size is drawn in
/// ``NineSlice`` pieces from the mask made for its corner radius (and line width): the corners
/// through the mask, the straight edges through its middle row and column, the rest without a
/// mask. So a rounded rectangle costs the server its corners' rasterisation once instead of its
/// whole area on every frame, and a group's rounded clip no longer needs a mask as large as the
/// group.
///
/// Masks are rasterised by the server from the same triangles as the shape drawn directly
/// (``RoundedRectRasterizer``), only placed at a whole-pixel offset, so the pixels are the same.
@MainActor final class CoverageMaskCache {
    /// What is covered: the whole rounded rectangle, or a band along its inside edge.
    enum Shape: Hashable {
        case fill
        case stroke(width: Double)
    }

    /// How many masks are kept; the least recently used goes first. A shape growing from nothing
    /// makes a mask a frame only while it is narrower than a mask's side.
    static let capacity = 64
    /// The largest corner (radius or line width, in whole pixels) drawn from a mask: a mask
    /// holds about (2 × corner + 1)² bytes on the server. Larger corners are rasterised directly.
    static let largestCorner = 96

    private struct Key: Hashable {
        let shape: Shape
        let radius: Double
        let width: Int
        let height: Int
    }

    /// Whether rounded rectangles are drawn from cached masks; off, each is rasterised at its
    /// full size every time it is drawn (the reference that tests and benchmarks compare with).
    var reusesMasks = true
    /// How many masks have been rasterised: shapes drawn again at the same corners should not
    /// add to it.
    var masksMade: Int { masks.masksMade }

    private unowned let connection: DisplayConnection
    private var masks = SlicedMaskStore<Key>(capacity: capacity)

    init(connection: DisplayConnection) {
        self.connection = connection
    }

    /// The pieces of `shape` over a `width` × `height` rectangle (whole pixels) with corners of
    /// `radius` (at most half the shorter side), and the mask they are drawn through; `nil` when
    /// the shape is to be rasterised directly (masks off, corners too large, or the server
    /// refused a mask).
    func pieces(of shape: Shape, width: Int, height: Int, radius: Double) -> (NineSlice, SlicedMask)? {
        guard reusesMasks, width > 0, height > 0 else { return nil }
        let corner: Double
        switch shape {
        case .fill: corner = radius
        case .stroke(let lineWidth): corner = max(radius, lineWidth)
        }
        guard corner <= Double(Self.largestCorner) else { return nil }
        let side = 2 * max(1, Int(corner.rounded(.up))) + 1
        let slice = NineSlice(width: width, height: height, side: side, margin: 0)
        let key = Key(shape: shape, radius: radius, width: slice.maskShapeWidth, height: slice.maskShapeHeight)
        guard let mask = masks.mask(for: key, on: connection.display, make: { makeMask(key, side: side) }) else {
            return nil
        }
        return (slice, mask)
    }

    func removeAll() {
        masks.removeAll(on: connection.display)
    }

    /// Rasterises the shape of `key` at the top-left of a cleared 8-bit picture of its size.
    private func makeMask(_ key: Key, side: Int) -> SlicedMask? {
        let display = connection.display
        let pixmap = XCreatePixmap(display, connection.root, UInt32(key.width), UInt32(key.height), 8)
        guard pixmap != 0 else { return nil }
        defer { XFreePixmap(display, pixmap) }
        let picture = XRenderCreatePicture(display, pixmap, connection.alphaFormat, 0, nil)
        var transparent = XRenderColor()
        XRenderFillRectangle(
            display, PictOpSrc, picture, &transparent, 0, 0, UInt32(key.width), UInt32(key.height))
        let rect = Rect(x: 0, y: 0, width: Double(key.width), height: Double(key.height))
        let white = connection.paints.fill(.white)
        switch key.shape {
        case .fill:
            RoundedRectRasterizer.fill(rect, radius: key.radius, paint: white, onto: picture, connection: connection)
            // Away from the corners a fill covers every pixel of its straight sides.
            return SlicedMask(picture: picture, middleColumn: .opaque, middleRow: .opaque, interior: .opaque, offset: 0)
        case .stroke(let width):
            RoundedRectRasterizer.stroke(
                rect, radius: key.radius, width: width, paint: white, onto: picture, connection: connection)
            return SlicedMask(
                picture: picture,
                middleColumn: NineSlice.slices(length: key.width, side: side)
                    ? SlicedMask.strip(
                        of: picture, x: side / 2, y: 0, width: 1, height: key.height, connection: connection)
                    : .empty,
                middleRow: NineSlice.slices(length: key.height, side: side)
                    ? SlicedMask.strip(
                        of: picture, x: 0, y: side / 2, width: key.width, height: 1, connection: connection)
                    : .empty,
                interior: .empty, offset: 0)
        }
    }
}

extension Application {
    /// Whether rounded rectangles are drawn from cached coverage masks (on by default); off,
    /// the server rasterises each at its full size whenever it is drawn, as benchmarks compare.
    @_spi(Testing) public var reusesCoverageMasks: Bool {
        get { connection.coverage.reusesMasks }
        set { connection.coverage.reusesMasks = newValue }
    }
}
