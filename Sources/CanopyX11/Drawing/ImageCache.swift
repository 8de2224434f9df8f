import CX11
import Canopy

/// Images uploaded to the server: each ``Image`` becomes a premultiplied ARGB picture once, on
/// its first draw, and is reused for every draw after, at any size: a transform on the picture
/// scales it, sent again only when the drawn size changes.
@MainActor final class ImageCache {
    /// Past this many images the least recently drawn is freed.
    static let capacity = 64

    private struct Entry {
        weak var image: Image?
        let picture: Picture
        /// The size in pixels the picture's transform scales it to.
        var drawnSize: Size?
    }

    private unowned let connection: DisplayConnection
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var recency: [ObjectIdentifier] = []
    private var gc: GC?
    private let argbFormat: UnsafeMutablePointer<XRenderPictFormat>?

    init(connection: DisplayConnection) {
        self.connection = connection
        argbFormat = XRenderFindStandardFormat(connection.display, Int32(PictStandardARGB32))
    }

    /// The picture holding `image` scaled to `size` pixels, uploading it first if needed; `nil`
    /// if the server refused.
    func picture(for image: Image, drawnAt size: Size) -> Picture? {
        guard let picture = picture(for: image) else { return nil }
        let key = ObjectIdentifier(image)
        if entries[key]?.drawnSize != size {
            entries[key]?.drawnSize = size
            // Destination pixel → image pixel.
            var transform = XTransform()
            transform.matrix.0 = (canopy_fixed(Double(image.pixelWidth) / size.width), 0, 0)
            transform.matrix.1 = (0, canopy_fixed(Double(image.pixelHeight) / size.height), 0)
            transform.matrix.2 = (0, 0, canopy_fixed(1))
            XRenderSetPictureTransform(connection.display, picture, &transform)
        }
        return picture
    }

    /// The picture holding `image`, uploading it first if needed; `nil` if the server refused.
    private func picture(for image: Image) -> Picture? {
        let key = ObjectIdentifier(image)
        if let entry = entries[key], entry.image === image {
            recency.removeAll { $0 == key }
            recency.append(key)
            return entry.picture
        }
        if let stale = entries.removeValue(forKey: key) { XRenderFreePicture(connection.display, stale.picture) }
        guard let picture = upload(image) else { return nil }
        if entries.count >= Self.capacity, let oldest = recency.first {
            recency.removeFirst()
            if let entry = entries.removeValue(forKey: oldest) { XRenderFreePicture(connection.display, entry.picture) }
        }
        recency.removeAll { $0 == key }
        recency.append(key)
        entries[key] = Entry(image: image, picture: picture)
        return picture
    }

    func removeAll() {
        for entry in entries.values { XRenderFreePicture(connection.display, entry.picture) }
        entries.removeAll()
        recency.removeAll()
        if let gc { XFreeGC(connection.display, gc) }
        gc = nil
    }

    private func upload(_ image: Image) -> Picture? {
        guard let argbFormat else { return nil }
        let display = connection.display
        let width = image.pixelWidth, height = image.pixelHeight
        let pixmap = XCreatePixmap(display, connection.root, UInt32(width), UInt32(height), 32)
        guard pixmap != 0 else { return nil }
        defer { XFreePixmap(display, pixmap) }
        if gc == nil { gc = XCreateGC(display, pixmap, 0, nil) }
        guard let gc else { return nil }
        // Premultiplied ARGB in the machine's byte order, as XRender's a8r8g8b8 wants.
        var words = [UInt32](repeating: 0, count: width * height)
        image.pixels.withUnsafeBufferPointer { rgba in
            for i in 0..<words.count {
                let alpha = UInt32(rgba[4 * i + 3])
                func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * alpha + 127) / 255 }
                words[i] =
                    alpha << 24 | premultiplied(rgba[4 * i]) << 16 | premultiplied(rgba[4 * i + 1]) << 8
                    | premultiplied(rgba[4 * i + 2])
            }
        }
        words.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self),
                let xImage = XCreateImage(
                    display, connection.windowSurface.visual, 32, ZPixmap, 0, base, UInt32(width), UInt32(height), 32,
                    Int32(width * 4))
            else { return }
            XPutImage(display, pixmap, gc, xImage, 0, 0, 0, 0, UInt32(width), UInt32(height))
            xImage.pointee.data = nil  // the bytes belong to Swift, not to the image
            canopy_destroy_image(xImage)
        }
        let picture = XRenderCreatePicture(display, pixmap, argbFormat, 0, nil)
        guard picture != 0 else { return nil }
        XRenderSetPictureFilter(display, picture, "good", nil, 0)
        return picture
    }
}
