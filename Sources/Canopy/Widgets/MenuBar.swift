/// A row of menu titles across a window's top (File, Edit, …), each opening its ``Menu`` below
/// it, as desktop menu bars do.
///
/// A title comes from its menu's ``Menu/title``, with an underscore before its mnemonic
/// ("_File" shows "File" with the F underlined; see ``MnemonicTitle``). The items' shortcuts
/// (``MenuItem/shortcut``) run while the focus is anywhere in the window, menus closed.
///
/// - **Pointer**: pressing a title opens its menu; releasing there leaves it open, and a click
///   on the title again closes it. Dragging across the titles opens each in turn, and
///   releasing on an item runs it, in a submenu too. While a menu is open, the pointer passing over another
///   title opens that one instead. A click outside closes the menu.
/// - **Keyboard**: Alt with a mnemonic opens that menu; F10 enters the bar with the first title
///   highlighted (the bar then has the focus). In the bar, Left and Right move across the
///   titles (wrapping around), Down, Enter, Space or a mnemonic open the highlighted one, and
///   Escape or F10 leave it. In an open menu, Left and Right open the menu beside it (unless
///   they open or close a ``MenuItem/submenu``), and Escape closes it back to the bar. Leaving the bar, or running an item, gives the focus back
///   to the view that had it.
///
/// In a right-to-left window the titles start at the right edge, the menus line up with their
/// title's right edge and the arrows still move the way they point. To assistive technology it
/// is a menu bar whose titles are menu items that pop up their menus.
///
/// ```swift
/// let edit = Menu(title: "_Edit")
/// edit.onWillOpen = { menu in menu.items = scene.undoMenuItems }  // "Undo Typing", as things stand
/// let menuBar = MenuBar(menus: [
///     Menu(title: "_File", items: [
///         MenuItem("New", shortcut: KeyboardShortcut(.character("n"), modifiers: .control)) { newDocument() },
///     ]),
///     edit,
/// ])
/// ```
open class MenuBar: View {
    /// The menus, leading first. Changing them closes the one that is open and leaves the bar.
    public var menus: [Menu] {
        didSet {
            leave()
            adoptMenus()
            setNeedsDisplay()
        }
    }
    /// The titles' font; `nil` uses the theme's.
    public var font: Font? {
        didSet { if font != oldValue { setNeedsDisplay() } }
    }

    /// The title highlighted while the bar is in use (its menu open, or the keyboard in the bar);
    /// `nil` while it is not.
    public private(set) var highlightedIndex: Int? {
        didSet { if highlightedIndex != oldValue { setNeedsDisplay() } }
    }
    /// The menu that is open from the bar, if any.
    public var openMenu: Menu? {
        highlightedIndex.flatMap { menus[$0].isOpen && menus[$0].menuBar === self ? menus[$0] : nil }
    }

    /// The space between a title's text and the next title, on each side, in points.
    public static let titlePadding = 10.0
    /// The space before the first title, in points.
    public static let leadingInset = 4.0

    /// The title under the pointer while the bar is not in use.
    private var hoveredIndex: Int? {
        didSet { if hoveredIndex != oldValue { setNeedsDisplay() } }
    }
    /// The view that had the focus before the bar took it, to give it back (the view an Edit
    /// menu opened from the bar acts on: ``Scene/undoStacks``).
    private(set) weak var focusBeforeEntering: View?
    /// The scene whose menu keys the bar answers.
    private weak var registeredScene: Scene?
    /// Where the press the bar holds went down, and whether it has moved from there since.
    private var press: (start: Point, hasMoved: Bool)?

    /// Creates a bar of `menus`.
    public init(menus: [Menu] = [], frame: Rect = .zero) {
        self.menus = menus
        super.init(frame: frame)
        adoptMenus()
    }

    /// Tells each menu that its items are its title's children.
    private func adoptMenus() {
        for menu in menus { menu.owningMenuBar = self }
    }

    // MARK: Layout

