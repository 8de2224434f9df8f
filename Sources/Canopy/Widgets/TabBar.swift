/// The strip of tabs across the top of a ``TabView``: one Tab stop whose arrows choose the
/// page, a page tab list to assistive technology.
///
/// Each tab is as wide as its title. While it has focus, Left and Right choose the tab on that
/// side (stopping at the ends; the way they point in a right-to-left window too, where the
/// tabs run from the right), Home and End the first and the last; a ring shows around the
/// selected tab. Tabs that do not fit never overlap: the strip scrolls to keep the selected
/// tab in view, and a menu button at its trailing end lists every tab. A closable tab has a
/// close button at its trailing end.
public final class TabBar: Control {
    /// The tabs' titles, leading first.
    public private(set) var titles: [String] = []
    /// Which tabs have a close button, leading first.
    public private(set) var closableTabs: [Bool] = []
    /// The selected tab's index, kept in `0..<titles.count` (0 while there are none).
    public internal(set) var selectedIndex = 0 {
        didSet {
            let clamped = selectedIndex.clampedIndex(count: titles.count) ?? 0
            if clamped != selectedIndex { selectedIndex = clamped }
            if selectedIndex != oldValue { updateSelection() }
        }
    }
    /// The tabs, leading first.
    public private(set) var tabs: [TabButton] = []
    /// The button at the trailing end that lists every tab; shown while the tabs do not fit.
    public let overflowButton = MenuButton(menu: Menu())

    /// The tab view the bar chooses pages of.
    weak var tabView: TabView?
    /// Clips the tabs, scrolled by ``scrollOffset``.
    private let strip = View()
    /// How far the tabs are scrolled, in points from the leading end.
    @_spi(Testing) public private(set) var scrollOffset = 0.0

    /// The room either side of a tab's title, in points.
    public static let titlePadding = 14.0

    init() {
        super.init(frame: .zero)
        strip.clipsToBounds = true
        addSubview(strip)
        overflowButton.appearance = .plain
        overflowButton.isHidden = true
        addSubview(overflowButton)
    }

    /// Makes the tabs anew when their titles or close buttons changed.
    func setTabs(titles: [String], closable: [Bool]) {
        guard titles != self.titles || closable != closableTabs else { return }
        self.titles = titles
        closableTabs = closable
        makeTabs()
    }

    private func makeTabs() {
        for tab in tabs { tab.removeFromSuperview() }
        tabs = titles.enumerated().map { index, title in
            let closable = closableTabs.indices.contains(index) && closableTabs[index]
            let tab = TabButton(title: title, index: index, isClosable: closable, bar: self)
            strip.addSubview(tab)
            return tab
        }
        overflowButton.menu.items = titles.enumerated().map { index, title in
            MenuItem(title) { [unowned self] in self.userSelect(index) }
        }
        selectedIndex = min(selectedIndex, max(0, titles.count - 1))
        updateSelection()
    }

    private func updateSelection() {
        for tab in tabs { tab.isSelected = tab.index == selectedIndex }
        setNeedsLayout()
    }

    /// The user asked to close tab `index` (its close button): the tab view's app decides.
    func userRequestedClose(_ index: Int) {
        guard isEnabled, tabs.indices.contains(index) else { return }
        tabView?.onCloseRequested?(index)
    }

    /// Chooses tab `index` as the user asked, reporting it to the tab view when it is another.
    func userSelect(_ index: Int) {
        guard isEnabled, tabs.indices.contains(index) else { return }
        let before = selectedIndex
        selectedIndex = index
        if selectedIndex != before { tabView?.userDidSelect(selectedIndex) }
    }

    // MARK: Layout

    /// How tall the bar is: a button's height for the titles.
    var fittingHeight: Double {
        (textMeasurer.measure("Tg", font: theme.font).height + 14).rounded(.up)
    }

    /// A tab's width: its title's, the padding, and its close button's when it has one.
    private func width(of tab: TabButton) -> Double {
        let title = textMeasurer.measure(tab.title, font: theme.font).width + 2 * Self.titlePadding
        return (title + (tab.closeButton == nil ? 0 : TabButton.closeButtonSize)).rounded(.up)
    }

