import Canopy
import CX11

/// A pop-up that reaches past its window, shown in an X window of its own: override-redirect
/// (the window manager leaves it alone, as menus and combo lists in every desktop toolkit),
/// typed for the window manager and compositor by the presentation's role, transient for the
/// window it belongs to, and drawn from the same scene with the same views, animation and
/// input as inside the window.
///
/// It shows the part of the scene in the presentation's ``Canopy/Presentation/surfaceArea``
/// (window coordinates), so a pop-up growing open grows its window with it. Under a compositor
/// it is a 32-bit window with an alpha channel, as GTK's are: the area takes in the soft shadow,
/// and the rounded corners and shadow are blended with what is beneath, as inside the window.
/// Without one a separate window cannot show a soft shadow (it would be an opaque dark band),
/// so its frame ends in a crisp 1-pixel outline instead, and its rounded corners are cut out
/// with SHAPE.
///
/// A passive presentation's window (a tooltip's) takes no input at all: its input region is
/// empty (SHAPE), so the pointer, its presses and its wheel reach whatever window is beneath,
/// as GTK's tooltips let them; it selects no pointer events and never takes the focus.
@MainActor final class PopUpWindow {
    /// The X window.
    let windowID: XID
    /// The presentation it shows.
    let presentation: Presentation
    /// The part of the scene it shows now, in window coordinates (points).
    private(set) var area: Rect
    private let connection: DisplayConnection
    private let buffer: BackBuffer
    private let context: X11GraphicsContext
    private let scale: Double
    /// Whether it has an alpha channel for a compositor to blend.
    let isTranslucent: Bool
    private var isMapped = false
    private var shapedFor: (size: Size, radius: Double)?

    /// Creates the X window for `presentation` of `owner`, not yet mapped: translucent when
    /// `translucent` (a compositor runs) and the screen has a format for it.
    init(presentation: Presentation, owner: Window, translucent: Bool) throws(X11Error) {
        let connection = owner.connection
        let display = connection.display
        let format = (translucent ? connection.translucentSurface : nil) ?? connection.windowSurface
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.background_pixmap = 0
        attributes.border_pixel = 0  // a visual other than the root's needs a border of its own
        attributes.colormap = format.colormap
        let pointerEvents = ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask
        attributes.event_mask = Int(ExposureMask | (presentation.isPassive ? 0 : pointerEvents))
        let window = XCreateWindow(
            display, connection.root, 0, 0, 1, 1, 0, format.depth, UInt32(InputOutput), format.visual,
            UInt(CWOverrideRedirect | CWSaveUnder | CWBackPixmap | CWBorderPixel | CWColormap | CWEventMask),
            &attributes)
        guard window != 0 else { throw .resourceFailed("create a pop-up window") }
        isTranslucent = translucent && format.hasAlpha
        do {
            buffer = try BackBuffer(connection: connection, window: window, format: format, width: 1, height: 1)
        } catch {
            XDestroyWindow(display, window)
            throw error
        }
        windowID = window
        self.presentation = presentation
        self.connection = connection
        scale = owner.scale
        area = .zero
        context = X11GraphicsContext(connection: connection, buffer: buffer, scale: scale)
        XSetTransientForHint(display, window, owner.windowID)
        let atoms = connection.atoms
        var type = [Int(Self.windowType(for: presentation.role, atoms: atoms))]
        XChangeProperty(display, window, atoms.netWMWindowType, XA_ATOM, 32, PropModeReplace, &type, 1)
        if presentation.isPassive {
            letInputThrough()
        } else {
            XDefineCursor(display, window, connection.pointerShapes.cursor(for: .arrow))
        }
    }

    /// Empties the window's input region, so that the pointer is in the window beneath it
    /// wherever the pop-up shows.
    private func letInputThrough() {
        guard connection.hasShape else { return }
        xcb_shape_rectangles(
            connection.xcb, UInt8(XCB_SHAPE_SO_SET.rawValue), UInt8(XCB_SHAPE_SK_INPUT.rawValue),
            UInt8(XCB_CLIP_ORDERING_UNSORTED.rawValue), UInt32(windowID), 0, 0, 0, nil)
    }

    /// Destroys the X window.
    func destroy() {
        buffer.free()
        XDestroyWindow(connection.display, windowID)
    }