    /// As wide as the titles, as tall as a line of text with room above and below; no larger
    /// than `size`.
    open override func sizeThatFits(_ size: Size) -> Size {
        let font = font ?? theme.font
        let width = titleWidths(font: font).reduce(2 * Self.leadingInset, +)
        let height = (textMeasurer.measure("Ag", font: font).height + 12).rounded(.up)
        return Size(width: min(size.width, width.rounded(.up)), height: min(size.height, height))
    }

    private func titleWidths(font: Font) -> [Double] {
        menus.map { (textMeasurer.measure(MnemonicTitle($0.title).text, font: font).width + 2 * Self.titlePadding) }
    }

    /// The rectangle title `index` takes, in the bar's bounds coordinates: from the left edge in
    /// a left-to-right window, from the right edge in a right-to-left one.
    @_spi(Testing) public func rectForTitle(at index: Int) -> Rect {
        let widths = titleWidths(font: font ?? theme.font)
        guard widths.indices.contains(index) else { return .zero }
        let start = widths.prefix(index).reduce(Self.leadingInset, +)
        let x = layoutDirection == .rightToLeft ? bounds.width - start - widths[index] : start
        return Rect(x: x, y: 0, width: widths[index], height: bounds.height)
    }

    /// The index of the title under `point`, in the bar's bounds coordinates, or `nil`.
    public func titleIndex(at point: Point) -> Int? {
        menus.indices.first { rectForTitle(at: $0).contains(point) }
    }

    // MARK: Drawing

