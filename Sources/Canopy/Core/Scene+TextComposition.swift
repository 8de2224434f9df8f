/// The input method's composition for the focused view: what the host reports, kept until the
/// input method commits or cancels, or focus moves on.
extension Scene {
    /// The input method's composition (pre-edit) for the focused view, or `nil` when it is
    /// composing nothing. The focused text input draws it inline at its caret.
    public var textComposition: TextComposition? { composition }

    /// The host reports the input method's composition: `nil` (or an empty one) when it ended,
    /// committed or not. The focused view hears ``View/textCompositionDidChange()``.
    public func handleTextComposition(_ composition: TextComposition?) {
        let composition = composition?.isEmpty == false ? composition : nil
        guard composition != self.composition else { return }
        self.composition = composition
        liveFocus()?.textCompositionDidChange()
    }

    /// Where the focused view has its text caret, in window coordinates (points), or `nil` when
    /// the focused view takes no typed text: where an input method places its pre-edit and its
    /// candidates (``View/textInputCaretRect``).
    public var textInputCaretRect: Rect? {
        guard let view = liveFocus(), let rect = view.textInputCaretRect else { return nil }
        return view.convertToWindow(rect, presented: false)
    }

    /// Focus moved: a composition for the view that had it is dropped, and the host asked to
    /// cancel it (``SceneHost/cancelTextComposition()``), so it does not reach the next view.
    func cancelTextComposition(leaving view: View?) {
        guard composition != nil else { return }
        composition = nil
        host?.cancelTextComposition()
        view?.textCompositionDidChange()
    }
}
