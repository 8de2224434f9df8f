/// Shows part of content larger than itself and scrolls through the rest, as `UIScrollView`
/// and GTK's `GtkScrolledWindow` do.
///
/// Give it a ``contentView`` (a stack of controls, a large image) and it lays that out as wide as
/// itself (or as wide as the content asks, with ``fitsContentWidth`` off) and as tall as the
/// content asks; or set ``contentSize`` and place subviews yourself. The scroll offset is the
/// bounds' origin, animatable like any other.
///
/// It scrolls by the wheel (horizontally with the horizontal wheel, or Shift and the wheel), by
/// dragging a scroll indicator (which shows while scrolling and when the pointer is over it),
/// and by keys that no focused view inside takes: arrows, Page Up and Page Down, Home and End.
/// It takes focus itself when its content overflows and holds nothing focusable, so it can be
/// scrolled from the keyboard alone. A view inside that takes focus is scrolled into view.
open class ScrollView: View {
    /// The view that scrolls, laid out by the scroll view; `nil` when subviews are placed by hand.
    /// Taking it away leaves nothing to scroll (``contentSize`` becomes zero).
    public var contentView: View? {
        didSet {
            guard contentView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let contentView { insertSubview(contentView, at: 0) } else { contentSize = .zero }
            setNeedsLayout()
        }
    }
    /// Whether the content view is made as wide as the scroll view (so only height scrolls), or
    /// as wide as it asks.
    public var fitsContentWidth = true {
        didSet { if fitsContentWidth != oldValue { setNeedsLayout() } }
    }
    /// The size of everything that scrolls. Set by the layout of the ``contentView``, or by hand;
    /// negative or non-finite sides count as 0.
    public var contentSize = Size.zero {
        didSet {
            contentSize = contentSize.layoutLength
            guard contentSize != oldValue else { return }
            contentOffset = contentOffset  // less content may lower the largest offset
            setNeedsDisplay()
        }
    }
    /// How far one wheel step scrolls; `nil` for the default (40 points, a list's row height).
    public var wheelStep: Double?
    /// Whether the scroll view takes keyboard focus when its content overflows.
    public var isFocusable = true
    /// Whether the vertical scroll indicator shows while scrolling.
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal scroll indicator shows while scrolling.
    public var showsHorizontalScrollIndicator = true

    /// How wide the strip along an edge is in which an indicator can be grabbed.
    public static let indicatorGrabWidth = 12.0

    private var indicatorOpacity = AnimatedValue(0.0)
    private var indicatorFade: ScheduledAction?
    private var knobDrag: (axis: ScrollAxis, start: Double, startOffset: Point)?

    /// Creates a scroll view around `content` (or an empty one).
    public init(content: View? = nil, frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        contentView = content
        if let content { insertSubview(content, at: 0) }
    }

    /// A scroll pane holding its content's elements.
    open override func makeAccessibilityNode() -> AccessibilityNode? { AccessibilityNode(role: .scrollPane) }

    // MARK: Offset

