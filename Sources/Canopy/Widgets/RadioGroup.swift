/// A vertical group of options of which exactly one is chosen, as desktop radio buttons are.
///
/// A ``Control`` holding a ``RadioButton`` for each option. The group, not its buttons, takes
/// focus, so it is one Tab stop; while it has focus, Up and Left choose the option before,
/// Down and Right the one after (wrapping around), Home and End the first and the last, and a
/// ring shows around the chosen option. A click on an option chooses it and gives the group
/// focus. Every choice the user makes is reported through ``onValueChanged``; setting
/// ``selectedIndex`` or ``options`` from code calls nothing.
open class RadioGroup: Control {
    /// The options' titles, top to bottom. Setting them makes new buttons and keeps
    /// ``selectedIndex`` in range.
    public var options: [String] {
        didSet {
            guard options != oldValue else { return }
            makeButtons()
        }
    }
    /// The chosen option's index, kept in `0..<options.count` (0 while there are no options).
    public var selectedIndex: Int {
        didSet {
            let clamped = selectedIndex.clampedIndex(count: options.count) ?? 0
            if clamped != selectedIndex { selectedIndex = clamped }
            if selectedIndex != oldValue { updateSelection() }
        }
    }
    /// The titles' font; `nil` uses the theme's.
    public var font: Font? {
        didSet {
            guard font != oldValue else { return }
            for button in buttons { button.font = font }
            setNeedsLayout()
        }
    }
    /// The space between one option and the next, in points.
    public var spacing = 4.0 {
        didSet { if spacing != oldValue { setNeedsLayout() } }
    }
    /// Called with the option's index when the user chooses another option.
    public var onValueChanged: ((Int) -> Void)?

    /// The options' buttons, top to bottom.
    public private(set) var buttons: [RadioButton] = []

    /// Creates a group of `options` with the one at `selectedIndex` chosen.
    public init(options: [String] = [], selectedIndex: Int = 0, frame: Rect = .zero) {
        self.options = options
        self.selectedIndex = selectedIndex.clampedIndex(count: options.count) ?? 0
        super.init(frame: frame)
        makeButtons()
    }

    private func makeButtons() {
        for button in buttons { button.removeFromSuperview() }
        buttons = options.enumerated().map { index, title in
            let button = RadioButton(title: title, index: index, group: self)
            button.font = font
            button.isEnabled = isEnabled
            addSubview(button)
            return button
        }
        selectedIndex = selectedIndex.clampedIndex(count: options.count) ?? 0
        updateSelection()
        setNeedsLayout()
    }

    private func updateSelection() {
        for button in buttons { button.isSelected = button.index == selectedIndex }
    }

    /// Chooses `index` as the user asked, reporting it when it is a different option.
    func userSelect(_ index: Int) {
        guard !options.isEmpty else { return }
        let before = selectedIndex
        selectedIndex = index
        if selectedIndex != before { onValueChanged?(selectedIndex) }
    }

    /// Turns every option on or off with the group.
    open override var isEnabled: Bool {
        didSet { for button in buttons { button.isEnabled = isEnabled } }
    }

    /// A group of radio buttons, one Tab stop, whose options are selected as the arrows choose
    /// them.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .group, states: accessibilityEnabledState)
    }

    /// The chosen option's button: screen readers hear the option the keyboard is on when the
    /// group takes the focus and as the arrows choose, as in GTK.
    open override var accessibilityFocusTarget: View {
        buttons.indices.contains(selectedIndex) ? buttons[selectedIndex] : self
    }

    // MARK: Layout

    /// The height of every option's row: the tallest option's, so the buttons sit evenly.
    private func rowHeight(forWidth width: Double) -> Double {
        buttons.map { $0.sizeThatFits(Size(width: width, height: .infinity)).height }.max() ?? 0
    }

    /// The options stacked in rows of one height with ``spacing`` between them, as wide as the
    /// widest.
    open override func sizeThatFits(_ size: Size) -> Size {
        let width = buttons.map { $0.sizeThatFits(Size(width: size.width, height: .infinity)).width }.max() ?? 0
        let count = Double(buttons.count)
        let height = count * rowHeight(forWidth: size.width) + spacing * max(0, count - 1)
        return Size(width: min(size.width, width), height: min(size.height, height))
    }

    /// Stacks the options top to bottom in rows of one height, each as wide as the group.
    open override func layoutSubviews() {
        let height = rowHeight(forWidth: bounds.width)
        for (index, button) in buttons.enumerated() {
            button.frame = Rect(x: 0, y: Double(index) * (height + spacing), width: bounds.width, height: height)
        }
    }

    // MARK: Input

    /// No pointer of its own: its options show the hand.
    open override var cursor: Cursor? { nil }

    /// Redraws the ring around the chosen option.
    open override func focusDidChange() {
        super.focusDidChange()
        if buttons.indices.contains(selectedIndex) { buttons[selectedIndex].setNeedsDisplay() }
    }

    /// Takes a left press between the options (the group has focus now) and does nothing with
    /// it.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        event.button == .left
    }

    /// Moves the choice with the arrows (wrapping around), Home and End; other keys, Space and
    /// Enter among them, go on up the chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, !options.isEmpty, event.modifiers.isEmpty else { return false }
        let count = options.count
        switch event.key {
        case .up, .left: userSelect((selectedIndex + count - 1) % count)
        case .down, .right: userSelect((selectedIndex + 1) % count)
        case .home: userSelect(0)
        case .end: userSelect(count - 1)
        default: return false
        }
        return true
    }
}

extension RadioGroup: AccessibilitySelectable {
    /// The chosen option (none while there are no options).
    public var accessibilitySelectedChildren: RowSet { options.isEmpty ? [] : [selectedIndex] }

    /// Chooses option `index` as the arrows would, reporting it.
    public func selectAccessibilityChild(_ index: Int) -> Bool {
        guard isEnabled, options.indices.contains(index) else { return false }
        userSelect(index)
        return selectedIndex == index
    }

    /// A group always has one option chosen.
    public func deselectAccessibilityChild(_ index: Int) -> Bool { false }
}
