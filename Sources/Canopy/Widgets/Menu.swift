/// A list of commands that floats above the window while the user picks one, as desktop menus
/// do: a context menu at the pointer (``present(at:in:)``, or a view's ``View/contextMenu`` on a
/// right click), a menu below a control (``present(below:)``), or a ``MenuButton``'s.
///
/// While it is open:
/// - the pointer highlights the enabled item under it; a click on an enabled item runs it, and
///   so does pressing, dragging onto an item and releasing there; disabled items and separators
///   do nothing;
/// - the menu has the keyboard (and gives focus back when it closes): Down and Up move the
///   highlight to the next enabled item, wrapping around; Home and End to the first and last;
///   Enter or Space run the highlighted item; a typed letter moves the highlight to the next
///   enabled item whose title starts with it;
/// - Escape, Tab or a click outside close it without running anything.
///
/// An item with a ``MenuItem/submenu`` opens that menu beside its own instead of running: to
/// the right of the menu (to the left in a right-to-left window, and on the other side where
/// there is no room), its first item level with the item. It opens when the pointer rests on
/// the item for ``submenuDelay``, at once on a click or a press, and from the keyboard on Right
/// (Left in a right-to-left window), Enter or Space, its first item highlighted; Left (Right)
/// or Escape close it back to its item. Resting on another item closes it, or opens that
/// item's instead; the pointer crossing other items on its way into the open submenu within
/// the delay keeps it open. A press held since the menu opened reaches into submenus too, and
/// its release there runs the item under it. Submenus nest to any depth; running an item in
/// one, or a click outside them all, closes every menu of the chain.
///
/// Running an item closes the menu first and then calls the item's
/// ``MenuItem/onPrimaryAction``. The menu floats in the scene's presentation layer as a popover
/// (so opening it closes any other pop-up, see ``Presentation``); the scene keeps it alive while
/// it is open. Its size comes from its items (``sizeThatFits(_:)``); it draws with the scene's
/// ``Theme``: the content background, a separator-coloured edge, the accent behind the
/// highlighted item. A menu taller than the window is cut at the window's edge (it does not
/// scroll).
open class Menu: View {
    /// The title a ``MenuBar`` shows for the menu, an underscore before its mnemonic ("_File",
    /// see ``MnemonicTitle``); a menu opened elsewhere does not show it.
    public var title: String
    /// The items, top to bottom. Changing them drops the highlight; an open menu keeps its size
    /// until it opens again.
    public var items: [MenuItem] {
        didSet {
            highlightedIndex = nil
            adoptSubmenus()
            setNeedsDisplay()
        }
    }
    /// The font of the titles; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { setNeedsDisplay() } }
    }
    /// The narrowest the menu is, whatever its titles.
    public var minimumWidth = 120.0
    /// How long the menu takes to fade in and out, in seconds (a ``MenuButton`` opens its menu
    /// with its own ``PopUpButton/revealDuration``).
    public var fadeDuration = 0.1
    /// Called after the user closed the menu without choosing an item (Escape, a click outside,
    /// Tab), when it was opened by ``present(at:in:)``, ``present(below:)``, as a context menu or
    /// as a submenu.
    public var onDismiss: ((Presentation.DismissalReason) -> Void)?
    /// Called just before the menu opens (from a ``MenuBar``, as a context menu, as a submenu or
    /// from code), before it takes its size: set ``items`` here to show things as they stand
    /// when the user looks, as AppKit's `menuNeedsUpdate(_:)` does (an Edit menu's
    /// ``Scene/undoMenuItems``, a recent-files list).
    public var onWillOpen: ((Menu) -> Void)?
    /// How long the pointer rests on an item before its ``MenuItem/submenu`` opens (or before
    /// the submenu that is open closes), in seconds: GTK's 225 milliseconds by default.
    public var submenuDelay = 0.225

    /// The item the pointer or the keyboard highlights, if any; always an enabled item.
    public private(set) var highlightedIndex: Int? {
        didSet { if highlightedIndex != oldValue { setNeedsDisplay() } }
    }

    /// The space above the first item and below the last.
    static let verticalPadding = 4.0
    /// The space between the menu's edges and the titles.
    @_spi(Testing) public static let textInset = 14.0
    /// The space between the menu's edges and the highlight.
    static let highlightInset = 4.0
    /// The height of a separator's row.
    static let separatorHeight = 9.0
    /// The least space between a title and the shortcut beside it.
    @_spi(Testing) public static let shortcutGap = 32.0
    /// How far a press that opened the menu must move before its release chooses an item.
    static let dragThreshold = 4.0
    /// The room an item's submenu arrow takes at the trailing edge, the gap before it included.
    static let submenuArrowRoom = 24.0

    /// Whether the release of the press in progress may run the item under it.
    private var pressChooses = false
    /// Where the press that opened the menu went down, while it lasts and has not moved far.
    private var openingPress: Point?

    /// The menu bar that opened the menu, while it is open from there: it takes Left and Right
    /// and hears when an item runs.
    weak var menuBar: MenuBar?
    /// The menu bar this menu, or the menu it is a submenu of, is open from, while it is.
    var openingMenuBar: MenuBar? { menuBar ?? parentMenu?.openingMenuBar }
    /// The menu this one is open beside as its submenu, while it is.
    public private(set) weak var parentMenu: Menu?
    /// The opening or closing of a submenu that waits for the pointer to rest on an item.
    private var pendingSubmenuChange: ScheduledAction?
    /// The menu one of whose items has this one as its submenu, if any: to assistive
    /// technology, this menu's items are that item's children.
    private weak var owningMenu: Menu?
    /// The menu bar this menu is a title of, if any: to assistive technology, this menu's items
    /// are that title's children.
    weak var owningMenuBar: MenuBar?

    /// Creates a menu of `items`, titled `title` in a ``MenuBar``.
    public init(title: String = "", items: [MenuItem] = []) {
        self.title = title
        self.items = items
        super.init(frame: .zero)
        adoptSubmenus()
        cornerRadius = Theme.standard.popupCornerRadius
        themeShadow = \.popupShadow
    }

    // MARK: Presenting

    /// Whether the menu is open (or opening) in a scene.
    public var isOpen: Bool { presentation != nil }

    /// The menu's presentation while it is up.
    private var presentation: Presentation? {
        scene?.presentations.last { $0.view === self && $0.isPresented }
    }

    /// Opens the menu as a context menu with its top-left corner at `point` (window coordinates),
    /// flipped to the other side of the point where it would pass the right or bottom edge of the
    /// window (or of the screen, where pop-ups may leave the window: ``Scene/popUpBounds``), and
    /// shifted inside where neither side has room (a ``PopUpPlacement`` at the point). Opened
    /// while a button is held (from a view's `mouseDown`, or a timer during a press), the menu
    /// takes the press: dragging to an item and releasing runs it. Returns its presentation.
    @discardableResult
    public func present(at point: Point, in scene: Scene) -> Presentation {
        let placement = PopUpPlacement(anchor: Rect(origin: point, size: .zero))
        let presentation = present(in: scene, anchor: nil, role: .popUpMenu, placement: placement)
        scene.menuOpenedFromCode(self)
        return presentation
    }

    /// Opens the menu below `anchor` (above it when only there it fits, over it when neither
    /// side has room), its left edge on the anchor's and shifted left where it would pass the
    /// window's right edge (a ``PopUpPlacement`` below the anchor, flipping only up). A click on
    /// the anchor is left to the anchor, as for any popover. Opened while a button is held, the
    /// menu takes the press, as ``present(at:in:)`` says. Returns its presentation, or `nil`
    /// when the anchor is not in a window.
    @discardableResult
    public func present(below anchor: View) -> Presentation? {
        let presentation = present(below: anchor.bounds, of: anchor, alignment: .start)
        if presentation != nil { anchor.scene?.menuOpenedFromCode(self) }
        return presentation
    }

    /// Opens the menu below `rect` (in `anchor`'s bounds coordinates), as ``present(below:)``
    /// does below the whole anchor, lined up with the rectangle's start or end; opened by
    /// `menuBar`, if given, which then takes the menu's Left and Right.
    func present(
        below rect: Rect, of anchor: View, alignment: PopUpPlacement.Alignment, menuBar: MenuBar? = nil
    ) -> Presentation? {
        guard let scene = anchor.scene else { return nil }
        let placement = PopUpPlacement(
            anchor: anchor.convert(rect, to: nil), alignment: alignment, gap: 2, flips: .vertical)
        return present(in: scene, anchor: anchor, role: .dropDownMenu, placement: placement, menuBar: menuBar)
    }

    /// Closes the menu, fading out, without running anything or calling ``onDismiss``.
    public func close() {
        presentation?.dismiss()
    }

    /// Asks ``onWillOpen``, then places the menu at its fitting size by `placement` within the
    /// scene's pop-up bounds and presents it.
    private func present(
        in scene: Scene, anchor: View?, role: Presentation.Role, placement: PopUpPlacement, menuBar: MenuBar? = nil,
        parentMenu: Menu? = nil
    ) -> Presentation {
        onWillOpen?(self)
        frame = placement.place(fittingSize(in: scene), in: scene.popUpBounds).frame
        prepareToOpen()
        self.menuBar = menuBar
        self.parentMenu = parentMenu
        let presentation = scene.present(
            self, style: .popover(anchor: anchor), transition: .fade(duration: fadeDuration))
        presentation.role = role
        presentation.onDismiss = { [weak self] reason in self?.onDismiss?(reason) }
        return presentation
    }

    /// Forgets the highlight, any press and the menu bar or menu that opened it last: the menu
    /// opens fresh.
    func prepareToOpen() {
        menuBar = nil
        parentMenu = nil
        cancelSubmenuChange()
        highlightedIndex = nil
        pressChooses = false
        openingPress = nil
    }

    /// The press that opened the menu (a right press on a view with a ``View/contextMenu``) is
    /// the menu's from now: once it has moved a little, releasing it on an item runs the item.
    func trackOpeningPress(at location: Point) {
        openingPress = location
        pressChooses = false
    }

    // MARK: Layout

    /// As wide as the widest title, with the widest shortcut (or a submenu's arrow) beside it and
    /// the insets (at least ``minimumWidth``), as tall as the items and the padding above and
    /// below them; no larger than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let fitting = fittingSize(measurer: textMeasurer, font: font ?? theme.font)
        return Size(width: min(size.width, fitting.width), height: min(size.height, fitting.height))
    }

    /// The size the menu wants in `scene`, measured with the scene's measurer and theme before
    /// the menu is in it.
    func fittingSize(in scene: Scene) -> Size {
        fittingSize(measurer: scene.textMeasurer, font: font ?? scene.theme.font)
    }

    /// The size the menu wants with `font`, measured by `measurer`.
    func fittingSize(measurer: TextMeasuring, font: Font) -> Size {
        let commands = items.lazy.filter { !$0.isSeparator }
        let titles = commands.map { measurer.measure($0.title, font: font).width }.max() ?? 0
        let shortcuts = commands.compactMap(\.shortcut).map { measurer.measure($0.displayName, font: font).width }
        let arrowRoom = commands.contains { $0.submenu != nil } ? Self.submenuArrowRoom : 0
        let shortcutRoom = max(arrowRoom, shortcuts.max().map { $0 + Self.shortcutGap } ?? 0)
        let width = max(minimumWidth, (titles + shortcutRoom + 2 * Self.textInset).rounded(.up))
        let rowHeight = itemHeight(measurer: measurer, font: font)
        let height = items.reduce(2 * Self.verticalPadding) { $0 + ($1.isSeparator ? Self.separatorHeight : rowHeight) }
        return Size(width: width, height: height)
    }

    private func itemHeight(measurer: TextMeasuring, font: Font) -> Double {
        (measurer.measure("Ag", font: font).height + 10).rounded(.up)
    }

    /// The rectangle item `index` takes, in the menu's bounds coordinates: the full width, one
    /// row high (a separator's row is thinner).
    @_spi(Testing) public func rectForItem(at index: Int) -> Rect {
        let rowHeight = itemHeight(measurer: textMeasurer, font: font ?? theme.font)
        var y = Self.verticalPadding
        for item in items.prefix(max(0, index)) { y += item.isSeparator ? Self.separatorHeight : rowHeight }
        let height = items.indices.contains(index) && items[index].isSeparator ? Self.separatorHeight : rowHeight
        return Rect(x: 0, y: y, width: bounds.width, height: height)
    }

    /// The index of the item (or separator) under `point`, in the menu's bounds coordinates, or
    /// `nil` over the padding or outside the menu.
    public func itemIndex(at point: Point) -> Int? {
        guard bounds.contains(point) else { return nil }
        let rowHeight = itemHeight(measurer: textMeasurer, font: font ?? theme.font)
        var y = Self.verticalPadding
        for (index, item) in items.enumerated() {
            let height = item.isSeparator ? Self.separatorHeight : rowHeight
            if point.y >= y, point.y < y + height { return index }
            y += height
        }
        return nil
    }

    // MARK: Drawing

    /// Draws the background, the items (the highlighted one on the accent, disabled ones greyed
    /// out, separators as lines; shortcuts and submenu arrows at the trailing edge, which is the
    /// left in a right-to-left window, where the titles start at the right and the arrows point
    /// left) and a thin edge, as the menu is shown now.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = self.theme
        let font = font ?? theme.font
        fillBackground(theme.contentBackground, in: context, bounds: bounds)
        context.saveState()
        context.clip(to: bounds)  // the items below a growing menu's edge wait until it reaches them
        for index in items.indices {
            let item = items[index]
            var rect = rectForItem(at: index)
            rect.size.width = bounds.width
            guard rect.intersects(context.clipBounds) else { continue }
            if item.isSeparator {
                let y = rect.midY.rounded(.down) + 0.5
                context.strokeLine(
                    from: Point(x: rect.minX + Self.highlightInset * 2, y: y),
                    to: Point(x: rect.maxX - Self.highlightInset * 2, y: y), lineWidth: 1, color: theme.separator)
                continue
            }
            let isHighlighted = index == highlightedIndex && item.isEnabled
            if isHighlighted {
                context.fillRoundedRect(
                    rect.insetBy(dx: Self.highlightInset, dy: 0), cornerRadius: 4, color: theme.accent)
            }
            let color = isHighlighted ? theme.textOnAccent : item.isEnabled ? theme.text : theme.secondaryText
            let textRect = rect.inset(by: EdgeInsets(left: Self.textInset, right: Self.textInset))
            let mirrored = layoutDirection == .rightToLeft
            context.drawText(item.title, in: textRect, font: font, color: color, alignment: mirrored ? .right : .left)
            if item.submenu != nil {
                let center = Point(x: mirrored ? textRect.minX + 3 : textRect.maxX - 3, y: rect.midY)
                theme.drawSubmenuArrow(
                    centeredAt: center, pointingLeft: mirrored, color: isHighlighted ? color : theme.secondaryText,
                    in: context)
            } else if let shortcut = item.shortcut {
                context.drawText(
                    shortcut.displayName, in: textRect, font: font, color: isHighlighted ? color : theme.secondaryText,
                    alignment: mirrored ? .left : .right)
            }
        }
        context.restoreState()
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        context.strokeRoundedRect(bounds, cornerRadius: radius, lineWidth: 1, color: theme.separator)
    }

    /// A pop-up menu whose items are its accessibility children, named by its title in a menu bar
    /// (so a screen reader says which menu opened before an item is highlighted).
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        AccessibilityNode(role: .menu, name: MnemonicTitle(title).text)
    }

    // MARK: Input

    /// The menu takes the keyboard while it is open.
    open override var canBecomeFocused: Bool { true }

    /// Highlights the enabled item under the pointer, or nothing.
    open override func mouseEntered(_ event: MouseEvent) {
        pointerMoved(to: event.location(in: self))
    }

    /// Highlights the enabled item under the pointer, or nothing.
    open override func mouseMoved(_ event: MouseEvent) -> Bool {
        pointerMoved(to: event.location(in: self))
        return true
    }

    /// Drops the highlight when the pointer leaves the menu, but for the item whose submenu is
    /// open; a submenu waiting to open or close no longer does.
    open override func mouseExited(_ event: MouseEvent) {
        cancelSubmenuChange()
        highlightedIndex = openSubmenuIndex
    }

    /// Takes every press on the menu, so nothing beneath gets it; its release chooses. A press
    /// on an item with a submenu opens it at once.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        openingPress = nil
        pressChooses = true
        pointerMoved(to: event.location(in: self))
        if let highlightedIndex, items[highlightedIndex].submenu != nil {
            openSubmenu(at: highlightedIndex, highlightingFirst: false)
        }
        return true
    }

    /// Follows the pointer with the highlight while a button is held.
    open override func mouseDragged(_ event: MouseEvent) {
        if let start = openingPress,
            abs(event.locationInWindow.x - start.x) > Self.dragThreshold
                || abs(event.locationInWindow.y - start.y) > Self.dragThreshold
        {
            openingPress = nil
            pressChooses = true
        }
        rootMenu.pressMoved(to: event.locationInWindow)
    }

    /// Runs the enabled item the press is released on (left or right button), in this menu or
    /// in a submenu open from its chain.
    open override func mouseUp(_ event: MouseEvent) {
        let chooses = pressChooses && event.button != .middle
        pressChooses = false
        openingPress = nil
        if chooses { _ = rootMenu.pressReleased(at: event.locationInWindow) }
    }

    /// Forgets a press that ended without a release.
    open override func mouseCancelled() {
        pressChooses = false
        openingPress = nil
    }

    /// Down, Up, Home and End move the highlight over the enabled items (wrapping around); Enter
    /// and Space run the highlighted item, or open its submenu with the submenu's first item
    /// highlighted; a typed character moves the highlight to the next enabled item starting with
    /// it. Right (Left in a right-to-left window) opens the highlighted item's submenu, and Left
    /// (Right) closes this menu back to its item when it is a submenu; otherwise, opened from a
    /// ``MenuBar`` (or a submenu of a menu opened from one), they open the menu beside it in the
    /// bar. A key that moves the highlight off an item whose submenu is open closes it. Other
    /// keys (Escape, Tab) go on to the scene, which closes the menu.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isSubset(of: [.shift]) else { return false }
        switch event.key {
        case .left, .right:
            guard event.modifiers.isEmpty else { return false }
            let towardsLeft = event.key == .left
            let opens = towardsLeft == (layoutDirection == .rightToLeft)
            if opens, let highlightedIndex, items[highlightedIndex].submenu != nil {
                openSubmenu(at: highlightedIndex, highlightingFirst: true)
            } else if !opens, parentMenu != nil {
                close()
            } else if let menuBar = rootMenu.menuBar {
                menuBar.moveHighlight(towardsLeft: towardsLeft, opening: true)
            } else {
                return false
            }
        case .down: moveHighlight(forward: true)
        case .up: moveHighlight(forward: false)
        case .home: highlightedIndex = items.indices.first { items[$0].isChoosable }
        case .end: highlightedIndex = items.indices.last { items[$0].isChoosable }
        case .enter, .space:
            guard !event.isRepeat, let highlightedIndex else { break }
            if items[highlightedIndex].submenu != nil {
                openSubmenu(at: highlightedIndex, highlightingFirst: true)
            } else {
                run(highlightedIndex)
            }
        case .character:
            guard let typed = event.text.first else { return false }
            jump(to: typed)
        default:
            return false
        }
        if let open = openSubmenuIndex, open != highlightedIndex { openSubmenu?.close() }  // the keys moved off it
        return true
    }

    /// The pointer, or a held press, is at `point` (bounds coordinates): the enabled item under
    /// it is highlighted (over none, the item whose submenu is open stays highlighted), and a
    /// submenu change waits for it to rest there. The menus this one is a submenu of keep their
    /// own submenu open, as the pointer has reached it.
    private func pointerMoved(to point: Point) {
        parentMenu?.pointerReachedSubmenu(self)
        let index = itemIndex(at: point).flatMap { items[$0].isChoosable ? $0 : nil } ?? openSubmenuIndex
        guard index != highlightedIndex else { return }
        highlightedIndex = index
        scheduleSubmenuChange()
    }

    /// Moves the highlight to the next (or previous) enabled item, wrapping around; from no
    /// highlight, to the first (or last).
    private func moveHighlight(forward: Bool) {
        guard !items.isEmpty else { return }
        let count = items.count
        var index = highlightedIndex ?? (forward ? -1 : count)
        for _ in 0..<count {
            index = ((forward ? index + 1 : index - 1) % count + count) % count
            if items[index].isChoosable {
                highlightedIndex = index
                return
            }
        }
    }

    /// Moves the highlight to the next enabled item after it whose title starts with `typed`
    /// (in either case), wrapping around; typing the same letter again cycles through them.
    private func jump(to typed: Character) {
        guard !items.isEmpty else { return }
        let wanted = String(typed).lowercased()
        let start = highlightedIndex ?? -1
        for step in 1...items.count {
            let index = (start + step) % items.count
            let item = items[index]
            if item.isChoosable, item.title.lowercased().hasPrefix(wanted) {
                highlightedIndex = index
                return
            }
        }
    }

    /// Runs the first enabled item whose ``MenuItem/shortcut`` `event` presses, in the menu or
    /// its submenus, as choosing it would (closing the menu first if it is open); returns
    /// whether there was one.
    func runShortcut(_ event: KeyEvent) -> Bool {
        guard let item = item(forShortcut: event) else { return false }
        closeToRun()
        item.onPrimaryAction?()
        return true
    }

    /// The first enabled item whose ``MenuItem/shortcut`` `event` presses, in the menu or in
    /// the submenus of its enabled items, at any depth.
    func item(forShortcut event: KeyEvent) -> MenuItem? {
        item(forShortcut: event, outside: [])
    }

    private func item(forShortcut event: KeyEvent, outside searched: [Menu]) -> MenuItem? {
        for item in items where item.isChoosable {
            if let submenu = item.submenu {
                guard !searched.contains(where: { $0 === submenu }), submenu !== self else { continue }
                if let found = submenu.item(forShortcut: event, outside: searched + [self]) { return found }
            } else if item.shortcut?.matches(event) == true {
                return item
            }
        }
        return nil
    }

    /// Runs enabled item `index`: the menus of its chain close, then the item's action runs;
    /// an item with a submenu opens it instead.
    private func run(_ index: Int) {
        guard isOpen, items.indices.contains(index), items[index].isChoosable else { return }
        guard items[index].submenu == nil else { return openSubmenu(at: index, highlightingFirst: false) }
        let action = items[index].onPrimaryAction
        closeToRun()
        action?()
    }

    /// Closes the menu and the menus it is a submenu of, if open, for an item about to run; a
    /// menu bar that opened them gives the focus back to where it was before the bar took it.
    private func closeToRun() {
        let root = rootMenu
        guard root.isOpen else { return }
        let menuBar = root.menuBar
        root.close()
        menuBar?.leave()
    }

    // MARK: Submenus

    /// The submenu open beside the menu, if any: the ``MenuItem/submenu`` of one of its items.
    public var openSubmenu: Menu? {
        openSubmenuIndex.flatMap { items[$0].submenu }
    }

    /// The index of the item whose submenu is open beside the menu.
    private var openSubmenuIndex: Int? {
        items.indices.first { items[$0].submenu.map { $0.isOpen && $0.parentMenu === self } ?? false }
    }

    /// The menu at the start of the chain of submenus this one is in: the menu the user opened.
    var rootMenu: Menu {
        var menu = self
        while let parent = menu.parentMenu { menu = parent }
        return menu
    }

    /// This menu and the submenus open from it, each beside the one before.
    private var openChain: [Menu] {
        var chain = [self]
        while let next = chain[chain.count - 1].openSubmenu, !chain.contains(where: { $0 === next }) {
            chain.append(next)
        }
        return chain
    }

    /// Opens the submenu of enabled item `index` beside the item (closing another that is
    /// open), highlights the item and gives the submenu the keyboard; with
    /// `highlightingFirst`, the submenu's first enabled item is highlighted.
    private func openSubmenu(at index: Int, highlightingFirst: Bool) {
        cancelSubmenuChange()
        guard isOpen, let scene, items.indices.contains(index), items[index].isChoosable,
            let submenu = items[index].submenu, !isInChain(submenu)
        else { return }
        highlightedIndex = index
        if !submenu.isOpen || submenu.parentMenu !== self {
            let item = convert(rectForItem(at: index), to: nil)
            // The submenu's first item level with this one: its top padding above the item's top.
            let anchor = Rect(
                x: item.minX, y: item.minY - Self.verticalPadding, width: item.width,
                height: item.height + Self.verticalPadding)
            let placement = PopUpPlacement(
                anchor: anchor, edge: layoutDirection == .rightToLeft ? .left : .right, alignment: .start,
                gap: -Self.highlightInset / 2, flips: .horizontal)
            _ = submenu.present(in: scene, anchor: self, role: .popUpMenu, placement: placement, parentMenu: self)
        } else {
            _ = submenu.becomeFocused()
        }
        if highlightingFirst, submenu.highlightedIndex == nil { submenu.moveHighlight(forward: true) }
    }

    /// Tells each item's submenu that its items are that item's children.
    private func adoptSubmenus() {
        for item in items { item.submenu?.owningMenu = self }
    }

    /// Whether `menu` is this one or a menu this one is a submenu of: it cannot open from here.
    private func isInChain(_ menu: Menu) -> Bool {
        var current: Menu? = self
        while let candidate = current {
            if candidate === menu { return true }
            current = candidate.parentMenu
        }
        return false
    }

    /// After ``submenuDelay``, the highlighted item's submenu opens, or, over an item without
    /// one, the open submenu closes; nothing waits when that is what is open already.
    private func scheduleSubmenuChange() {
        cancelSubmenuChange()
        let wanted = highlightedIndex.flatMap { items[$0].submenu != nil ? $0 : nil }
        guard wanted != openSubmenuIndex, let scene else { return }
        pendingSubmenuChange = scene.timers.schedule(after: submenuDelay) { [weak self] in
            guard let self else { return }
            pendingSubmenuChange = nil
            if let wanted {
                openSubmenu(at: wanted, highlightingFirst: false)
            } else if isOpen {
                openSubmenu?.close()
            }
        }
    }

    private func cancelSubmenuChange() {
        if let pendingSubmenuChange { scene?.timers.cancel(pendingSubmenuChange) }
        pendingSubmenuChange = nil
    }

    /// The pointer reached `submenu`, open beside this menu: the item it belongs to stays
    /// highlighted and a change waiting (the pointer crossed other items on its way) is
    /// dropped, here and in the menus this one is a submenu of.
    private func pointerReachedSubmenu(_ submenu: Menu) {
        guard let index = items.indices.first(where: { items[$0].submenu === submenu }) else { return }
        cancelSubmenuChange()
        highlightedIndex = index
        parentMenu?.pointerReachedSubmenu(self)
    }

    /// The press a ``MenuBar`` (or this menu) holds moved to `location` (window coordinates):
    /// the enabled item under it is highlighted, in the deepest menu of the chain open from
    /// this one that it is over (the deepest of all when it is over none).
    func pressMoved(to location: Point) {
        let chain = openChain
        guard let menu = chain.last(where: { $0.contains(windowPoint: location) }) ?? chain.last else { return }
        menu.pointerMoved(to: menu.convertFromWindow(location))
    }

    /// The press a ``MenuBar`` (or this menu) holds was released at `location` (window
    /// coordinates): the enabled item there runs, in the deepest menu of the chain open from
    /// this one that it is over. Returns whether the release was on one of them.
    func pressReleased(at location: Point) -> Bool {
        guard let menu = openChain.last(where: { $0.contains(windowPoint: location) }) else { return false }
        if let index = menu.itemIndex(at: menu.convertFromWindow(location)) { menu.run(index) }
        return true
    }

    private func contains(windowPoint location: Point) -> Bool {
        bounds.contains(convertFromWindow(location))
    }
}

