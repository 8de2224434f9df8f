/// How text inputs draw an input method's composition (pre-edit) inline, beneath its text.
extension GraphicsContext {
    /// Draws the marks of `composition`, laid out in `layout` from character `start` (the line's
    /// left edge at x `left`, its baseline at `baseline`): the selection's colour behind its
    /// highlighted runs, then an underline under all of it (thicker under the highlighted runs).
    /// The text itself is drawn over it with the rest of the line.
    func drawCompositionMarks(
        _ composition: TextComposition, at start: Int, in layout: TextLayout, left: Double, baseline: Double,
        line: TextMetrics, theme: Theme
    ) {
        let underlineY = (baseline + max(1, line.descent / 2)).rounded()
        for run in composition.characterRuns {
            let range = (start + run.range.lowerBound)..<(start + run.range.upperBound)
            for rect in layout.selectionRects(for: range) {
                let x = left + rect.minX
                if run.emphasis == .highlighted {
                    fill(
                        Rect(x: x, y: baseline - line.ascent, width: rect.width, height: line.height),
                        color: theme.textSelection)
                }
                let thickness = run.emphasis == .highlighted ? 2.0 : 1.0
                fill(Rect(x: x, y: underlineY, width: rect.width, height: thickness), color: theme.text)
            }
        }
    }
}
