import Canopy

/// What a window gives its scene (its ``Canopy/Scene/host``): the window's text measurer, the
/// application's CLIPBOARD and PRIMARY, its pointer shape, and the window itself for pop-ups that leave it and
/// drags out of it. The window owns the scene, so this refers back to it weakly: a scene that
/// outlives its window is left with no clipboard and nothing to show a pointer on.
@MainActor final class WindowSceneHost: SceneHost {
    private weak var window: Window?
    /// What the window measures and draws text with, kept with the scene (it is the drawing
    /// context's, so a scene that outlives its window still measures as it drew).
    let textMeasurer: TextMeasuring

    init(window: Window, textMeasurer: TextMeasuring) {
        self.window = window
        self.textMeasurer = textMeasurer
    }

    var clipboard: Clipboard? { window?.application.selections.clipboard }
    var primarySelection: Clipboard? { window?.application.selections.primary }
    var popUpHost: PopUpHost? { window }
    var dragHost: DragHost? { window }

    func setCursor(_ cursor: Canopy.Cursor) { window?.showPointer(cursor) }

    func cancelTextComposition() {
        guard let window else { return }
        window.connection.inputMethod.cancelComposition(for: window.windowID)
    }
}
