/// The part of a ``Scene`` above its content: the presentations in z-order, and the rules of
/// ``Presentation`` (dismissal, one popover at a time, focus in and back, transitions).
@MainActor final class PresentationLayer {
    unowned let scene: Scene
    /// Every presentation on screen, bottom to top, including those on their way out.
    private(set) var entries: [Presentation] = []

    init(scene: Scene) {
        self.scene = scene
    }

    /// The presentations that are up (not on their way out), bottom to top.
    var presented: [Presentation] { entries.filter(\.isPresented) }

    /// The topmost modal presentation that is up: nothing beneath it takes input.
    var topModal: Presentation? { entries.last { $0.isPresented && $0.isModal } }

    // MARK: Presenting and dismissing

    func present(
        _ view: View, style: Presentation.Style, transition: Presentation.Transition,
        placement: (@MainActor (Size) -> Rect)?
    ) -> Presentation {
        if let other = view.scene, other !== scene { other.withdrawPresentation(of: view) }
        if let existing = entries.first(where: { $0.view === view }) {
            if existing.isPresented {
                if !existing.isModal { existing.anchor = style.anchor }  // a menu opened elsewhere
                return existing
            }
            if existing.isModal == style.isModal, existing.isPassive == style.isPassive {
                // Presented again on its way out: it turns back from where it is.
                if !style.isPassive { dismissPopovers(besides: style.anchor) }
                existing.anchor = style.anchor
                existing.transition = transition
                existing.placement = placement
                entries.removeAll { $0 === existing }
                entries.append(existing)
                existing.isPresented = true
                return bringIn(existing)
            }
            remove(existing)  // on its way out as the other kind: start afresh
        }
        view.removeFromSuperview()
        // Before the new one counts, so focus going back cannot touch it. A passive one (a
        // tooltip) floats beside what is open without replacing it; a popover opened from
        // inside another (a submenu) leaves that one open.
        if !style.isPassive { dismissPopovers(besides: style.anchor) }
        let presentation = Presentation(
            view: view, style: style, transition: transition, placement: placement, layer: self)
        let root = presentation.root
        entries.append(presentation)
        root.hostingScene = scene
        if presentation.isModal { root.frame = Rect(origin: .zero, size: scene.size) }
        root.didMoveToScene()
        transition.hidden(root)
        root.layoutIfNeeded()
        root.invalidateExtent()
        return bringIn(presentation)
    }

    /// The rules of a presentation coming up (other popovers having gone): its transition runs
    /// in, focus moves into it (after the model values are the shown ones, so it can be found).
    private func bringIn(_ presentation: Presentation) -> Presentation {
        presentation.focusToRestore = scene.focusedView.flatMap {
            $0.isDescendant(of: presentation.root) ? nil : $0
        }
        let transition = presentation.transition
        View.animate(duration: transition.duration, curve: transition.curve) {
            transition.shown(presentation.root)
        }
        if !presentation.isPassive { focusInto(presentation) }
        scene.presentationsDidChange()
        return presentation
    }

    /// Starts `presentation`'s way out, after the popovers opened from inside it; `reason` is
    /// `nil` when code asked, and otherwise is reported to its ``Presentation/onDismiss``.
    func dismiss(_ presentation: Presentation, reason: Presentation.DismissalReason?) {
        guard presentation.isPresented else { return }
        for inner in presented.reversed() where inner.anchor?.isDescendant(of: presentation.root) == true {
            dismiss(inner, reason: reason)
        }
        presentation.isPresented = false
        restoreFocus(from: presentation)
        let transition = presentation.transition
        View.animate(duration: transition.duration, curve: transition.curve) {
            transition.hidden(presentation.root)
        } completion: { [weak self, weak presentation] _ in
            // Gone unless presented again meanwhile, whether or not the way out ran to its end.
            guard let self, let presentation, !presentation.isPresented else { return }
            self.remove(presentation)
        }
        scene.presentationsDidChange()
        if let reason { presentation.onDismiss?(reason) }
    }

    /// Takes `presentation` out of the scene now.
    private func remove(_ presentation: Presentation) {
        guard let index = entries.firstIndex(where: { $0 === presentation }) else { return }
        let root = presentation.root
        root.invalidateExtent()
        scene.viewWillLeave(root)
        entries.remove(at: index)
        presentation.controller = nil
        if root.hostingScene === scene { root.hostingScene = nil }
        if presentation.isModal, presentation.view.superview === root { presentation.view.removeFromSuperview() }
        root.didMoveToScene()
        // Last, when the scene no longer holds it: the completions this runs may present it again.
        scene.animator.cancelAnimations(in: root)
        scene.animator.cancelAnimations(in: presentation.view)
        scene.presentationsDidChange()
    }

    /// Takes the presentation of `view` out at once, without a transition: the view is about to
    /// be presented in another scene.
    func withdraw(_ view: View) {
        guard let presentation = entries.first(where: { $0.view === view }) else { return }
        presentation.isPresented = false
        remove(presentation)
    }