    /// Draws the bar's background with a separator line along its bottom, and the titles with
    /// their mnemonics underlined: the highlighted one on the selection colour (with a focus
    /// ring while the keyboard is in the bar and no menu is open), the hovered one tinted.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        let theme = self.theme
        let font = font ?? theme.font
        fillBackground(theme.contentBackground, in: context, bounds: bounds)
        context.strokeLine(
            from: Point(x: bounds.minX, y: bounds.maxY - 0.5), to: Point(x: bounds.maxX, y: bounds.maxY - 0.5),
            lineWidth: 1, color: theme.separator)
        for index in menus.indices {
            let rect = rectForTitle(at: index).offsetBy(dx: bounds.minX, dy: bounds.minY).insetBy(dx: 1, dy: 3)
            if index == highlightedIndex {
                context.fillRoundedRect(rect, cornerRadius: 4, color: theme.selectedBackground)
                if isFocused { theme.drawFocusRing(around: rect, cornerRadius: 4, in: context) }
            } else if index == hoveredIndex {
                context.fillRoundedRect(rect, cornerRadius: 4, color: theme.hoverOverlay)
            }
            let title = MnemonicTitle(menus[index].title)
            var text = AttributedText(title.text)
            if let offset = title.mnemonicOffset {
                text.setStyle(TextStyle(isUnderlined: true), in: offset..<offset + 1)
            }
            context.drawText(text, in: rect, font: font, color: theme.text, alignment: .center)
        }
    }

    /// A menu bar whose titles are its accessibility children.
    open override func makeAccessibilityNode() -> AccessibilityNode? { AccessibilityNode(role: .menuBar) }

    // MARK: Opening and leaving

    /// The bar takes the focus while it is in use, and only then: it is no Tab stop.
    open override var canBecomeFocused: Bool { highlightedIndex != nil }

    /// Opens menu `index` below its title, closing the one that is open; the bar is in use
    /// from now, and the menu has the keyboard.
    public func open(at index: Int) {
        guard menus.indices.contains(index) else { return }
        let previous = openMenu
        enter(highlighting: index)
        let menu = menus[index]
        guard previous !== menu else { return }
        previous?.menuBar = nil
        previous?.close()
        let alignment: PopUpPlacement.Alignment = layoutDirection == .rightToLeft ? .end : .start
        let presentation = menu.present(below: rectForTitle(at: index), of: self, alignment: alignment, menuBar: self)
        presentation?.onDismiss = { [weak self, weak menu] reason in
            menu?.onDismiss?(reason)
            self?.menuWasDismissed(reason)
        }
    }

    /// Closes the open menu and leaves the bar: nothing is highlighted and the focus goes back
    /// to the view that had it before the bar took it.
    public func leave() {
        let menu = openMenu
        menu?.menuBar = nil
        menu?.close()
        guard highlightedIndex != nil else { return }
        highlightedIndex = nil
        press = nil
        if isFocused { scene?.setFocus(focusBeforeEntering) }
        focusBeforeEntering = nil
    }

    /// Highlights title `index` and takes the focus, remembering who had it.
    private func enter(highlighting index: Int) {
        if highlightedIndex == nil, let focused = scene?.focusedView, focused !== self,
            !menus.contains(where: { focused.isDescendant(of: $0) })
        {
            focusBeforeEntering = focused
        }
        highlightedIndex = index
        hoveredIndex = nil
        _ = becomeFocused()
    }

    /// Escape closed the menu back to the bar, which keeps the keyboard; any other dismissal
    /// (a click outside, the focus moving away) leaves the bar.
    private func menuWasDismissed(_ reason: Presentation.DismissalReason) {
        if reason != .escape { leave() }
    }

    /// Moves the highlight to the title on the left (or right), wrapping around, and opens its
    /// menu if `opening`.
    func moveHighlight(towardsLeft: Bool, opening: Bool) {
        guard let current = highlightedIndex, !menus.isEmpty else { return }
        let forward = towardsLeft == (layoutDirection == .rightToLeft)
        let next = (current + (forward ? 1 : -1) + menus.count) % menus.count
        if opening { open(at: next) } else { enter(highlighting: next) }
    }

    /// The bar lost the focus to something other than its menu: it is no longer in use.
    open override func focusDidChange() {
        super.focusDidChange()
        if !isFocused, openMenu == nil, highlightedIndex != nil {
            highlightedIndex = nil
            focusBeforeEntering = nil
        }
        setNeedsDisplay()
    }

    /// The keys the bar answers for its window once no view took them: F10 enters or leaves
    /// the bar, Alt with a mnemonic opens that menu, and an item's shortcut runs the item.
    /// Returns whether it did anything.
    func handleWindowKey(_ event: KeyEvent) -> Bool {
        if event.key == .function(10), event.modifiers.isEmpty {
            if highlightedIndex == nil { enter(highlighting: 0) } else { leave() }
            return !menus.isEmpty
        }
        if let index = menus.indices.first(where: { MnemonicTitle(menus[$0].title).isTyped(by: event, with: .alt) }) {
            open(at: index)
            return true
        }
        for menu in menus {
            guard let item = menu.item(forShortcut: event) else { continue }
            leave()
            item.onPrimaryAction?()
            return true
        }
        return false
    }

    /// With the keyboard in the bar: Left and Right move across the titles, Down, Up, Enter,
    /// Space or a title's mnemonic open a menu, Escape leaves.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard let highlightedIndex, event.modifiers.isEmpty else { return false }
        switch event.key {
        case .left, .right: moveHighlight(towardsLeft: event.key == .left, opening: false)
        case .down, .up, .enter, .space: open(at: highlightedIndex)
        case .escape: leave()
        case .character:
            guard
                let index = menus.indices.first(where: { MnemonicTitle(menus[$0].title).isTyped(by: event, with: []) })
            else { return false }
            open(at: index)
        default: return false
        }
        return true
    }

    // MARK: Pointer

    /// Opens the menu of the title pressed (or closes it, if it is the open one); a press on
    /// the bar beside the titles leaves the bar.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        guard let index = titleIndex(at: event.location(in: self)) else {
            leave()
            return false
        }
        if openMenu != nil, index == highlightedIndex {
            leave()
            return true
        }
        press = (event.locationInWindow, false)
        open(at: index)
        return true
    }

    /// Follows the press: over another title it opens that menu, over the open menu it
    /// highlights the item under it.
    open override func mouseDragged(_ event: MouseEvent) {
        guard var press else { return }
        let moved = event.locationInWindow
        if abs(moved.x - press.start.x) > Menu.dragThreshold || abs(moved.y - press.start.y) > Menu.dragThreshold {
            press.hasMoved = true
            self.press = press
        }
        if let index = titleIndex(at: event.location(in: self)) {
            if index != highlightedIndex || openMenu == nil { open(at: index) }
        } else {
            openMenu?.pressMoved(to: moved)
        }
    }

    /// Ends the press: released on an item it runs it; on the bar the menu stays open; elsewhere
    /// after dragging, the bar is left.
    open override func mouseUp(_ event: MouseEvent) {
        guard let press else { return }
        self.press = nil
        if let openMenu, openMenu.pressReleased(at: event.locationInWindow) { return }
        if press.hasMoved, titleIndex(at: event.location(in: self)) == nil { leave() }
    }

    /// Forgets a press that ended without a release.
    open override func mouseCancelled() {
        press = nil
    }

    /// With a menu open, the pointer over another title opens that one; with none, the title
    /// under it is tinted.
    open override func mouseMoved(_ event: MouseEvent) -> Bool {
        let index = titleIndex(at: event.location(in: self))
        if openMenu != nil {
            if let index, index != highlightedIndex { open(at: index) }
        } else {
            hoveredIndex = highlightedIndex == nil ? index : nil
        }
        return true
    }

    /// Drops the hover tint when the pointer leaves the bar.
    open override func mouseExited(_ event: MouseEvent) {
        hoveredIndex = nil
    }

    // MARK: The scene

    /// Answers its new scene's menu keys (F10, mnemonics, shortcuts) and no longer its old
    /// one's; a bar leaving its scene is no longer in use.
    open override func didMoveToScene() {
        super.didMoveToScene()
        guard registeredScene !== scene else { return }
        registeredScene?.unregisterMenuBar(self)
        scene?.registerMenuBar(self)
        registeredScene = scene
        highlightedIndex = nil
        focusBeforeEntering = nil
    }
}

