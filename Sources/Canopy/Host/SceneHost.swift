/// Everything a ``Scene`` asks of the platform it runs on, in one place: how text measures, the
/// clipboards, the pointer's shape, and (where the platform can) pop-ups that leave the window and
/// drags out of it.
///
/// A scene talks to its platform only through its ``Scene/host``; everything else goes the other
/// way, the host calling the scene: input (``Scene/handleMouseDown(_:)`` and the rest), frames
/// (``Scene/prepareFrame()`` and ``Scene/render(_:in:)``), time (``Scene/tick()``), the window's
/// size and keyboard focus. CanopyX11's `Window` is one host; `MemoryHost` in CanopyTesting is
/// another, in memory, for tests; "Writing a host" in the architecture notes lists what a port
/// to another platform implements, and in which order it calls the scene.
///
/// The scene keeps its host (a strong reference), so a host that owns its scene, as a window
/// does, hands the scene a small object that refers back to it weakly. Without a host a scene
/// measures with ``View/defaultTextMeasurer``, has no clipboard, and keeps its pointer shape to
/// itself (``Scene/currentCursor``).
@MainActor public protocol SceneHost: AnyObject {
    /// Measures text the way the host draws it, so layout and drawing agree.
    var textMeasurer: TextMeasuring { get }
    /// The system clipboard (CLIPBOARD on X11); `nil` where the platform has none, and Copy and
    /// Paste then do nothing.
    var clipboard: Clipboard? { get }
    /// The selection that selected text is offered on and a middle click pastes from (X11's
    /// PRIMARY); `nil` (the default) where the platform has no such thing.
    var primarySelection: Clipboard? { get }
    /// What lets pop-ups leave the window (see ``PopUpHost``); `nil` (the default) keeps them
    /// inside it.
    var popUpHost: PopUpHost? { get }
    /// What carries drags out of the scene's views (see ``DragHost``); `nil` (the default) where
    /// the host cannot, and views that could start a drag do not.
    var dragHost: DragHost? { get }
    /// Shows `cursor` as the pointer's shape over the window: the scene calls it when the view
    /// under the pointer asks for another shape (``View/cursor``).
    func setCursor(_ cursor: Cursor)
    /// Tells the input method to drop what it is composing (``Scene/textComposition``): focus
    /// moved to another view. The default does nothing.
    func cancelTextComposition()
}

extension SceneHost {
    /// No primary selection.
    public var primarySelection: Clipboard? { nil }
    /// Pop-ups stay inside the window.
    public var popUpHost: PopUpHost? { nil }
    /// No drags out.
    public var dragHost: DragHost? { nil }
    /// No input method to tell.
    public func cancelTextComposition() {}
}
