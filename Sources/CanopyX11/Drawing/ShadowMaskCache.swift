import Canopy
import CX11

/// Soft shadow masks: the coverage of a rounded rectangle, blurred, uploaded once as an 8-bit
/// alpha picture and reused for every shadow it can draw. A mask is blurred at most at the
/// nine-slice side (``ShadowNineSlice``), so a shadow that grows makes no new mask once it is
/// that large.
///
/// The blur approximates a Gaussian (standard deviation half the blur radius, as Core
/// Animation's shadows look) by three box blurs, so a mask costs a few passes over its pixels.
@MainActor final class ShadowMaskCache {
    /// How many masks are kept; the least recently used goes first. An animation that resizes
    /// a shadowed view makes a new mask each frame only while it is smaller than the nine-slice
    /// side, so this stays small.
    static let capacity = 16

    private struct Key: Hashable {
        let width: Int
        let height: Int
        let cornerRadius: Int
        let blur: Int
    }

    /// Whether shadows are drawn from nine-slice masks; off, every shadow gets a mask blurred at
    /// its own size (the exact reference that tests compare the nine-slice with).
    var stretches = true
    /// How many masks have been blurred and uploaded: a resizing shadow should stop adding to it.
    var masksMade: Int { masks.masksMade }

    private unowned let connection: DisplayConnection
    private var masks = SlicedMaskStore<Key>(capacity: capacity)
    private var gc: GC?

    init(connection: DisplayConnection) {
        self.connection = connection
    }

    /// The blurred mask that `shadow` draws from, its top-left corner at its `offset` from the
    /// shape's rectangle, or `nil` when the server refused to make one.
    func mask(for shadow: ShadowNineSlice) -> SlicedMask? {
        let key = Key(
            width: shadow.slice.maskShapeWidth, height: shadow.slice.maskShapeHeight,
            cornerRadius: shadow.cornerRadius, blur: shadow.blur)
        return masks.mask(for: key, on: connection.display) { makeMask(key) }
    }

    func removeAll() {
        masks.removeAll(on: connection.display)
        if let gc { XFreeGC(connection.display, gc) }
        gc = nil
    }

    private func makeMask(_ key: Key) -> SlicedMask? {
        let margin = ShadowNineSlice.margin(blur: key.blur)
        let width = key.width + 2 * margin, height = key.height + 2 * margin
        let stride = (width + 3) & ~3
        var coverage = Self.blurredCoverage(key, margin: margin, width: width, height: height, stride: stride)
        let display = connection.display
        let pixmap = XCreatePixmap(display, connection.root, UInt32(width), UInt32(height), 8)
        guard pixmap != 0 else { return nil }
        defer { XFreePixmap(display, pixmap) }
        if gc == nil { gc = XCreateGC(display, pixmap, 0, nil) }
        guard let gc else { return nil }
        coverage.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress?.withMemoryRebound(to: CChar.self, capacity: bytes.count) { data in
                guard
                    let image = XCreateImage(
                        display, connection.windowSurface.visual, 8, ZPixmap, 0, data, UInt32(width), UInt32(height),
                        32,
                        Int32(stride))
                else { return }
                XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
                image.pointee.data = nil  // the bytes belong to Swift, not to the image
                canopy_destroy_image(image)
            }
        }
        let picture = XRenderCreatePicture(display, pixmap, connection.alphaFormat, 0, nil)
        let side = ShadowNineSlice.side(cornerRadius: key.cornerRadius, blur: key.blur)
        let slicesColumns = NineSlice.slices(length: key.width, side: side)
        let slicesRows = NineSlice.slices(length: key.height, side: side)
        return SlicedMask(
            picture: picture,
            middleColumn: slicesColumns
                ? SlicedMask.strip(of: picture, x: width / 2, y: 0, width: 1, height: height, connection: connection)
                : .empty,
            middleRow: slicesRows
                ? SlicedMask.strip(of: picture, x: 0, y: height / 2, width: width, height: 1, connection: connection)
                : .empty,
            interior: .opaque, offset: -margin)
    }

    /// The antialiased coverage of the rounded rectangle, blurred, as rows of `stride` bytes.
    private static func blurredCoverage(_ key: Key, margin: Int, width: Int, height: Int, stride: Int) -> [UInt8] {
        var values = [Float](repeating: 0, count: width * height)
        let halfWidth = Float(key.width) / 2, halfHeight = Float(key.height) / 2
        let radius = min(Float(key.cornerRadius), halfWidth, halfHeight)
        let centerX = Float(margin) + halfWidth, centerY = Float(margin) + halfHeight
        values.withUnsafeMutableBufferPointer { values in
            for y in 0..<height {
                let py = abs(Float(y) + 0.5 - centerY) - (halfHeight - radius)
                for x in 0..<width {
                    // Signed distance from the pixel centre to the rounded rectangle's edge.
                    let px = abs(Float(x) + 0.5 - centerX) - (halfWidth - radius)
                    let outside = (max(px, 0) * max(px, 0) + max(py, 0) * max(py, 0)).squareRoot()
                    let distance = outside + min(max(px, py), 0) - radius
                    values[y * width + x] = min(max(0.5 - distance, 0), 1)
                }
            }
            let sigma = Float(key.blur) / 2
            let boxRadius = Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5)
            guard boxRadius > 0 else { return }
            var line = [Float](repeating: 0, count: max(width, height))
            line.withUnsafeMutableBufferPointer { line in
                for _ in 0..<3 {
                    boxBlur(values, width: width, height: height, radius: boxRadius, horizontal: true, line: line)
                    boxBlur(values, width: width, height: height, radius: boxRadius, horizontal: false, line: line)
                }
            }
        }
        var bytes = [UInt8](repeating: 0, count: stride * height)
        bytes.withUnsafeMutableBufferPointer { bytes in
            values.withUnsafeBufferPointer { values in
                for y in 0..<height {
                    for x in 0..<width {
                        bytes[y * stride + x] = UInt8((min(max(values[y * width + x], 0), 1) * 255).rounded())
                    }
                }
            }
        }
        return bytes
    }

    /// One pass of a running-sum box blur along rows or columns, in place, using `line` as
    /// scratch space; pixels past the edge count as 0.
    private static func boxBlur(
        _ values: UnsafeMutableBufferPointer<Float>, width: Int, height: Int, radius: Int, horizontal: Bool,
        line: UnsafeMutableBufferPointer<Float>
    ) {
        let lineCount = horizontal ? height : width
        let length = horizontal ? width : height
        let step = horizontal ? 1 : width
        let scale = 1 / Float(2 * radius + 1)
        for lineIndex in 0..<lineCount {
            let start = horizontal ? lineIndex * width : lineIndex
            for i in 0..<length { line[i] = values[start + i * step] }
            var sum: Float = 0
            for i in 0...min(radius, length - 1) { sum += line[i] }
            for i in 0..<length {
                values[start + i * step] = sum * scale
                let entering = i + radius + 1, leaving = i - radius
                if entering < length { sum += line[entering] }
                if leaving >= 0 { sum -= line[leaving] }
            }
        }
    }
}
