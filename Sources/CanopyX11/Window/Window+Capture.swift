import Canopy
import CX11

/// What a window shows, read back from the server: for tests, screenshots and tools.
extension Window {
    /// What the window shows now, read back from the server.
    public func captureImage() throws(X11Error) -> Bitmap {
        guard isOpen else { throw .resourceFailed("capture a window that is closed") }
        let width = buffer.width, height = buffer.height
        guard let image = XGetImage(connection.display, windowID, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap)
        else { throw .resourceFailed("read the window's pixels back (is it mapped?)") }
        defer { canopy_destroy_image(image) }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        let redMask = image.pointee.red_mask, greenMask = image.pointee.green_mask, blueMask = image.pointee.blue_mask
        for y in 0..<height {
            for x in 0..<width {
                let pixel = canopy_get_pixel(image, Int32(x), Int32(y))
                let i = (y * width + x) * 4
                bytes[i] = Self.channel(pixel, mask: redMask)
                bytes[i + 1] = Self.channel(pixel, mask: greenMask)
                bytes[i + 2] = Self.channel(pixel, mask: blueMask)
            }
        }
        return Bitmap(width: width, height: height, bytes: bytes)
    }

    private static func channel(_ pixel: UInt, mask: UInt) -> UInt8 {
        guard mask != 0 else { return 0 }
        let shift = mask.trailingZeroBitCount
        let maximum = mask >> shift
        return UInt8(((pixel & mask) >> shift) * 255 / maximum)
    }
}
