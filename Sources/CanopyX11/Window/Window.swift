import Canopy
import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// A top-level X window showing a ``Scene``: it turns X events into Canopy input, draws each
/// frame's damage into a back buffer and copies only that damage to the screen.
///
/// Expose events re-copy from the back buffer without redrawing; a resize reallocates the
/// buffer and lays the scene out again; the window manager's close button (WM_DELETE_WINDOW)
/// closes the window cleanly.
///
/// Sizes and event locations are in points; ``scale`` pixels make one point (2 on a HiDPI
/// screen), so the whole view tree scales together.
///
/// Its parts live by concern: events (`Window+Events`), frames and the back buffer
/// (`Window+Frames`, with `WindowVisibility`), the window manager (`Window+WindowManager`,
/// `Window+Identity`), dialogs, pop-ups, drags in and out, accessibility and capture. The
/// clipboard is the application's (`SelectionOwner`).
@MainActor public final class Window {
    /// The view tree and its input routing.
    public let scene: Scene
    /// The colour under the root view where it draws nothing; `nil` (the default) follows the
    /// theme (``Canopy/Theme/windowBackground``).
    public var backgroundColor: Color? {
        didSet { scene.addDamage(scene.rootView.bounds) }
    }
    /// Decides whether a close request from the window manager closes the window; `nil`
    /// closes it.
    public var shouldClose: (() -> Bool)?
    /// Called once the window has closed.
    public var didClose: (() -> Void)?
    /// An object the window keeps alive while it is open: the plain class that built the root
    /// view and answers its callbacks (as a view controller would), which nothing else holds once
    /// the function that opened the window has returned. Released when the window closes.
    public var controller: AnyObject?

    /// How many frames have been copied to the window.
    @_spi(Testing) public var framesPresented: Int { visibility.framesPresented }
    /// How many times the back buffer was re-copied for an Expose without redrawing.
    @_spi(Testing) public var exposuresRepaired: Int { visibility.exposuresRepaired }
    /// Whether a paste (into this window or another of the application's) is arriving in INCR
    /// chunks.
    @_spi(Testing) public var isReceivingPaste: Bool { application.selections.isReceiving }
    /// Whether the window is mapped (visible) on the server.
    public var isMapped: Bool { visibility.isMapped }
    /// Whether the window still exists.
    public private(set) var isOpen = true
    /// Whether the window has the keyboard focus (given to it, or following the pointer into
    /// it with no window manager).
    public var hasKeyboardFocus: Bool { keyboardFocusSources.hasFocus }
    /// Where the keyboard focus comes from, from the focus and crossing events.
    var keyboardFocusSources = KeyboardFocusSources()

    /// The back buffer's size in pixels: the window's, once the server has granted it.
    var bufferWidth: Int { buffer.width }
    var bufferHeight: Int { buffer.height }

    /// The X window's ID, for tests and tools.
    public let windowID: UInt
    /// Pixels per point. A window opened without a scale of its own follows the desktop's
    /// (``preferredScale(for:)``) when it changes.
    public internal(set) var scale: Double
    /// Whether the window was opened without a scale of its own, so it follows the desktop's.
    let followsDesktopScale: Bool

    unowned let application: Application
    let connection: DisplayConnection
    let buffer: BackBuffer
    let context: X11GraphicsContext
    /// What other applications drop on the window arrives through XdndSelection.
    let dropSelection: X11Clipboard
    /// The state of a drag from another application over the window.
    var incomingDrag: IncomingDrag?
    /// The state of a drag out of the window.
    var outgoingDrag: OutgoingDrag?
    /// Whether the window is mapped, and what its back buffer holds against the screen.
    var visibility = WindowVisibility()
    /// The keys held down in the window, to tell auto-repeat from a new press.
    var keysDown = Set<UInt32>()

