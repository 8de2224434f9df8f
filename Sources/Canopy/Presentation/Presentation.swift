/// A view floating above a scene's content, shown by
/// ``Scene/present(_:style:transition:placement:)``: a drop-down list, a panel of tiles, a menu, a
/// modal dialog.
///
/// The scene's presentation layer owns what every pop-up needs, so widgets do not each write it
/// again:
/// - **Z-order**: presentations draw above the content, later ones above earlier ones.
/// - **Dismissal**: Escape dismisses the topmost one; a click outside a popover (and not on its
///   anchor) dismisses it and goes on to what it landed on; a click on a modal's backdrop
///   dismisses the modal and reaches nothing else. Resizing the window, or the anchor leaving
///   it, dismisses a popover; dismissing a presentation dismisses the popovers opened from
///   inside it.
/// - **One at a time**: presenting anything dismisses the popovers already open (and any passive
///   presentation); a passive presentation (a tooltip) leaves them open, and a popover anchored
///   inside one of them (a submenu beside its menu) leaves open the ones it opens from. A click
///   or the focus in such a popover counts as inside those too.
/// - **Focus**: presenting moves focus to the first focusable view inside (a modal always takes
///   it); dismissing gives it back to where it was. Tab inside a modal stays inside; Tab in a
///   popover dismisses it and moves on from its anchor. While a modal is up the keyboard is its
///   own: keyboard shortcuts wait.
/// - **Presses**: a press held on something a new modal covers, or in a presentation being
///   dismissed, is cancelled rather than released onto it.
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
        /// Floats beside `anchor` without taking part in input, as a tooltip: it is never
        /// hit-tested (clicks reach what is beneath), takes no focus, leaves the popovers that
        /// are up open, and Escape passes over it. Presenting anything else, a resize or the
        /// anchor leaving the window dismiss it, as they do a popover; whoever presented it
        /// dismisses it on the input that should end it.
        case passive(anchor: View?)

        var isModal: Bool {
            if case .modal = self { return true } else { return false }
        }

        var isPassive: Bool {
            if case .passive = self { return true } else { return false }
        }

        var anchor: View? {
            switch self {
            case let .popover(anchor), let .passive(anchor): return anchor
            case .modal: return nil
            }
        }
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

    /// What a floating view is, for a host that shows it in a window of its own (X11 types that
    /// window with it, so window managers and compositors treat it as they should).
    public enum Role: Sendable {
        /// A menu opened at the pointer (a context menu).
        case popUpMenu
        /// A menu or panel dropped from a control.
        case dropDownMenu
        /// The list of a drop-down's choices.
        case comboBoxList
        /// A tooltip.
        case tooltip
        /// A dialog covering the window.
        case dialog
    }

    /// The view that floats.
    public let view: View
    /// What it is: a popover is a drop-down menu unless its presenter says otherwise, a passive
    /// presentation a tooltip, a modal a dialog.
    public var role: Role
    /// Where the host shows it in a surface of its own, in window coordinates (whole points),
    /// or `nil` while it is drawn inside the window. A popover or tooltip that reaches past the
    /// window gets one when the host lets pop-ups leave it (``SceneHost/popUpHost``).
    public internal(set) var surfaceArea: Rect?
    /// Damage inside ``surfaceArea`` waiting for the host's next frame.
    var surfaceDamage = DamageRegion()
    /// Whether it covers everything beneath it.
    public let isModal: Bool
    /// Whether it takes no part in input (``Style/passive(anchor:)``).
    public let isPassive: Bool
    /// The control that opened a popover, if any (held weakly); presenting the view again beside
    /// another anchor moves it there.
    public internal(set) weak var anchor: View?
    /// How it appears and goes (the latest given, when it was presented again on its way out).
    public internal(set) var transition: Transition
    /// Whether Escape dismisses it (true by default).
    public var dismissesOnEscape = true
    /// Whether a click outside a popover, or on a modal's backdrop, dismisses it (true by default).
    public var dismissesOnOutsideClick = true
    /// For a modal: the name screen readers hear for the dialog its backdrop stands for (what it
    /// asks, as a dialog window's title), empty by default. A view that is a dialog or an alert
    /// itself is named by its own node instead.
    public var accessibilityTitle = ""
    /// For a modal: where the view sits in a window of the given size; asked when it appears and
    /// whenever the window is resized. Without it the view keeps its size and is centred.
    public var placement: (@MainActor (Size) -> Rect)? {
        didSet { root.setNeedsLayout() }
    }
    /// Called when the user (or the layer on the user's behalf) dismissed it; not called for
    /// ``dismiss()`` from code.
    public var onDismiss: ((DismissalReason) -> Void)?
    /// An object kept alive while the presentation is in the scene: the plain class that built
    /// the view and answers its callbacks (as a view controller would), which nothing else holds
    /// once the code that presented it has returned. Released when the presentation leaves the
    /// scene, at the end of its way out.
    public var controller: AnyObject?

    /// Whether it is presented: false from the moment its dismissal starts.
    public internal(set) var isPresented = true

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
        self.transition = transition
        self.placement = placement
        self.layer = layer
        switch style {
        case let .popover(anchor):
            isModal = false
            isPassive = false
            self.anchor = anchor
            root = view
            role = .dropDownMenu
        case let .passive(anchor):
            isModal = false
            isPassive = true
            self.anchor = anchor
            root = view
            role = .tooltip
        case let .modal(backdrop):
            role = .dialog
            isModal = true
            isPassive = false
            let modalBackdrop = ModalBackdrop(color: backdrop)
            modalBackdrop.addSubview(view)
            root = modalBackdrop
            modalBackdrop.presentation = self
        }
    }

    /// Dismisses it from code: the way-out transition runs, focus goes back, and
    /// ``onDismiss`` is not called.
    public func dismiss() {
        layer?.dismiss(self, reason: nil)
    }

    /// Places the view for a window of `size`: where ``placement`` says, else centred.
    func place(in size: Size) {
        if let placement {
            view.frame = placement(size)
        } else {
            let own = view.frame.size
            view.frame = Rect(
                x: ((size.width - own.width) / 2).rounded(), y: ((size.height - own.height) / 2).rounded(),
                width: own.width, height: own.height)
        }
    }
}

