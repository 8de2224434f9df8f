extension View {
    /// Draws the view and its subtree as it looks now (presentation values), in the context's
    /// current coordinates, which are the superview's bounds coordinates.
    ///
    /// Order per view: shadow, background, ``draw(in:bounds:)``, subviews back to front,
    /// ``drawForeground(in:bounds:)``, border. Each step gets the presented bounds, so a view
    /// whose size is animating draws at the size it has on screen.
    func render(in context: GraphicsContext) {
        let alpha = alphaValue.presented
        guard !isHidden, alpha > 0.001 else { return }
        let frame = presentedFrame
        let bounds = presentedBounds
        context.saveState()
        defer { context.restoreState() }
        context.translateBy(x: frame.minX - bounds.minX, y: frame.minY - bounds.minY)
        let area = clipsToBounds ? bounds : extent(in: bounds)
        guard context.clipBounds.intersects(area) else { return }
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        // Rounded clipping and partial opacity need the subtree drawn as one group; a plain
        // rectangular clip does not.
        let roundedClip = clipsToBounds && radius > 0
        let isGroup = roundedClip || alpha < 1
        if isGroup {
            context.beginLayer(area, cornerRadius: roundedClip ? radius : 0, alpha: alpha)
        }
        defer { if isGroup { context.endLayer() } }
        if let shadow, shadow.opacity > 0 {
            context.drawShadow(of: bounds, cornerRadius: radius, shadow: shadow)
        }
        let background = themeBackgroundColor.map { theme[keyPath: $0] } ?? backgroundColorValue.presented
        if !background.isClear { fillBackground(background, in: context, bounds: bounds) }
        if clipsToBounds { context.clip(to: bounds) }
        draw(in: context, bounds: bounds)
        for subview in subviews { subview.render(in: context) }
        drawForeground(in: context, bounds: bounds)
        if borderWidth > 0 {
            let color = themeBorderColor.map { theme[keyPath: $0] } ?? borderColor
            if !color.isClear {
                context.strokeRoundedRect(bounds, cornerRadius: radius, lineWidth: borderWidth, color: color)
            }
        }
    }

    /// Gives the view the theme's edge of a pop-up (``Theme/popupEdge``): a 1-point border
    /// that shows in the dark theme only.
    func edgeLikeAPopUp() {
        borderWidth = 1
        themeBorderColor = \.popupEdge
    }

    /// Fills the view's (rounded) rectangle of `bounds` (as it is shown now) with `color`, as
    /// its background colour is drawn: widgets whose background follows the theme draw it this
    /// way.
    func fillBackground(_ color: Color, in context: GraphicsContext, bounds: Rect) {
        let radius = min(cornerRadius, bounds.width / 2, bounds.height / 2)
        if radius > 0 {
            context.fillRoundedRect(bounds, cornerRadius: radius, color: color)
        } else {
            context.fill(bounds, color: color)
        }
    }

    /// The area the view and its subtree draw on now, in bounds coordinates, given its
    /// presented bounds: its rectangle with its ``drawingOverhang``, its shadow and, unless it
    /// clips, its subviews' areas.
    func extent(in bounds: Rect) -> Rect {
        var area = bounds.insetBy(dx: -drawingOverhang, dy: -drawingOverhang)
        if let shadow { area = area.union(shadow.extent(of: bounds)) }
        if !clipsToBounds {
            for subview in subviews where !subview.isHidden {
                area = area.union(subview.extentInSuperview())
            }
        }
        return area
    }

    /// The area the view draws on now, in its superview's bounds coordinates.
    func extentInSuperview() -> Rect {
        let frame = presentedFrame, bounds = presentedBounds
        return extent(in: bounds).offsetBy(dx: frame.minX - bounds.minX, dy: frame.minY - bounds.minY)
    }

    /// Marks everything the view draws on now for redrawing, as far as the ancestors that clip
    /// let it show. One walk up the tree: the area moves into each ancestor's coordinates in
    /// turn and is cut to the bounds of those that clip.
    func invalidateExtent() {
        guard let scene, !isHiddenInTree else { return }
        var area = extentInSuperview()
        var ancestor = superview
        while let current = ancestor {
            let bounds = current.presentedBounds
            if current.clipsToBounds {
                guard let visible = area.intersection(bounds), !visible.isEmpty else { return }
                area = visible
            }
            let frame = current.presentedFrame
            area = area.offsetBy(dx: frame.minX - bounds.minX, dy: frame.minY - bounds.minY)
            ancestor = current.superview
        }
        scene.addDamage(area)
    }

    /// Called before an animatable property's shown value changes: damages the old look.
    func willChangeAppearance() { invalidateExtent() }

    /// Called after an animatable property's shown value changed: damages the new look.
    func didChangeAppearance() { invalidateExtent() }

    /// Whether this view or one of its ancestors is hidden (so it neither draws nor receives
    /// events).
    public var isHiddenInTree: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden { return true }
            view = current.superview
        }
        return false
    }
}
