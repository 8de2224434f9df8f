/// A message the user answers with one of its buttons, as `GtkAlertDialog`, `tk_messageBox`
/// or `UIAlertController`: a bold title, a message wrapped at ``preferredWidth`` (not at the
/// window's width), an optional ``accessory`` (a text field, a "Don't ask again" check box) and
/// a row of buttons at the trailing edge, sized to its content.
///
/// Each button has a ``ButtonRole``: the default one is drawn prominent and pressed by Enter
/// (also from a text field that does not use Enter itself), the cancel one is pressed by Escape,
/// a destructive one is drawn in the theme's destructive colour. Pressing any button answers the
/// alert: it goes away and ``onResponse`` hears which (the accessory can still be read then).
/// An alert without a cancel button is only answered by its buttons: Escape does nothing.
///
/// ``present(in:)`` shows it as a modal over the dimmed window; CanopyX11's
/// `Window.presentDialog(_:title:)` shows it in a dialog window of its own. Either way focus
/// starts on a text field accessory, else on the safe button (``initialFocus``). Assistive
/// technology reads it as an alert named by its title, with the message as its description.
@MainActor public final class Alert: View {
    /// A button the alert is made with: its title and role.
    public struct Choice: Hashable, Sendable {
        /// The button's title.
        public var title: String
        /// What the button is to the alert.
        public var role: ButtonRole

        /// Creates a choice.
        public init(_ title: String, role: ButtonRole = .normal) {
            self.title = title
            self.role = role
        }
    }

    /// The title, in bold.
    public let titleLabel: Label
    /// The message, wrapped.
    public let messageLabel: Label
    /// The buttons, in the order given, laid out from the leading to the trailing edge.
    public let buttons: [Button]
    /// A view between the message and the buttons (a text field, a check box), or `nil`.
    public var accessory: View? {
        didSet {
            guard accessory !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let accessory { addSubview(accessory) }
            setNeedsLayout()
        }
    }
    /// Called with the index in ``buttons`` of the button that answered the alert, after the
    /// alert went away.
    public var onResponse: ((Int) -> Void)?
    /// For a host that shows the alert in a window of its own: closes that window once the alert
    /// is answered (CanopyX11's `Window.presentDialog(_:title:)` sets it).
    public var closeWindow: (() -> Void)?
    /// The width the alert takes when its message is long; short ones make it narrower.
    public var preferredWidth = 420.0 {
        didSet { if preferredWidth != oldValue { setNeedsLayout() } }
    }
    /// The narrowest the alert gets (less only when the window is narrower).
    public var minimumWidth = 300.0 {
        didSet { if minimumWidth != oldValue { setNeedsLayout() } }
    }
    /// The space around the content and between the window's edges and a presented alert.
    public var padding = 20.0 {
        didSet { if padding != oldValue { setNeedsLayout() } }
    }

    /// Creates an alert; without buttons it has an OK button of the default role.
    public init(title: String, message: String = "", buttons: [Choice] = [Choice("OK", role: .default)]) {
        let font = Theme.standard.font
        titleLabel = Label(text: title, font: Font(size: font.size, weight: .bold), numberOfLines: 0)
        messageLabel = Label(text: message, numberOfLines: 0)
        let choices = buttons.isEmpty ? [Choice("OK", role: .default)] : buttons
        self.buttons = choices.map { choice in
            let button = Button(title: choice.title)
            button.role = choice.role
            return button
        }
        super.init(frame: .zero)
        cornerRadius = Theme.standard.popupCornerRadius
        for view in [titleLabel, messageLabel] as [View] + self.buttons { addSubview(view) }
        for (index, button) in self.buttons.enumerated() {
            button.onPrimaryAction = { [weak self] in self?.respond(index) }
        }
    }

    /// Whether the alert is presented in a window (or appearing).
    public var isPresented: Bool { presentation?.isPresented == true }

    /// Presents the alert as a modal over `scene`'s dimmed window, centred at the size that fits
    /// it; focus moves to ``initialFocus``. The scene keeps the alert alive while it is up.
    public func present(in scene: Scene) {
        guard !isPresented else { return }
        themeShadow = \.popupShadow
        edgeLikeAPopUp()
        let presentation = scene.present(
            self, style: .modal(), transition: .fade(duration: 0.15),
            placement: { [unowned self] size in self.frame(centredIn: size) })
        presentation.dismissesOnEscape = false  // Escape presses the cancel button, if any
        presentation.dismissesOnOutsideClick = false
        self.presentation = presentation
        initialFocus?.becomeFocused()
    }

