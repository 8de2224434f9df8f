/// A surface views draw on. Coordinates are in points with y growing downward; the host
/// translates and clips it so each view draws in its own bounds coordinates.
///
/// State (translation and clip) is saved and restored in a stack, like Core Graphics.
@MainActor public protocol GraphicsContext: TextMeasuring {
    /// Pushes the current translation and clip.
    func saveState()
    /// Pops the state pushed by the matching ``saveState()``.
    func restoreState()
    /// Moves the origin of everything drawn after.
    func translateBy(x: Double, y: Double)
    /// Intersects the clip with `rect`; clips nest.
    func clip(to rect: Rect)
    /// The current clip in current coordinates: nothing outside it reaches the surface.
    var clipBounds: Rect { get }
    /// Starts drawing a group: what is drawn until the matching ``endLayer()`` is composited
    /// as one piece, shaped to `rect` with rounded corners of `cornerRadius` and faded by
    /// `alpha` as a whole (so overlapping parts of the group do not show through each other).
    /// Saves the state, and clips to `rect`.
    func beginLayer(_ rect: Rect, cornerRadius: Double, alpha: Double)
    /// Composites the group started by the matching ``beginLayer(_:cornerRadius:alpha:)`` and
    /// restores the state.
    func endLayer()

    /// Fills a rectangle, blending by the colour's alpha.
    func fill(_ rect: Rect, color: Color)
    /// Fills a rectangle with rounded corners, antialiased.
    func fillRoundedRect(_ rect: Rect, cornerRadius: Double, color: Color)
    /// Strokes the inside edge of a rounded rectangle with a line `lineWidth` wide, antialiased.
    func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color)
    /// Draws an antialiased straight line centred on the segment.
    func strokeLine(from start: Point, to end: Point, lineWidth: Double, color: Color)
    /// Draws the soft shadow that a rounded rectangle casts.
    func drawShadow(of rect: Rect, cornerRadius: Double, shadow: Shadow)
    /// Draws `image` scaled to fill `rect`, blended by its alpha.
    func drawImage(_ image: Image, in rect: Rect)
    /// Draws one line of text in a paragraph running `direction`, its left edge at `origin.x`
    /// and its baseline at `origin.y`, as the measurer's `layout(_:font:direction:)` sets it.
    func drawText(_ text: String, baselineAt origin: Point, font: Font, color: Color, direction: TextDirection)
    /// Draws one line of styled text as the measurer's `layout(_:font:direction:)`
    /// sets it: each run in its font and colour (`color` where its style gives none), over its
    /// background, with its underline or strikethrough. (The default draws each run on its own
    /// with the plain-text call; a host that shapes text draws the line as one.)
    func drawText(_ text: AttributedText, baselineAt origin: Point, font: Font, color: Color, direction: TextDirection)
}

extension GraphicsContext {
    /// Draws one line of text with its baseline starting at `origin`, its direction taken from
    /// the text.
    public func drawText(_ text: String, baselineAt origin: Point, font: Font, color: Color) {
        drawText(text, baselineAt: origin, font: font, color: color, direction: .natural)
    }

    /// Draws one line of text vertically centred in `rect` with the given horizontal alignment.
    /// Text wider than `rect` is clipped to it.
    public func drawText(
        _ text: String, in rect: Rect, font: Font, color: Color, alignment: TextAlignment = .left,
        direction: TextDirection = .natural
    ) {
        drawLine(
            in: rect, alignment: alignment,
            layout: { layout(text, font: font, direction: direction) }, measure: { measure(text, font: font) },
            draw: { drawText(text, baselineAt: $0, font: font, color: color, direction: direction) })
    }

    /// Draws one line of styled text vertically centred in `rect` with the given horizontal
    /// alignment. Text wider than `rect` is clipped to it.
    public func drawText(
        _ text: AttributedText, in rect: Rect, font: Font, color: Color, alignment: TextAlignment = .left,
        direction: TextDirection = .natural
    ) {
        drawLine(
            in: rect, alignment: alignment,
            layout: { layout(text, font: font, direction: direction) }, measure: { measure(text, font: font) },
            draw: { drawText(text, baselineAt: $0, font: font, color: color, direction: direction) })
    }

    /// Places a line in `rect` (from its layout for natural alignment, which depends on its
    /// direction, else from its measure), clips to `rect` and draws it at its baseline.
    private func drawLine(
        in rect: Rect, alignment: TextAlignment, layout: () -> TextLayout, measure: () -> TextMetrics,
        draw: (Point) -> Void
    ) {
        let metrics: TextMetrics
        let x: Double
        if alignment == .natural {
            let line = layout()
            metrics = line.metrics
            x = alignment.lineX(width: metrics.width, isRightToLeft: line.isRightToLeft, in: rect)
        } else {
            metrics = measure()
            x = alignment.lineX(width: metrics.width, isRightToLeft: false, in: rect)
        }
        let baseline = (rect.midY + (metrics.ascent - metrics.descent) / 2).rounded()
        saveState()
        clip(to: rect)
        draw(Point(x: x.rounded(), y: baseline))
        restoreState()
    }
}
