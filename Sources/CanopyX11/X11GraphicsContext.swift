import Canopy
import CX11

/// Draws on a window's back buffer: shapes through XRender (antialiased, blended by alpha),
/// text through Xft, shadows from cached blurred masks, and groups (rounded clipping, group
/// opacity) through scratch surfaces.
///
/// A group works by copying what lies beneath into a scratch surface, drawing the group over
/// it, then compositing that back through a mask (the rounded shape, times the group's alpha).
/// Because the scratch surface holds the background too, this needs no alpha channel.
///
/// Views draw in points; the context multiplies by ``scale`` (pixels per point) on the way to
/// the server, so at 2× every shape, font, shadow and image is drawn with twice the pixels.
/// Translation and clip live on a state stack; a surface's clip is sent to the server only
/// when it differs from what the server already has.
@MainActor final class X11GraphicsContext: GraphicsContext {
    private struct State {
        var offsetX = 0.0
        var offsetY = 0.0
        /// In back-buffer pixels.
        var clip: Rect
    }

    /// An open group: where it lies, how it is shaped, and the surface it draws on (`nil`
    /// when it is clipped away and draws nothing).
    private struct Layer {
        let shape: Rect
        let area: Rect
        let cornerRadius: Double
        let alpha: Double
        let surface: Surface?
    }

    private let connection: DisplayConnection
    private let buffer: BackBuffer
    /// Pixels per point.
    let scale: Double
    /// Measures text at this context's scale, as it draws it.
    private let measurer: PointTextMeasurer
    private var state: State
    private var savedStates: [State] = []
    private var layers: [Layer] = []
    private var clipOnServer: [Picture: Rect] = [:]

    init(connection: DisplayConnection, buffer: BackBuffer, scale: Double) {
        self.connection = connection
        self.buffer = buffer
        self.scale = scale
        measurer = PointTextMeasurer(fonts: connection.fonts, scale: scale)
        state = State(clip: .zero)
        reset()
    }

    /// Starts a frame: no translation, no groups, clipped to the back buffer.
    func reset() {
        savedStates.removeAll()
        layers.removeAll()
        clipOnServer.removeAll()
        state = State(clip: Rect(x: 0, y: 0, width: Double(buffer.width), height: Double(buffer.height)))
    }

    /// Where drawing goes now: the innermost group's surface, else the back buffer.
    private var target: Surface? {
        layers.isEmpty ? buffer.main : layers[layers.count - 1].surface
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

    var clipBounds: Rect {
        let clip = state.clip
        return Rect(
            x: clip.minX / scale - state.offsetX, y: clip.minY / scale - state.offsetY, width: clip.width / scale,
            height: clip.height / scale)
    }

    // MARK: Groups

    func beginLayer(_ rect: Rect, cornerRadius: Double, alpha: Double) {
        let shape = snapped(rect)
        let area = shape.intersection(state.clip) ?? .zero
        saveState()
        var surface: Surface?
        if let below = target, !area.isEmpty, alpha > 0, let scratch = buffer.layer(at: layers.count) {
            setClip(area, on: scratch)
            composite(PictOpSrc, source: below.picture, mask: 0, onto: scratch.picture, area: area)
            surface = scratch
        }
        layers.append(
            Layer(shape: shape, area: area, cornerRadius: cornerRadius * scale, alpha: alpha, surface: surface))
        state.clip = surface == nil ? .zero : area
    }

    func endLayer() {
        guard let layer = layers.popLast() else { return }
        restoreState()
        guard let surface = layer.surface, let destination = target else { return }
        setClip(layer.area, on: destination)
        let opacity = Color(white: 1, alpha: min(max(layer.alpha, 0), 1))
        if layer.cornerRadius > 0, let mask = buffer.maskSurface() {
            setClip(layer.area, on: mask)
            var clear = XRenderColor()
            XRenderFillRectangle(
                connection.display, PictOpSrc, mask.picture, &clear, Int32(layer.area.minX), Int32(layer.area.minY),
                UInt32(layer.area.width), UInt32(layer.area.height))
            fillPolygon(roundedOutline(layer.shape, radius: layer.cornerRadius), paint: opacity, on: mask)
            composite(
                PictOpOver, source: surface.picture, mask: mask.picture, onto: destination.picture, area: layer.area)
        } else {
            composite(
                PictOpOver, source: surface.picture, mask: connection.paints.fill(opacity), onto: destination.picture,
                area: layer.area, maskIsSolid: true)
        }
    }

    // MARK: Shapes

    func fill(_ rect: Rect, color: Color) {
        let area = snapped(rect)
        guard !area.isEmpty, let surface = prepare(color) else { return }
        var renderColor = RenderColorKey(color).renderColor
        XRenderFillRectangle(
            connection.display, PictOpOver, surface.picture, &renderColor, Int32(area.minX), Int32(area.minY),
            UInt32(area.width), UInt32(area.height))
    }

    func fillRoundedRect(_ rect: Rect, cornerRadius: Double, color: Color) {
        let area = snapped(rect)
        let radius = min(cornerRadius * scale, area.width / 2, area.height / 2)
        guard radius >= 0.5 else { return fill(rect, color: color) }
        guard !area.isEmpty, let surface = prepare(color) else { return }
        fillPolygon(roundedOutline(area, radius: radius), paint: color, on: surface)
    }

    func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color) {
        let outer = snapped(rect)
        let width = min(lineWidth * scale, outer.width / 2, outer.height / 2)
        guard width > 0, let surface = prepare(color) else { return }
        let radius = min(cornerRadius * scale, outer.width / 2, outer.height / 2)
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
            connection.display, PictOpOver, connection.paints.fill(color), surface.picture, connection.alphaFormat,
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
        guard let surface = prepare(color) else { return }
        let nx = -dy / length * lineWidth / 2, ny = dx / length * lineWidth / 2  // in points
        var strip = [
            fixed(device(start.offsetBy(dx: nx, dy: ny))), fixed(device(start.offsetBy(dx: -nx, dy: -ny))),
            fixed(device(end.offsetBy(dx: nx, dy: ny))), fixed(device(end.offsetBy(dx: -nx, dy: -ny))),
        ]
        XRenderCompositeTriStrip(
            connection.display, PictOpOver, connection.paints.fill(color), surface.picture, connection.alphaFormat,
            0, 0, &strip, Int32(strip.count))
    }

