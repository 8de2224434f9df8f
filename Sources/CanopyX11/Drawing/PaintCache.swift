import Canopy
import CX11

/// Colours turned into the two forms the server draws with, made once per colour and reused:
/// XRender solid-fill pictures (for shapes) and Xft colours (for text).
///
/// Translucent colours, which fades pass through by the hundred, share one repeating 1 × 1
/// picture that is refilled before each use instead of getting a picture each, so a fade makes
/// no server resources; so do opaque colours past the cache's capacity.
@MainActor final class PaintCache {
    /// The most opaque colours kept as pictures of their own.
    static let capacity = 512

    private unowned let connection: DisplayConnection
    private var fills: [RenderColorKey: Picture] = [:]
    private var textColors: [RenderColorKey: XftColor] = [:]
    private var sharedFill: (pixmap: Pixmap, picture: Picture)?

    init(connection: DisplayConnection) {
        self.connection = connection
    }

    /// A solid-fill source picture of `color` (alpha already applied), good for the next
    /// request that uses it: a translucent colour's picture is refilled by the next call.
    func fill(_ color: Color) -> Picture {
        let key = RenderColorKey(color)
        if let picture = fills[key] { return picture }
        var renderColor = key.renderColor
        let isOpaque = key.alpha == UInt16.max
        if !(isOpaque && fills.count < Self.capacity), let shared = sharedFillPicture() {
            XRenderFillRectangle(connection.display, PictOpSrc, shared, &renderColor, 0, 0, 1, 1)
            return shared
        }
        if fills.count >= Self.capacity { removeFills() }
        let picture = XRenderCreateSolidFill(connection.display, &renderColor)
        fills[key] = picture
        return picture
    }

    /// The repeating 1 × 1 picture translucent colours are drawn through, made on first use.
    private func sharedFillPicture() -> Picture? {
        if let sharedFill { return sharedFill.picture }
        let display = connection.display
        guard let format = XRenderFindStandardFormat(display, Int32(PictStandardARGB32)) else { return nil }
        let pixmap = XCreatePixmap(display, connection.root, 1, 1, 32)
        guard pixmap != 0 else { return nil }
        var attributes = XRenderPictureAttributes()
        attributes.repeat = 1
        let picture = XRenderCreatePicture(display, pixmap, format, UInt(CPRepeat), &attributes)
        sharedFill = (pixmap, picture)
        return picture
    }

    /// An Xft colour for drawing text in `color` (alpha already applied).
    func textColor(_ color: Color) -> XftColor {
        let key = RenderColorKey(color)
        if let xftColor = textColors[key] { return xftColor }
        if textColors.count >= Self.capacity { removeTextColors() }
        var renderColor = key.renderColor
        var xftColor = XftColor()
        XftColorAllocValue(
            connection.display, connection.windowSurface.visual, connection.windowSurface.colormap, &renderColor,
            &xftColor)
        textColors[key] = xftColor
        return xftColor
    }

    func removeAll() {
        removeFills()
        removeTextColors()
    }

    private func removeFills() {
        for picture in fills.values { XRenderFreePicture(connection.display, picture) }
        fills.removeAll()
        if let sharedFill {
            XRenderFreePicture(connection.display, sharedFill.picture)
            XFreePixmap(connection.display, sharedFill.pixmap)
        }
        sharedFill = nil
    }

    private func removeTextColors() {
        for var xftColor in textColors.values {
            XftColorFree(
                connection.display, connection.windowSurface.visual, connection.windowSurface.colormap, &xftColor)
        }
        textColors.removeAll()
    }
}

/// A colour as XRender wants it: 16 bits a channel, premultiplied by alpha.
struct RenderColorKey: Hashable {
    let red, green, blue, alpha: UInt16

    init(_ color: Color) {
        func channel(_ value: Double) -> UInt16 { UInt16((value * 65535).rounded()) }
        red = channel(color.red * color.alpha)
        green = channel(color.green * color.alpha)
        blue = channel(color.blue * color.alpha)
        alpha = channel(color.alpha)
    }

    var renderColor: XRenderColor { XRenderColor(red: red, green: green, blue: blue, alpha: alpha) }
}
