import CX11
import Canopy

#if canImport(Glibc)
    import Glibc
#endif

/// One open connection to an X server and what every window on it shares: the screen's visual
/// and colormap, the XRender formats, interned atoms, the input method, and the caches of
/// fonts and paints.
@MainActor final class DisplayConnection {
    let display: OpaquePointer
    let name: String
    let screen: Int32
    let root: XID
    let visual: UnsafeMutablePointer<Visual>
    let colormap: Colormap
    let depth: Int32
    /// The XRender format of windows and back buffers on the default visual.
    let windowFormat: UnsafeMutablePointer<XRenderPictFormat>
    /// The 8-bit alpha format used for antialiasing masks and shadows.
    let alphaFormat: UnsafeMutablePointer<XRenderPictFormat>
    let atoms: Atoms
    let fonts: FontCatalog
    private(set) lazy var paints = PaintCache(connection: self)
    private(set) lazy var shadows = ShadowMaskCache(connection: self)
    private(set) lazy var coverage = CoverageMaskCache(connection: self)
    private(set) lazy var images = ImageCache(connection: self)

    /// Opens `displayName`, or `$DISPLAY` when `nil`, waiting at most `connectTimeout` seconds
    /// for the server to answer.
    init(displayName: String?, connectTimeout: Double) throws(X11Error) {
        let requested = displayName ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let requested, !requested.isEmpty else { throw .noDisplayConfigured }
        Self.takeUsersLocale()  // before the warm-up thread: setlocale must not race fontconfig's parsing
        TextWarmUp.start()
        Self.fallBackIfXLacksLocale()  // Xlib's locale files load while fontconfig parses its own
        XErrorLog.install()
        XErrorLog.displayName = requested
        let display = try DisplayOpener.open(requested, timeout: connectTimeout)
        XErrorLog.serverProcess = XErrorLog.peerProcess(of: XConnectionNumber(display))
        let atomRequests = Atoms.request(on: display)  // answered while RENDER is queried
        canopy_prefetch_extensions(XGetXCBConnection(display))  // so are SYNC and SHAPE
        xcb_flush(XGetXCBConnection(display))
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw .missingExtension("RENDER")
        }
        let screen = XDefaultScreen(display)
        guard let visual = XDefaultVisual(display, screen),
            let windowFormat = XRenderFindVisualFormat(display, visual),
            let alphaFormat = XRenderFindStandardFormat(display, Int32(PictStandardA8))
        else {
            XCloseDisplay(display)
            throw .missingExtension("RENDER picture format for the default visual")
        }
        self.display = display
        self.name = requested
        self.screen = screen
        self.root = XRootWindow(display, screen)
        self.visual = visual
        self.colormap = XDefaultColormap(display, screen)
        self.depth = XDefaultDepth(display, screen)
        self.windowFormat = windowFormat
        self.alphaFormat = alphaFormat
        self.atoms = atomRequests.answers()
        self.fonts = FontCatalog(display: display, screen: screen)
        self.inputMethod = InputMethod(display: display)
    }

    /// The input method and the windows' input contexts.
    let inputMethod: InputMethod
    /// The XCB side of the connection, for the requests Xlib has no pipelined form of.
    var xcb: OpaquePointer { XGetXCBConnection(display) }
    /// Whether the server has the SYNC extension (asked at connection, answered by now).
    private(set) lazy var hasSync = canopy_has_sync(xcb) != 0
    /// Whether the server has the SHAPE extension (asked at connection, answered by now).
    private(set) lazy var hasShape = canopy_has_shape(xcb) != 0
    private var syncInitialized = false

    /// Says hello to SYNC once, as its protocol asks before the first counter, without waiting
    /// for the answer; returns whether SYNC can be used.
    func prepareSync() -> Bool {
        guard hasSync else { return false }
        if !syncInitialized {
            syncInitialized = true
            let cookie = xcb_sync_initialize(xcb, UInt8(XCB_SYNC_MAJOR_VERSION), UInt8(XCB_SYNC_MINOR_VERSION))
            xcb_discard_reply(xcb, cookie.sequence)
        }
        return true
    }
    private var keyboardPrepared = false

    /// Switches on detectable auto-repeat the first time a window takes the keyboard rather
    /// than at start-up: it costs a round trip the first frame need not wait for.
    func prepareKeyboard() {
        guard !keyboardPrepared else { return }
        keyboardPrepared = true
        var detectable: Int32 = 0
        XkbSetDetectableAutoRepeat(display, 1, &detectable)
    }

    private var pointerShapes: [Canopy.Cursor: CX11.Cursor] = [:]

    /// The X font cursor for a pointer shape, made on first use.
    func pointerShape(_ shape: Canopy.Cursor) -> CX11.Cursor {
        if let cursor = pointerShapes[shape] { return cursor }
        let glyph: Int32
        switch shape {
        case .arrow: glyph = XC_left_ptr
        case .hand: glyph = XC_hand2
        case .text: glyph = XC_xterm
        }
        let cursor = XCreateFontCursor(display, UInt32(glyph))
        pointerShapes[shape] = cursor
        return cursor
    }

    /// The socket of the connection, for `poll`.
    var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Frees the shared caches and closes the connection.
    func close() {
        shadows.removeAll()
        coverage.removeAll()
        images.removeAll()
        paints.removeAll()
        fonts.removeAll()
        for cursor in pointerShapes.values { XFreeCursor(display, cursor) }
        inputMethod.close()
        XCloseDisplay(display)
    }

    /// Xlib's input methods and UTF-8 lookups follow the C locale: take the user's (C.UTF-8
    /// when the C library does not know it).
    private static func takeUsersLocale() {
        if setlocale(LC_CTYPE, "") == nil { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// Falls back to C.UTF-8 when Xlib does not support the user's locale. Checking reads
    /// Xlib's locale files (about 2 million instructions), so it runs beside the warm-up
    /// thread's parsing instead of before it; changing the locale waits for that thread, which
    /// reads the locale, to finish.
    private static func fallBackIfXLacksLocale() {
        guard XSupportsLocale() == 0 else { return }
        TextWarmUp.finish()
        setlocale(LC_CTYPE, "C.UTF-8")
    }
}
