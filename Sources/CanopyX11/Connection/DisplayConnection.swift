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
    /// The screen's default visual, depth and colormap, and their XRender format: what windows
    /// and their back buffers are made of.
    let windowSurface: SurfaceFormat
    /// A 32-bit format with alpha for pop-up windows under a compositor, found (with its own
    /// colormap) when first asked; `nil` when the screen has none.
    private(set) lazy var translucentSurface = SurfaceFormat.translucent(on: display, screen: screen, root: root)
    /// The 8-bit alpha format used for antialiasing masks and shadows.
    let alphaFormat: UnsafeMutablePointer<XRenderPictFormat>
    let atoms: Atoms
    let fonts: FontCatalog
    private(set) lazy var paints = PaintCache(connection: self)
    private(set) lazy var shadows = ShadowMaskCache(connection: self)
    private(set) lazy var coverage = CoverageMaskCache(connection: self)
    private(set) lazy var images = ImageCache(connection: self)
    private(set) lazy var pointerShapes = PointerShapeCache(display: display)

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
        // Sent in one burst with RENDER's query (Xlib takes the socket back and flushes them
        // first), and answered with it: no round trip of their own.
        let screen = XDefaultScreen(display)
        let atomRequests = Atoms.request(on: display, screen: screen)
        canopy_prefetch_extensions(XGetXCBConnection(display))  // SYNC and SHAPE
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw .missingExtension("RENDER")
        }
        // The atoms' answers came before RENDER's: the desktop's settings manager is asked for
        // now, and answers with RENDER's formats.
        let atoms = atomRequests.answers()
        let root = XRootWindow(display, screen)
        let desktopSettings = XSettingsStartupRead(xcb: XGetXCBConnection(display), root: root, atoms: atoms)
        // SYNC's answer came with RENDER's: say hello to it now, so its reply comes back with
        // the picture formats' instead of on its own while the first frame is drawn.
        let syncInitialized = Self.initializeSync(on: XGetXCBConnection(display))
        guard let visual = XDefaultVisual(display, screen),
            let windowFormat = XRenderFindVisualFormat(display, visual),
            let alphaFormat = XRenderFindStandardFormat(display, Int32(PictStandardA8))
        else {
            XCloseDisplay(display)
            throw .missingExtension("RENDER picture format for the default visual")
        }
        desktopSettings.askForSettings()  // the owner's answer came with the formats
        self.display = display
        self.name = requested
        self.screen = screen
        self.root = root
        self.windowSurface = SurfaceFormat(
            visual: visual, depth: XDefaultDepth(display, screen), colormap: XDefaultColormap(display, screen),
            pictureFormat: windowFormat)
        self.alphaFormat = alphaFormat
        self.atoms = atoms
        self.desktopSettingsAtStartup = desktopSettings
        self.fonts = FontCatalog(display: display, screen: screen)
        self.inputMethod = InputMethod(display: display)
        self.syncInitialized = syncInitialized
    }

    /// The input method and the windows' input contexts.
    let inputMethod: InputMethod
    /// The desktop's XSETTINGS, asked for while connecting; ``XSettingsWatch`` collects them.
    let desktopSettingsAtStartup: XSettingsStartupRead
    /// Whether the server is on this machine (a Unix socket), where a round trip costs a
    /// fraction of a millisecond; over a network it costs the link's delay.
    private(set) lazy var isLocal: Bool = {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getpeername(XConnectionNumber(display), $0, &length) == 0
            }
        }
        return found && Int32(address.ss_family) == AF_UNIX
    }()
    /// The XCB side of the connection, for the requests Xlib has no pipelined form of.
    var xcb: OpaquePointer { XGetXCBConnection(display) }
    /// Whether the server has the SHAPE extension (asked at connection, answered by now).
    private(set) lazy var hasShape = canopy_has_shape(xcb) != 0
    /// Whether the server has SYNC, which was said hello to at connection (as its protocol asks
    /// before the first counter).
    private let syncInitialized: Bool

    /// Whether SYNC can be used.
    func prepareSync() -> Bool { syncInitialized }

    /// Says hello to SYNC, when the server has it, without waiting for the answer; returns
    /// whether it did.
    private static func initializeSync(on connection: OpaquePointer) -> Bool {
        guard canopy_has_sync(connection) != 0 else { return false }
        let cookie = xcb_sync_initialize(connection, UInt8(XCB_SYNC_MAJOR_VERSION), UInt8(XCB_SYNC_MINOR_VERSION))
        xcb_discard_reply(connection, cookie.sequence)
        return true
    }
    private var keyboardPrepared = false
    private var keyboardExtensionStarted = false

    /// Starts Xlib's use of XKB, which the opening left out (two round trips the first frame
    /// need not wait for): the loop calls it once the first frame is up, and before the first
    /// key is looked up. Without XKB on the server, Xlib keeps to the core keyboard protocol.
    func useKeyboardExtension() {
        guard !keyboardExtensionStarted else { return }
        keyboardExtensionStarted = true
        _ = canopy_use_xkb_after_open(display)
    }

    /// Switches on detectable auto-repeat the first time a window takes the keyboard rather
    /// than at start-up: it costs a round trip the first frame need not wait for.
    func prepareKeyboard() {
        guard !keyboardPrepared else { return }
        keyboardPrepared = true
        useKeyboardExtension()
        var detectable: Int32 = 0
        XkbSetDetectableAutoRepeat(display, 1, &detectable)
    }

    /// Whether the server tells this client of a held key's repeats as presses without
    /// releases (XKB's detectable auto-repeat), asked now (a round trip).
    var keyRepeatIsDetectable: Bool {
        var detectable: Int32 = 0
        return XkbGetDetectableAutoRepeat(display, &detectable) != 0 && detectable != 0
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
        pointerShapes.removeAll()
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
