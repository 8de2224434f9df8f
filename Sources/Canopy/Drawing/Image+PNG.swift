import CPNG

extension Image {
    /// The most pixels ``load(pngFile:maximumPixelCount:)`` decodes unless told otherwise:
    /// 32 megapixels (128 MiB decoded), more than a 24-megapixel photograph holds.
    public static let defaultMaximumPixelCount = 32 * 1024 * 1024

    /// Loads a PNG file (any colour type; alpha kept) with libpng. A file named `…@2x.png`
    /// is taken as a 2× image. A file whose header claims more than `maximumPixelCount`
    /// pixels (or a side over 16,384) is refused before anything is decoded: a small file may
    /// claim an image of gigabytes.
    public static func load(
        pngFile path: String, maximumPixelCount: Int = defaultMaximumPixelCount
    ) throws(ImageFileError) -> Image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw ImageFileError(path: path, reason: "not a readable PNG (\(Self.message(of: image)))")
        }
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= 16384, height <= 16384, width * height <= maximumPixelCount else {
            png_image_free(&image)
            throw ImageFileError(
                path: path,
                reason: "a \(width)×\(height) PNG is empty or larger than allowed (\(maximumPixelCount) pixels at most)"
            )
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
        }
        guard finished != 0 else {
            throw ImageFileError(path: path, reason: "could not decode the PNG (\(Self.message(of: image)))")
        }
        let scale = path.hasSuffix("@2x.png") ? 2.0 : 1.0
        guard let result = Image(pixelWidth: width, pixelHeight: height, pixels: pixels, scale: scale) else {
            throw ImageFileError(path: path, reason: "the PNG has no pixels")
        }
        return result
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
