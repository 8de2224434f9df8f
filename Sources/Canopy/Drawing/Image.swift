/// A bitmap image: 8-bit RGBA pixels with straight alpha, row by row from the top-left.
///
/// Images are immutable and shared by reference; the host uploads each to the display once
/// and reuses it for every draw. ``scale`` says how many pixels make one point, so a 2× image
/// of 72 × 72 pixels draws in 36 × 36 points.
public final class Image: Sendable, Hashable {
    /// The width in pixels.
    public let pixelWidth: Int
    /// The height in pixels.
    public let pixelHeight: Int
    /// Pixels per point: 1 for ordinary images, 2 for high-density ones.
    public let scale: Double
    /// `pixelWidth × pixelHeight × 4` bytes: red, green, blue, alpha.
    public let pixels: [UInt8]

    /// Creates an image, or `nil` when the size is empty or the byte count does not match it.
    public init?(pixelWidth: Int, pixelHeight: Int, pixels: [UInt8], scale: Double = 1) {
        guard pixelWidth > 0, pixelHeight > 0, scale > 0, pixels.count == pixelWidth * pixelHeight * 4 else {
            return nil
        }
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.pixels = pixels
        self.scale = scale
    }

    /// The size in points.
    public var size: Size { Size(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale) }

    /// Images are equal when they are the same image.
    public static func == (lhs: Image, rhs: Image) -> Bool { lhs === rhs }

    /// Hashes the image's identity, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
