/// A button that opens a pop-up beside itself: below it, or above it when there is more room
/// there, growing out of the button's edge (and shifted left where it would pass the right
/// edge). The room is the window's, or the screen's where the host lets pop-ups leave the
/// window (``Scene/popUpBounds``).
///
/// The pop-up floats in the scene's presentation layer as a popover anchored to the button, so
/// a click outside it, Escape or Tab closes it, and opening it closes any other pop-up (see
/// ``Presentation``); so does the button leaving its window. Clicking the button (or Space and
/// Enter on it) opens and closes it, from wherever its animation is. ``DropDown`` (a list) and ``TileSelector`` (a panel of tiles) are
/// pop-up buttons; a subclass puts its content in ``popup`` and lays it out in
/// ``layoutPopupContent(for:)``.
open class PopUpButton: Button {
    /// The view that floats while open.
    public let popup: View
    /// How long opening and closing take, in seconds.
    public var revealDuration = 0.2
    /// Where the pop-up sits relative to the button: `x` from the button's left edge, `y` the gap
    /// between the button's edge and the pop-up.
    public var popupOffset = Point(x: 0, y: 4)
    /// Called after the user closed the pop-up without a choice (Escape, a click outside, Tab).
    public var onDismiss: ((Presentation.DismissalReason) -> Void)?
    /// Whether the theme's drop-down arrow at the button's right edge says that it opens
    /// something, with room kept for it beside the title. ``DropDown`` and ``MenuButton`` show
    /// it unless told otherwise.
    public var showsIndicator = false {
        didSet {
            guard showsIndicator != oldValue else { return }
            contentInsets.right = showsIndicator ? Self.indicatorWidth : contentInsets.left
        }
    }
    /// The room the drop-down arrow takes at the right edge, in points.
    private static let indicatorWidth = 26.0

    /// The pop-up's presentation while the scene holds it.
    private weak var presentation: Presentation?

    /// Creates a button that opens `popup`.
    public init(popup: View, title: String = "", image: Image? = nil, font: Font? = nil, frame: Rect = .zero) {
        self.popup = popup
        super.init(title: title, image: image, font: font, frame: frame)
    }

    /// Whether the pop-up is open or opening.
    public var isOpen: Bool { presentation?.isPresented == true }

    /// The size the open pop-up would like to be; the window may give it less height. The
    /// default is the button's width by 200 points.
    open var preferredPopupSize: Size { Size(width: bounds.width, height: 200) }

    /// What the pop-up is, for a host that shows it in a window of its own (a list of choices
    /// by default).
    open var popupRole: Presentation.Role { .comboBoxList }

    /// Lays the pop-up's content out for a pop-up of `size`. It is called inside the opening and
    /// closing animations, so content sized here moves with the pop-up; the default does nothing.
    open func layoutPopupContent(for size: Size) {}

    /// Called as the pop-up is about to open, before it is placed; the default does nothing.
    open func popupWillOpen() {}

    /// Called as the pop-up opens, once its content has its open size; a subclass readies the
    /// content here (a drop-down shows its current item). The default does nothing.
    open func popupDidOpen() {}

    /// Opens or closes the pop-up.
    open override func sendPrimaryAction() { toggle() }

    /// Draws the button and, if ``showsIndicator``, the theme's drop-down arrow.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        super.draw(in: context, bounds: bounds)
        guard showsIndicator else { return }
        theme.drawDropDownArrow(
            centeredAt: Point(x: bounds.maxX - 14, y: bounds.midY), isEnabled: isEnabled, in: context)
    }

    /// A button that opens a pop-up: expandable, expanded while open; a click toggles it, and
    /// the second action opens it (while closed) or closes it (while open).
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var node = super.makeAccessibilityNode() ?? AccessibilityNode(role: .pushButton, name: title)
        node.states.formUnion([.expandable, .hasPopup])
        if isOpen { node.states.insert(.expanded) }
        node.actions = [.click, isOpen ? .collapse : .expand]
        return node
    }

    /// ``AccessibilityAction/expand`` opens the pop-up, ``AccessibilityAction/collapse`` closes
    /// it (as a click on the button would); other actions as for any control.
    open override func performAccessibilityAction(_ action: AccessibilityAction) -> Bool {
        switch action {
        case .expand where isEnabled:
            open()
            return isOpen
        case .collapse where isEnabled:
            close()
            return !isOpen
        default:
            return super.performAccessibilityAction(action)
        }
    }

    /// Opens the pop-up if it is closed (or closing), otherwise closes it.
    public func toggle() {
        if isOpen { close() } else { open() }
    }

    /// Opens the pop-up, animated; it takes the keyboard if it has a view that takes focus.
    public func open() {
        guard !isOpen, let scene else { return }
        popupWillOpen()
        let presentation = scene.present(
            popup, style: .popover(anchor: self),
            transition: Presentation.Transition(
                duration: revealDuration,
                hidden: { [weak self] _ in self?.showPopup(open: false) },
                shown: { [weak self] _ in self?.showPopup(open: true) }))
        presentation.onDismiss = { [weak self] reason in self?.onDismiss?(reason) }
        presentation.role = popupRole
        self.presentation = presentation
        popupDidOpen()
    }

    /// Closes the pop-up, animated, without calling ``onDismiss``.
    public func close() {
        presentation?.dismiss()
    }

    private func showPopup(open: Bool) {
        guard let scene else { return }
        let placement = placement(in: scene.popUpBounds)
        let frame = open ? placement.open : placement.closed
        popup.frame = frame
        layoutPopupContent(for: frame.size)
    }

    /// Where the pop-up sits closed (a line along the button's edge) and open, in window
    /// coordinates: a ``PopUpPlacement`` below the button, or above it when only there it fits
    /// or it has more room there, cut to the room it has; shifted left as far as it must to stay
    /// inside `area` (the window, or the part of the screen pop-ups may cover when the host lets
    /// them leave the window).
    private func placement(in area: Rect) -> (closed: Rect, open: Rect) {
        let placement = PopUpPlacement(
            anchor: convert(bounds, to: nil).offsetBy(dx: popupOffset.x, dy: 0), gap: popupOffset.y,
            flips: .vertical, slides: .horizontal)
        let (open, edge) = placement.place(preferredPopupSize, in: area)
        let closed = Rect(x: open.minX, y: edge == .top ? open.maxY : open.minY, width: open.width, height: 0)
        return (closed, open)
    }
}
