/// A scene's tooltips: which view's ``View/toolTip`` the pointer rests on, the timer that waits
/// ``Tooltip/delay`` for it, and the ``Tooltip`` shown, as a passive presentation. The scene
/// tells it of hover changes, moves, input that ends a tooltip and views that go.
@MainActor final class TooltipController {
    unowned let scene: Scene
    /// The view whose tooltip is waiting or shown: the first view with one up the hovered chain.
    private weak var owner: View?
    /// Whether the owner's tooltip stays away (after a press or key) until the pointer leaves it.
    private var isSuppressed = false
    /// The wait for the pointer to rest, while one is pending.
    private var pending: ScheduledAction?
    /// The tooltip shown, while the layer holds it.
    private weak var shown: Presentation?
    /// Where the pointer was when the tooltip appeared.
    private var shownAt = Point.zero
    private var isUpdating = false

    init(scene: Scene) {
        self.scene = scene
    }

    /// Whether a tooltip is shown (not on its way out).
    var isShowing: Bool { shown?.isPresented == true }

    /// The pointer moved, or the view under it changed: over a new owner the wait starts afresh
    /// (and a shown tooltip goes); over the same one a move restarts the wait, since the pointer
    /// must rest.
    func update() {
        guard !isUpdating else { return }
        isUpdating = true
        defer { isUpdating = false }
        if Self.owner(from: scene.hoveredView) !== owner {
            hide()  // this may move the hover (a presentation left): read it after
            owner = Self.owner(from: scene.hoveredView)
            isSuppressed = false
        }
        cancelWait()
        guard owner != nil, !isSuppressed, !isShowing else { return }
        pending = scene.timers.schedule(after: Tooltip.delay) { [weak self] in
            self?.pending = nil
            self?.show()
        }
    }

    /// A press, key or wheel turn: the tooltip goes and stays away until the pointer leaves its
    /// view.
    func interrupt() {
        hide()
        cancelWait()
        if owner != nil { isSuppressed = true }
    }

    /// `view` is leaving the window or was hidden: a tooltip of it or inside it goes.
    func viewWillGo(_ view: View) {
        guard let owner, owner.isDescendant(of: view) else { return }
        hide()
        cancelWait()
        self.owner = nil
        isSuppressed = false
    }

    /// `view`'s tooltip text changed: a shown one shows the new text; otherwise the owner is
    /// found again when the pointer is over the view.
    func toolTipDidChange(of view: View) {
        guard let hovered = scene.hoveredView, hovered.isDescendant(of: view) else { return }
        if view === owner, isShowing, let text = view.toolTip, !text.isEmpty, let tooltip = shown?.view as? Tooltip {
            tooltip.text = text
            tooltip.frame = Tooltip.frame(
                size: tooltip.fittingSize(measurer: measurer, theme: scene.theme), pointer: shownAt,
                within: scene.popUpBounds)
            return
        }
        update()
    }

    private var measurer: TextMeasuring { scene.textMeasurer }

    /// The first view from `view` up with a tooltip to show.
    private static func owner(from view: View?) -> View? {
        var candidate = view
        while let current = candidate {
            if let text = current.toolTip, !text.isEmpty { return current }
            candidate = current.superview
        }
        return nil
    }

    /// The wait is over: shows the owner's tooltip if the pointer is still on it and it can
    /// show.
    private func show() {
        guard let owner, !isSuppressed, !isShowing, let text = owner.toolTip, !text.isEmpty, owner.scene === scene,
            !owner.isHiddenInTree, scene.hoveredView?.isDescendant(of: owner) == true,
            let pointer = scene.pointerLocation
        else { return }
        let tooltip = Tooltip(text: text)
        tooltip.frame = Tooltip.frame(
            size: tooltip.fittingSize(measurer: measurer, theme: scene.theme), pointer: pointer,
            within: scene.popUpBounds)
        shownAt = pointer
        shown = scene.present(
            tooltip, style: .passive(anchor: owner), transition: .fade(duration: Tooltip.fadeDuration))
    }

    private func hide() {
        guard let presentation = shown else { return }
        shown = nil
        presentation.dismiss()
    }

    private func cancelWait() {
        if let pending { scene.timers.cancel(pending) }
        pending = nil
    }
}
