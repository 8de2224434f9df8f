import CPNG

/// An image in memory: 8-bit RGBA pixels, row by row from the top-left, straight alpha.
public struct Bitmap: Sendable, Equatable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var bytes: [UInt8]

    /// Creates a bitmap from RGBA bytes; the count must be `width × height × 4`.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(bytes.count == width * height * 4, "a bitmap needs width × height × 4 bytes")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The colour of the pixel at (`x`, `y`), or `nil` outside the bitmap.
    public func color(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return Color(
            red: Double(bytes[i]) / 255, green: Double(bytes[i + 1]) / 255, blue: Double(bytes[i + 2]) / 255,
            alpha: Double(bytes[i + 3]) / 255)
    }

    /// The pixel at (`x`, `y`) as 0xRRGGBB, or `nil` outside the bitmap.
    public func rgb(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let i = (y * width + x) * 4
        return UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
    }

    /// Writes the bitmap as a PNG file with libpng.
    public func writePNG(to path: String) throws(ImageFileError) {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let written = bytes.withUnsafeBytes { pixels in
            png_image_write_to_file(&image, path, 0, pixels.baseAddress, Int32(width * 4), nil)
        }
        guard written != 0 else {
            let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw ImageFileError(path: path, reason: "could not write PNG: \(message)")
        }
    }
}
