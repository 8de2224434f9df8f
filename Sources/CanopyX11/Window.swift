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
@MainActor public final class Window {
    /// The view tree and its input routing.
    public let scene: Scene
    /// The colour under the root view where it draws nothing.
    public var backgroundColor = Color.white {
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
    @_spi(Testing) public private(set) var framesPresented = 0
    /// How many times the back buffer was re-copied for an Expose without redrawing.
    @_spi(Testing) public private(set) var exposuresRepaired = 0
    /// Whether a paste into this window is arriving in INCR chunks.
    @_spi(Testing) public var isReceivingPaste: Bool { clipboard.isReceiving || primarySelection.isReceiving }
    /// How long a paste arriving in chunks waits for the next one before it fails (5 s).
    @_spi(Testing) public static var pasteChunkTimeout: Double {
        get { X11Clipboard.incomingChunkTimeout }
        set { X11Clipboard.incomingChunkTimeout = newValue }
    }
    /// Whether the window is mapped (visible) on the server.
    public private(set) var isMapped = false
    /// Whether the window still exists.
    public private(set) var isOpen = true
    /// Whether the window has the keyboard focus.
    public private(set) var hasKeyboardFocus = false

    /// The back buffer's size in pixels: the window's, once the server has granted it.
    var bufferWidth: Int { buffer.width }
    var bufferHeight: Int { buffer.height }

    /// The X window's ID, for tests and tools.
    public let windowID: UInt
    /// Pixels per point.
    public let scale: Double

    unowned let application: Application
    let connection: DisplayConnection
    private let buffer: BackBuffer
    private let context: X11GraphicsContext
    let clipboard: X11Clipboard
    let primarySelection: X11Clipboard
    /// What other applications drop on the window arrives through XdndSelection.
    let dropSelection: X11Clipboard
    /// The state of a drag from another application over the window.
    var incomingDrag: IncomingDrag?
    /// The state of a drag out of the window.
    var outgoingDrag: OutgoingDrag?
    /// Whether the back buffer holds a whole frame at its current size.
    private var bufferIsDrawn = false
    /// Whether the buffer holds a frame drawn ahead of the window's mapping that the map will
    /// show.
    private var frameAwaitsMap = false
    /// Whether the back buffer is the window's background, which the server paints as it maps
    /// the window.
    private var backgroundShowsFrame = false
    /// Whether the Expose that follows the map is still to come, showing what the map already
    /// painted (it repairs nothing).
    private var mapExposureShown = false
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
    var hasBeenShown = false
    /// Whether the window manager shows the window full-screen (read from `_NET_WM_STATE`).
    public internal(set) var isFullScreen = false
    /// The smallest size, in points, the window manager lets the user make the window (sent as
    /// `WM_NORMAL_HINTS`); it starts as the root view's ``Canopy/View/minimumSize``.
    public var minimumSize: Size {
        didSet { if minimumSize != oldValue { setNormalHints() } }
    }
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
        let scale = min(max(scale ?? Self.preferredScale(for: application), 1), 4)
        let width = Self.dimension(size.width * scale), height = Self.dimension(size.height * scale)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: the server never clears to a colour, so no flicker
        attributes.bit_gravity = NorthWestGravity
        attributes.colormap = connection.colormap
        attributes.event_mask = Int(
            ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | ButtonPressMask
                | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask | FocusChangeMask
                | PropertyChangeMask)
        let window = XCreateWindow(
            display, connection.root, 0, 0, width, height, 0, connection.depth, UInt32(InputOutput),
            connection.visual, UInt(CWBackPixmap | CWBitGravity | CWColormap | CWEventMask), &attributes)
        guard window != 0 else { throw .resourceFailed("create a window") }
        do {
            buffer = try BackBuffer(connection: connection, window: window, width: Int(width), height: Int(height))
        } catch {
            XDestroyWindow(display, window)
            throw error
        }
        self.application = application
        self.connection = connection
        self.windowID = window
        self.scale = scale
        self.kind = kind
        self.minimumSize = rootView.minimumSize
        self.syncCounter = SyncCounter(connection: connection)
        self.context = X11GraphicsContext(connection: connection, buffer: buffer, scale: scale)
        let atoms = connection.atoms
        self.clipboard = X11Clipboard(
            connection: connection, window: window, selection: atoms.clipboard, property: atoms.pasteProperty,
            timers: application.timers)
        self.primarySelection = X11Clipboard(
            connection: connection, window: window, selection: XA_PRIMARY, property: atoms.pasteProperty,
            timers: application.timers)
        self.dropSelection = X11Clipboard(
            connection: connection, window: window, selection: atoms.xdndSelection, property: atoms.dropProperty,
            timers: application.timers)
        self.scene = Scene(
            rootView: rootView, size: Size(width: Double(width) / scale, height: Double(height) / scale),
            clock: application.clock, timers: application.timers)
        scene.host = WindowSceneHost(window: self, textMeasurer: context)
        scene.hasKeyboardFocus = false  // until the window manager (or the user's click) gives it
        setProperties(title: title)
        application.register(self)
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
        hasBeenShown = true
        if wantsFrame { presentFrameIfNeeded() }
        if !isMapped, bufferIsDrawn, let pixmap = buffer.main?.pixmap {
            XSetWindowBackgroundPixmap(connection.display, windowID, pixmap)
            backgroundShowsFrame = true
        }
        XMapWindow(connection.display, windowID)
    }

