/// Pages under a strip of tabs, one page shown at a time (as `GtkNotebook` and `QTabWidget`).
///
/// Only the selected page is in the view tree; the others wait outside it, so they neither
/// draw, take input nor show to assistive technology. A click on a tab, the arrows in the
/// focused ``TabBar``, and Ctrl+Tab / Ctrl+PageDown (the next page) and Ctrl+Shift+Tab /
/// Ctrl+PageUp (the one before, both wrapping around) from anywhere inside the tab view choose
/// a page; each choice the user makes is reported through ``onSelectionChanged``, while
/// setting ``selectedIndex`` from code calls nothing. Tabs that do not fit scroll the strip
/// and the rest are one click away in its overflow menu (see ``TabBar``). A closable page's tab
/// has a close button; its click asks the app (``onCloseRequested``), which removes the page
/// from ``tabs`` itself when it agrees (after asking to save, say), as Qt's tab widgets do.
open class TabView: View {
    /// One page: the title on its tab and the view it shows.
    public struct Tab {
        /// The text on the tab.
        public var title: String
        /// The view shown under the tabs while the tab is selected.
        public var content: View
        /// Whether the tab shows a close button.
        public var isClosable: Bool

        /// Creates a page titled `title` showing `content`, with a close button on its tab when
        /// `isClosable`.
        public init(title: String, content: View, isClosable: Bool = false) {
            self.title = title
            self.content = content
            self.isClosable = isClosable
        }
    }

    /// The pages, leading first. Setting them shows the selected one (kept in range).
    public var tabs: [Tab] {
        didSet {
            tabBar.setTabs(titles: tabs.map(\.title), closable: tabs.map(\.isClosable))
            showSelectedPage()
        }
    }
    /// The selected page's index, kept in `0..<tabs.count` (0 while there are none).
    public var selectedIndex: Int {
        get { tabBar.selectedIndex }
        set {
            tabBar.selectedIndex = newValue
            showSelectedPage()
        }
    }
    /// Called with the page's index when the user chooses another page.
    public var onSelectionChanged: ((Int) -> Void)?
    /// Called with a closable page's index when the user clicks its tab's close button (or a
    /// screen reader presses it); remove the page from ``tabs`` to close it.
    public var onCloseRequested: ((Int) -> Void)?

    /// The strip of tabs across the top.
    public let tabBar = TabBar()

    /// The page on screen now.
    private weak var shownPage: View?

    /// Creates a tab view of `tabs` with the one at `selectedIndex` selected.
    public init(tabs: [Tab] = [], selectedIndex: Int = 0, frame: Rect = .zero) {
        self.tabs = tabs
        super.init(frame: frame)
        tabBar.tabView = self
        addSubview(tabBar)
        tabBar.setTabs(titles: tabs.map(\.title), closable: tabs.map(\.isClosable))
        tabBar.selectedIndex = selectedIndex
        showSelectedPage()
    }

    /// Shows the page the user chose in the tab bar and reports it.
    func userDidSelect(_ index: Int) {
        showSelectedPage()
        onSelectionChanged?(index)
    }

    /// Puts the selected page in the tree in place of the one shown; focus inside the page that
    /// leaves moves to the tab bar.
    private func showSelectedPage() {
        let page = tabs.indices.contains(selectedIndex) ? tabs[selectedIndex].content : nil
        guard page !== shownPage else { return }
        let hadFocus = shownPage.flatMap { old in scene?.focusedView?.isDescendant(of: old) } ?? false
        shownPage?.removeFromSuperview()
        shownPage = page
        if let page { addSubview(page) }
        if hadFocus { tabBar.becomeFocused() }
        setNeedsLayout()
    }

    /// Chooses the page `offset` pages on (wrapping around) as the user asked.
    private func userStep(by offset: Int) {
        guard !tabs.isEmpty else { return }
        tabBar.userSelect((selectedIndex + offset % tabs.count + tabs.count) % tabs.count)
    }

    // MARK: Layout

    /// A tab view asks for the room its pages ask for.
    open override var sizeDependsOnSubviews: Bool { true }

    /// The tab bar above the largest page's size.
    open override func sizeThatFits(_ size: Size) -> Size {
        let bar = tabBar.fittingHeight
        let offer = Size(width: size.width, height: max(0, size.height - bar))
        let pages = tabs.map { $0.content.sizeThatFits(offer) }
        let width = max(pages.map(\.width).max() ?? 0, tabBar.minimumLayoutSize.width)
        let height = bar + (pages.map(\.height).max() ?? 0)
        return Size(width: min(size.width, width), height: min(size.height, height))
    }

    /// The tab bar's minimum beside the largest page minimum, under it.
    open override var minimumLayoutSize: Size {
        let pages = tabs.map(\.content.minimumLayoutSize)
        let width = max(tabBar.minimumLayoutSize.width, pages.map(\.width).max() ?? 0)
        let height = tabBar.fittingHeight + (pages.map(\.height).max() ?? 0)
        return Size(width: max(width, minimumSize.width), height: max(height, minimumSize.height))
    }

    /// The tab bar across the top, the page filling the rest.
    open override func layoutSubviews() {
        let bar = tabBar.fittingHeight
        tabBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: bar)
        shownPage?.frame = Rect(x: 0, y: bar, width: bounds.width, height: max(0, bounds.height - bar))
    }

    // MARK: Input

    /// Ctrl+Tab and Ctrl+PageDown choose the next page, Ctrl+Shift+Tab and Ctrl+PageUp the one
    /// before; other keys go on up the chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        switch (event.key, event.modifiers) {
        case (.tab, [.control]), (.pageDown, [.control]): userStep(by: 1)
        case (.tab, [.control, .shift]), (.pageUp, [.control]): userStep(by: -1)
        default: return super.keyDown(event)
        }
        return true
    }
}
