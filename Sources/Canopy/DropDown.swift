/// A list that drops down beneath a button, as the seed's `NIDropDown`: the list is as wide as
/// the button and grows from nothing to ``listHeight`` over half a second with UIKit's
/// ease-in-out curve, in a container with rounded corners and a soft shadow.
///
/// The drop-down takes over the button's action: a click opens it, and a click while it is
/// open (or still opening) closes it again from wherever the animation is. Choosing a row
/// closes it, sets the button's title to the row's text and calls ``onChoose``. A click
/// anywhere outside it, or Escape, closes it without a choice. While open, the list has the
/// keyboard: arrows move the selection and Enter chooses. When there is no room below the
/// button inside the window it opens upward.
open class DropDown: View {
    /// The list inside the container.
    public let list = ListView()
    /// Called with the chosen row's index and text.
    public var onChoose: ((Int, String) -> Void)?
    /// Called as the drop-down starts opening (an owner can close other pop-ups here).
    public var onOpen: (() -> Void)?
    /// How tall the open list is (less if the window has no room).
    public var listHeight = 200.0
    /// How long opening and closing take, in seconds.
    public var animationDuration = 0.5

    /// The items, one per row.
    public private(set) var items: [String]
    /// Whether the drop-down is open or opening.
    public private(set) var isOpen = false
    /// The button it belongs to.
    public private(set) weak var anchor: Button?

    private let rows: TextListDataSource
    private var outsideClickMonitor: (scene: Scene, monitor: Scene.MouseDownMonitor)?

    /// Creates a drop-down for `anchor` listing `items` in the seed's style: 40-point rows of
    /// centred red 15-point text with grey separators.
    public init(
        anchor: Button, items: [String],
        rowStyle: ListRow = ListRow("", font: .system(size: 15), textColor: .red, alignment: .center)
    ) {
        self.anchor = anchor
        self.items = items
        rows = TextListDataSource(items, style: rowStyle)
        super.init(frame: .zero)
        cornerRadius = 8
        shadow = Shadow(color: .black, opacity: 0.5, offset: Point(x: -5, y: 5), radius: 5)
        list.cornerRadius = 5
        list.showsFocusRing = false
        list.rowHeight = 40
        list.separatorColor = .gray
        list.onRowChosen = { [weak self] row in self?.choose(row) }
        addSubview(list)
        list.dataSource = rows
        anchor.action = { [weak self] in self?.toggle() }
    }

    /// Replaces the items.
    public func setItems(_ items: [String]) {
        self.items = items
        rows.texts = items
        list.reloadData()
    }

    /// Opens the drop-down if it is closed (or closing), otherwise closes it.
    public func toggle() {
        if isOpen { close() } else { open() }
    }

    /// Drops the list down (or up, without room below), animated.
    public func open() {
        guard !isOpen, let anchor, anchor.scene != nil else { return }
        let root = anchor.rootView
        let placement = placement(in: root, anchor: anchor)
        isOpen = true
        onOpen?()
        if superview !== root {
            root.addSubview(self)
            frame = placement.closed
            list.frame = Rect(origin: .zero, size: Size(width: placement.closed.width, height: 0))
        } else {
            root.bringSubviewToFront(self)
        }
        View.animate(duration: animationDuration) {
            self.frame = placement.open
            self.list.frame = Rect(origin: .zero, size: placement.open.size)
        }
        if let scene = anchor.scene {
            let monitor = scene.addMouseDownMonitor { [weak self] event in self?.closeIfOutside(event) }
            outsideClickMonitor = (scene, monitor)
        }
        list.becomeFocused()
    }

    /// Rolls the list back up into the button, animated, and removes the drop-down when it is
    /// fully closed.
    public func close() {
        guard isOpen, let anchor else { return }
        isOpen = false
        if let (scene, monitor) = outsideClickMonitor { scene.removeMouseDownMonitor(monitor) }
        outsideClickMonitor = nil
        let closed = placement(in: rootView, anchor: anchor).closed
        View.animate(duration: animationDuration) {
            self.frame = closed
            self.list.frame = Rect(origin: .zero, size: Size(width: closed.width, height: 0))
        } completion: { [weak self] finished in
            guard let self, finished, !self.isOpen else { return }
            self.removeFromSuperview()
        }
        if list.isFocused || isFocused { anchor.becomeFocused() }
    }

    /// Closes the list on Escape while open; other keys go to the superview.
    open override func keyDown(_ event: KeyEvent) {
        if event.key == .escape, isOpen { close() } else { super.keyDown(event) }
    }

    private func choose(_ row: Int) {
        guard isOpen, row >= 0, row < items.count else { return }
        anchor?.title = items[row]
        onChoose?(row, items[row])
        close()
    }

    private func closeIfOutside(_ event: MouseEvent) {
        let inside = bounds.contains(event.location(in: self))
        let onAnchor = anchor.map { $0.bounds.contains(event.location(in: $0)) } ?? false
        if !inside, !onAnchor { close() }
    }

    /// Where the drop-down sits closed (a line along the button's edge) and open, in `root`'s
    /// coordinates: below the button, or above it when only there is room.
    private func placement(in root: View, anchor: Button) -> (closed: Rect, open: Rect) {
        let button = anchor.convert(anchor.bounds, to: root)
        let room = root.bounds
        let below = room.maxY - button.maxY, above = button.minY - room.minY
        let upward = below < listHeight && above > below
        let height = max(0, min(listHeight, upward ? above : below))
        if upward {
            return (
                Rect(x: button.minX, y: button.minY, width: button.width, height: 0),
                Rect(x: button.minX, y: button.minY - height, width: button.width, height: height)
            )
        }
        return (
            Rect(x: button.minX, y: button.maxY, width: button.width, height: 0),
            Rect(x: button.minX, y: button.maxY, width: button.width, height: height)
        )
    }
}