/// The full-window view under a modal presentation: it draws the backdrop (its own colour, or
/// the theme's), and a click that lands on it (not on the presented view) is a click on the
/// backdrop.
@MainActor final class ModalBackdrop: View {
    weak var presentation: Presentation?
    private let color: Color?

    init(color: Color?) {
        self.color = color
        super.init(frame: .zero)
    }

    /// Whether the presented view is an alert or a dialog itself, which then stands for the
    /// modal in the accessibility tree (modal, and dismissed as the backdrop would be): the
    /// backdrop stays out, so that a screen reader meets one dialog, not an unnamed one around
    /// the alert (Orca read the alert's message for each).
    var yieldsToPresentedDialog: Bool {
        guard let view = presentation?.view else { return false }
        let role = view.accessibilityRole ?? view.makeAccessibilityNode()?.role
        return role == .alert || role == .dialog
    }

    /// What the modal can be asked to do: dismissing it is Escape, where Escape dismisses it.
    var modalActions: [AccessibilityAction] {
        presentation?.dismissesOnEscape == true ? [.dismiss] : []
    }

    /// A modal dialog holding the presented view, named by the presentation's
    /// ``Presentation/accessibilityTitle``, unless that view is a dialog of its own
    /// (``yieldsToPresentedDialog``).
    override func makeAccessibilityNode() -> AccessibilityNode? {
        guard !yieldsToPresentedDialog else { return nil }
        return AccessibilityNode(
            role: .dialog, name: presentation?.accessibilityTitle ?? "", states: [.enabled, .modal],
            actions: modalActions)
    }

    /// ``AccessibilityAction/dismiss`` dismisses the modal as Escape would (its
    /// ``Presentation/onDismiss`` hears ``Presentation/DismissalReason/escape``).
    override func performAccessibilityAction(_ action: AccessibilityAction) -> Bool {
        guard action == .dismiss, let presentation, presentation.isPresented, presentation.dismissesOnEscape else {
            return super.performAccessibilityAction(action)
        }
        presentation.layer?.dismiss(presentation, reason: .escape)
        return true
    }

    /// Dims what is beneath.
    override func draw(in context: GraphicsContext, bounds: Rect) {
        context.fill(bounds, color: color ?? theme.modalBackdrop)
    }

    /// Places the presented view for the window's size.
    override func layoutSubviews() {
        presentation?.place(in: bounds.size)
    }
}