    /// How far the content is scrolled (the bounds' origin); kept within
    /// 0...``maximumContentOffset`` on each axis (an infinite offset is the far end, NaN the
    /// start). Animatable. Scrolling a ``contentView`` does
    /// not lay anything out again; without one, each new offset asks for layout, so subviews
    /// placed by hand can follow what shows (a list makes the rows scrolled into view).
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            let maximum = maximumContentOffset
            func clamp(_ value: Double, _ top: Double) -> Double { min(max(value.isNaN ? 0 : value, 0), top) }
            let clamped = Point(x: clamp(newValue.x, maximum.x), y: clamp(newValue.y, maximum.y))
            guard clamped != bounds.origin else { return }
            bounds.origin = clamped
            if contentView == nil { setNeedsLayout() }
        }
    }

    /// The largest offset on each axis: the content's far edge at the scroll view's.
    public var maximumContentOffset: Point {
        Point(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
    }

    /// Whether there is more content than shows, on either axis.
    public var contentOverflows: Bool { maximumContentOffset != .zero }

    /// Scrolls to `offset`, over a quarter second when `animated`, and shows the indicators.
    public func setContentOffset(_ offset: Point, animated: Bool) {
        if animated {
            View.animate(duration: 0.25) { self.contentOffset = offset }
        } else {
            contentOffset = offset
        }
        flashScrollIndicators()
    }

    /// Scrolls as little as needed to show `rect` (in bounds coordinates) whole, or as much of it
    /// as fits.
    public func scrollRectToVisible(_ rect: Rect, animated: Bool) {
        let visible = bounds
        func along(_ low: Double, _ high: Double, _ start: Double, _ length: Double) -> Double {
            if low < start || high - low > length { return low }  // above, or too big: its start
            if high > start + length { return high - length }  // below: its end at the edge
            return start
        }
        let target = Point(
            x: along(rect.minX, rect.maxX, visible.minX, visible.width),
            y: along(rect.minY, rect.maxY, visible.minY, visible.height))
        if target != visible.origin { setContentOffset(target, animated: animated) }
    }

    /// Shows the scroll indicators, then fades them out 0.8 s after the last flash.
    public func flashScrollIndicators() {
        guard contentOverflows, let timers = scene?.timers else { return }
        Animator.set(\ScrollView.indicatorOpacity, of: self, to: 1)
        if let indicatorFade { timers.cancel(indicatorFade) }
        indicatorFade = timers.schedule(after: 0.8) { [weak self] in
            guard let self else { return }
            self.indicatorFade = nil
            guard self.knobDrag == nil else { return self.flashScrollIndicators() }  // still held
            View.animate(duration: 0.3, curve: .easeOut) {
                Animator.set(\ScrollView.indicatorOpacity, of: self, to: 0)
            }
        }
    }

    /// How far one wheel step or arrow key scrolls when ``wheelStep`` says nothing.
    open var defaultScrollStep: Double { 40 }

    // MARK: Layout

    /// Lays the content view out (as wide as the scroll view or as it asks, as tall as it asks)
    /// and keeps the offset in range.
    open override func layoutSubviews() {
        if let contentView {
            let width =
                fitsContentWidth
                ? bounds.width : contentView.sizeThatFits(Size(width: .infinity, height: .infinity)).width
            let height = contentView.sizeThatFits(Size(width: width, height: .infinity)).height
            contentView.frame = Rect(x: 0, y: 0, width: width, height: height)
            contentSize = contentView.frame.size
        }
        contentOffset = contentOffset  // a new size may lower the largest offset
    }

    /// Brings a view inside that took focus into view, with what it draws past its bounds (its
    /// focus ring).
    open override func descendantDidBecomeFocused(_ view: View) {
        let reach = view.drawingOverhang
        scrollRectToVisible(view.convert(view.bounds, to: self).insetBy(dx: -reach, dy: -reach), animated: true)
    }

    // MARK: Indicators

    /// Where the knob of the indicator along `axis` is for the view shown at `visible` (its
    /// bounds), in bounds coordinates, or `nil` when the content does not overflow that way.
    func knobRect(_ axis: ScrollAxis, in visible: Rect) -> Rect? {
        switch axis {
        case .vertical:
            guard showsVerticalScrollIndicator, contentSize.height > visible.height, visible.height > 8 else {
                return nil
            }
            let knob = max(24, visible.height * visible.height / contentSize.height)
            let progress = maximumContentOffset.y > 0 ? min(max(visible.minY / maximumContentOffset.y, 0), 1) : 0
            return Rect(
                x: visible.maxX - 6, y: visible.minY + 3 + progress * (visible.height - 6 - knob), width: 3,
                height: knob)
        case .horizontal:
            guard showsHorizontalScrollIndicator, contentSize.width > visible.width, visible.width > 8 else {
                return nil
            }
            let knob = max(24, visible.width * visible.width / contentSize.width)
            let progress = maximumContentOffset.x > 0 ? min(max(visible.minX / maximumContentOffset.x, 0), 1) : 0
            return Rect(
                x: visible.minX + 3 + progress * (visible.width - 6 - knob), y: visible.maxY - 6, width: knob, height: 3
            )
        }
    }

    /// Draws the indicators over the content.
    open override func drawForeground(in context: GraphicsContext, bounds: Rect) {
        let opacity = indicatorOpacity.presented
        guard opacity > 0 else { return }
        let knobColor = theme.scrollIndicator
        for axis in [ScrollAxis.vertical, .horizontal] {
            if let knob = knobRect(axis, in: bounds) {
                context.fillRoundedRect(
                    knob, cornerRadius: 1.5, color: knobColor.withAlpha(knobColor.alpha * opacity))
            }
        }
    }

    /// The indicator strip along `axis` under `point` (bounds coordinates), if any: where an
    /// indicator shows now.
    private func indicatorStrip(at point: Point) -> ScrollAxis? {
        let visible = bounds, shown = presentedBounds
        if knobRect(.vertical, in: shown) != nil, point.x >= visible.maxX - Self.indicatorGrabWidth {
            return .vertical
        }
        if knobRect(.horizontal, in: shown) != nil, point.y >= visible.maxY - Self.indicatorGrabWidth {
            return .horizontal
        }
        return nil
    }

    /// The scroll view itself answers in its indicator strips, so the indicators can be grabbed
    /// over the content; elsewhere the content does.
    open override func hitTest(_ point: Point) -> View? {
        guard acceptsHits, pointInside(point) else { return nil }
        if indicatorStrip(at: point) != nil { return self }
        return super.hitTest(point)
    }

    // MARK: Input

    /// Takes focus when the content overflows and nothing inside can take it (``isFocusable``
    /// allowing): then the keyboard can still scroll it. With a focusable view inside, keys that
    /// view leaves reach the scroll view anyway.
    open override var canBecomeFocused: Bool {
        guard isFocusable, contentOverflows else { return false }
        var focusableInside = false
        for subview in subviews {
            subview.forEachInSubtree { if $0.canBecomeFocused, !$0.isHidden { focusableInside = true } }
        }
        return !focusableInside
    }

    /// Grabs an indicator (jumping there when the press is off its knob).
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        let point = event.location(in: self)
        guard event.button == .left, let axis = indicatorStrip(at: point) else { return false }
        let along = axis == .vertical ? event.locationInWindow.y : event.locationInWindow.x
        if let knob = knobRect(axis, in: presentedBounds), !knob.insetBy(dx: -4, dy: -4).contains(point) {
            jump(axis, toward: point)
        }
        knobDrag = (axis, along, contentOffset)
        flashScrollIndicators()
        return true
    }

    /// Moves the content with the grabbed indicator.
    open override func mouseDragged(_ event: MouseEvent) {
        guard let drag = knobDrag else { return }
        let visible = bounds
        let (track, content, moved) =
            drag.axis == .vertical
            ? (visible.height, contentSize.height, event.locationInWindow.y - drag.start)
            : (visible.width, contentSize.width, event.locationInWindow.x - drag.start)
        let scale = content / max(track, 1)  // the knob moves a track's length for the whole content
        var offset = drag.startOffset
        if drag.axis == .vertical { offset.y += moved * scale } else { offset.x += moved * scale }
        contentOffset = offset
        flashScrollIndicators()
    }

    /// Lets go of the indicator.
    open override func mouseUp(_ event: MouseEvent) { knobDrag = nil }

    /// Lets go of the indicator.
    open override func mouseCancelled() { knobDrag = nil }

    /// Shows the indicators while the pointer is over their strips.
    open override func mouseMoved(_ event: MouseEvent) -> Bool {
        guard indicatorStrip(at: event.location(in: self)) != nil else { return false }
        flashScrollIndicators()
        return true
    }

    private func jump(_ axis: ScrollAxis, toward point: Point) {
        let visible = bounds
        var offset = contentOffset
        if axis == .vertical {
            offset.y = (point.y - visible.minY) / visible.height * contentSize.height - visible.height / 2
        } else {
            offset.x = (point.x - visible.minX) / visible.width * contentSize.width - visible.width / 2
        }
        contentOffset = offset
    }

    /// Scrolls by the wheel when the content overflows that way (Shift turns a vertical wheel
    /// horizontal); otherwise passes it on.
    open override func scrollWheel(_ event: ScrollEvent) -> Bool {
        var dx = event.deltaX, dy = event.deltaY
        if event.modifiers.contains(.shift), dx == 0 { (dx, dy) = (dy, 0) }
        let step = wheelStep ?? defaultScrollStep
        let maximum = maximumContentOffset
        guard (dy != 0 && maximum.y > 0) || (dx != 0 && maximum.x > 0) else { return false }
        contentOffset = Point(x: contentOffset.x + dx * step, y: contentOffset.y + dy * step)
        flashScrollIndicators()
        return true
    }

    /// Scrolls with the arrows, Page Up, Page Down, Home and End (keys a focused view inside
    /// left for it).
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard contentOverflows, event.modifiers.isSubset(of: [.shift]) else { return false }
        let step = wheelStep ?? defaultScrollStep
        let page = max(step, bounds.height - step)
        var offset = contentOffset
        switch event.key {
        case .up: offset.y -= step
        case .down: offset.y += step
        case .left: offset.x -= step
        case .right: offset.x += step
        case .pageUp: offset.y -= page
        case .pageDown: offset.y += page
        case .home: offset = Point(x: offset.x, y: 0)
        case .end: offset = Point(x: offset.x, y: maximumContentOffset.y)
        default: return false
        }
        guard offset != contentOffset else { return false }
        setContentOffset(offset, animated: false)
        return true
    }
}

/// One of a scroll view's two directions.
enum ScrollAxis {
    case vertical
    case horizontal
}
