/// Which way a window's layout runs: the side its rows start from.
///
/// A window in a right-to-left language (Arabic, Hebrew) is laid out as the mirror of a
/// left-to-right one: the views that follow the direction (a split view's panes, its arrow keys)
/// start at the right. Set it on the window's scene (``Scene/layoutDirection``).
public enum LayoutDirection: Hashable, Sendable {
    /// Rows start at the left, as in English.
    case leftToRight
    /// Rows start at the right, as in Arabic and Hebrew.
    case rightToLeft
}

extension View {
    /// The direction of the scene the view is in (left to right outside a scene).
    public var layoutDirection: LayoutDirection { scene?.layoutDirection ?? .leftToRight }
}
