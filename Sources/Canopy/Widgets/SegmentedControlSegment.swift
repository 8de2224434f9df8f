extension SegmentedControl {
    /// One segment of a ``SegmentedControl``: its title, centred, on the face the control
    /// draws for the segment's state.
    ///
    /// A ``Control`` the control makes for each of its titles. It takes no focus of its own:
    /// the control is one Tab stop and moves the choice with the arrow keys. A click chooses the
    /// segment (a press dragged off it and released outside does not).
    public final class Segment: Control {
        /// The segment's text.
        public let title: String
        /// The title's font; `nil` uses the theme's.
        public internal(set) var font: Font? {
            didSet { if font != oldValue { setNeedsDisplay() } }
        }
        /// The segment's place in its control, leading first.
        public let index: Int
        /// The control the segment belongs to.
        public private(set) weak var control: SegmentedControl?

        init(title: String, index: Int, control: SegmentedControl) {
            self.title = title
            self.index = index
            self.control = control
            super.init(frame: .zero)
            isFocusable = false
        }

        /// Chooses the segment in its control (which reports it), then calls
        /// ``Control/onPrimaryAction``.
        public override func sendPrimaryAction() {
            control?.userSelect(index)
            super.sendPrimaryAction()
        }

        /// Redraws the control too: it draws the segment's face and the dividers beside it.
        public override func stateDidChange() {
            super.stateDidChange()
            control?.setNeedsDisplay()
        }

        /// A radio button named by its title, checked and selected while it is the chosen
        /// segment; a click chooses it.
        public override func makeAccessibilityNode() -> AccessibilityNode? {
            var states = accessibilityEnabledState.union([.checkable, .selectable])
            if isSelected { states.formUnion([.checked, .selected]) }
            return AccessibilityNode(role: .radioButton, name: title, states: states, actions: [.click])
        }

        private var resolvedFont: Font { font ?? self.theme.font }

        /// How wide the title is.
        var titleWidth: Double { title.isEmpty ? 0 : textMeasurer.measure(title, font: resolvedFont).width }

        /// How tall the segment asks to be: a button's height for the title.
        var fittingHeight: Double {
            (textMeasurer.measure(title.isEmpty ? " " : title, font: resolvedFont).height + 14).rounded(.up)
        }

        /// Draws the title, white on the chosen segment, faded while disabled.
        public override func draw(in context: GraphicsContext, bounds: Rect) {
            let theme = self.theme
            let color =
                !isEnabled ? theme.secondaryText : isSelected ? Button.Style.prominent(for: theme).title : theme.text
            context.drawText(
                title, in: bounds.insetBy(dx: SegmentedControl.titlePadding / 2, dy: 0), font: resolvedFont,
                color: color, alignment: .center)
        }
    }
}
