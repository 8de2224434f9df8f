/// Measures text the same way the host draws it, so layout and drawing agree.
@MainActor public protocol TextMeasuring: AnyObject {
    /// The extent of `text` set on one line in `font`, with fallback faces for missing glyphs.
    func measure(_ text: String, font: Font) -> TextMetrics
}

/// How text sits horizontally in the rectangle it is drawn in.
public enum TextAlignment: Hashable, Sendable {
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
}
