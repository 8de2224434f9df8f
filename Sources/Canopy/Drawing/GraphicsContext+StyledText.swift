extension GraphicsContext {
    /// Draws styled text run by run with the plain-text call: backgrounds, then each run's
    /// characters at the left of where the layout puts them, then the lines.
    public func drawText(
        _ text: AttributedText, baselineAt origin: Point, font: Font, color: Color, direction: TextDirection
    ) {
        let layout = layout(text, font: font, direction: direction)
        drawStyledBackgrounds(of: text, laidOut: layout, baselineAt: origin)
        for run in text.runs {
            guard let left = layout.selectionRects(for: run.characters).map(\.minX).min() else { continue }
            drawText(
                text[characters: run.characters].string, baselineAt: Point(x: origin.x + left, y: origin.y),
                font: run.style.font(basedOn: font), color: run.style.color ?? color, direction: direction)
        }
        drawStyledLines(of: text, laidOut: layout, baselineAt: origin, font: font, color: color)
    }

    /// Fills each run's background behind where `layout` puts its characters, the line's
    /// height from its top.
    package func drawStyledBackgrounds(of text: AttributedText, laidOut layout: TextLayout, baselineAt origin: Point) {
        for run in text.runs {
            guard let background = run.style.backgroundColor else { continue }
            for rect in layout.selectionRects(for: run.characters) {
                fill(rect.offsetBy(dx: origin.x, dy: origin.y - layout.ascent), color: background)
            }
        }
    }

    /// Draws the underlines and strikethroughs of the runs that have them, in each run's
    /// colour, as thick as its font's size calls for, under or through where `layout` puts its
    /// characters.
    package func drawStyledLines(
        of text: AttributedText, laidOut layout: TextLayout, baselineAt origin: Point, font: Font, color: Color
    ) {
        for run in text.runs where run.style.isUnderlined || run.style.isStruckThrough {
            let runFont = run.style.font(basedOn: font)
            let metrics = lineMetrics(for: runFont)
            let thickness = max(1, (runFont.size / 14).rounded())
            let runColor = run.style.color ?? color
            var offsets: [Double] = []
            if run.style.isUnderlined { offsets.append(max(thickness, (metrics.descent * 0.4).rounded())) }
            if run.style.isStruckThrough { offsets.append(-(metrics.ascent * 0.3).rounded()) }
            for rect in layout.selectionRects(for: run.characters) {
                for offset in offsets {
                    fill(
                        Rect(x: origin.x + rect.minX, y: origin.y + offset, width: rect.width, height: thickness),
                        color: runColor)
                }
            }
        }
    }
}