    /// Follows the presentation's surface area, placed at `origin` (the owner window's top-left
    /// on the screen, in pixels), and redraws the damage of `scene`.
    func present(from scene: Scene, ownerOrigin origin: Point, background: Color) {
        guard let wanted = presentation.surfaceArea else { return }
        var damage = scene.takeSurfaceDamage(of: presentation)
        let pixels = pixelRect(wanted)
        if wanted != area {
            area = wanted
            guard pixels.width >= 1, pixels.height >= 1 else {
                if isMapped { XUnmapWindow(connection.display, windowID) }
                isMapped = false
                return
            }
            XMoveResizeWindow(
                connection.display, windowID, Int32(origin.x + pixels.minX), Int32(origin.y + pixels.minY),
                UInt32(pixels.width), UInt32(pixels.height))
            if Int(pixels.width) > buffer.width || Int(pixels.height) > buffer.height {
                try? buffer.resize(
                    width: max(buffer.width, Int(pixels.width)), height: max(buffer.height, Int(pixels.height)))
                context.reset()
            }
            if !isTranslucent { shapeCorners(size: Size(width: pixels.width, height: pixels.height)) }
            damage = [wanted]
        }
        guard pixels.width >= 1, pixels.height >= 1, !damage.isEmpty else { return }
        context.reset()
        for rect in damage {
            context.saveState()
            context.translateBy(x: -area.minX, y: -area.minY)
            context.clip(to: rect)
            if isTranslucent {
                context.clear(rect)
                scene.render(presentation, rect, in: context)
            } else {
                context.fill(rect, color: background)
                scene.render(presentation, rect, in: context)
                drawOutline()
            }
            context.restoreState()
        }
        if !isMapped {
            XMapRaised(connection.display, windowID)
            isMapped = true
        }
        for rect in damage {
            let copy = pixelRect(rect).offsetBy(dx: -pixels.minX, dy: -pixels.minY)
            buffer.copyToWindow(
                x: Int(copy.minX), y: Int(copy.minY), width: Int(copy.width), height: Int(copy.height))
        }
    }

    /// Re-copies an exposed part from the buffer.
    func repair(_ event: XExposeEvent) {
        buffer.copyToWindow(x: Int(event.x), y: Int(event.y), width: Int(event.width), height: Int(event.height))
    }

    /// A pixel position in the pop-up, in the scene's (window) coordinates.
    func scenePoint(x: Int32, y: Int32) -> Point {
        Point(x: area.minX + Double(x) / scale, y: area.minY + Double(y) / scale)
    }

    /// The 1-pixel line along the presentation's (rounded) frame.
    private func drawOutline() {
        let view = presentation.view
        let frame = view.presentedFrame
        let radius = min(view.cornerRadius, frame.width / 2, frame.height / 2)
        context.strokeRoundedRect(
            frame, cornerRadius: radius, lineWidth: 1 / scale, color: view.theme.popupOutline)
    }

    /// Cuts the window to the presentation's rounded corners (SHAPE), so no square corner of
    /// background shows past them; a square pop-up keeps its rectangle.
    private func shapeCorners(size: Size) {
        let radius = (min(presentation.view.cornerRadius, size.width / 2, size.height / 2) * scale).rounded()
        guard connection.hasShape, shapedFor.map({ $0.size != size || $0.radius != radius }) ?? (radius > 0) else {
            return
        }
        shapedFor = (size, radius)
        var rectangles = Self.roundedRows(width: Int(size.width), height: Int(size.height), radius: Int(radius))
        xcb_shape_rectangles(
            connection.xcb, UInt8(XCB_SHAPE_SO_SET.rawValue), UInt8(XCB_SHAPE_SK_BOUNDING.rawValue),
            UInt8(XCB_CLIP_ORDERING_UNSORTED.rawValue),
            UInt32(windowID), 0, 0, UInt32(rectangles.count), &rectangles)
    }

    /// A rounded rectangle as the rectangles SHAPE takes: one row of pixels per rectangle along
    /// the corners, inset to where the arc passes the row's middle, and one block between.
    private static func roundedRows(width: Int, height: Int, radius: Int) -> [xcb_rectangle_t] {
        let radius = max(0, min(radius, width / 2, height / 2))
        func rectangle(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> xcb_rectangle_t {
            xcb_rectangle_t(x: Int16(x), y: Int16(y), width: UInt16(max(0, width)), height: UInt16(max(0, height)))
        }
        var rows = [rectangle(0, radius, width, height - 2 * radius)]
        for row in 0..<radius {
            let rise = Double(radius) - Double(row) - 0.5
            let inset = Int((Double(radius) - (Double(radius * radius) - rise * rise).squareRoot()).rounded())
            rows.append(rectangle(inset, row, width - 2 * inset, 1))
            rows.append(rectangle(inset, height - 1 - row, width - 2 * inset, 1))
        }
        return rows
    }

    private func pixelRect(_ rect: Rect) -> Rect {
        Rect(x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale)
            .integral
    }

    private static func windowType(for role: Presentation.Role, atoms: Atoms) -> Atom {
        switch role {
        case .popUpMenu: return atoms.netWMWindowTypePopUpMenu
        case .dropDownMenu: return atoms.netWMWindowTypeDropDownMenu
        case .comboBoxList: return atoms.netWMWindowTypeCombo
        case .tooltip: return atoms.netWMWindowTypeTooltip
        case .dialog: return atoms.netWMWindowTypeDialog
        }
    }
}
