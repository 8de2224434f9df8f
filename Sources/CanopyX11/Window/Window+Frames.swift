import Canopy
import CX11

/// A window's frames: drawn into the back buffer, copied to the window (or shown by its map),
/// repaired from the buffer on Expose, and drawn again at a new size.
extension Window {
    /// Whether the loop should draw a frame now: the scene has damage and the window is either
    /// mapped, or has no frame drawn yet. A new window draws its first frame ahead of being
    /// mapped, so the frame is ready (fonts loaded, rows drawn) when the server maps it; an
    /// unmapped window that has drawn keeps its damage until it is mapped again.
    var wantsFrame: Bool { isOpen && scene.needsFrame && visibility.acceptsFrame }

    /// Lays out, redraws the damaged areas into the back buffer and copies them to the window
    /// (or, before the window is mapped, leaves them for the map to show).
    func presentFrameIfNeeded() {
        guard wantsFrame else { return }
        let damage = scene.prepareFrame()
        if scene.contentMinimumSize != hintedContentMinimum { setNormalHints() }
        presentPopUps()
        guard !damage.isEmpty else { return }
        context.reset()
        for rect in damage {
            context.saveState()
            context.clip(to: rect)
            context.fill(rect, color: backgroundColor ?? scene.theme.windowBackground)
            context.restoreState()
            scene.render(rect, in: context)
        }
        guard visibility.frameDrawn() else { return }
        for rect in damage {
            let pixels = Rect(
                x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale
            )
            .integral
            buffer.copyToWindow(
                x: Int(pixels.minX), y: Int(pixels.minY), width: Int(pixels.width), height: Int(pixels.height))
        }
    }

    /// An Expose: the part of the window that lost its pixels is copied again from the back
    /// buffer, without drawing.
    func exposed(_ event: XExposeEvent) {
        guard visibility.exposed(isLast: event.count == 0) else { return }
        buffer.copyToWindow(x: Int(event.x), y: Int(event.y), width: Int(event.width), height: Int(event.height))
    }

    /// The server mapped the window: damage kept meanwhile is drawn next.
    func mapped() {
        if visibility.mapped() { clearBackgroundFrame() }
    }

    /// The window's size in pixels is now `width` × `height`: the back buffer is made again at
    /// that size and the scene laid out for it.
    func resize(width: Int, height: Int) {
        guard width != buffer.width || height != buffer.height else { return }
        do {
            try buffer.resize(width: width, height: height)
        } catch {
            reportProblem("\(error)")
            return
        }
        if visibility.resized() { clearBackgroundFrame() }
        scene.size = Size(width: Double(buffer.width) / scale, height: Double(buffer.height) / scale)
    }

    /// Draws at `newScale` pixels per point from now on, keeping the window's size in points:
    /// the back buffer is made again at the new size in pixels (asked of the server too) and
    /// every view is laid out and drawn again.
    func rescale(to newScale: Double) {
        guard isOpen, newScale != scale else { return }
        let size = scene.size
        scale = newScale
        context.scale = newScale
        let width = Self.dimension(size.width * scale), height = Self.dimension(size.height * scale)
        XResizeWindow(connection.display, windowID, width, height)
        resize(width: Int(width), height: Int(height))
        setNormalHints()  // the minimum size in pixels
        scene.setNeedsLayoutAndDisplay()
    }

    /// Stops the server painting the back buffer as the window's background.
    private func clearBackgroundFrame() {
        XSetWindowBackgroundPixmap(connection.display, windowID, 0)  // None, as at creation
    }
}
