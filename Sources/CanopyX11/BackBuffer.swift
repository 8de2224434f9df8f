import CX11

/// The off-screen pixmap a window's frames are drawn into, with the three handles that draw on
/// it (an XRender picture for shapes, an Xft draw for text, a GC for copies), and the copy of
/// finished areas to the window.
@MainActor final class BackBuffer {
    private let connection: DisplayConnection
    private let window: XID
    private(set) var pixmap: Pixmap = 0
    private(set) var picture: Picture = 0
    private(set) var textDraw: OpaquePointer?
    private(set) var gc: GC?
    private(set) var width = 0
    private(set) var height = 0

    init(connection: DisplayConnection, window: XID, width: Int, height: Int) throws(X11Error) {
        self.connection = connection
        self.window = window
        try resize(width: width, height: height)
    }

    /// Replaces the pixmap with one of the new size; its content is undefined until redrawn.
    func resize(width: Int, height: Int) throws(X11Error) {
        let width = max(1, width), height = max(1, height)
        guard width != self.width || height != self.height else { return }
        free()
        let display = connection.display
        pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(connection.depth))
        guard pixmap != 0 else { throw .resourceFailed("create a \(width)×\(height) back buffer") }
        picture = XRenderCreatePicture(display, pixmap, connection.windowFormat, 0, nil)
        textDraw = XftDrawCreate(display, pixmap, connection.visual, connection.colormap)
        var values = XGCValues()
        values.graphics_exposures = 0  // copies from a pixmap never need NoExpose events
        gc = XCreateGC(display, pixmap, UInt(GCGraphicsExposures), &values)
        guard picture != 0, textDraw != nil, gc != nil else {
            free()
            throw .resourceFailed("set up drawing on the back buffer")
        }
        self.width = width
        self.height = height
    }

    /// Copies `rect` (whole pixels) of the back buffer to the same place in the window.
    func copyToWindow(x: Int, y: Int, width: Int, height: Int) {
        guard let gc, width > 0, height > 0 else { return }
        XCopyArea(
            connection.display, pixmap, window, gc, Int32(x), Int32(y), UInt32(width), UInt32(height), Int32(x),
            Int32(y))
    }

    func free() {
        let display = connection.display
        if let textDraw { XftDrawDestroy(textDraw) }
        if picture != 0 { XRenderFreePicture(display, picture) }
        if let gc { XFreeGC(display, gc) }
        if pixmap != 0 { XFreePixmap(display, pixmap) }
        textDraw = nil
        picture = 0
        gc = nil
        pixmap = 0
        width = 0
        height = 0
    }
}