extension Menu: AccessibilityItemContainer {
    /// The item count, separators included.
    public var accessibilityItemCount: Int { items.count }

    /// Item `index`: a menu item named by its title (enabled unless the item is disabled,
    /// selected while highlighted), with its shortcut, which can be activated; a submenu item
    /// (``AccessibilityRole/submenu``, expanded while its submenu is open, its children the
    /// submenu's items) which activating opens; or a separator.
    public func accessibilityItem(at index: Int) -> AccessibilityNode {
        let item = items[index]
        guard !item.isSeparator else {
            return AccessibilityNode(role: .separator, states: [], frame: rectForItem(at: index))
        }
        var states: AccessibilityStates = item.isEnabled ? [.enabled, .selectable] : [.selectable]
        if index == highlightedIndex { states.insert(.selected) }
        if item.submenu != nil {
            states.formUnion([.expandable, .hasPopup])
            if index == openSubmenuIndex { states.insert(.expanded) }
        }
        return AccessibilityNode(
            role: item.submenu == nil ? .menuItem : .submenu, name: item.title, states: states,
            actions: item.isChoosable ? [.activate] : [], frame: rectForItem(at: index),
            keyboardShortcut: item.submenu == nil ? item.shortcut : nil)
    }

    /// The submenu of item `index`, whose items are the item's children.
    public func accessibilityChildContainer(ofItem index: Int) -> AccessibilityItemContainer? {
        items[index].submenu
    }

    /// For a submenu, the item of its menu that opens it; for a menu of a ``MenuBar``, its title.
    public var accessibilityParentItem: AccessibilityElement? {
        if let owningMenuBar, let index = owningMenuBar.menus.firstIndex(where: { $0 === self }) {
            return AccessibilityElement(item: index, of: owningMenuBar)
        }
        guard let owningMenu, let index = owningMenu.items.firstIndex(where: { $0.submenu === self }) else {
            return nil
        }
        return AccessibilityElement(item: index, of: owningMenu)
    }

    /// The highlighted item.
    public var accessibilityCurrentItem: Int? { highlightedIndex }

    /// The item (or separator) under `point`.
    public func accessibilityItemIndex(at point: Point) -> Int? { itemIndex(at: point) }

    /// ``AccessibilityAction/activate`` runs the item, as a click on it would: the menu closes,
    /// then the item's action runs (an item with a submenu opens it).
    public func performAccessibilityAction(_ action: AccessibilityAction, onItem index: Int) -> Bool {
        guard action == .activate, isOpen, items.indices.contains(index), items[index].isChoosable else { return false }
        run(index)
        return true
    }
}
