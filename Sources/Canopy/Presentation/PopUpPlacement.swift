/// Where a pop-up goes beside what it belongs to, kept inside the room it may cover: the one
/// rule behind menus (at the pointer and below a button), drop-down lists, tile panels and
/// tooltips, in the window or on the screen (``Scene/popUpBounds``), as GTK's pop-up layout and
/// Wayland's `xdg_positioner` place theirs.
///
/// The pop-up goes against ``edge`` of ``anchor`` (a view's frame, or a zero-size rectangle at
/// the pointer), ``gap`` away from it, lined up along that edge as ``alignment`` says. Then, one
/// axis at a time, until it fits inside the area:
/// 1. **flip**: where the axis is in ``flips``, it goes to the opposite edge (across the
///    anchor), or the other end of the alignment (along it; a centred pop-up does not flip),
///    if it fits there;
/// 2. **slide**: where the axis is in ``slides``, it moves from where it wanted to be just far
///    enough to lie inside (over the anchor, if it must); where it does not slide but flips, it
///    takes whichever side has more room;
/// 3. **shrink**: whatever still sticks out of the area is cut off (a list then scrolls).
public struct PopUpPlacement: Hashable, Sendable {
    /// A side of the anchor.
    public enum Edge: Hashable, Sendable {
        /// Above the anchor.
        case top
        /// Below the anchor.
        case bottom
        /// Left of the anchor.
        case left
        /// Right of the anchor.
        case right

        /// The side across the anchor.
        public var opposite: Edge {
            switch self {
            case .top: .bottom
            case .bottom: .top
            case .left: .right
            case .right: .left
            }
        }

        /// Whether the pop-up lies above or below, rather than beside, the anchor.
        var isVertical: Bool { self == .top || self == .bottom }
    }

    /// How the pop-up lines up with the anchor along the edge it is against.
    public enum Alignment: Hashable, Sendable {
        /// The pop-up's left (or, beside the anchor, top) edge on the anchor's, reaching right
        /// (or down) from it.
        case start
        /// Centred on the anchor.
        case center
        /// The pop-up's right (or bottom) edge on the anchor's, reaching left (or up) from it.
        case end
    }

    /// The directions a pop-up may be moved in to fit.
    public struct Axes: OptionSet, Hashable, Sendable {
        /// The set's bits.
        public let rawValue: UInt8
        /// Creates a set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Left and right.
        public static let horizontal = Axes(rawValue: 1 << 0)
        /// Up and down.
        public static let vertical = Axes(rawValue: 1 << 1)
    }

    /// What the pop-up belongs to, in the coordinates of the area: a view's frame, or a
    /// zero-size rectangle at a point.
    public var anchor: Rect
    /// The side of the anchor the pop-up would rather be on.
    public var edge: Edge
    /// How it lines up along that side.
    public var alignment: Alignment
    /// The space between the anchor's edge and the pop-up.
    public var gap: Double
    /// The axes on which the pop-up goes to the other side (or end) when it does not fit.
    public var flips: Axes
    /// The axes on which the pop-up moves inside the area when neither side fits.
    public var slides: Axes

    /// Creates a placement against `edge` of `anchor`; by default it flips and slides both ways.
    public init(
        anchor: Rect, edge: Edge = .bottom, alignment: Alignment = .start, gap: Double = 0,
        flips: Axes = [.horizontal, .vertical], slides: Axes = [.horizontal, .vertical]
    ) {
        self.anchor = anchor
        self.edge = edge
        self.alignment = alignment
        self.gap = gap
        self.flips = flips
        self.slides = slides
    }

    /// The frame for a pop-up of `size` inside `area` (the anchor's coordinates), and the side of
    /// the anchor it ended up on.
    public func place(_ size: Size, in area: Rect) -> (frame: Rect, edge: Edge) {
        let vertical = edge.isVertical
        let across = across(length: vertical ? size.height : size.width)
        let along = along(length: vertical ? size.width : size.height)
        let acrossAxis: Axes = vertical ? .vertical : .horizontal
        let alongAxis: Axes = vertical ? .horizontal : .vertical
        let acrossArea = vertical ? (area.minY, area.maxY) : (area.minX, area.maxX)
        let alongArea = vertical ? (area.minX, area.maxX) : (area.minY, area.maxY)
        let (acrossSpan, flipped) = across.fitted(
            in: acrossArea, flips: flips.contains(acrossAxis), slides: slides.contains(acrossAxis))
        let (alongSpan, _) = along.fitted(
            in: alongArea, flips: flips.contains(alongAxis), slides: slides.contains(alongAxis))
        let frame =
            vertical
            ? Rect(x: alongSpan.start, y: acrossSpan.start, width: alongSpan.length, height: acrossSpan.length)
            : Rect(x: acrossSpan.start, y: alongSpan.start, width: acrossSpan.length, height: alongSpan.length)
        return (frame, flipped ? edge.opposite : edge)
    }

    /// The two places across the anchor for a pop-up `length` long: against the preferred edge
    /// and against the opposite one.
    private func across(length: Double) -> Choice {
        let (near, far) = edge.isVertical ? (anchor.minY, anchor.maxY) : (anchor.minX, anchor.maxX)
        let before = near - gap - length
        let after = far + gap
        let wantsAfter = edge == .bottom || edge == .right
        return Choice(length: length, preferred: wantsAfter ? after : before, flipped: wantsAfter ? before : after)
    }

    /// The places along the anchor's edge for a pop-up `length` long: as aligned, and at the
    /// other end (none for a centred one).
    private func along(length: Double) -> Choice {
        let (start, end) = edge.isVertical ? (anchor.minX, anchor.maxX) : (anchor.minY, anchor.maxY)
        switch alignment {
        case .start: return Choice(length: length, preferred: start, flipped: end - length)
        case .center: return Choice(length: length, preferred: (start + end - length) / 2, flipped: nil)
        case .end: return Choice(length: length, preferred: end - length, flipped: start)
        }
    }
}

/// Where a pop-up may start on one axis: the place it wants, and the place it flips to.
private struct Choice {
    let length: Double
    let preferred: Double
    let flipped: Double?

    /// The span the pop-up takes in `area` (its start and end on this axis), and whether it
    /// flipped.
    func fitted(
        in area: (start: Double, end: Double), flips: Bool, slides: Bool
    ) -> (span: (start: Double, length: Double), flipped: Bool) {
        func fits(_ start: Double) -> Bool { start >= area.start && start + length <= area.end }
        func room(_ start: Double) -> Double { max(0, min(start + length, area.end) - max(start, area.start)) }
        let flipped = flips ? self.flipped : nil
        var start = preferred
        var didFlip = false
        if !fits(preferred) {
            if let flipped, fits(flipped) {
                start = flipped
                didFlip = true
            } else if slides {
                start = max(area.start, min(preferred, area.end - length))
            } else if let flipped, room(flipped) > room(preferred) {
                start = flipped
                didFlip = true
            }
        }
        // Whatever still sticks out is cut off.
        let cutStart = min(max(start, area.start), area.end)
        let cutEnd = max(min(start + length, area.end), cutStart)
        return ((cutStart, cutEnd - cutStart), didFlip)
    }
}
