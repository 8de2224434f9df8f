import CX11

/// A pixmap with the handles that draw on it: an XRender picture for shapes and compositing,
/// and (for colour surfaces) an Xft draw for text.
@MainActor struct Surface {
    let pixmap: Pixmap
    let picture: Picture
    let textDraw: OpaquePointer?

    /// Creates a `width` × `height` colour surface of `format`, on which text can be drawn too.
    init?(connection: DisplayConnection, width: Int, height: Int, format: SurfaceFormat) {
        self.init(
            connection: connection, width: width, height: height, depth: format.depth,
            pictureFormat: format.pictureFormat, text: (format.visual, format.colormap))
    }

    /// Creates a `width` × `height` surface of `depth` in `pictureFormat`; with a visual and
    /// colormap for `text`, text can be drawn on it too.
    init?(
        connection: DisplayConnection, width: Int, height: Int, depth: Int32,
        pictureFormat: UnsafeMutablePointer<XRenderPictFormat>,
        text: (visual: UnsafeMutablePointer<Visual>, colormap: Colormap)?
    ) {
        let display = connection.display
        let pixmap = XCreatePixmap(display, connection.root, UInt32(width), UInt32(height), UInt32(depth))
        guard pixmap != 0 else { return nil }
        let picture = XRenderCreatePicture(display, pixmap, pictureFormat, 0, nil)
        let textDraw = text.flatMap { XftDrawCreate(display, pixmap, $0.visual, $0.colormap) }
        guard picture != 0, text == nil || textDraw != nil else {
            if let textDraw { XftDrawDestroy(textDraw) }
            if picture != 0 { XRenderFreePicture(display, picture) }
            XFreePixmap(display, pixmap)
            return nil
        }
        self.pixmap = pixmap
        self.picture = picture
        self.textDraw = textDraw
    }

    func free(_ display: OpaquePointer) {
        if let textDraw { XftDrawDestroy(textDraw) }
        XRenderFreePicture(display, picture)
        XFreePixmap(display, pixmap)
    }
}

/// The off-screen pixmap a window's frames are drawn into, the scratch surfaces for views
/// drawn as a group (one per nesting level, made on first use), and the copy of finished areas
/// to the window.
@MainActor final class BackBuffer {
    private let connection: DisplayConnection
    private let window: XID
    /// What its colour surfaces are made of: the window's own format.
    let format: SurfaceFormat
    private(set) var main: Surface?
    private var layers: [Surface] = []
    private var mask: Surface?
    private var gc: GC?
    private(set) var width = 0
    private(set) var height = 0

    init(connection: DisplayConnection, window: XID, format: SurfaceFormat, width: Int, height: Int)
        throws(X11Error)
    {
        self.connection = connection
        self.window = window
        self.format = format
        try resize(width: width, height: height)
    }

    /// Replaces the surfaces with ones of the new size; their content is undefined until
    /// redrawn.
    func resize(width: Int, height: Int) throws(X11Error) {
        let width = max(1, width), height = max(1, height)
        guard width != self.width || height != self.height else { return }
        free()
        main = makeColorSurface(width: width, height: height)
        var values = XGCValues()
        values.graphics_exposures = 0  // copies from a pixmap never need NoExpose events
        gc = XCreateGC(connection.display, window, UInt(GCGraphicsExposures), &values)
        guard main != nil, gc != nil else {
            free()
            throw .resourceFailed("create a \(width)×\(height) back buffer")
        }
        self.width = width
        self.height = height
    }

    /// The scratch colour surface for a group at nesting `level` (0 is the outermost).
    func layer(at level: Int) -> Surface? {
        while layers.count <= level {
            guard let surface = makeColorSurface(width: width, height: height) else { return nil }
            layers.append(surface)
        }
        return layers[level]
    }

    /// The scratch 8-bit alpha surface that shapes a group's edges.
    func maskSurface() -> Surface? {
        if mask == nil {
            mask = Surface(
                connection: connection, width: width, height: height, depth: 8,
                pictureFormat: connection.alphaFormat, text: nil)
        }
        return mask
    }

    /// Copies a rectangle of the back buffer (whole pixels) to the same place in the window.
    func copyToWindow(x: Int, y: Int, width: Int, height: Int) {
        guard let gc, let main, width > 0, height > 0 else { return }
        XCopyArea(
            connection.display, main.pixmap, window, gc, Int32(x), Int32(y), UInt32(width), UInt32(height), Int32(x),
            Int32(y))
    }

    func free() {
        let display = connection.display
        main?.free(display)
        layers.forEach { $0.free(display) }
        mask?.free(display)
        if let gc { XFreeGC(display, gc) }
        main = nil
        layers = []
        mask = nil
        gc = nil
        width = 0
        height = 0
    }

    private func makeColorSurface(width: Int, height: Int) -> Surface? {
        Surface(connection: connection, width: width, height: height, format: format)
    }
}
