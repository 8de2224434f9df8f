import Canopy

/// A ``GraphicsContext`` that draws nothing and records every call in device coordinates, for
/// unit tests of views without a display. Text is measured as if every character were
/// `font.size × 0.5` wide, with ascent `0.8 × size` and descent `0.2 × size`.
@MainActor public final class RecordingContext: GraphicsContext {
    /// One recorded drawing call, in device coordinates (translation applied).
    public enum Operation: Equatable {
        /// A filled rectangle.
        case fill(Rect, Color)
        /// A filled rounded rectangle.
        case fillRoundedRect(Rect, radius: Double, Color)
        /// A stroked rounded rectangle.
        case strokeRoundedRect(Rect, radius: Double, width: Double, Color)
        /// A straight line between two points.
        case line(Point, Point, width: Double, Color)
        /// A rounded rectangle's shadow.
        case shadow(Rect, radius: Double, Shadow)
        /// A line of text, with the start of its baseline.
        case text(String, at: Point, Font, Color)
        /// An image drawn in a rectangle.
        case image(Image, in: Rect)
        /// The start of a group.
        case beginLayer(Rect, radius: Double, alpha: Double)
        /// The end of a group.
        case endLayer
    }

    /// What was drawn, in order.
    public private(set) var operations: [Operation] = []
    /// The clip each of ``operations`` was recorded under, in device coordinates: only its part
    /// inside would reach a real surface.
    public private(set) var clips: [Rect] = []
    private var offset = Point.zero
    private var clip: Rect
    private var saved: [(Point, Rect)] = []

    /// Creates a context whose surface is `size`.
    public init(size: Size) {
        clip = Rect(origin: .zero, size: size)
    }

    /// The strings drawn, in order.
    public var drawnTexts: [String] {
        operations.compactMap { if case let .text(text, _, _, _) = $0 { return text } else { return nil } }
    }

    /// Forgets what was recorded.
    public func removeAll() {
        operations.removeAll()
        clips.removeAll()
    }

    /// Pushes the current translation and clip.
    public func saveState() { saved.append((offset, clip)) }

    /// Pops the state pushed by the matching ``saveState()``.
    public func restoreState() {
        if let last = saved.popLast() { (offset, clip) = last }
    }

    /// Moves the origin of everything recorded after.
    public func translateBy(x: Double, y: Double) { offset = offset.offsetBy(dx: x, dy: y) }

    /// Intersects the clip with `rect`.
    public func clip(to rect: Rect) {
        clip = clip.intersection(device(rect)) ?? Rect(origin: clip.origin, size: .zero)
    }

    /// The current clip in current coordinates.
    public var clipBounds: Rect { clip.offsetBy(dx: -offset.x, dy: -offset.y) }

    /// Records the start of a group, saves the state and clips to `rect`.
    public func beginLayer(_ rect: Rect, cornerRadius: Double, alpha: Double) {
        append(.beginLayer(device(rect), radius: cornerRadius, alpha: alpha))
        saveState()
        clip(to: rect)
    }

    /// Restores the state and records the end of the group.
    public func endLayer() {
        restoreState()
        append(.endLayer)
    }

    /// Records a filled rectangle.
    public func fill(_ rect: Rect, color: Color) {
        record(.fill(device(rect), color))
    }

    /// Records a filled rounded rectangle.
    public func fillRoundedRect(_ rect: Rect, cornerRadius: Double, color: Color) {
        record(.fillRoundedRect(device(rect), radius: cornerRadius, color))
    }

    /// Records a stroked rounded rectangle.
    public func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color) {
        record(.strokeRoundedRect(device(rect), radius: cornerRadius, width: lineWidth, color))
    }

    /// Records a straight line.
    public func strokeLine(from start: Point, to end: Point, lineWidth: Double, color: Color) {
        record(.line(device(start), device(end), width: lineWidth, color))
    }

    /// Records a rounded rectangle's shadow.
    public func drawShadow(of rect: Rect, cornerRadius: Double, shadow: Shadow) {
        record(.shadow(device(rect), radius: cornerRadius, shadow))
    }

    /// Records an image.
    public func drawImage(_ image: Image, in rect: Rect) {
        record(.image(image, in: device(rect)))
    }

    /// Records a line of text.
    public func drawText(_ text: String, baselineAt origin: Point, font: Font, color: Color, direction: TextDirection) {
        record(.text(text, at: device(origin), font, color))
    }

    /// Measures every character as `font.size × 0.5` wide.
    public func measure(_ text: String, font: Font) -> TextMetrics {
        TextMetrics(width: Double(text.count) * font.size * 0.5, ascent: font.size * 0.8, descent: font.size * 0.2)
    }

    private func record(_ operation: Operation) {
        guard !clip.isEmpty else { return }
        append(operation)
    }

    private func append(_ operation: Operation) {
        operations.append(operation)
        clips.append(clip)
    }

    private func device(_ point: Point) -> Point { point.offsetBy(dx: offset.x, dy: offset.y) }
    private func device(_ rect: Rect) -> Rect { rect.offsetBy(dx: offset.x, dy: offset.y) }
}
