extension AttributedText {
    /// Whether any run links somewhere.
    var hasLinks: Bool { runs.contains { $0.style.link != nil } }

    /// The text with each link shown as links are: in `color` unless its style gives one, and
    /// underlined. As it is when it has no link.
    func showingLinks(in color: Color) -> AttributedText {
        guard hasLinks else { return self }
        var shown = self
        for run in runs where run.style.link != nil {
            shown.updateStyle(in: run.characters) { style in
                style.color = style.color ?? color
                style.isUnderlined = true
            }
        }
        return shown
    }

    /// The link of the run whose characters `layout` (this text set on one line, its left edge at
    /// `left`) draws across `x`, if any.
    func link(atX x: Double, in layout: TextLayout, left: Double) -> String? {
        for run in runs {
            guard let link = run.style.link else { continue }
            let hit = layout.selectionRects(for: run.characters).contains { x >= left + $0.minX && x < left + $0.maxX }
            if hit { return link }
        }
        return nil
    }
}
