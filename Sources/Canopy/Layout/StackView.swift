/// Lays its arranged views out in a row or a column, as `UIStackView` and FLTK's `Fl_Flex` do:
/// one after another along its ``axis`` with ``spacing`` between them, inside its
/// ``View/layoutMargins``.
///
/// Along the axis each view gets the size it asks for (``View/sizeThatFits(_:)``, so labels,
/// buttons and nested stacks measure themselves), kept within its ``View/minimumLayoutSize`` and
/// ``View/maximumSize``; how the rest of the room is shared is the ``distribution``. Across the
/// axis the ``alignment`` stretches or places each view. Hidden views take no room. The stack
/// lays out again whenever it is resized or an arranged view's size, visibility or content
/// changes, so a window that is resized reflows every frame.
///
/// In a right-to-left window (``View/layoutDirection``) the layout is mirrored, as GTK's boxes
/// and `UIStackView` are: a row runs from the right, and leading in a column is its right side.
open class StackView: View {
    /// Which way the views follow one another.
    public enum Axis: Hashable, Sendable {
        /// Leading to trailing: left to right, or right to left in a right-to-left window.
        case horizontal
        /// Top to bottom.
        case vertical
    }

    /// Where views sit across the axis.
    public enum Alignment: Hashable, Sendable {
        /// Stretched across the stack.
        case fill
        /// At the start: the top of a row, the leading side of a column (its left, or its
        /// right in a right-to-left window).
        case leading
        /// In the middle.
        case center
        /// At the end: the bottom of a row, the trailing side of a column.
        case trailing
    }

    /// How the room along the axis is shared.
    public enum Distribution: Hashable, Sendable {
        /// Each view gets the size it asks for; room to spare goes to the views with
        /// ``View/flex`` (none spare: it stays empty at the end), and room lacking is taken from
        /// them first, then from the others, down to their minimum sizes.
        case fill
        /// Every view gets the same size.
        case fillEqually
        /// Each view gets room in proportion to the size it asks for, and together they fill
        /// the stack.
        case fillProportionally
    }

    /// Which way the views follow one another.
    public var axis: Axis {
        didSet { if axis != oldValue { arrangementChanged() } }
    }
    /// The room between neighbouring views; negative or not finite counts as 0.
    public var spacing: Double {
        didSet {
            spacing = spacing.layoutLength
            if spacing != oldValue { arrangementChanged() }
        }
    }
    /// Where views sit across the axis.
    public var alignment = Alignment.fill {
        didSet { if alignment != oldValue { arrangementChanged() } }
    }
    /// How the room along the axis is shared.
    public var distribution = Distribution.fill {
        didSet { if distribution != oldValue { arrangementChanged() } }
    }

    /// The views the stack lays out, in order (a subset of its subviews).
    public private(set) var arrangedSubviews: [View] = []

    /// Creates a stack laying out `views` along `axis`, `spacing` apart.
    public init(axis: Axis = .vertical, spacing: Double = 8, views: [View] = [], frame: Rect = .zero) {
        self.axis = axis
        self.spacing = spacing.layoutLength
        super.init(frame: frame)
        for view in views { addArrangedSubview(view) }
    }

