/// Presents a panel modally over a window's content: a backdrop covers the whole window (black
/// at 30 % by default, blended over what is beneath), takes every click meant for the content,
/// and keeps the keyboard inside the overlay while it is up.
///
/// It fades in and out. It is dismissed by ``dismiss()``, by Escape, or by a click on the
/// backdrop outside the panel; a click on the panel is never taken by the backdrop, because
/// the backdrop only acts on clicks that hit-test to itself. Focus moves into the panel when it
/// appears and back to where it was when it goes.
open class Overlay: View {
    /// The panel shown over the backdrop; put the overlay's content in it.
    public let panel: View
    /// Called after a dismissal by the user (Escape or the backdrop), not by code.
    public var onDismissByUser: (() -> Void)?
    /// Whether a click on the backdrop dismisses the overlay.
    public var dismissesOnBackdropClick = true
    /// How long the fade takes, in seconds.
    public var fadeDuration = 0.25

    /// Whether the overlay is presented (or appearing).
    public private(set) var isPresented = false
    private weak var focusBeforePresenting: View?

    /// Creates an overlay around `panel` with the standard dimmed backdrop.
    public init(panel: View, backdrop: Color = Color(white: 0, alpha: 0.3)) {
        self.panel = panel
        super.init(frame: .zero)
        backgroundColor = backdrop
        autoresizingMask = .flexibleSize
        addSubview(panel)
    }

    /// Whether the overlay takes focus: always.
    open override var canBecomeFocused: Bool { true }
    /// Whether Tab stays inside the overlay: always.
    open override var containsFocusTraversal: Bool { true }

    /// Covers `root` (normally a window's root view) and fades in.
    public func present(in root: View) {
        guard !isPresented else { return }
        isPresented = true
        focusBeforePresenting = root.scene?.focusedView
        if superview !== root {
            alpha = 0
            root.addSubview(self)
        } else {
            root.bringSubviewToFront(self)
        }
        frame = root.bounds
        View.animate(duration: fadeDuration) { self.alpha = 1 }
        focusFirstResponder()
    }

    /// Fades out and removes the overlay, giving focus back.
    public func dismiss() {
        guard isPresented else { return }
        isPresented = false
        let previous = focusBeforePresenting
        if let scene, let focused = scene.focusedView, focused.isDescendant(of: self) {
            if let previous, previous.scene === scene { previous.becomeFocused() } else { focused.resignFocus() }
        }
        View.animate(duration: fadeDuration) {
            self.alpha = 0
        } completion: { [weak self] finished in
            guard let self, finished, !self.isPresented else { return }
            self.removeFromSuperview()
        }
    }

    /// Dismisses as the user asked, telling ``onDismissByUser``.
    public func dismissByUser() {
        guard isPresented else { return }
        dismiss()
        onDismissByUser?()
    }

    /// Dismisses the overlay on a click on the backdrop, if ``dismissesOnBackdropClick``.
    open override func mouseDown(_ event: MouseEvent) {
        // Only a click that lands on the backdrop itself counts; one that reached here up the
        // responder chain from the panel does not.
        guard dismissesOnBackdropClick, hitTest(event.location(in: self)) === self else { return }
        dismissByUser()
    }

    /// Dismisses the overlay on Escape; no key reaches the content beneath.
    open override func keyDown(_ event: KeyEvent) {
        if event.key == .escape { dismissByUser() }  // keys never leak to the content beneath
    }

    /// Ignores the wheel, so the content beneath does not scroll.
    open override func scrollWheel(_ event: ScrollEvent) {}  // nor does the wheel

    private func focusFirstResponder() {
        var target: View?
        panel.forEachInSubtree { view in
            if target == nil, view.canBecomeFocused, !view.isHiddenInTree { target = view }
        }
        (target ?? self).becomeFocused()
    }
}
