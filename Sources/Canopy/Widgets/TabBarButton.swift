extension TabBar {
    /// One tab of a ``TabBar``: its title, and under it an accent line while it is selected.
    ///
    /// A ``Control`` the bar makes for each page. It takes no focus of its own: the bar is one
    /// Tab stop and shows its focus ring around the selected tab. A click selects the tab (a
    /// press dragged off it and released outside does not).
    public final class TabButton: Control {
        /// The tab's text.
        public let title: String
        /// The tab's place in its bar, leading first.
        public let index: Int
        /// The bar the tab belongs to.
        public private(set) weak var bar: TabBar?

        /// How thick the selected tab's accent line is, in points.
        public static let indicatorThickness = 3.0

        init(title: String, index: Int, bar: TabBar) {
            self.title = title
            self.index = index
            self.bar = bar
            super.init(frame: .zero)
            isFocusable = false
        }

        /// Selects the tab in its bar (which reports it), then calls ``Control/onPrimaryAction``.
        public override func sendPrimaryAction() {
            bar?.userSelect(index)
            super.sendPrimaryAction()
        }

        /// A page tab named by its title, selected while it is the selected tab; a click
        /// selects it.
        public override func makeAccessibilityNode() -> AccessibilityNode? {
            var states = accessibilityEnabledState.union(.selectable)
            if isSelected { states.formUnion(.selected) }
            return AccessibilityNode(role: .pageTab, name: title, states: states, actions: [.click])
        }

        /// Draws the hovered or pressed overlay, the title (in the text colour while selected,
        /// else the secondary one), the accent line of the selected tab, and the bar's focus
        /// ring around the selected tab while the bar has focus.
        public override func draw(in context: GraphicsContext, bounds: Rect) {
            let theme = self.theme
            if isHighlighted {
                context.fill(bounds, color: theme.pressedOverlay)
            } else if isHovered, isEnabled {
                context.fill(bounds, color: theme.hoverOverlay)
            }
            let color = isSelected && isEnabled ? theme.text : theme.secondaryText
            context.drawText(
                title, in: bounds.insetBy(dx: TabBar.titlePadding / 2, dy: 0), font: theme.font, color: color,
                alignment: .center)
            guard isSelected else { return }
            let thickness = Self.indicatorThickness
            context.fill(
                Rect(x: bounds.minX, y: bounds.maxY - thickness, width: bounds.width, height: thickness),
                color: isEnabled ? theme.accent : theme.border)
            if bar?.isFocused == true {
                theme.drawFocusRing(
                    around: bounds.insetBy(dx: 1, dy: 1), cornerRadius: theme.cornerRadius / 2, in: context)
            }
        }
    }
}