    /// Dismisses the popovers anchored inside `view`, which is leaving the scene.
    func anchorWillLeave(_ view: View) {
        for presentation in presented {
            if let anchor = presentation.anchor, anchor.isDescendant(of: view) { dismiss(presentation, reason: nil) }
        }
    }

    /// One popover at a time: anything presented next replaces the popovers that are up, but
    /// for those that hold `anchor` (a submenu's menu and the menus that menu opens from).
    private func dismissPopovers(besides anchor: View?) {
        for presentation in presented where !presentation.isModal {
            if let anchor, holds(anchor, presentation) { continue }
            dismiss(presentation, reason: .replaced)
        }
    }

    // MARK: Input

    /// The deepest view under `location` (window coordinates) in the presentations, top down
    /// (passive ones take no input); a modal's backdrop when the point is beneath a modal; `nil`
    /// when it is for the content.
    func hitView(at location: Point) -> View? {
        for presentation in entries.reversed() where presentation.isPresented && !presentation.isPassive {
            let root = presentation.root
            if let hit = root.hitTest(root.convertFromWindow(location)) { return hit }
            if presentation.isModal { return root }
        }
        return nil
    }

    /// Dismisses what a mouse-down on `hit` dismisses: every popover it is outside of (and not
    /// on the anchor of), and a modal whose backdrop it landed on.
    func mouseWentDown(on hit: View?) {
        for presentation in presented.reversed() where presentation.dismissesOnOutsideClick {
            if presentation.isModal {
                if hit === presentation.root { dismiss(presentation, reason: .outsideClick) }
                break  // nothing beneath a modal is clicked
            }
            if !contains(hit, presentation) { dismiss(presentation, reason: .outsideClick) }
        }
    }

    /// Dismisses the topmost presentation, passing over passive ones, if Escape dismisses it;
    /// returns whether there was one.
    func dismissForEscape() -> Bool {
        guard let topmost = presented.last(where: { !$0.isPassive }), topmost.dismissesOnEscape else { return false }
        dismiss(topmost, reason: .escape)
        return true
    }

    /// Dismisses the popovers that focus moved out of (to a view neither in them nor on their
    /// anchor).
    func focusDidMove(to view: View?) {
        guard let view else { return }
        for presentation in presented where !presentation.isModal && !contains(view, presentation) {
            dismiss(presentation, reason: .focusMovedAway)
        }
    }

    /// The presentation `view` floats in, if it is in one that is up.
    func presentation(holding view: View) -> Presentation? {
        let root = view.rootView
        return presented.first { $0.root === root }
    }

    /// Whether `view` may take focus (or input): it is not beneath a modal, nor in a
    /// presentation on its way out.
    func isReachable(_ view: View) -> Bool {
        let root = view.rootView
        let modalIndex = entries.lastIndex { $0.isPresented && $0.isModal }
        if root === scene.rootView { return modalIndex == nil }
        guard let index = entries.firstIndex(where: { $0.root === root }), entries[index].isPresented else {
            return false
        }
        return modalIndex.map { index >= $0 } ?? true
    }

    /// The window changed size: modal backdrops follow it, popovers go away.
    func sceneDidResize(to size: Size) {
        for presentation in presented {
            if presentation.isModal {
                presentation.root.frame = Rect(origin: .zero, size: size)
            } else {
                dismiss(presentation, reason: .windowResized)
            }
        }
    }

    // MARK: Focus

    private func focusInto(_ presentation: Presentation) {
        if let first = FocusOrder(in: presentation.root).views.first {
            scene.setFocus(first)
        } else if presentation.isModal {
            scene.setFocus(nil)  // nothing beneath may keep the keyboard
        }
    }

    private func restoreFocus(from presentation: Presentation) {
        let focused = scene.focusedView
        if let focused, !focused.isDescendant(of: presentation.root) { return }
        if focused == nil, !presentation.isModal { return }
        // A popover gives focus back to the control that opened it; a modal to where focus was.
        let candidates = [presentation.anchor, presentation.focusToRestore].compactMap { $0 }
        let target = candidates.first {
            $0.scene === scene && $0.canBecomeFocused && !$0.isHiddenInTree && isReachable($0)
        }
        scene.setFocus(target)
    }

    /// Whether `view` is in `presentation`, in a popover opened from inside it, or on its anchor.
    private func contains(_ view: View?, _ presentation: Presentation) -> Bool {
        guard let view else { return false }
        return holds(view, presentation) || presentation.anchor.map { view.isDescendant(of: $0) } == true
    }

    /// Whether `view` is in `presentation` or in a popover opened from inside it (a submenu of
    /// a menu), at any depth.
    private func holds(_ view: View, _ presentation: Presentation) -> Bool {
        if view.isDescendant(of: presentation.root) { return true }
        return presented.contains { inner in
            inner !== presentation && !inner.isModal && inner.anchor?.isDescendant(of: presentation.root) == true
                && holds(view, inner)
        }
    }
}