    /// Where focus starts: a text field accessory; else the safe button, the cancel one when
    /// the alert has a destructive button, else the default one, else the last.
    public var initialFocus: View? {
        if let field = accessory as? TextField, field.canBecomeFocused { return field }
        let roles = buttons.map(\.role)
        let safe: ButtonRole = roles.contains(.destructive) ? .cancel : .default
        return buttons.first { $0.role == safe } ?? buttons.last { $0.role != .destructive } ?? buttons.last
    }

    // MARK: Size and layout

    /// The size that fits the content when the alert may take `size` at most: as wide as its
    /// title or message on one line (between ``minimumWidth`` and ``preferredWidth``) or its
    /// buttons, whichever is wider, and as tall as the wrapped text, accessory and buttons.
    public override func sizeThatFits(_ size: Size) -> Size {
        let width = fittingWidth(within: size.width)
        let height = layout(width: width).last.map { $0.1.maxY + padding } ?? 0
        return Size(width: width, height: min(size.height, height.rounded(.up)))
    }

    /// Places the title, message, accessory and buttons for the alert's width.
    public override func layoutSubviews() {
        for (view, frame) in layout(width: bounds.width) { view.frame = frame }
    }

    private func fittingWidth(within available: Double) -> Double {
        let unbounded = Size(width: .infinity, height: .infinity)
        let text = max(titleLabel.sizeThatFits(unbounded).width, messageLabel.sizeThatFits(unbounded).width)
        let buttonsWidth = buttonSizes().reduce(0) { $0 + $1.width } + Double(buttons.count - 1) * Self.buttonSpacing
        let width = max(min(max(text + 2 * padding, minimumWidth), preferredWidth), buttonsWidth + 2 * padding)
        return max(0, min(width.rounded(.up), available))
    }

    /// Each view and its frame for a width, top to bottom (the buttons last).
    private func layout(width: Double) -> [(View, Rect)] {
        let content = max(0, width - 2 * padding)
        var frames: [(View, Rect)] = []
        var y = padding
        func stack(_ view: View, gap: Double) {
            let height = view.sizeThatFits(Size(width: content, height: .infinity)).height
            frames.append((view, Rect(x: padding, y: y, width: content, height: height)))
            y += height + gap
        }
        stack(titleLabel, gap: 8)
        if !messageLabel.text.isEmpty { stack(messageLabel, gap: 0) }
        if let accessory {
            y += 14
            stack(accessory, gap: 0)
        }
        y += 20
        let sizes = buttonSizes()
        var x = width - padding - (sizes.reduce(0) { $0 + $1.width } + Double(sizes.count - 1) * Self.buttonSpacing)
        let rightToLeft = layoutDirection == .rightToLeft
        for (button, size) in zip(buttons, sizes) {
            let frame = Rect(x: rightToLeft ? width - x - size.width : x, y: y, width: size.width, height: size.height)
            frames.append((button, frame))
            x += size.width + Self.buttonSpacing
        }
        return frames
    }

    private func buttonSizes() -> [Size] {
        buttons.map { button in
            let size = button.sizeThatFits(Size(width: .infinity, height: .infinity))
            return Size(width: max(size.width, Self.minimumButtonWidth), height: size.height)
        }
    }

    private static let buttonSpacing = 8.0
    private static let minimumButtonWidth = 80.0

    private func frame(centredIn size: Size) -> Rect {
        let fitting = sizeThatFits(
            Size(width: max(0, size.width - 2 * padding), height: max(0, size.height - 2 * padding)))
        return Rect(
            x: ((size.width - fitting.width) / 2).rounded(), y: ((size.height - fitting.height) / 2).rounded(),
            width: fitting.width, height: fitting.height)
    }

    // MARK: Answering

    /// The alert's presentation while a scene holds it.
    private weak var presentation: Presentation?

    private func respond(_ index: Int) {
        presentation?.dismiss()
        presentation = nil
        closeWindow?()
        onResponse?(index)
    }

    /// Escape without a cancel button is the alert's: only a button answers it.
    public override func keyDown(_ event: KeyEvent) -> Bool {
        event.key == .escape && event.modifiers.isEmpty && !buttons.contains { $0.role == .cancel }
    }

    // MARK: Drawing and accessibility

    /// The panel: the theme's content background in rounded corners.
    public override func draw(in context: GraphicsContext, bounds: Rect) {
        context.fillRoundedRect(bounds, cornerRadius: cornerRadius, color: theme.contentBackground)
    }

    /// An alert named by its title, described by its message.
    public override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .alert, name: titleLabel.text, description: messageLabel.text)
    }
}
