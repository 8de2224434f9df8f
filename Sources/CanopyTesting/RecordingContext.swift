import Canopy

/// A ``GraphicsContext`` that draws nothing and records every call in device coordinates, for
/// unit tests of views without a display. Text is measured as if every character were
/// `font.size × 0.5` wide, with ascent `0.8 × size` and descent `0.2 × size`.
@MainActor public final class RecordingContext: GraphicsContext {
    /// One recorded drawing call, in device coordinates (translation applied).
    public enum Operation: Equatable {
        case fill(Rect, Color)
        case fillRoundedRect(Rect, radius: Double, Color)
        case strokeRoundedRect(Rect, radius: Double, width: Double, Color)
        case line(Point, Point, width: Double, Color)
        case shadow(Rect, radius: Double, Shadow)
        case text(String, at: Point, Font, Color)
        case image(Image, in: Rect)
        case beginLayer(Rect, radius: Double, alpha: Double)
        case endLayer
    }

    /// What was drawn, in order.
    public private(set) var operations: [Operation] = []
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
    public func removeAll() { operations.removeAll() }

    public func saveState() { saved.append((offset, clip)) }

    public func restoreState() {
        if let last = saved.popLast() { (offset, clip) = last }
    }

    public func translateBy(x: Double, y: Double) { offset = offset.offsetBy(dx: x, dy: y) }

    public func clip(to rect: Rect) {
        clip = clip.intersection(device(rect)) ?? Rect(origin: clip.origin, size: .zero)
    }

    public var clipBounds: Rect { clip.offsetBy(dx: -offset.x, dy: -offset.y) }

    public func beginLayer(_ rect: Rect, cornerRadius: Double, alpha: Double) {
        operations.append(.beginLayer(device(rect), radius: cornerRadius, alpha: alpha))
        saveState()
        clip(to: rect)
    }

    public func endLayer() {
        restoreState()
        operations.append(.endLayer)
    }

    public func fill(_ rect: Rect, color: Color) {
        record(.fill(device(rect), color))
    }

    public func fillRoundedRect(_ rect: Rect, cornerRadius: Double, color: Color) {
        record(.fillRoundedRect(device(rect), radius: cornerRadius, color))
    }

    public func strokeRoundedRect(_ rect: Rect, cornerRadius: Double, lineWidth: Double, color: Color) {
        record(.strokeRoundedRect(device(rect), radius: cornerRadius, width: lineWidth, color))
    }

    public func strokeLine(from start: Point, to end: Point, lineWidth: Double, color: Color) {
        record(.line(device(start), device(end), width: lineWidth, color))
    }

    public func drawShadow(of rect: Rect, cornerRadius: Double, shadow: Shadow) {
        record(.shadow(device(rect), radius: cornerRadius, shadow))
    }

    public func drawImage(_ image: Image, in rect: Rect) {
        record(.image(image, in: device(rect)))
    }

    public func drawText(_ text: String, baselineAt origin: Point, font: Font, color: Color) {
        record(.text(text, at: device(origin), font, color))
    }

    public func measure(_ text: String, font: Font) -> TextMetrics {
        TextMetrics(width: Double(text.count) * font.size * 0.5, ascent: font.size * 0.8, descent: font.size * 0.2)
    }

    private func record(_ operation: Operation) {
        guard !clip.isEmpty else { return }
        operations.append(operation)
    }

    private func device(_ point: Point) -> Point { point.offsetBy(dx: offset.x, dy: offset.y) }
    private func device(_ rect: Rect) -> Rect { rect.offsetBy(dx: offset.x, dy: offset.y) }
}