    /// The widest tab and the overflow button: the tabs scroll below their whole width.
    public override var minimumLayoutSize: Size {
        let widest = tabs.map(width(of:)).max() ?? 0
        return Size(
            width: max(widest + fittingHeight, minimumSize.width), height: max(fittingHeight, minimumSize.height))
    }

    /// Every tab side by side.
    public override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(size.width, tabs.map(width(of:)).reduce(0, +)), height: min(size.height, fittingHeight))
    }

    /// Places the tabs leading first (from the right in a right-to-left window), scrolled so
    /// the selected one shows whole, and the overflow button at the trailing end when they do
    /// not all fit.
    public override func layoutSubviews() {
        let widths = tabs.map(width(of:))
        let total = widths.reduce(0, +)
        let overflows = total > bounds.width
        let mirrored = layoutDirection == .rightToLeft
        let buttonWidth = overflows ? bounds.height : 0
        overflowButton.isHidden = !overflows
        overflowButton.frame = Rect(
            x: mirrored ? 0 : bounds.width - buttonWidth, y: 0, width: buttonWidth, height: bounds.height)
        strip.frame = Rect(
            x: mirrored ? buttonWidth : 0, y: 0, width: bounds.width - buttonWidth, height: bounds.height)
        let starts = widths.indices.map { widths[..<$0].reduce(0, +) }
        if tabs.indices.contains(selectedIndex) {
            let start = starts[selectedIndex], end = start + widths[selectedIndex]
            if start < scrollOffset { scrollOffset = start }
            if end > scrollOffset + strip.bounds.width { scrollOffset = end - strip.bounds.width }
        }
        scrollOffset = min(max(0, scrollOffset), max(0, total - strip.bounds.width))
        for (index, tab) in tabs.enumerated() {
            let x = starts[index] - scrollOffset
            tab.frame = Rect(
                x: mirrored ? strip.bounds.width - x - widths[index] : x, y: 0, width: widths[index],
                height: bounds.height)
        }
    }

    // MARK: Drawing

    /// A line under the tabs, in the theme's separator colour.
    public override func draw(in context: GraphicsContext, bounds: Rect) {
        context.fill(Rect(x: 0, y: bounds.maxY - 1, width: bounds.width, height: 1), color: theme.separator)
    }

    // MARK: Input

    /// No pointer of its own: its tabs show the hand.
    public override var cursor: Cursor? { nil }

    /// Redraws the ring around the selected tab.
    public override func focusDidChange() {
        super.focusDidChange()
        for tab in tabs { tab.setNeedsDisplay() }
    }

    /// Takes a left press between the tabs (the bar has focus now) and does nothing with it.
    public override func mouseDown(_ event: MouseEvent) -> Bool {
        event.button == .left
    }

    /// Moves the choice with Left and Right (the way they point), Home and End; other keys go
    /// on up the chain.
    public override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, !tabs.isEmpty, event.modifiers.isEmpty else { return false }
        switch event.key {
        case .left, .right:
            let towardsLast = (event.key == .right) == (layoutDirection == .leftToRight)
            userSelect(min(max(0, selectedIndex + (towardsLast ? 1 : -1)), tabs.count - 1))
        case .home: userSelect(0)
        case .end: userSelect(tabs.count - 1)
        default: return false
        }
        return true
    }

    // MARK: Accessibility

    /// A page tab list, one Tab stop, whose tabs are selected as the arrows choose them.
    public override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .pageTabList, states: accessibilityEnabledState)
    }
}

extension TabBar: AccessibilitySelectable {
    /// The selected tab (none while there are no tabs).
    public var accessibilitySelectedChildren: RowSet { tabs.isEmpty ? [] : [selectedIndex] }

    /// Selects tab `index` as a click would, reporting it.
    public func selectAccessibilityChild(_ index: Int) -> Bool {
        userSelect(index)
        return selectedIndex == index
    }

    /// A tab bar always has one tab selected.
    public func deselectAccessibilityChild(_ index: Int) -> Bool { false }
}
