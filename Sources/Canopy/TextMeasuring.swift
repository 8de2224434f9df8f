/// Measures text the same way the host draws it, so layout and drawing agree.
@MainActor public protocol TextMeasuring: AnyObject {
    /// The extent of `text` set on one line in `font`, with fallback faces for missing glyphs.
    func measure(_ text: String, font: Font) -> TextMetrics
}

extension View {
    /// What views measure text with outside a window: the application installs the host's
    /// measurer once at start-up (so sizes are known before a view is on screen); until then an
    /// ``ApproximateTextMeasurer``.
    public static var defaultTextMeasurer: TextMeasuring = ApproximateTextMeasurer()

    /// What the view measures text with: its window's own, or ``defaultTextMeasurer``.
    public var textMeasurer: TextMeasuring { scene?.textMeasurer ?? View.defaultTextMeasurer }
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