    func drawShadow(of rect: Rect, cornerRadius: Double, shadow: Shadow) {
        let area = snapped(rect.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
        let paint = shadow.color.withAlpha(shadow.color.alpha * shadow.opacity)
        guard !area.isEmpty, let surface = prepare(paint) else { return }
        let slice = ShadowNineSlice(
            width: Int(area.width), height: Int(area.height), cornerRadius: cornerRadius * scale,
            blur: shadow.radius * scale, stretches: connection.shadows.stretches)
        guard let mask = connection.shadows.mask(for: slice) else { return }
        let x = Int32(area.minX) + Int32(mask.offset), y = Int32(area.minY) + Int32(mask.offset)
        for piece in slice.pieces {
            guard let coverage = mask.picture(for: piece.coverage) else { continue }
            XRenderComposite(
                connection.display, PictOpOver, connection.paints.fill(paint), coverage, surface.picture, 0, 0,
                Int32(piece.maskX), Int32(piece.maskY), x + Int32(piece.x), y + Int32(piece.y), UInt32(piece.width),
                UInt32(piece.height))
        }
    }

    // MARK: Images

    func drawImage(_ image: Image, in rect: Rect) {
        let area = snapped(rect)
        guard !area.isEmpty, let surface = prepare(.white),
            let picture = connection.images.picture(for: image, drawnAt: area.size)
        else { return }
        XRenderComposite(
            connection.display, PictOpOver, picture, 0, surface.picture, 0, 0, 0, 0, Int32(area.minX),
            Int32(area.minY), UInt32(area.width), UInt32(area.height))
    }

    // MARK: Text

    func measure(_ text: String, font: Canopy.Font) -> TextMetrics {
        measurer.measure(text, font: font)
    }

    func layout(_ text: String, font: Canopy.Font, direction: TextDirection) -> TextLayout {
        measurer.layout(text, font: font, direction: direction)
    }

    func lineMetrics(for font: Canopy.Font) -> TextMetrics {
        measurer.lineMetrics(for: font)
    }

    /// The most glyphs sent in one call, so no X request grows too long.
    private static let glyphsPerRequest = 256

    func drawText(_ text: String, baselineAt origin: Point, font: Canopy.Font, color: Color, direction: TextDirection) {
        guard !text.isEmpty, let surface = prepare(color), let textDraw = surface.textDraw else { return }
        var xftColor = connection.paints.textColor(color)
        let start = device(origin)
        let x = start.x.rounded(), y = start.y.rounded()
        // Glyphs more than this far outside the clip cannot reach into it.
        let visible = (state.clip.minX - 64)...(state.clip.maxX + 64)
        var specs: [XftGlyphSpec] = []
        for run in connection.fonts.line(text, font: measurer.scaled(font), direction: direction).runs {
            guard x + run.maxX >= visible.lowerBound, x + run.minX <= visible.upperBound else { continue }
            specs.removeAll(keepingCapacity: true)
            for (glyph, position) in zip(run.glyphs, run.positions) {
                let glyphX = (x + position.x).rounded()
                guard visible.contains(glyphX), abs(glyphX) < 32_000 else { continue }
                specs.append(
                    XftGlyphSpec(
                        glyph: FT_UInt(glyph), x: Int16(glyphX), y: Int16(clamping: Int((y + position.y).rounded()))))
                if specs.count == Self.glyphsPerRequest {
                    XftDrawGlyphSpec(textDraw, &xftColor, run.face, specs, Int32(specs.count))
                    specs.removeAll(keepingCapacity: true)
                }
            }
            if !specs.isEmpty { XftDrawGlyphSpec(textDraw, &xftColor, run.face, specs, Int32(specs.count)) }
        }
    }

    // MARK: Helpers

    /// The surface to draw `color` on, with the server's clip brought up to date; `nil` when
    /// nothing would show (transparent, or clipped away entirely).
    private func prepare(_ color: Color) -> Surface? {
        guard color.alpha > 0, !state.clip.isEmpty, let surface = target else { return nil }
        setClip(state.clip, on: surface)
        return surface
    }

    private func setClip(_ clip: Rect, on surface: Surface) {
        guard clipOnServer[surface.picture] != clip else { return }
        var rectangle = XRectangle(
            x: Int16(clamping: Int(clip.minX)), y: Int16(clamping: Int(clip.minY)),
            width: UInt16(clamping: Int(clip.width)), height: UInt16(clamping: Int(clip.height)))
        XRenderSetPictureClipRectangles(connection.display, surface.picture, 0, 0, &rectangle, 1)
        if let textDraw = surface.textDraw { XftDrawSetClipRectangles(textDraw, 0, 0, &rectangle, 1) }
        clipOnServer[surface.picture] = clip
    }

    /// Composites `area` of `source` onto the same place in `destination`, through `mask`
    /// (at the same place too, unless it is a solid fill that covers everything).
    private func composite(
        _ operation: Int32, source: Picture, mask: Picture, onto destination: Picture, area: Rect,
        maskIsSolid: Bool = false
    ) {
        let x = Int32(area.minX), y = Int32(area.minY)
        XRenderComposite(
            connection.display, operation, source, mask, destination, x, y, maskIsSolid ? 0 : x, maskIsSolid ? 0 : y,
            x, y, UInt32(area.width), UInt32(area.height))
    }

    /// Fills a convex polygon (device coordinates), antialiased, as a triangle fan.
    private func fillPolygon(_ points: [Point], paint: Color, on surface: Surface) {
        guard let first = points.first else { return }
        var fan = [
            fixed(
                Point(
                    x: points.map(\.x).reduce(0, +) / Double(points.count),
                    y: points.map(\.y).reduce(0, +) / Double(points.count)))
        ]
        fan.append(contentsOf: points.map(fixed))
        fan.append(fixed(first))
        XRenderCompositeTriFan(
            connection.display, PictOpOver, connection.paints.fill(paint), surface.picture, connection.alphaFormat,
            0, 0, &fan, Int32(fan.count))
    }

    private func roundedOutline(_ rect: Rect, radius: Double) -> [Point] {
        let radius = min(radius, rect.width / 2, rect.height / 2)
        return RoundedRectOutline.points(
            of: rect, radius: radius, segments: RoundedRectOutline.segmentsPerCorner(radius: radius))
    }

    /// A point in back-buffer pixels.
    private func device(_ point: Point) -> Point {
        Point(x: (point.x + state.offsetX) * scale, y: (point.y + state.offsetY) * scale)
    }

    /// A rectangle in back-buffer pixels.
    private func device(_ rect: Rect) -> Rect {
        let r = rect.standardized
        return Rect(origin: device(r.origin), size: Size(width: r.width * scale, height: r.height * scale))
    }

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
