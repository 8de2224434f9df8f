/// Measures text the same way the host draws it, so layout and drawing agree.
@MainActor public protocol TextMeasuring: AnyObject {
    /// The extent of `text` set on one line in `font`, with fallback faces for missing glyphs.
    func measure(_ text: String, font: Font) -> TextMetrics

    /// `text` set on one line in `font` in a paragraph running `direction`: its clusters, for
    /// carets, hit-testing and selections. (Measurers that do not shape text, such as
    /// ``ApproximateTextMeasurer``, get a left-to-right layout with one cluster per character
    /// from ``measure(_:font:)``.)
    func layout(_ text: String, font: Font, direction: TextDirection) -> TextLayout

    /// The ascent and descent of `font`'s own face (the width is 0): a line's box, which does
    /// not move when the text happens to use a taller fallback face. (The default measures
    /// "Ag".)
    func lineMetrics(for font: Font) -> TextMetrics
}

extension TextMeasuring {
    /// A left-to-right layout with one cluster per character, each as wide as
    /// ``measure(_:font:)`` says.
    public func layout(_ text: String, font: Font, direction: TextDirection) -> TextLayout {
        var clusters: [TextLayout.Cluster] = []
        var x = 0.0
        for (index, character) in text.enumerated() {
            let width = measure(String(character), font: font).width
            clusters.append(TextLayout.Cluster(characters: index..<index + 1, x: x, width: width, isRightToLeft: false))
            x += width
        }
        let metrics = measure(text, font: font)
        return TextLayout(
            characterCount: clusters.count, isRightToLeft: false, clusters: clusters,
            metrics: TextMetrics(width: x, ascent: metrics.ascent, descent: metrics.descent))
    }

    /// The extent of "Ag", less its width.
    public func lineMetrics(for font: Font) -> TextMetrics {
        let metrics = measure("Ag", font: font)
        return TextMetrics(width: 0, ascent: metrics.ascent, descent: metrics.descent)
    }
}

extension View {
    /// What views measure text with outside a window: the application installs the host's
    /// measurer once at start-up (so sizes are known before a view is on screen); until then an
    /// ``ApproximateTextMeasurer``.
    public static var defaultTextMeasurer: TextMeasuring = ApproximateTextMeasurer()

    /// What the view measures text with: its scene's host's (``Scene/textMeasurer``), or
    /// ``defaultTextMeasurer``.
    public var textMeasurer: TextMeasuring { scene?.textMeasurer ?? View.defaultTextMeasurer }
}

/// How text sits horizontally in the rectangle it is drawn in.
public enum TextAlignment: Hashable, Sendable {
    /// Against the edge the text starts from: the left for left-to-right text, the right for
    /// right-to-left text (a paragraph whose first letter is Hebrew, say).
    case natural
    /// Against the left edge.
    case left
    /// Centred.
    case center
    /// Against the right edge.
    case right
}
