/// A view floating above a scene's content, shown by
/// ``Scene/present(_:style:transition:placement:)``: a drop-down list, a panel of tiles, a menu, a
/// modal dialog.
///
/// The scene's presentation layer owns what every pop-up needs, so widgets do not each write it
/// again:
/// - **Z-order**: presentations draw above the content, later ones above earlier ones.
/// - **Dismissal**: Escape dismisses the topmost one; a click outside a popover (but on its
///   anchor) dismisses it and goes on to what it landed on; a click on a modal's backdrop
///   dismisses the modal and reaches nothing else. Resizing the window dismisses popovers.
/// - **One at a time**: presenting anything dismisses the popovers already open.
/// - **Focus**: presenting moves focus to the first focusable view inside (a modal always takes
///   it); dismissing gives it back to where it was. Tab inside a modal stays inside; Tab in a
///   popover dismisses it and moves on from its anchor.
/// - **Animation**: the ``Transition`` runs on the way in and, reversed, on the way out; the view
///   leaves the scene when the way out ends, unless it was presented again meanwhile.
@MainActor public final class Presentation {
    /// How a presentation relates to the content beneath it.
    public enum Style {
        /// Floats beside `anchor` (the control that opened it); clicks elsewhere dismiss it and
        /// still reach the content; clicks on the anchor are left to the anchor.
        case popover(anchor: View?)
        /// Covers the window with a backdrop of the theme's modal colour (or `backdrop`): nothing
        /// beneath takes input while it is up.
        case modal(backdrop: Color? = nil)
    }

    /// Why the user, or the layer for the user, dismissed a presentation.
    public enum DismissalReason: Hashable, Sendable {
        /// Escape was pressed.
        case escape
        /// A click landed outside a popover, or on a modal's backdrop.
        case outsideClick
        /// Focus moved out of a popover (Tab, or a click that focused something else).
        case focusMovedAway
        /// Another presentation took its place.
        case replaced
        /// The window changed size under a popover.
        case windowResized
    }

    /// How a presentation appears and goes away.
    public struct Transition {
        /// How long each way takes, in seconds; zero shows and hides at once.
        public var duration: Double
        /// How progress follows time.
        public var curve: TimingCurve
        /// Gives the presented root its look before it appears and after it has gone (for a fade,
        /// alpha 0).
        public var hidden: @MainActor (View) -> Void
        /// Gives the presented root its look while presented (for a fade, alpha 1).
        public var shown: @MainActor (View) -> Void

        /// Creates a transition.
        public init(
            duration: Double, curve: TimingCurve = .easeInOut, hidden: @escaping @MainActor (View) -> Void,
            shown: @escaping @MainActor (View) -> Void
        ) {
            self.duration = duration
            self.curve = curve
            self.hidden = hidden
            self.shown = shown
        }

        /// Fades the whole presentation (backdrop included) in and out.
        public static func fade(duration: Double = 0.25) -> Transition {
            Transition(duration: duration, hidden: { $0.alpha = 0 }, shown: { $0.alpha = 1 })
        }

        /// Appears and goes at once.
        public static var none: Transition { Transition(duration: 0, hidden: { _ in }, shown: { _ in }) }
    }

    /// The view that floats.
    public let view: View
    /// How it relates to the content.
    public let style: Style
    /// How it appears and goes.
    public let transition: Transition
    /// Whether Escape dismisses it (true by default).
    public var dismissesOnEscape = true
    /// Whether a click outside a popover, or on a modal's backdrop, dismisses it (true by default).
    public var dismissesOnOutsideClick = true
    /// For a modal: where the view sits in a window of the given size; asked when it appears and
    /// whenever the window is resized. Without it the view keeps its frame (and autoresizing).
    public var placement: (@MainActor (Size) -> Rect)? {
        didSet { root.setNeedsLayout() }
    }
    /// Called when the user (or the layer on the user's behalf) dismissed it; not called for
    /// ``dismiss()`` from code.
    public var onDismiss: ((DismissalReason) -> Void)?

    /// Whether it is presented: false from the moment its dismissal starts.
    public private(set) var isPresented = true

    /// What the scene draws and hit-tests: the view for a popover, a backdrop around it for a
    /// modal.
    let root: View
    weak var layer: PresentationLayer?
    /// Where focus goes back to when it is dismissed.
    weak var focusToRestore: View?

    init(
        view: View, style: Style, transition: Transition, placement: (@MainActor (Size) -> Rect)?,
        layer: PresentationLayer
    ) {
        self.view = view
        self.style = style
        self.transition = transition
        self.placement = placement
        self.layer = layer
        guard case let .modal(backdrop) = style else {
            root = view
            return
        }
        let modalBackdrop = ModalBackdrop(color: backdrop ?? layer.scene.theme.modalBackdrop)
        modalBackdrop.addSubview(view)
        root = modalBackdrop
        modalBackdrop.presentation = self
    }

    /// Whether it covers everything beneath it.
    public var isModal: Bool {
        if case .modal = style { return true } else { return false }
    }

    /// The control that opened a popover, if any.
    public var anchor: View? {
        if case let .popover(anchor) = style { return anchor } else { return nil }
    }

    /// Dismisses it from code: the way-out transition runs, focus goes back, and
    /// ``onDismiss`` is not called.
    public func dismiss() {
        layer?.dismiss(self, reason: nil)
    }

    /// Marks it presented again (when its view is presented anew before its way out ended).
    func markPresented(_ presented: Bool) {
        isPresented = presented
    }

    /// Where the view goes for a window of `size`, if it has a placement.
    func place(in size: Size) {
        if let placement { view.frame = placement(size) }
    }
}

/// The full-window view under a modal presentation: it draws the backdrop, and a click that
/// lands on it (not on the presented view) is a click on the backdrop.
@MainActor final class ModalBackdrop: View {
    weak var presentation: Presentation?

    init(color: Color) {
        super.init(frame: .zero)
        backgroundColor = color
    }

    /// Places the presented view for the window's size.
    override func layoutSubviews() {
        presentation?.place(in: bounds.size)
    }
}
