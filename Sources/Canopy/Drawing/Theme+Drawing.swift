/// The parts every control draws the same way, drawn once here in the theme's colours (as
/// FLTK's `draw_box` and `draw_focus`): the fill of a control's face or knob for its state,
/// the focus ring and the drop-down arrow. Custom widgets draw with these to look like the
/// library's.
extension Theme {
    /// The fills of a button's face and of a slider's or switch's knob, for each state.
    public var controlFills: StateColors {
        StateColors(
            normal: controlBackground, hovered: hoveredControlBackground, highlighted: pressedControlBackground,
            disabled: disabledControlBackground)
    }

    /// The colour of focus rings: the accent, partly see-through.
    public var focusRing: Color { accent.withAlpha(0.6) }

    /// How wide a focus ring's line is, in points.
    public static let focusRingWidth = 2.0

    /// Draws a focus ring `outset` points outside `rect`, its corners following `rect`'s
    /// `cornerRadius` (so the ring runs at the same distance all round), in `color` or the
    /// theme's ``focusRing``. A view whose ring passes its bounds says so in
    /// ``View/drawingOverhang``.
    @MainActor public func drawFocusRing(
        around rect: Rect, cornerRadius: Double, outset: Double = 0, color: Color? = nil,
        in context: GraphicsContext
    ) {
        context.strokeRoundedRect(
            rect.insetBy(dx: -outset, dy: -outset), cornerRadius: cornerRadius + outset,
            lineWidth: Self.focusRingWidth, color: color ?? focusRing)
    }

    /// Draws the small downward chevron that says a button drops something down, centred at
    /// `center`, greyed out unless `isEnabled`.
    @MainActor public func drawDropDownArrow(centeredAt center: Point, isEnabled: Bool, in context: GraphicsContext) {
        let color = isEnabled ? secondaryText : border
        let tip = Point(x: center.x, y: center.y + 2)
        context.strokeLine(from: Point(x: center.x - 4, y: center.y - 2), to: tip, lineWidth: 1.5, color: color)
        context.strokeLine(from: tip, to: Point(x: center.x + 4, y: center.y - 2), lineWidth: 1.5, color: color)
    }

    /// Draws the small solid triangle that says a table is sorted by a column, centred at
    /// `center`: pointing up for ascending, down for descending.
    @MainActor public func drawSortIndicator(isAscending: Bool, centeredAt center: Point, in context: GraphicsContext) {
        let rows = 5
        for row in 0..<rows {
            let width = Double(2 * (isAscending ? row + 1 : rows - row))
            context.fill(
                Rect(x: center.x - width / 2, y: center.y - Double(rows / 2) + Double(row), width: width, height: 1),
                color: text)
        }
    }
}