    /// Adds `view` at the end of the arrangement (and as a subview).
    public func addArrangedSubview(_ view: View) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` at `index` in the arrangement (clamped), adding it as a subview.
    public func insertArrangedSubview(_ view: View, at index: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Takes `view` out of the arrangement and out of the stack. (Removing it from the stack
    /// any other way, or adding it to another view, takes it out of the arrangement too.)
    public func removeArrangedSubview(_ view: View) {
        arrangedSubviews.removeAll { $0 === view }
        if view.superview === self { view.removeFromSuperview() }
        arrangementChanged()
    }

    /// A subview leaving the stack leaves the arrangement.
    open override func willRemoveSubview(_ subview: View) {
        super.willRemoveSubview(subview)
        guard arrangedSubviews.contains(where: { $0 === subview }) else { return }
        arrangedSubviews.removeAll { $0 === subview }
        arrangementChanged()
    }

    /// A stack asks for the room its arranged views ask for.
    open override var sizeDependsOnSubviews: Bool { true }

    /// The visible arranged views' minimums along the axis with the spacing, the largest
    /// across it, and the margins (never less than ``View/minimumSize``): a stack in a stack, or
    /// in a window, is never squeezed below what its own views need.
    open override var minimumLayoutSize: Size {
        let minimums = arrangedSubviews.filter { !$0.isHidden }.map(\.minimumLayoutSize)
        let gaps = spacing * Double(max(0, minimums.count - 1))
        let along: Double
        switch distribution {
        case .fillEqually: along = (minimums.map(main).max() ?? 0) * Double(minimums.count) + gaps
        case .fill, .fillProportionally: along = minimums.map(main).reduce(0, +) + gaps
        }
        let across = minimums.map(cross).max() ?? 0
        let width = (axis == .horizontal ? along : across) + layoutMargins.left + layoutMargins.right
        let height = (axis == .horizontal ? across : along) + layoutMargins.top + layoutMargins.bottom
        return Size(width: max(width, minimumSize.width), height: max(height, minimumSize.height))
    }

    private func arrangementChanged() {
        setNeedsLayout()
        invalidateIntrinsicSize()  // a stack inside a stack asks for a new size
    }

    // MARK: Layout

    /// The arranged views' sizes along the axis summed with the spacing, the largest across it,
    /// and the margins: what the stack needs to show everything as asked, no larger than
    /// `size`. Across a row, each view is asked its height for the width it would get (a
    /// wrapping label in a row is as tall as its lines at that width).
    open override func sizeThatFits(_ size: Size) -> Size {
        let room = size.inset(by: layoutMargins)
        let items = measuredItems(crossRoom: cross(room))
        let gaps = spacing * Double(max(0, items.count - 1))
        let along: Double
        switch distribution {
        case .fillEqually: along = (items.map(\.wanted).max() ?? 0) * Double(items.count) + gaps
        case .fill, .fillProportionally: along = items.map(\.wanted).reduce(0, +) + gaps
        }
        let lengths = share(min(main(room), along) - gaps, among: items)
        let across = zip(items, lengths).map { crossWanted($0, length: $1, room: cross(room)) }.max() ?? 0
        let wanted = Size(
            width: (axis == .horizontal ? along : across) + layoutMargins.left + layoutMargins.right,
            height: (axis == .horizontal ? across : along) + layoutMargins.top + layoutMargins.bottom)
        return Size(
            width: min(size.width, wanted.width.rounded(.up)), height: min(size.height, wanted.height.rounded(.up)))
    }

    /// Places the arranged views inside the margins (see the type's description).
    open override func layoutSubviews() {
        let content = bounds.inset(by: layoutMargins)
        let items = measuredItems(crossRoom: cross(content.size))
        guard !items.isEmpty else { return }
        let room = main(content.size) - spacing * Double(items.count - 1)
        let sizes = share(room, among: items)
        var position = main(content.origin)
        let mirrored = layoutDirection == .rightToLeft
        for (item, length) in zip(items, sizes) {
            let start = position.rounded(), end = (position + length).rounded()
            let (crossStart, crossLength) = place(item, length: length, across: content)
            let frame =
                axis == .horizontal
                ? Rect(x: start, y: crossStart, width: end - start, height: crossLength)
                : Rect(x: crossStart, y: start, width: crossLength, height: end - start)
            item.view.frame =
                mirrored ? frame.offsetBy(dx: content.minX + content.maxX - frame.minX - frame.maxX, dy: 0) : frame
            position += length + spacing
        }
    }

    /// A visible arranged view with what it asks for along the axis, and its limits there.
    private struct Item {
        let view: View
        let wanted: Double
        let minimum: Double
        let maximum: Double
        /// What it asks for across the axis when not told its length along it (a column's
        /// views are asked with the column's width, so this is final for them).
        let crossAsked: Double
    }

    /// The visible arranged views, each asked for its size with all the room it wants along the
    /// axis and `crossRoom` across it. A minimum larger than the maximum wins.
    private func measuredItems(crossRoom: Double) -> [Item] {
        arrangedSubviews.filter { !$0.isHidden }.map { view in
            let offer =
                axis == .horizontal
                ? Size(width: .infinity, height: crossRoom) : Size(width: crossRoom, height: .infinity)
            let asked = view.sizeThatFits(offer).layoutLength
            let minimum = main(view.minimumLayoutSize), maximum = max(main(view.maximumSize), minimum)
            return Item(
                view: view, wanted: min(max(main(asked), minimum), maximum), minimum: minimum, maximum: maximum,
                crossAsked: cross(asked))
        }
    }

    /// What `item` asks for across the axis once it is `length` long along it, within its
    /// limits: a row asks each view its height at the width it gets.
    private func crossWanted(_ item: Item, length: Double, room: Double) -> Double {
        let asked =
            axis == .horizontal
            ? item.view.sizeThatFits(Size(width: length, height: room)).height.layoutLength : item.crossAsked
        let minimum = cross(item.view.minimumLayoutSize)
        return min(max(asked, minimum), max(cross(item.view.maximumSize), minimum))
    }

    /// The lengths along the axis the items get out of `room`.
    private func share(_ room: Double, among items: [Item]) -> [Double] {
        let clamp = { (length: Double, item: Item) in min(max(length, item.minimum), item.maximum) }
        switch distribution {
        case .fillEqually:
            return items.map { clamp(room / Double(items.count), $0) }
        case .fillProportionally:
            let total = items.map(\.wanted).reduce(0, +)
            return items.map { clamp(total > 0 ? room * $0.wanted / total : room / Double(items.count), $0) }
        case .fill:
            var lengths = items.map(\.wanted)
            let spare = room - lengths.reduce(0, +)
            if spare > 0 {
                distribute(spare, over: items, into: &lengths, weights: items.map(\.view.flex))
            } else if spare < 0 {
                // Too little room: the flexible views give first, then everyone by their size.
                let left = distribute(spare, over: items, into: &lengths, weights: items.map(\.view.flex))
                distribute(left, over: items, into: &lengths, weights: lengths)
            }
            return lengths
        }
    }

    /// Adds `amount` (negative to take) to `lengths` in proportion to `weights`, never past an
    /// item's minimum or maximum; returns what could not be placed.
    @discardableResult
    private func distribute(_ amount: Double, over items: [Item], into lengths: inout [Double], weights: [Double])
        -> Double
    {
        var remaining = amount
        var open = Set(items.indices.filter { weights[$0] > 0 })
        while abs(remaining) > 0.001, !open.isEmpty {
            let total = open.map { weights[$0] }.reduce(0, +)
            var placed = 0.0
            for index in open {
                let wanted = lengths[index] + remaining * weights[index] / total
                let clamped = min(max(wanted, items[index].minimum), items[index].maximum)
                if clamped != wanted { open.remove(index) }  // at its limit: out of the next round
                placed += clamped - lengths[index]
                lengths[index] = clamped
            }
            remaining -= placed
            if abs(placed) < 0.001 { break }
        }
        return remaining
    }

    /// Where `item`, `length` long along the axis, starts across it, and how far it reaches,
    /// inside `content`.
    private func place(_ item: Item, length: Double, across content: Rect) -> (Double, Double) {
        let room = cross(content.size)
        let start = axis == .horizontal ? content.minY : content.minX
        let minimum = cross(item.view.minimumLayoutSize)
        let length =
            switch alignment {
            case .fill: max(min(room, cross(item.view.maximumSize)), minimum)
            case .leading, .center, .trailing: min(crossWanted(item, length: length, room: room), room)
            }
        switch alignment {
        case .fill, .leading: return (start.rounded(), length.rounded())
        case .center: return ((start + (room - length) / 2).rounded(), length.rounded())
        case .trailing: return ((start + room - length).rounded(), length.rounded())
        }
    }

    private func main(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }
    private func main(_ point: Point) -> Double { axis == .horizontal ? point.x : point.y }
    private func cross(_ size: Size) -> Double { axis == .horizontal ? size.height : size.width }
}

extension Size {
    /// The size less `insets` on each side, never below zero.
    func inset(by insets: EdgeInsets) -> Size {
        Size(
            width: max(0, width - insets.left - insets.right), height: max(0, height - insets.top - insets.bottom))
    }
}
