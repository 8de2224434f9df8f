import Canopy
import CX11

/// Draws on a window's back buffer: shapes through XRender (antialiased, blended by alpha),
/// text through Xft, shadows from cached blurred masks.
///
/// Translation, clip and opacity live on a state stack; the clip is handed to the server only
/// when it changed since the last drawing call.
@MainActor final class X11GraphicsContext: GraphicsContext {
    private struct State {
        var offsetX = 0.0
        var offsetY = 0.0
        /// In back-buffer pixels.
        var clip: Rect
        var alpha = 1.0
    }

    private let connection: DisplayConnection
    private let buffer: BackBuffer
    private var state: State
    private var savedStates: [State] = []
    private var clipOnServer: Rect?

    init(connection: DisplayConnection, buffer: BackBuffer) {
        self.connection = connection
        self.buffer = buffer
        state = State(clip: Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height)))
    }

    /// Starts a frame: no translation, full opacity, clipped to the back buffer.
    func reset() {
        savedStates.removeAll()
        state = State(clip: Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height)))
    }

    // MARK: State

    func saveState() { savedStates.append(state) }

    func restoreState() {
        if let last = savedStates.popLast() { state = last }
    }

    func translateBy(x: Double, y: Double) {
        state.offsetX += x
        state.offsetY += y
    }

    func clip(to rect: Rect) {
        state.clip = state.clip.intersection(device(rect).integral) ?? .zero
    }

    var clipBounds: Rect { state.clip.offsetBy(dx: -state.offsetX, dy: -state.offsetY) }

    func multiplyAlpha(_ alpha: Double) { state.alpha *= min(max(alpha, 0), 1) }

    // MARK: Shapes

    func fill(_ rect: Rect, color: Color) {
        let area = snapped(rect)
        guard !area.isEmpty, let paint = prepare(color) else { return }
        var renderColor = RenderColorKey(paint).renderColor
        XRenderFillRectangle(
            connection.display, PictOpOver, buffer.picture, &renderColor, Int32(area.minX), Int32(area.minY),
            UInt32(area.width), UInt32(area.height))
    }

    func fillRoundedRect(_ rect: Rect, cornerRadius: Double, color: Color) {
        let area = snapped(rect)
        let radius = min(cornerRadius, area.width / 2, area.height / 2)
        guard radius >= 0.5 else { return fill(rect, color: color) }
        guard !area.isEmpty, let paint = prepare(color) else { return }
        let segments = RoundedRectOutline.segmentsPerCorner(radius: radius)
        var fan = [fixed(area.center)]
        let outline = RoundedRectOutline.points(of: area, radius: radius, segments: segments)
        fan.append(contentsOf: outline.map(fixed))
        fan.append(fixed(outline[0]))
        XRenderCompositeTriFan(
            connection.display, PictOpOver, connection.paints.fill(paint), buffer.picture, connection.alphaFormat,
            0, 0, &fan, Int32(fan.count))
    }

    func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color) {
        let outer = snapped(rect)
        let width = min(lineWidth, outer.width / 2, outer.height / 2)
        guard width > 0, let paint = prepare(color) else { return }
        let radius = min(cornerRadius, outer.width / 2, outer.height / 2)
        let segments = RoundedRectOutline.segmentsPerCorner(radius: radius)
        let outerPoints = RoundedRectOutline.points(of: outer, radius: radius, segments: segments)
        let innerPoints = RoundedRectOutline.points(
            of: outer.insetBy(dx: width, dy: width), radius: max(0, radius - width), segments: segments)
        var strip: [XPointFixed] = []
        strip.reserveCapacity(2 * outerPoints.count + 2)
        for (outerPoint, innerPoint) in zip(outerPoints, innerPoints) {
            strip.append(fixed(outerPoint))
            strip.append(fixed(innerPoint))
        }
        strip.append(fixed(outerPoints[0]))
        strip.append(fixed(innerPoints[0]))
        XRenderCompositeTriStrip(
            connection.display, PictOpOver, connection.paints.fill(paint), buffer.picture, connection.alphaFormat,
            0, 0, &strip, Int32(strip.count))
    }

    func strokeLine(from start: Point, to end: Point, lineWidth: Double, color: Color) {
        let dx = end.x - start.x, dy = end.y - start.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, lineWidth > 0 else { return }
        if dx == 0 || dy == 0 {
            // Axis-aligned: a filled rectangle is exact and crisp.
            let half = lineWidth / 2
            let rect = Rect(
                x: min(start.x, end.x) - (dx == 0 ? half : 0), y: min(start.y, end.y) - (dy == 0 ? half : 0),
                width: dx == 0 ? lineWidth : abs(dx), height: dy == 0 ? lineWidth : abs(dy))
            return fill(rect, color: color)
        }
        guard let paint = prepare(color) else { return }
        let nx = -dy / length * lineWidth / 2, ny = dx / length * lineWidth / 2
        var strip = [
            fixed(device(start.offsetBy(dx: nx, dy: ny))), fixed(device(start.offsetBy(dx: -nx, dy: -ny))),
            fixed(device(end.offsetBy(dx: nx, dy: ny))), fixed(device(end.offsetBy(dx: -nx, dy: -ny))),
        ]
        XRenderCompositeTriStrip(
            connection.display, PictOpOver, connection.paints.fill(paint), buffer.picture, connection.alphaFormat,
            0, 0, &strip, Int32(strip.count))
    }

    func drawShadow(of rect: Rect, cornerRadius: Double, shadow: Shadow) {
        let area = snapped(rect.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
        guard !area.isEmpty, let paint = prepare(shadow.color.withAlpha(shadow.color.alpha * shadow.opacity)),
            let mask = connection.shadows.mask(
                width: Int(area.width), height: Int(area.height), cornerRadius: cornerRadius, blur: shadow.radius)
        else { return }
        XRenderComposite(
            connection.display, PictOpOver, connection.paints.fill(paint), mask.picture, buffer.picture, 0, 0, 0, 0,
            Int32(area.minX) + Int32(mask.offset), Int32(area.minY) + Int32(mask.offset),
            UInt32(mask.width), UInt32(mask.height))
    }

    // MARK: Text

    func measure(_ text: String, font: Canopy.Font) -> TextMetrics {
        connection.fonts.measure(text, font: font)
    }

    func drawText(_ text: String, baselineAt origin: Point, font: Canopy.Font, color: Color) {
        guard !text.isEmpty, let paint = prepare(color), let textDraw = buffer.textDraw else { return }
        var xftColor = connection.paints.textColor(paint)
        let start = device(origin)
        var x = start.x.rounded()
        let y = Int32(start.y.rounded())
        for run in connection.fonts.runs(of: text, font: font) {
            run.utf8.withUnsafeBufferPointer { bytes in
                XftDrawStringUtf8(textDraw, &xftColor, run.face, Int32(x), y, bytes.baseAddress, Int32(bytes.count))
            }
            x += connection.fonts.advance(of: run)
            if x > state.clip.maxX { break }
        }
    }

    // MARK: Helpers

    /// The colour with the current opacity applied, after bringing the server's clip up to
    /// date; `nil` when nothing would show (transparent, or clipped away entirely).
    private func prepare(_ color: Color) -> Color? {
        let alpha = color.alpha * state.alpha
        guard alpha > 0, !state.clip.isEmpty else { return nil }
        if clipOnServer != state.clip { sendClip() }
        return color.withAlpha(alpha)
    }

    private func sendClip() {
        let clip = state.clip
        var rectangle = XRectangle(
            x: Int16(clamping: Int(clip.minX)), y: Int16(clamping: Int(clip.minY)),
            width: UInt16(clamping: Int(clip.width)), height: UInt16(clamping: Int(clip.height)))
        XRenderSetPictureClipRectangles(connection.display, buffer.picture, 0, 0, &rectangle, 1)
        if let textDraw = buffer.textDraw { XftDrawSetClipRectangles(textDraw, 0, 0, &rectangle, 1) }
        clipOnServer = clip
    }

    private func device(_ point: Point) -> Point { point.offsetBy(dx: state.offsetX, dy: state.offsetY) }

    private func device(_ rect: Rect) -> Rect { rect.standardized.offsetBy(dx: state.offsetX, dy: state.offsetY) }

    /// The rectangle in back-buffer pixels with its edges rounded to the nearest pixel, so
    /// shapes stay crisp.
    private func snapped(_ rect: Rect) -> Rect {
        let area = device(rect)
        let x0 = area.minX.rounded(), y0 = area.minY.rounded()
        return Rect(x: x0, y: y0, width: area.maxX.rounded() - x0, height: area.maxY.rounded() - y0)
    }

    private func fixed(_ point: Point) -> XPointFixed {
        XPointFixed(x: canopy_fixed(point.x), y: canopy_fixed(point.y))
    }
}
