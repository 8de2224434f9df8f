/// The order Tab visits the focusable, visible views inside a scope (the window's content, or
/// a modal presentation): reading order, following the tree.
///
/// Order follows the tree, as in desktop toolkits: a view comes before what it holds, and the
/// subviews holding focusable views are read as blocks, line by line from the top and left to
/// right along each line, so a column of fields is read down before the column beside it. A
/// block is where its focusable views are, or, for a view that clips (a scroll view), the view
/// itself: content scrolled out of sight does not jump ahead of the header above it. Blocks
/// share a line when they overlap vertically by at least half the shorter one's height, so a
/// row of controls of different heights, centred or aligned to its top, reads left to right.
@MainActor @_spi(Testing) public struct FocusOrder {
    /// The focusable views, in reading order; the scope itself only when nothing inside it can
    /// take focus (it is the last resort).
    public let views: [View]

    /// The order of the focusable views inside `scope` as they are laid out now.
    public init(in scope: View) {
        var order = Self.readingOrder(of: scope)?.views ?? []
        if order.count > 1 { order.removeAll { $0 === scope } }
        views = order
    }

    /// The view after `current` (before it, `backward`), wrapping around; the first (or last)
    /// view when `current` is not in the order; `nil` when nothing can take focus.
    public func view(after current: View?, backward: Bool = false) -> View? {
        guard !views.isEmpty else { return nil }
        guard let index = views.firstIndex(where: { $0 === current }) else {
            return backward ? views.last : views.first
        }
        return views[(index + (backward ? views.count - 1 : 1)) % views.count]
    }

    /// The focusable views in `view`'s subtree in reading order, and the area (in window
    /// coordinates) they stand for among the view's siblings; `nil` when there are none.
    private static func readingOrder(of view: View) -> (views: [View], area: Rect)? {
        guard !view.isHidden, view.alpha >= 0.01 else { return nil }
        let frame = view.convert(view.bounds, to: nil)
        let isStop = view.canBecomeFocused && !view.frame.isEmpty
        let blocks = view.subviews.compactMap(readingOrder)
        var area = isStop ? frame : nil
        for block in blocks { area = area?.union(block.area) ?? block.area }
        guard let area else { return nil }
        let inside = inReadingLines(blocks).flatMap(\.views)
        return ((isStop ? [view] : []) + inside, view.clipsToBounds ? frame : area)
    }

    /// `blocks` line by line from the top, left to right along each line; blocks at the same
    /// place keep their order.
    private static func inReadingLines(_ blocks: [(views: [View], area: Rect)]) -> [(views: [View], area: Rect)] {
        typealias Block = (views: [View], area: Rect, order: Int)
        let sorted = blocks.enumerated().map { Block($1.views, $1.area, $0) }
            .sorted { ($0.area.minY, $0.order) < ($1.area.minY, $1.order) }
        var lines: [[Block]] = []
        var lineSpan = (top: 0.0, bottom: 0.0)
        for block in sorted {
            let overlap = min(block.area.maxY, lineSpan.bottom) - max(block.area.minY, lineSpan.top)
            let shorter = min(block.area.height, lineSpan.bottom - lineSpan.top)
            if !lines.isEmpty, overlap >= shorter / 2 {
                lines[lines.count - 1].append(block)
                lineSpan.bottom = max(lineSpan.bottom, block.area.maxY)
            } else {
                lines.append([block])
                lineSpan = (block.area.minY, block.area.maxY)
            }
        }
        return lines.flatMap { line in
            line.sorted { ($0.area.minX, $0.order) < ($1.area.minX, $1.order) }.map { ($0.views, $0.area) }
        }
    }
}