    /// Stops the server painting the back buffer as the window's background: once mapped the
    /// window is repaired from the buffer on Expose, and after a resize the old buffer would be
    /// tiled over the new size.
    private func clearBackgroundFrame() {
        guard backgroundShowsFrame else { return }
        backgroundShowsFrame = false
        XSetWindowBackgroundPixmap(connection.display, windowID, 0)  // None, as at creation
    }

    /// Asks for a new size in points (at least one pixel each way); the scene follows once the
    /// server grants it.
    public func resize(to size: Size) {
        guard isOpen else { return }
        XResizeWindow(
            connection.display, windowID, Self.dimension(size.width * scale), Self.dimension(size.height * scale))
    }

    /// The scale for new windows: `$CANOPY_SCALE` if set, else the `Xft.dpi` X resource over
    /// 96, rounded to a quarter; 1 when neither says otherwise. Values that are not numbers or
    /// lie outside 1...4 are said once on standard error, with the scale used instead.
    public static func preferredScale(for application: Application) -> Double {
        let setting = ScaleSetting(
            environmentValue: getenv("CANOPY_SCALE").map { String(cString: $0) },
            resources: XResourceManagerString(application.connection.display).map { String(cString: $0) })
        for problem in setting.problems where reportedScaleProblems.insert(problem).inserted {
            reportProblem(problem)
        }
        return setting.scale
    }

    /// The scale problems already said, so each is said once however many windows open.
    private static var reportedScaleProblems = Set<String>()

    /// A window dimension the server accepts: 1...32767 pixels.
    private static func dimension(_ value: Double) -> UInt32 {
        UInt32(max(1, min(32767, value.isFinite ? value.rounded() : 1)))
    }

    /// Destroys the window and its dialogs, freeing what they hold on the server; the
    /// application's run loop ends when its last window closes. A copy the window holds on the
    /// CLIPBOARD stays with the app while another of its windows is open; when the last window
    /// closes and a clipboard manager runs, the window first hides and hands the copy over (up
    /// to ``clipboardHandOffTimeout`` seconds, the loop running), so the copy can still be
    /// pasted after the app has gone.
    public func close() {
        guard isOpen, !clipboard.isHandingOff else { return }
        if let heir = application.windows.first(where: { !$0.closes(with: self) }) {
            clipboard.handOver(to: heir.clipboard)
            return closeNow()
        }
        let handingOff = clipboard.handOffToManager { [weak self] in self?.closeNow() }
        guard handingOff else { return closeNow() }
        XUnmapWindow(connection.display, windowID)
        XFlush(connection.display)
        application.timers.schedule(after: Self.clipboardHandOffTimeout) { [weak self] in
            self?.clipboard.abandonHandOff()
        }
    }

    /// How long a closing window waits for a clipboard manager to take its copy.
    public static let clipboardHandOffTimeout = 2.0

