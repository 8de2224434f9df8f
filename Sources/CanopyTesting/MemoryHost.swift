import Canopy

/// A ``Canopy/SceneHost`` in memory, for tests without a display: text measured by a measurer
/// the test chooses (an ``Canopy/ApproximateTextMeasurer`` unless given), clipboards in memory,
/// the pointer shapes the scene asked for, and whichever pop-up and drag hosts the test gives.
///
/// ```swift
/// let host = MemoryHost()
/// let scene = Scene(rootView: root, size: Size(width: 400, height: 300), host: host)
/// // … select text in a field and press Control-C …
/// #expect(host.memoryClipboard.text == "hello")
/// ```
@MainActor public final class MemoryHost: SceneHost {
    /// Measures the scene's text.
    public var textMeasurer: TextMeasuring
    /// The clipboard in memory that Copy puts text on and Paste reads, unless the test gives the
    /// scene another (``clipboard``).
    public let memoryClipboard = MemoryClipboard()
    /// The clipboard the scene copies to and pastes from: ``memoryClipboard``, unless the test
    /// sets another (one whose text arrives late, as another program's does, say).
    public var clipboard: Clipboard?
    /// The primary selection: selected text is offered on it, a middle click pastes from it.
    public let memoryPrimarySelection = MemoryClipboard()
    /// Where the host lets pop-ups go; `nil` (the default) keeps them inside the window.
    public var popUpHost: PopUpHost?
    /// What carries drags out; `nil` (the default) for a host that cannot.
    public var dragHost: DragHost?
    /// Every pointer shape the scene asked for, oldest first.
    public private(set) var cursorChanges: [Cursor] = []

    /// Creates a host measuring with `textMeasurer`, letting pop-ups go by `popUpHost` and
    /// drags out by `dragHost`.
    public init(
        textMeasurer: TextMeasuring = ApproximateTextMeasurer(), popUpHost: PopUpHost? = nil,
        dragHost: DragHost? = nil
    ) {
        self.textMeasurer = textMeasurer
        self.popUpHost = popUpHost
        self.dragHost = dragHost
        clipboard = memoryClipboard
    }

    /// ``memoryPrimarySelection``.
    public var primarySelection: Clipboard? { memoryPrimarySelection }
    /// The pointer shape shown now: the last the scene asked for, the arrow before that.
    public var cursor: Cursor { cursorChanges.last ?? .arrow }

    /// Records `cursor`.
    public func setCursor(_ cursor: Cursor) { cursorChanges.append(cursor) }

    /// How many times the scene asked the input method to drop its composition.
    public private(set) var compositionCancels = 0

    /// Counts the request.
    public func cancelTextComposition() { compositionCancels += 1 }
}
