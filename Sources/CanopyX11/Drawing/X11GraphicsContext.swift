import Canopy
import CX11

/// Draws on a window's back buffer: shapes through XRender (antialiased, blended by alpha),
/// rounded rectangles and shadows from cached coverage masks, text through Xft, and groups
/// (rounded clipping, group opacity) through scratch surfaces.
///
/// A group works by copying what lies beneath into a scratch surface, drawing the group over
/// it, then compositing that back through its shape's coverage (times the group's alpha).
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

    /// A piece of a shape drawn from a cached mask, in back-buffer pixels: `area` covered as the
    /// mask's pixels from (`maskX`, `maskY`) say.
    private struct PlacedPiece {
        let area: Rect
        let maskX: Int32
        let maskY: Int32
        /// The coverage picture, or `None` for full coverage.
        let mask: Picture
    }

    private let connection: DisplayConnection
    private let buffer: BackBuffer
    /// Pixels per point.
    var scale: Double {
        didSet { measurer = PointTextMeasurer(fonts: connection.fonts, scale: scale) }
    }
    /// Measures text at this context's scale, as it draws it.
    private var measurer: PointTextMeasurer
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
        guard layer.cornerRadius > 0 else {
            return composite(
                PictOpOver, source: surface.picture, mask: connection.paints.fill(opacity), onto: destination.picture,
                area: layer.area, maskIsSolid: true)
        }
        let radius = min(layer.cornerRadius, layer.shape.width / 2, layer.shape.height / 2)
        if let (slice, coverage) = connection.coverage.pieces(
            of: .fill, width: Int(layer.shape.width), height: Int(layer.shape.height), radius: radius)
        {
            let pieces = placed(slice, coverage, at: layer.shape.origin, within: layer.area)
            compositeGroup(surface, through: pieces, opacity: opacity, onto: destination, area: layer.area)
        } else if let mask = buffer.maskSurface() {
            setClip(layer.area, on: mask)
            var clear = XRenderColor()
            XRenderFillRectangle(
                connection.display, PictOpSrc, mask.picture, &clear, Int32(layer.area.minX), Int32(layer.area.minY),
                UInt32(layer.area.width), UInt32(layer.area.height))
            RoundedRectRasterizer.fill(
                layer.shape, radius: radius, paint: connection.paints.fill(opacity), onto: mask.picture,
                connection: connection)
            composite(
                PictOpOver, source: surface.picture, mask: mask.picture, onto: destination.picture, area: layer.area)
        }
    }

    /// Composites a group's `surface` onto `destination` through its shape's `pieces` times
    /// `opacity`. Fully covered pieces take the opacity as their mask; partly covered ones, when
    /// the group is translucent, first have their coverage times the opacity written into the
    /// scratch mask surface.
    private func compositeGroup(
        _ surface: Surface, through pieces: [PlacedPiece], opacity: Color, onto destination: Surface, area: Rect
    ) {
        let display = connection.display
        let translucent = opacity.alpha < 1
        let scratchMask = translucent ? buffer.maskSurface() : nil
        if let scratchMask { setClip(area, on: scratchMask) }
        for piece in pieces {
            let x = Int32(piece.area.minX), y = Int32(piece.area.minY)
            let width = UInt32(piece.area.width), height = UInt32(piece.area.height)
            if piece.mask == Picture(None) {
                composite(
                    PictOpOver, source: surface.picture, mask: connection.paints.fill(opacity),
                    onto: destination.picture, area: piece.area, maskIsSolid: true)
            } else if !translucent {
                XRenderComposite(
                    display, PictOpOver, surface.picture, piece.mask, destination.picture, x, y, piece.maskX,
                    piece.maskY, x, y, width, height)
            } else if let scratchMask {
                XRenderComposite(
                    display, PictOpSrc, connection.paints.fill(opacity), piece.mask, scratchMask.picture, 0, 0,
                    piece.maskX, piece.maskY, x, y, width, height)
                composite(
                    PictOpOver, source: surface.picture, mask: scratchMask.picture, onto: destination.picture,
                    area: piece.area)
            }
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

    /// Makes `rect` wholly transparent, alpha included: where a translucent pop-up window's
    /// frame starts, before the scene draws on it.
    func clear(_ rect: Rect) {
        let area = snapped(rect)
        guard !area.isEmpty, !state.clip.isEmpty, let surface = target else { return }
        setClip(state.clip, on: surface)
        var transparent = XRenderColor()
        XRenderFillRectangle(
            connection.display, PictOpSrc, surface.picture, &transparent, Int32(area.minX), Int32(area.minY),
            UInt32(area.width), UInt32(area.height))
    }

    func fillRoundedRect(_ rect: Rect, cornerRadius: Double, color: Color) {
        let area = snapped(rect)
        let radius = min(cornerRadius * scale, area.width / 2, area.height / 2)
        guard radius >= 0.5 else { return fill(rect, color: color) }
        guard !area.isEmpty, let surface = prepare(color) else { return }
        if let (slice, coverage) = connection.coverage.pieces(
            of: .fill, width: Int(area.width), height: Int(area.height), radius: radius)
        {
            paint(color, through: placed(slice, coverage, at: area.origin, within: state.clip), onto: surface)
        } else {
            RoundedRectRasterizer.fill(
                area, radius: radius, paint: connection.paints.fill(color), onto: surface.picture,
                connection: connection)
        }
    }

    func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color) {
        let outer = snapped(rect)
        let width = min(lineWidth * scale, outer.width / 2, outer.height / 2)
        guard width > 0, let surface = prepare(color) else { return }
        let radius = min(cornerRadius * scale, outer.width / 2, outer.height / 2)
        if let (slice, coverage) = connection.coverage.pieces(
            of: .stroke(width: width), width: Int(outer.width), height: Int(outer.height), radius: radius)
        {
            paint(color, through: placed(slice, coverage, at: outer.origin, within: state.clip), onto: surface)
        } else {
            RoundedRectRasterizer.stroke(
                outer, radius: radius, width: width, paint: connection.paints.fill(color), onto: surface.picture,
                connection: connection)
        }
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
            device(start.offsetBy(dx: nx, dy: ny)), device(start.offsetBy(dx: -nx, dy: -ny)),
            device(end.offsetBy(dx: nx, dy: ny)), device(end.offsetBy(dx: -nx, dy: -ny)),
        ].map(RoundedRectRasterizer.fixed)
        XRenderCompositeTriStrip(
            connection.display, PictOpOver, connection.paints.fill(color), surface.picture, connection.alphaFormat,
            0, 0, &strip, Int32(strip.count))
    }

    func drawShadow(of rect: Rect, cornerRadius: Double, shadow: Shadow) {
        let area = snapped(rect.offsetBy(dx: shadow.offset.x, dy: shadow.offset.y))
        let paint = shadow.color.withAlpha(shadow.color.alpha * shadow.opacity)
        guard !area.isEmpty, let surface = prepare(paint) else { return }
        let shadowSlice = ShadowNineSlice(
            width: Int(area.width), height: Int(area.height), cornerRadius: cornerRadius * scale,
            blur: shadow.radius * scale, stretches: connection.shadows.stretches)
        guard let mask = connection.shadows.mask(for: shadowSlice) else { return }
        let origin = area.origin.offsetBy(dx: Double(mask.offset), dy: Double(mask.offset))
        self.paint(paint, through: placed(shadowSlice.slice, mask, at: origin, within: state.clip), onto: surface)
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

    func layout(_ text: AttributedText, font: Canopy.Font, direction: TextDirection) -> TextLayout {
        measurer.layout(text, font: font, direction: direction)
    }

    func lineMetrics(for font: Canopy.Font) -> TextMetrics {
        measurer.lineMetrics(for: font)
    }

    /// The most glyphs sent in one call, so no X request grows too long.
    private static let glyphsPerRequest = 256

    func drawText(_ text: String, baselineAt origin: Point, font: Canopy.Font, color: Color, direction: TextDirection) {
        guard !text.isEmpty else { return }
        drawGlyphs(of: connection.fonts.line(text, font: measurer.scaled(font), direction: direction), at: origin) {
            _ in color
        }
    }

    /// Draws styled text shaped as one line (Arabic letters join across a change of colour):
    /// backgrounds, each glyph run in its styled run's colour, then underlines and
    /// strikethroughs.
    func drawText(
        _ text: AttributedText, baselineAt origin: Point, font: Canopy.Font, color: Color, direction: TextDirection
    ) {
        guard !text.isEmpty else { return }
        let line = connection.fonts.line(
            text.string, runs: measurer.fontRuns(of: text, font: font), direction: direction)
        let layout = line.layout.readIn(unitsPerPoint: measurer.scale)
        drawStyledBackgrounds(of: text, laidOut: layout, baselineAt: origin)
        drawGlyphs(of: line, at: origin) { text.runs.indices.contains($0) ? text.runs[$0].style.color ?? color : color }
        drawStyledLines(of: text, laidOut: layout, baselineAt: origin, font: font, color: color)
    }

    /// Draws `line`'s glyphs with its left edge at `origin.x` and its baseline at `origin.y`,
    /// each glyph run in the colour `color` gives its styled run.
    private func drawGlyphs(of line: ShapedLine, at origin: Point, color: (Int) -> Color) {
        let start = device(origin)
        let x = start.x.rounded(), y = start.y.rounded()
        // Glyphs more than this far outside the clip cannot reach into it.
        let visible = (state.clip.minX - 64)...(state.clip.maxX + 64)
        var specs: [XftGlyphSpec] = []
        for run in line.runs {
            guard x + run.maxX >= visible.lowerBound, x + run.minX <= visible.upperBound else { continue }
            let runColor = color(run.run)
            guard let surface = prepare(runColor), let textDraw = surface.textDraw else { continue }
            var xftColor = connection.paints.textColor(runColor)
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

    /// The pieces of `slice` that reach into `visible`, with the coverage `mask` gives them,
    /// placed so that the mask's top-left pixel lies at `origin` (back-buffer pixels).
    private func placed(_ slice: NineSlice, _ mask: SlicedMask, at origin: Point, within visible: Rect)
        -> [PlacedPiece]
    {
        slice.pieces.compactMap { piece in
            let area = Rect(
                x: origin.x + Double(piece.x), y: origin.y + Double(piece.y), width: Double(piece.width),
                height: Double(piece.height))
            guard !area.isEmpty, area.intersects(visible) else { return nil }
            let picture: Picture
            switch mask.coverage(of: piece.coverage) {
            case .picture(let coverage): picture = coverage
            case .opaque: picture = Picture(None)
            case .empty: return nil
            }
            return PlacedPiece(area: area, maskX: Int32(piece.maskX), maskY: Int32(piece.maskY), mask: picture)
        }
    }

    /// Paints `color` over `surface` through each of `pieces`.
    private func paint(_ color: Color, through pieces: [PlacedPiece], onto surface: Surface) {
        let source = connection.paints.fill(color)
        for piece in pieces {
            XRenderComposite(
                connection.display, PictOpOver, source, piece.mask, surface.picture, 0, 0, piece.maskX, piece.maskY,
                Int32(piece.area.minX), Int32(piece.area.minY), UInt32(piece.area.width), UInt32(piece.area.height))
        }
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
}
