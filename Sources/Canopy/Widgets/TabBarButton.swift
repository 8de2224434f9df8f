extension TabBar {
    /// One tab of a ``TabBar``: its title, and under it an accent line while it is selected.
    ///
    /// A ``Control`` the bar makes for each page. It takes no focus of its own: the bar is one
    /// Tab stop and shows its focus ring around the selected tab. A click selects the tab (a
    /// press dragged off it and released outside does not). A closable tab has a small close
    /// button (a cross) at its trailing end, which asks to close the page.
    public final class TabButton: Control {
        /// The tab's text.
        public let title: String
        /// The tab's place in its bar, leading first.
        public let index: Int
        /// The bar the tab belongs to.
        public private(set) weak var bar: TabBar?

        /// The close button of a closable tab, at its trailing end; `nil` for others.
        public let closeButton: CloseButton?

        /// How thick the selected tab's accent line is, in points.
        public static let indicatorThickness = 3.0
        /// How wide and tall a tab's close button is, in points.
        public static let closeButtonSize = 20.0

        init(title: String, index: Int, isClosable: Bool, bar: TabBar) {
            self.title = title
            self.index = index
            self.bar = bar
            closeButton = isClosable ? CloseButton() : nil
            super.init(frame: .zero)
            isFocusable = false
            guard let closeButton else { return }
            closeButton.isFocusable = false
            closeButton.accessibilityLabel = "Close \(title)"
            closeButton.onPrimaryAction = { [weak self] in self?.bar?.userRequestedClose(index) }
            addSubview(closeButton)
        }

        /// Puts the close button at the trailing end, centred on the title (from the left in a
        /// right-to-left window).
        public override func layoutSubviews() {
            guard let closeButton else { return }
            let size = Self.closeButtonSize, inset = TabBar.titlePadding / 2
            let x = layoutDirection == .rightToLeft ? inset : bounds.width - inset - size
            closeButton.frame = Rect(
                x: x, y: ((bounds.height - Self.indicatorThickness - size) / 2).rounded(), width: size, height: size)
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
            var titleRoom = bounds.insetBy(dx: TabBar.titlePadding / 2, dy: 0)
            if closeButton != nil {
                let close = Self.closeButtonSize
                titleRoom = Rect(
                    x: titleRoom.minX + (layoutDirection == .rightToLeft ? close : 0), y: titleRoom.minY,
                    width: max(0, titleRoom.width - close), height: titleRoom.height)
            }
            context.drawText(title, in: titleRoom, font: theme.font, color: color, alignment: .center)
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

    /// A tab's close button: a cross in the secondary text colour on a round hover, a push
    /// button to assistive technology.
    public final class CloseButton: Control {
        /// The cross's half-width, in points.
        static let armLength = 4.0

        /// A round overlay while hovered or pressed, and the cross.
        public override func draw(in context: GraphicsContext, bounds: Rect) {
            let theme = self.theme
            if isHighlighted {
                context.fillRoundedRect(bounds, cornerRadius: bounds.width / 2, color: theme.pressedOverlay)
            } else if isHovered, isEnabled {
                context.fillRoundedRect(bounds, cornerRadius: bounds.width / 2, color: theme.hoverOverlay)
            }
            let centre = bounds.center, arm = Self.armLength
            let color = isHovered ? theme.text : theme.secondaryText
            context.strokeLine(
                from: Point(x: centre.x - arm, y: centre.y - arm), to: Point(x: centre.x + arm, y: centre.y + arm),
                lineWidth: 1.5, color: color)
            context.strokeLine(
                from: Point(x: centre.x - arm, y: centre.y + arm), to: Point(x: centre.x + arm, y: centre.y - arm),
                lineWidth: 1.5, color: color)
        }

        /// A push button, named by its tab ("Close Accounts").
        public override func makeAccessibilityNode() -> AccessibilityNode? {
            AccessibilityNode(role: .pushButton, states: accessibilityEnabledState, actions: [.click])
        }
    }
}