extension MenuBar: AccessibilityItemContainer {
    /// One item per menu.
    public var accessibilityItemCount: Int { menus.count }

    /// Title `index`: a menu (``AccessibilityRole/submenu``, as GTK shows a menu bar's title)
    /// named by its title whose children are its menu's items, which pops up its menu (expanded
    /// while it is open), with Alt and its mnemonic as its shortcut, which can be activated.
    public func accessibilityItem(at index: Int) -> AccessibilityNode {
        let title = MnemonicTitle(menus[index].title)
        var states: AccessibilityStates = [.enabled, .selectable, .expandable, .hasPopup]
        if index == highlightedIndex { states.insert(.selected) }
        if menus[index].isOpen, menus[index].menuBar === self { states.insert(.expanded) }
        return AccessibilityNode(
            role: .submenu, name: title.text, states: states, actions: [.activate], frame: rectForTitle(at: index),
            keyboardShortcut: title.mnemonic.map { KeyboardShortcut(.character($0), modifiers: .alt) })
    }

    /// The highlighted title.
    public var accessibilityCurrentItem: Int? { highlightedIndex }

    /// Title `index`'s menu, whose items are the title's children.
    public func accessibilityChildContainer(ofItem index: Int) -> AccessibilityItemContainer? {
        menus[index]
    }

    /// The title under `point`.
    public func accessibilityItemIndex(at point: Point) -> Int? { titleIndex(at: point) }

    /// ``AccessibilityAction/activate`` opens the title's menu, as a click would.
    public func performAccessibilityAction(_ action: AccessibilityAction, onItem index: Int) -> Bool {
        guard action == .activate, menus.indices.contains(index) else { return false }
        open(at: index)
        return true
    }
}

extension MenuBar: AccessibilitySelectable {
    /// The highlighted title (so a screen reader that finds the bar focused reads that title).
    public var accessibilitySelectedChildren: RowSet { highlightedIndex.map { RowSet([$0]) } ?? [] }

    /// Opens title `index`'s menu, as a click on it would.
    public func selectAccessibilityChild(_ index: Int) -> Bool {
        guard menus.indices.contains(index) else { return false }
        open(at: index)
        return true
    }

    /// Leaves the bar when `index` is the highlighted title.
    public func deselectAccessibilityChild(_ index: Int) -> Bool {
        if index == highlightedIndex { leave() }
        return highlightedIndex != index
    }
}