    /// What kind of window it is: an ordinary top-level, or a dialog of another window.
    public let kind: Kind
    /// The counter a window manager waits on while resizing, when the server has SYNC.
    let syncCounter: SyncCounter?
    /// The value the window manager announced for its next resize (`_NET_WM_SYNC_REQUEST`).
    var syncRequested: Int64?
    /// The announced value, once the resize came: set on the counter after the next frame.
    var syncAwaitingFrame: Int64?
    /// The server time of the latest key or button press, for requests that want the user's
    /// time (activation, focus).
    var lastUserTime = UInt(CurrentTime)
    /// Whether pop-ups that reach past the window open in windows of their own on the monitor
    /// (the default, as in desktop toolkits); turned off, they are kept inside the window,
    /// flipped and shifted at its edges.
    public var popUpsMayLeaveWindow = true
    /// The windows of the pop-ups that reach past this window.
    var popUps: [PopUpWindow] = []
    /// The window's top-left on the screen in pixels, when known without asking the server.
    var knownScreenOrigin: Point? = Point(x: 0, y: 0)
    /// Whether a window manager put the window in a frame (its ConfigureNotify positions are
    /// then the frame's, not the screen's).
    var isReparented = false
    /// Whether the window holds the pointer grab that closes pop-ups on a click elsewhere.
    @_spi(Testing) public internal(set) var isGrabbingPointer = false
    /// Whether the pointer is inside the window (during a grab, presses elsewhere are reported
    /// to it too).
    var pointerIsInside = true
    /// Whether ``show()`` has been called: from then on the window manager owns its state.
    var hasBeenShown: Bool { visibility.hasBeenShown }
    /// Whether the window manager shows the window full-screen (read from `_NET_WM_STATE`).
    public internal(set) var isFullScreen = false
    /// The smallest size, in points, the window manager lets the user make the window (sent as
    /// `WM_NORMAL_HINTS`); it starts as the root view's ``Canopy/View/minimumSize``. The content's
    /// own minimum (``Canopy/Scene/contentMinimumSize``: a root stack's views, a split view's
    /// panes) is kept too where it is larger.
    public var minimumSize: Size {
        didSet { if minimumSize != oldValue { setNormalHints() } }
    }
    /// The content minimum last sent in `WM_NORMAL_HINTS`.
    var hintedContentMinimum = Size.zero
    /// Whether the window asks for the user's attention (the urgency hint, which window
    /// managers show by flashing its entry in a task bar); cleared by the app, not by focus.
    public var demandsAttention = false {
        didSet { if demandsAttention != oldValue { setWMHints() } }
    }
    /// The icon window managers and task bars show for the window (`_NET_WM_ICON`), or `nil`.
    public var icon: Image? {
        didSet { if icon !== oldValue { setIconProperty() } }
    }

    /// Creates a window of `size` points titled `title` (UTF-8) on the application's display.
    /// `scale` is pixels per point; by default it comes from ``Window/preferredScale(for:)``.
    /// Call ``show()`` to map it.
    public init(
        application: Application, title: String, size: Size, rootView: View = View(), scale: Double? = nil,
        kind: Kind = .normal
    ) throws(X11Error) {
        let connection = application.connection
        let display = connection.display
        let explicitScale = scale
        let scale = min(max(scale ?? Self.preferredScale(for: application), 1), 4)
        let width = Self.dimension(size.width * scale), height = Self.dimension(size.height * scale)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: the server never clears to a colour, so no flicker
        attributes.bit_gravity = NorthWestGravity
        let format = connection.windowSurface
        attributes.colormap = format.colormap
        attributes.event_mask = Int(
            ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
                | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask | FocusChangeMask
                | PropertyChangeMask)
        let window = XCreateWindow(
            display, connection.root, 0, 0, width, height, 0, format.depth, UInt32(InputOutput),
            format.visual, UInt(CWBackPixmap | CWBitGravity | CWColormap | CWEventMask), &attributes)
        guard window != 0 else { throw .resourceFailed("create a window") }
        do {
            buffer = try BackBuffer(
                connection: connection, window: window, format: format, width: Int(width), height: Int(height))
        } catch {
            XDestroyWindow(display, window)
            throw error
        }
        self.application = application
        self.connection = connection
        self.windowID = window
        self.scale = scale
        self.followsDesktopScale = explicitScale == nil
        self.kind = kind
        self.minimumSize = rootView.minimumSize
        self.syncCounter = SyncCounter(connection: connection)
        self.context = X11GraphicsContext(connection: connection, buffer: buffer, scale: scale)
        self.dropSelection = X11Clipboard(
            connection: connection, window: window, selection: connection.atoms.xdndSelection,
            property: connection.atoms.dropProperty, timers: application.timers)
        self.scene = Scene(
            rootView: rootView, size: Size(width: Double(width) / scale, height: Double(height) / scale),
            clock: application.clock, timers: application.timers)
        scene.desktopSettings = application.desktopSettings
        scene.colorSchemePreference = application.colorSchemePreference
        connectScene()
        scene.hasKeyboardFocus = false  // until the window manager (or the user's click) gives it
        setProperties(title: title)
        application.register(self)
    }

    /// Gives the scene what it needs of its host: the text measurer, the application's
    /// selections, the pointer shape, and the pop-ups and drags that leave the window.
    private func connectScene() {
        scene.host = WindowSceneHost(window: self, textMeasurer: context)
    }

