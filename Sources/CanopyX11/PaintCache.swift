import Canopy
import CX11

/// Colours turned into the two forms the server draws with, made once per colour and reused:
/// XRender solid-fill pictures (for shapes) and Xft colours (for text).
@MainActor final class PaintCache {
    /// Past this many colours the cache starts over, so fades through many alphas cannot grow
    /// it without bound.
    static let capacity = 512

    private unowned let connection: DisplayConnection
    private var fills: [RenderColorKey: Picture] = [:]
    private var textColors: [RenderColorKey: XftColor] = [:]

    init(connection: DisplayConnection) {
        self.connection = connection
    }

    /// A solid-fill source picture of `color` (alpha already applied).
    func fill(_ color: Color) -> Picture {
        let key = RenderColorKey(color)
        if let picture = fills[key] { return picture }
        if fills.count >= Self.capacity { removeFills() }
        var renderColor = key.renderColor
        let picture = XRenderCreateSolidFill(connection.display, &renderColor)
        fills[key] = picture
        return picture
    }

    /// An Xft colour for drawing text in `color` (alpha already applied).
    func textColor(_ color: Color) -> XftColor {
        let key = RenderColorKey(color)
        if let xftColor = textColors[key] { return xftColor }
        if textColors.count >= Self.capacity { removeTextColors() }
        var renderColor = key.renderColor
        var xftColor = XftColor()
        XftColorAllocValue(connection.display, connection.visual, connection.colormap, &renderColor, &xftColor)
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
    }

    private func removeTextColors() {
        for var xftColor in textColors.values {
            XftColorFree(connection.display, connection.visual, connection.colormap, &xftColor)
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