    /// Destroys the window at once, without handing the clipboard over (the connection is
    /// closing).
    func closeNow() {
        guard isOpen else { return }
        finish { XDestroyWindow(connection.display, windowID) }
        XFlush(connection.display)
    }

    /// Frees what the window holds on the client and the server, with `destroyWindow` (if the
    /// window still exists) between freeing its resources and telling the owner.
    private func finish(destroyWindow: () -> Void = {}) {
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

    /// What the window shows now, read back from the server.
    public func captureImage() throws(X11Error) -> Bitmap {
        guard isOpen else { throw .resourceFailed("capture a window that is closed") }
        let width = buffer.width, height = buffer.height
        guard let image = XGetImage(connection.display, windowID, 0, 0, UInt32(width), UInt32(height), ~0, ZPixmap)
        else { throw .resourceFailed("read the window's pixels back (is it mapped?)") }
        defer { canopy_destroy_image(image) }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        let redMask = image.pointee.red_mask, greenMask = image.pointee.green_mask, blueMask = image.pointee.blue_mask
        for y in 0..<height {
            for x in 0..<width {
                let pixel = canopy_get_pixel(image, Int32(x), Int32(y))
                let i = (y * width + x) * 4
                bytes[i] = Self.channel(pixel, mask: redMask)
                bytes[i + 1] = Self.channel(pixel, mask: greenMask)
                bytes[i + 2] = Self.channel(pixel, mask: blueMask)
            }
        }
        return Bitmap(width: width, height: height, bytes: bytes)
    }

    private static func channel(_ pixel: UInt, mask: UInt) -> UInt8 {
        guard mask != 0 else { return 0 }
        let shift = mask.trailingZeroBitCount
        let maximum = mask >> shift
        return UInt8(((pixel & mask) >> shift) * 255 / maximum)
    }

    // MARK: Frames

    /// Whether the loop should draw a frame now: the scene has damage and the window is either
    /// mapped, or has no frame drawn yet. A new window draws its first frame ahead of being
    /// mapped, so the frame is ready (fonts loaded, rows drawn) when the server maps it; an
    /// unmapped window that has drawn keeps its damage until it is mapped again.
    var wantsFrame: Bool { isOpen && scene.needsFrame && (isMapped || !bufferIsDrawn) }

    /// Lays out, redraws the damaged areas into the back buffer and copies them to the window
    /// (or, before the window is mapped, leaves them for the map to show).
    func presentFrameIfNeeded() {
        guard wantsFrame else { return }
        let damage = scene.prepareFrame()
        presentPopUps()
        guard !damage.isEmpty else { return }
        context.reset()
        for rect in damage {
            context.saveState()
            context.clip(to: rect)
            context.fill(rect, color: backgroundColor)
            context.restoreState()
            scene.render(rect, in: context)
        }
        bufferIsDrawn = true
        guard isMapped else {
            frameAwaitsMap = true
            return
        }
        for rect in damage {
            let pixels = Rect(
                x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale, height: rect.height * scale
            )
            .integral
            buffer.copyToWindow(
                x: Int(pixels.minX), y: Int(pixels.minY), width: Int(pixels.width), height: Int(pixels.height))
        }
        framesPresented += 1
        frameAwaitsMap = false  // this is the first frame shown; the first Expose only repairs
    }

    // MARK: Events

    /// Handles one event for this window.
    func handle(_ event: inout XEvent) {
        if isBlockedByModalDialog(event) { return }
        if event.xany.window != windowID, let popUp = popUpWindow(event.xany.window) {
            return handle(&event, in: popUp)
        }
        if outgoingDrag != nil, handleOutgoingDragEvent(&event) { return }
        switch event.type {
        case Expose:
            let e = event.xexpose
            guard bufferIsDrawn else { break }
            buffer.copyToWindow(x: Int(e.x), y: Int(e.y), width: Int(e.width), height: Int(e.height))
            guard e.count == 0 else { break }
            if frameAwaitsMap {
                frameAwaitsMap = false
                framesPresented += 1
            } else if mapExposureShown {
                mapExposureShown = false  // the map's own exposure, painted with the frame
            } else {
                exposuresRepaired += 1
            }
        case ConfigureNotify:
            let e = event.xconfigure
            resize(width: Int(e.width), height: Int(e.height))
            noteConfigured(e)
            if let value = syncRequested {  // the resize the window manager announced
                syncAwaitingFrame = value
                syncRequested = nil
            }
        case ReparentNotify:
            isReparented = event.xreparent.parent != connection.root
            knownScreenOrigin = nil  // asked again when a pop-up needs it
        case EnterNotify where event.xcrossing.mode == NotifyNormal:
            pointerIsInside = true
        case MapNotify:
            isMapped = true  // pending damage is drawn next
            if frameAwaitsMap, backgroundShowsFrame {  // the server painted the frame as it mapped
                frameAwaitsMap = false
                framesPresented += 1
                mapExposureShown = true
            }
            clearBackgroundFrame()
        case UnmapNotify:
            isMapped = false
        case DestroyNotify:
            if isOpen { finish() }  // destroyed from outside
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            // During the pop-up grab a press on another client is reported here too: it lands
            // nowhere in the scene, which closes the pop-up.
            let outside = isGrabbingPointer && !pointerIsInside && e.type == ButtonPress
            if e.type == ButtonPress { pressOutsideOtherWindowsPopovers(e) }
            handleButton(e, at: outside ? Point(x: -.infinity, y: -.infinity) : point(e.x, e.y))
        case MotionNotify:
            let e = event.xmotion
            handleMotion(e, at: point(e.x, e.y))
        case LeaveNotify where event.xcrossing.mode == NotifyNormal:
            pointerIsInside = false
            let e = event.xcrossing
            scene.handlePointerLeft(MouseEvent(locationInWindow: point(e.x, e.y), clickCount: 0))
        case KeyPress:
            lastUserTime = event.xkey.time
            connection.prepareKeyboard()
            // With detectable auto-repeat a held key sends presses and no releases until let go.
            let isRepeat = !keysDown.insert(event.xkey.keycode).inserted
            let inputContext = connection.inputMethod.context(for: windowID)
            scene.handleKeyDown(KeyTranslation.keyEvent(&event.xkey, inputContext: inputContext, isRepeat: isRepeat))
        case KeyRelease:
            keysDown.remove(event.xkey.keycode)
            scene.handleKeyUp(KeyTranslation.keyEvent(&event.xkey, inputContext: nil, isRepeat: false))
        case FocusIn:
            hasKeyboardFocus = true
            scene.hasKeyboardFocus = true
            connection.prepareKeyboard()
            connection.inputMethod.setFocus(true, for: windowID)
        case FocusOut:
            hasKeyboardFocus = false
            scene.hasKeyboardFocus = false
            keysDown.removeAll()
            connection.inputMethod.setFocus(false, for: windowID)
        case SelectionRequest:
            selection(event.xselectionrequest.selection)?.answer(event.xselectionrequest)
        case SelectionClear:
            selection(event.xselectionclear.selection)?.selectionCleared()
        case SelectionNotify:
            let e = event.xselection
            (e.selection == connection.atoms.clipboardManager ? clipboard : selection(e.selection))?.selectionArrived(e)
        case PropertyNotify:
            if event.xproperty.atom == connection.atoms.netWMState { readWindowState() }
            for selection in selections { selection.propertyChanged(event.xproperty) }
        case ClientMessage:
            handleClientMessage(event.xclient)
        default:
            break
        }
    }

    /// Whether a copy is on its way to another client in chunks, for tests and tools.
    @_spi(Testing) public var isSendingSelection: Bool { selections.contains { $0.isSending } }

    /// An event on a window one of this window's selections is sending a copy to in chunks, or
    /// on the window of a drag's source.
    func requestorEvent(_ event: XEvent) {
        guard event.type == PropertyNotify || event.type == DestroyNotify else { return }
        if event.type == DestroyNotify { dragSourceDestroyed(event.xdestroywindow.window) }
        for selection in selections where selection.isSending(to: event.xany.window) {
            selection.requestorEvent(event)
        }
    }

    /// The selections the window reads and offers.
    private var selections: [X11Clipboard] { [clipboard, primarySelection, dropSelection] }

    private func selection(_ atom: Atom) -> X11Clipboard? {
        selections.first { $0.selection == atom }
    }

    func handleMotion(_ e: XMotionEvent, at location: Point) {
        let mouse = MouseEvent(
            locationInWindow: location, clickCount: 0, modifiers: KeyTranslation.modifiers(of: e.state),
            timestamp: Double(e.time) / 1000)
        let buttons = UInt32(Button1Mask | Button2Mask | Button3Mask)
        if e.state & buttons != 0 { scene.handleMouseDragged(mouse) } else { scene.handleMouseMoved(mouse) }
    }

    func handleButton(_ e: XButtonEvent, at location: Point) {
        if e.type == ButtonPress { lastUserTime = e.time }
        let modifiers = KeyTranslation.modifiers(of: e.state)
        let time = Double(e.time) / 1000
        let button: MouseButton
        switch Int32(e.button) {
        case Button1: button = .left
        case Button2: button = .middle
        case Button3: button = .right
        case 4, 5, 6, 7:
            if e.type == ButtonPress {
                let step = e.button % 2 == 0 ? -1.0 : 1.0
                let vertical = e.button <= 5
                scene.handleScroll(
                    ScrollEvent(
                        locationInWindow: location, deltaX: vertical ? 0 : step, deltaY: vertical ? step : 0,
                        modifiers: modifiers))
            }
            return
        default:
            return
        }
        let mouse = MouseEvent(locationInWindow: location, button: button, modifiers: modifiers, timestamp: time)
        if e.type == ButtonPress { scene.handleMouseDown(mouse) } else { scene.handleMouseUp(mouse) }
    }

    /// A pixel position from an event, in points.
    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) / scale, y: Double(y) / scale)
    }

    private func resize(width: Int, height: Int) {
        guard width != buffer.width || height != buffer.height else { return }
        do {
            try buffer.resize(width: width, height: height)
        } catch {
            reportProblem("\(error)")
            return
        }
        bufferIsDrawn = false
        frameAwaitsMap = false
        clearBackgroundFrame()
        scene.size = Size(width: Double(buffer.width) / scale, height: Double(buffer.height) / scale)
    }

    /// The pointer shape over the window now.
    public private(set) var pointerShape = Canopy.Cursor.arrow

    func showPointer(_ shape: Canopy.Cursor) {
        guard isOpen else { return }
        pointerShape = shape
        XDefineCursor(connection.display, windowID, connection.pointerShape(shape))
    }

    // MARK: Properties

    private func setProperties(title: String) {
        let display = connection.display
        var hint = XClassHint()
        let name = strdup(application.name), className = strdup(application.className)
        defer {
            free(name)
            free(className)
        }
        hint.res_name = name
        hint.res_class = className
        XSetClassHint(display, windowID, &hint)
        setWindowManagerProperties()
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            var name = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            XChangeProperty(
                display, windowID, XA_WM_CLIENT_MACHINE, XA_STRING, 8, PropModeReplace, &name, Int32(name.count))
        }
        var pid = [Int(getpid())]
        XChangeProperty(display, windowID, connection.atoms.netWMPID, XA_CARDINAL, 32, PropModeReplace, &pid, 1)
        advertiseDropTarget()
        self.title = title
    }

    /// Sets the title as _NET_WM_NAME (UTF-8) and WM_NAME (Latin-1 when it fits, else UTF-8, as
    /// most window managers accept), with properties rather than Xutf8SetWMProperties, which
    /// interns WM_LOCALE_NAME: a round trip before the first frame.
    private func setTitle(_ title: String) {
        let display = connection.display
        var utf8 = Array(title.utf8)
        XChangeProperty(
            display, windowID, connection.atoms.netWMName, connection.atoms.utf8String, 8, PropModeReplace, &utf8,
            Int32(utf8.count))
        let isLatin1 = title.unicodeScalars.allSatisfy { $0.value < 0x100 }
        var legacy = isLatin1 ? title.unicodeScalars.map { UInt8($0.value) } : utf8
        XChangeProperty(
            display, windowID, XA_WM_NAME, isLatin1 ? XA_STRING : connection.atoms.utf8String, 8, PropModeReplace,
            &legacy, Int32(legacy.count))
    }
}