    /// The window's title, shown by the window manager (UTF-8, any script).
    public var title: String = "" {
        didSet { setTitle(title) }
    }

    /// Maps the window on the screen, with its content: the first frame is drawn now, ahead of
    /// the map, and is the window's background while the server maps it, so the server shows
    /// it at once (never black, and without waiting a round trip for an Expose).
    public func show() {
        guard isOpen else { return }
        application.settleDesktopSettings(waiting: connection.isLocal)  // theme and scale from the first frame
        if wantsFrame { presentFrameIfNeeded() }
        let pixmap = buffer.main?.pixmap
        if visibility.showRequested(bufferCanBeBackground: pixmap != nil), let pixmap {
            XSetWindowBackgroundPixmap(connection.display, windowID, pixmap)
        }
        XMapWindow(connection.display, windowID)
    }

    /// Asks for a new size in points (at least one pixel each way); the scene follows once the
    /// server grants it.
    public func resize(to size: Size) {
        guard isOpen else { return }
        XResizeWindow(
            connection.display, windowID, Self.dimension(size.width * scale), Self.dimension(size.height * scale))
    }

    /// The scale for new windows: `$CANOPY_SCALE` if set, else the desktop's `Xft/DPI`
    /// (XSETTINGS, asked for while connecting and followed: a window made before the first is
    /// shown takes it up when shown) or the `Xft.dpi` X resource over
    /// 96, rounded to a quarter; 1 when none says otherwise. Values that are not numbers or lie
    /// outside 1...4 are said once on standard error, with the scale used instead.
    public static func preferredScale(for application: Application) -> Double {
        let setting = ScaleSetting(
            environmentValue: getenv("CANOPY_SCALE").map { String(cString: $0) },
            desktopDotsPerInch: application.desktopDotsPerInch,
            resources: XResourceManagerString(application.connection.display).map { String(cString: $0) })
        for problem in setting.problems where reportedScaleProblems.insert(problem).inserted {
            reportProblem(problem)
        }
        return setting.scale
    }

    /// The scale problems already said, so each is said once however many windows open.
    private static var reportedScaleProblems = Set<String>()

    /// A window dimension the server accepts: 1...32767 pixels.
    static func dimension(_ value: Double) -> UInt32 {
        UInt32(max(1, min(32767, value.isFinite ? value.rounded() : 1)))
    }

    /// Destroys the window and its dialogs, freeing what they hold on the server; the
    /// application's run loop ends when its last window closes. A copy on the CLIPBOARD belongs
    /// to the application, not to the window it was made in; when the last window closes and a
    /// clipboard manager runs, the window first hides while the manager takes the copy (up to
    /// ``clipboardHandOffTimeout`` seconds, the loop running), so the copy can still be pasted
    /// after the app has gone.
    public func close() {
        guard isOpen, !application.selections.isHandingOff else { return }
        let isLastWindow = application.windows.allSatisfy { $0.closes(with: self) }
        let handingOff =
            isLastWindow
            && application.selections.handOffToManager(timeout: Self.clipboardHandOffTimeout) { [weak self] in
                self?.closeNow()
            }
        guard handingOff else { return closeNow() }
        XUnmapWindow(connection.display, windowID)
        XFlush(connection.display)
    }

    /// Closes the window as its close button asks to, if ``shouldClose`` agrees.
    func closeIfAllowed() {
        if shouldClose?() ?? true { close() }
    }

    /// How long a closing window waits for a clipboard manager to take its copy.
    public static let clipboardHandOffTimeout = 2.0

    /// Destroys the window at once, without handing the clipboard to a manager (the connection
    /// is closing).
    func closeNow() {
        guard isOpen else { return }
        finish { XDestroyWindow(connection.display, windowID) }
        XFlush(connection.display)
    }

    /// Frees what the window holds on the client and the server, with `destroyWindow` (if the
    /// window still exists) between freeing its resources and telling the owner.
    func finish(destroyWindow: () -> Void = {}) {
        isOpen = false
        closeDialogs()
        endDragOut()
        syncCounter?.destroy()
        closePopUps()
        connection.inputMethod.removeContext(for: windowID)
        buffer.free()
        destroyWindow()
        application.unregister(self)
        scene.animator.cancelAll()  // nothing will step them now: their completions report false
        didClose?()
        controller = nil
    }

    /// The pointer shape over the window now.
    public private(set) var pointerShape = Canopy.Cursor.arrow

    func showPointer(_ shape: Canopy.Cursor) {
        guard isOpen else { return }
        pointerShape = shape
        XDefineCursor(connection.display, windowID, connection.pointerShapes.cursor(for: shape))
    }
}
