import Canopy
import CX11
import CanopyAccessibility
import CanopyDBus

#if canImport(Glibc)
    import Glibc
#endif

/// The connection to the X server and the run loop that serves every window on it.
///
/// The loop runs on the main thread. Each turn it sleeps in `poll` until the X connection has
/// data, main-actor work is queued (see `MainQueueBridge`), or the next animation frame or
/// scheduled action is due; then it dispatches the events Xlib has queued, steps animations,
/// presents each window's damage and flushes. When it steps, presents and wakes is one policy
/// (`FrameSchedule`): animations at the display's refresh, at most one frame per refresh
/// (input answered at once), and none while two are still unprocessed at the server. With
/// nothing animating there is no timeout at all, so an idle app takes no CPU.
@MainActor public final class Application {
    let connection: DisplayConnection
    /// The instance name in WM_CLASS.
    public let name: String
    /// The class name in WM_CLASS.
    public let className: String

    /// The display's name, as opened.
    public var displayName: String { connection.name }
    /// The open windows.
    public private(set) var windows: [Window] = []
    /// How many turns the run loop has made: each is one wake-up of the process.
    @_spi(Testing) public private(set) var loopTurns = 0
    /// The display's refresh rate in Hz, read through RandR the first time the loop idles with a
    /// frame on screen (animations then step at it); `nil` before, or when the server does not
    /// say.
    public private(set) var displayRefreshRate: Double?
    /// Whether a held key arrives as repeated presses with no releases between them (XKB's
    /// detectable auto-repeat, switched on when a window first takes the keyboard); asked of
    /// the server, a round trip.
    @_spi(Testing) public var keyRepeatIsDetectable: Bool { connection.keyRepeatIsDetectable }
    /// Whether the display's refresh rate has been read (``displayRefreshRate`` is then final).
    @_spi(Testing) public private(set) var hasReadDisplayRefreshRate = false
    /// The bridge that shows the windows to screen readers over AT-SPI2, while the desktop has an
    /// accessibility bus and the app is connected to it.
    @_spi(Testing) public private(set) var accessibilityBridge: AccessibilityBridge?
    /// Whether the loop has looked for an accessibility bus (once, after the first frame).
    @_spi(Testing) public private(set) var hasLookedForAccessibilityBus = false
    /// Whether the input method has been opened (or found missing): once a window has taken the
    /// keyboard, when the loop was next idle or at a key before.
    @_spi(Testing) public var hasOpenedTheInputMethod: Bool { connection.inputMethod.hasTriedToOpen }
    /// How many times the loop has had the bridge look for changes at the end of a turn: only
    /// after turns that ran code that may have changed the views, never for one that only moved
    /// animations and drew (see ``mayHaveChangedViews``).
    @_spi(Testing) public private(set) var accessibilityLooks = 0
    /// Whether code that may have changed the views ran since the bridge last looked: an event
    /// from the server (other than a frame's receipt) or one the input method took, a timer, an animation's end or completion, queued main-actor work,
    /// a watched descriptor's handler (of the bridge's, only a call that acts: a question
    /// changes nothing, so answering one costs no look), or the app's code
    /// outside the loop (before ``run()`` or between runs). A turn that only steps animations
    /// and presents frames leaves it unset, so an app whose only activity is an animation costs
    /// screen readers nothing per frame; the animation's end is looked at.
    var mayHaveChangedViews = true

    /// The one clock the loop, every window's animations and the timers read.
    public let clock = MonotonicClock()
    /// The one-shot actions views schedule (caret blinks, type-ahead resets), served by the loop.
    public let timers: TimerQueue
    /// The time between animation frames: the display's refresh period once read, 1/60 s before.
    public var frameInterval: Double { schedule.interval }
    /// Decides when animations step, frames are presented and the loop wakes.
    var schedule = FrameSchedule(interval: 1.0 / 60)
    /// The most frames whose drawing was at the server unprocessed at once (at most two).
    @_spi(Testing) public var mostFramesInFlight: Int { schedule.mostFramesInFlight }
    /// Whether a frame's receipt is on its way back from the server (it will wake the loop).
    @_spi(Testing) public var isAwaitingFrameReceipt: Bool {
        schedule.serverProcessed(through: XLastKnownRequestProcessed(connection.display))
        return schedule.isAwaitingReceipt
    }
    /// Whether frames are paced to the server and the display (on unless a benchmark measures
    /// what pacing changes).
    @_spi(Testing) public var pacesFrames: Bool {
        get { schedule.pacesFrames }
        set { schedule.pacesFrames = newValue }
    }

    /// The desktop's preferences every window's scene follows: from XSETTINGS when a manager
    /// serves them (asked for while connecting, taken up when the first window is shown), with
    /// the colour scheme of the freedesktop portal's settings when it asks for one (asked right
    /// after the first frame), both followed live; else the defaults.
    public private(set) var desktopSettings = DesktopSettings()
    /// Which colour scheme the windows show: light, dark, or the desktop's (the default), followed
    /// as the user changes it (the portal's `color-scheme` when it prefers dark or light, else
    /// XSETTINGS `Net/ThemeName` ending in `-dark`). Setting it sets every
    /// open window's ``Canopy/Scene/colorSchemePreference``, which redraws them in the new
    /// colours; windows opened later start with it.
    public var colorSchemePreference = ColorSchemePreference.followDesktop {
        didSet { for window in windows { window.scene.colorSchemePreference = colorSchemePreference } }
    }
    /// The desktop's `Xft/DPI` from XSETTINGS, when a manager serves it: the scale of windows
    /// opened without one follows it (``Window/preferredScale(for:)``).
    public private(set) var desktopDotsPerInch: Double?
    /// The desktop's XSETTINGS manager, asked for while connecting and followed from the first
    /// window shown on.
    private let xsettings: XSettingsWatch
    /// The serial of the XSETTINGS last read, `nil` before any were.
    @_spi(Testing) public var desktopSettingsSerial: UInt32? { xsettings.settings?.serial }
    /// The session bus the desktop portal's colour scheme is asked on (`$DBUS_SESSION_BUS_ADDRESS`
    /// unless a test points it at a bus of its own before the first frame); `nil` for none.
    @_spi(Testing) public var portalBusAddress = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
    /// The desktop portal's colour scheme, asked for after the first frame and followed live.
    private var colorSchemePortal: ColorSchemePortal?
    /// Whether the loop has asked the desktop portal (once, after the first frame).
    @_spi(Testing) public private(set) var hasAskedTheDesktopPortal = false
    /// The colour scheme the desktop portal asks for; `nil` before it answered, without a
    /// portal, or with no preference.
    @_spi(Testing) public var portalColorScheme: ColorScheme? { colorSchemePortal?.colorScheme }
    /// Whether the desktop portal has answered the read of its colour scheme (or said it cannot).
    @_spi(Testing) public var desktopPortalHasAnswered: Bool { colorSchemePortal?.hasAnswered == true }

    /// The monitors and work area, read with the refresh rate (and again after a window moved
    /// or the screen changed), so placing a pop-up waits for no round trip.
    var screenGeometry: ScreenGeometry?
    /// RandR's news of the screen changing, watched from the first frame on.
    private var screenChanges: ScreenChangeWatch?
    /// Whether a compositing manager runs, watched from the first frame on.
    private var compositor: CompositorWatch?
    /// Whether pop-up windows made now get an alpha channel for a compositor to blend: one
    /// runs and the screen has a 32-bit visual.
    var popUpWindowsAreTranslucent: Bool {
        compositor?.isCompositing == true && connection.translucentSurface != nil
    }
    /// Presses, moves, smooth scrolling and touches through XInput 2, from the first frame on;
    /// `nil` before, and with a server without XInput 2.1 (the core events then serve).
    private(set) var pointerInput: XInputPointer?
    /// Whether the windows take the pointer through XInput 2 (smooth scrolling, touches).
    @_spi(Testing) public var usesXInput2: Bool { pointerInput != nil }
    /// How many times RandR said the screen changed.
    @_spi(Testing) public private(set) var screenChangesSeen = 0

    /// The screen's geometry, read now if it is not known.
    func currentScreenGeometry() -> ScreenGeometry {
        if let screenGeometry { return screenGeometry }
        let geometry = ScreenGeometry.read(connection: connection)
        screenGeometry = geometry
        return geometry
    }

    /// The CLIPBOARD and PRIMARY selections, owned for every window by one window of the
    /// application's own.
    let selections: SelectionOwner

    /// The measurer this application installed as the views' default, taken back on close.
    private var installedMeasurer: TextMeasuring?
    private var quitRequested = false
    private var isClosed = false
    private var readHandlers: [Int32: ReadHandler] = [:]

    /// What the loop calls for a watched descriptor.
    private struct ReadHandler {
        /// Whether the reader holds input it read already, if it can.
        let isHoldingInput: (@MainActor () -> Bool)?
        /// Reads and acts; returns whether what it did may have changed the views.
        let handle: @MainActor () -> Bool
    }

    /// Connects to `displayName`, or to `$DISPLAY` when `nil`, and installs the display's fonts
    /// as ``Canopy/View/defaultTextMeasurer``, so views measure their text before they are in
    /// a window, and ICU's breaking as ``Canopy/View/defaultTextSegmenter``. A server that accepts the connection but does not answer within
    /// `connectTimeout` seconds (a stopped or frozen one) is given up on.
    /// - Throws: an ``X11Error`` whose message says what went wrong and what to do: no display
    ///   set, a name that names none, no server there, a server that does not answer, one that
    ///   refused the connection (authorization), a screen it does not have, or a missing
    ///   extension.
    public init(
        displayName: String? = nil, name: String = "canopy", className: String = "Canopy", connectTimeout: Double = 10
    ) throws(X11Error) {
        let connection = try DisplayConnection(displayName: displayName, connectTimeout: connectTimeout)
        let timers = TimerQueue(clock: clock)
        do {
            selections = try SelectionOwner(connection: connection, timers: timers)
        } catch {
            connection.close()
            throw error
        }
        self.connection = connection
        self.timers = timers
        xsettings = XSettingsWatch(connection: connection)
        self.name = name
        self.className = className
        // Views measure text with the display's fonts from now on, in or out of a window.
        let measurer = PointTextMeasurer(fonts: connection.fonts, scale: Window.preferredScale(for: self))
        View.defaultTextMeasurer = measurer
        installedMeasurer = measurer
        View.defaultTextSegmenter = ICUTextSegmenter()  // ICU loads when text first wraps
        connection.inputMethod.compositionChanged = { [weak self] window, composition in
            self?.windows.first { $0.windowID == window }?.scene.handleTextComposition(composition)
        }
    }

    /// The font family used for fonts that name none ("sans-serif" unless changed); tests pin
    /// it for stable pixels.
    public static var defaultFontFamily: String {
        get { FontCatalog.defaultFamily }
        set { FontCatalog.defaultFamily = newValue }
    }

    /// Runs until the last window closes, then disconnects from the server (``close()``), or
    /// until ``quit()`` is called, which leaves the connection open for another run.
    public func run() {
        quitRequested = false
        mayHaveChangedViews = true  // the app's code ran before
        defer { mayHaveChangedViews = true }  // and runs after: a run inside a handler returns to it
        while !quitRequested, !windows.isEmpty {
            turn(until: nil)
        }
        if windows.isEmpty { close() }
    }

    /// Ends ``run()`` after the current turn.
    public func quit() { quitRequested = true }

    /// Runs the loop until `condition` holds or `timeout` seconds pass; returns whether it held.
    /// Tests use it to wait for an outcome without sleeping a fixed time. `condition` should only
    /// read: a change it makes to the views reaches screen readers after the next event, timer
    /// or run.
    @discardableResult
    public func run(timeout: Double, until condition: () -> Bool = { false }) -> Bool {
        let deadline = clock.now + timeout
        mayHaveChangedViews = true  // the caller's code ran before
        defer { mayHaveChangedViews = true }  // and runs after (a handler waiting in a nested run)
        while !condition() {
            if clock.now >= deadline { return false }
            turn(until: deadline)
        }
        return true
    }

    /// The serial number of the last request sent to the server: protocol tests match it with
    /// what the server records.
    @_spi(Testing) public var lastRequestSerial: UInt { XNextRequest(connection.display) - 1 }

    /// Waits until the server has handled every request sent so far (one round trip): after it,
    /// everything drawn is on the screen.
    public func synchronize() {
        XSync(connection.display, 0)
    }

    /// Has the loop call `handler` whenever `fileDescriptor` (a socket or pipe the app also
    /// serves) has data to read or has hung up, until ``removeReadHandler(for:)``. The handler
    /// must read what is there, or remove itself at end of file, or it is called again at once.
    /// A descriptor closed without removal is dropped. While `holdingInput` (when given) says
    /// the reader holds input it has read already (a library's queue, as Xlib's is), the loop
    /// does not sleep and calls `handler` on every turn, readable or not.
    public func addReadHandler(
        for fileDescriptor: Int32, holdingInput: (@MainActor () -> Bool)? = nil,
        _ handler: @escaping @MainActor () -> Void
    ) {
        readHandlers[fileDescriptor] = ReadHandler(isHoldingInput: holdingInput) {
            handler()
            return true  // the app's own code: it may have changed anything
        }
    }

    /// Stops watching `fileDescriptor`.
    public func removeReadHandler(for fileDescriptor: Int32) {
        readHandlers[fileDescriptor] = nil
    }

    /// Disconnects from the server, closing any open windows and freeing the fonts, pictures and
    /// caches drawn with. Closing twice does nothing.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        accessibilityBridge?.close()
        accessibilityBridge = nil
        colorSchemePortal?.close()
        colorSchemePortal = nil
        // Closing the windows' input contexts must not wait on a dead server.
        connection.inputMethod.noticeServerLoss(sparing: windows.map(\.windowID), reopening: false)
        for window in windows { window.closeNow() }  // no clipboard hand-off: the connection goes
        if let installedMeasurer, View.defaultTextMeasurer === installedMeasurer {
            View.defaultTextMeasurer = ApproximateTextMeasurer()  // its fonts go with the connection
        }
        connection.close()
    }

    func register(_ window: Window) {
        windows.append(window)
        pointerInput?.select(on: window.windowID)
    }

    func unregister(_ window: Window) { windows.removeAll { $0 === window } }

    // MARK: The loop

    /// One turn: wait for a reason to wake, then events, animation, frames and a flush, so
    /// whoever runs the loop sees the outcome as soon as the turn returns.
    private func turn(until deadline: Double?) {
        waitForWork(until: deadline)
        loopTurns += 1
        dispatchQueuedEvents()
        let now = clock.now
        stepAnimations(at: now)
        presentFrames(at: now)
        for window in windows {
            window.acknowledgeResizeIfDrawn()
            window.updatePointerGrab()
        }
        XFlush(connection.display)
        if mayHaveChangedViews, let accessibilityBridge {
            mayHaveChangedViews = false
            accessibilityLooks += 1
            accessibilityBridge.update()
        }
    }

    /// The first time the loop would sleep with a frame on screen, paces animations at the
    /// display's refresh rate, when the server reports one, and starts XKB (left out of the
    /// connection's opening for the same reason). Their few round trips then delay no
    /// first frame, and fall between two frames of an animation that runs from the start (an
    /// indeterminate progress bar, say), which would otherwise never let the loop idle. Returns
    /// whether it asked.
    private func matchAnimationsToTheDisplay() -> Bool {
        guard !hasReadDisplayRefreshRate, windows.contains(where: { $0.framesPresented > 0 }) else { return false }
        hasReadDisplayRefreshRate = true
        connection.useKeyboardExtension()
        displayRefreshRate = RefreshRate.query(display: connection.display, root: connection.root)
        screenGeometry = ScreenGeometry.read(connection: connection)  // where pop-ups may go
        screenChanges = ScreenChangeWatch(connection: connection)
        compositor = CompositorWatch(connection: connection)
        pointerInput = XInputPointer(connection: connection)
        for window in windows { pointerInput?.select(on: window.windowID) }
        if let displayRefreshRate { schedule.interval = 1 / displayRefreshRate }
        return true
    }

    /// Follows the desktop's XSETTINGS asked for while connecting, once they are in (waited for
    /// when `waiting`, should they still be on their way): when the first window is shown, so its
    /// first frame already shows them, and at the latest at the first event (whose answer the
    /// server sent before it). The first window waits for them on a local display only, where
    /// that costs a fraction of a millisecond (they were asked for while the app made its views);
    /// over a network they are shown when they come.
    func settleDesktopSettings(waiting: Bool) {
        guard xsettings.settle(waiting: waiting) else { return }
        mayHaveChangedViews = true  // a theme, font or scale: names, sizes and what shows may change
        followDesktopSettings(xsettings.settings)
    }

    /// Takes the desktop's preferences from `settings` (nothing changes without) and has every
    /// window follow them: its scene's ``Canopy/DesktopSettings``, its pointer's theme and size
    /// and, for a window opened without a scale of its own, the scale, laid out again if it
    /// changed.
    private func followDesktopSettings(_ settings: XSettings?) {
        guard let settings else { return }
        desktopDotsPerInch = settings.dotsPerInch
        let scale = Window.preferredScale(for: self)
        let cursorsChanged = connection.pointerShapes.follow(
            themeName: settings.cursorThemeName, size: settings.cursorThemeSize)
        showDesktopSettings()
        for window in windows {
            if window.followsDesktopScale { window.rescale(to: scale) }
            if cursorsChanged { window.showPointer(window.pointerShape) }
        }
    }

    /// Gives every window's scene the desktop's preferences: XSETTINGS', with the portal's
    /// colour scheme over the theme name's when the portal prefers dark or light (as GTK 4 and
    /// libadwaita take it).
    private func showDesktopSettings() {
        var settings = xsettings.settings?.desktopSettings() ?? DesktopSettings()
        if let scheme = colorSchemePortal?.colorScheme { settings.colorScheme = scheme }
        desktopSettings = settings
        for window in windows { window.scene.desktopSettings = settings }
    }

    /// The first time the loop would sleep with a frame on screen (after the refresh rate was
    /// read), asks the desktop portal on the session bus for its colour scheme, without waiting
    /// for the answer (it is shown when it comes). Returns whether it asked.
    private func askTheDesktopPortal() -> Bool {
        guard !hasAskedTheDesktopPortal, hasReadDisplayRefreshRate else { return false }
        hasAskedTheDesktopPortal = true
        guard let portalBusAddress, !portalBusAddress.isEmpty else { return true }
        do {
            colorSchemePortal = try ColorSchemePortal(address: portalBusAddress, application: self) {
                [weak self] in self?.showDesktopSettings()
            }
        } catch {
            reportProblem("the desktop portal's colour scheme cannot be followed: \(error)")
        }
        return true
    }

    /// The first time the loop would sleep with a frame on screen (after the refresh rate was
    /// read), looks for the desktop's accessibility bus and, if there is one, starts serving the
    /// windows to screen readers. Without a bus nothing is connected to; either way no first
    /// frame waits for it. Returns whether it looked.
    private func connectToTheAccessibilityBus() -> Bool {
        guard !hasLookedForAccessibilityBus, hasReadDisplayRefreshRate else { return false }
        hasLookedForAccessibilityBus = true
        do {
            guard let address = try AccessibilityBusAddress.find(on: connection) else { return true }
            accessibilityBridge = try AccessibilityBridge(address: address, host: self)
            mayHaveChangedViews = true  // its first look shows the windows
        } catch {
            reportProblem("screen readers cannot see this app: \(error)")
        }
        return true
    }

    private func dispatchQueuedEvents() {
        let display = connection.display
        var pendingMotion: XEvent?
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == KeyPress || event.type == KeyRelease {
                connection.useKeyboardExtension()  // before the input method looks the key up
                connection.inputMethod.noticeServerLoss(sparing: windows.map(\.windowID))
            }
            if XFilterEvent(&event, 0) != 0 {
                mayHaveChangedViews = true  // the input method's pre-edit may have changed
                continue
            }
            if let pointerInput, pointerInput.isOwn(event) {
                switch pointerInput.translate(&event) {
                case .core(let core)?:
                    event = core  // a move, handled as the core one below
                case let input?:
                    if var motion = pendingMotion {  // moves before it go first
                        dispatch(&motion)
                        pendingMotion = nil
                    }
                    deliver(input)
                    continue
                case nil:
                    continue
                }
            }
            if event.type == ButtonPress, pointerInput?.isEmulatedWheelPress(event.xbutton) == true {
                continue  // the valuators' scroll, already taken
            }
            if event.type == MotionNotify {
                pendingMotion = event  // only the latest position matters
                continue
            }
            if var motion = pendingMotion {
                dispatch(&motion)
                pendingMotion = nil
            }
            dispatch(&event)
        }
        if var motion = pendingMotion { dispatch(&motion) }
    }

    private func dispatch(_ event: inout XEvent) {
        settleDesktopSettings(waiting: true)  // their answer came before this event
        if event.type == MappingNotify {
            XRefreshKeyboardMapping(&event.xmapping)  // keys were remapped: forget the old map
            return
        }
        if Self.isFrameReceipt(event) { return }  // its serial has told the schedule what it needed
        mayHaveChangedViews = true  // a paste arriving, a window resized, a key: anything may follow
        let target = event.xany.window
        for window in windows { window.requestorEvent(event) }  // copies going out in chunks
        selections.requestorEvent(event)
        if target == selections.windowID { return selections.handle(event) }
        if let screenChanges, screenChanges.isScreenChange(&event) {
            screenGeometry = nil  // read again when a pop-up next opens
            screenChangesSeen += 1
            return
        }
        if let compositor, compositor.isCompositorChange(event) {
            // Open pop-ups are made again in the new kind of window at their next frame.
            for window in windows where !window.scene.detachedPresentations.isEmpty {
                window.scene.addDamage(Rect(origin: .zero, size: window.scene.size))
            }
            return
        }
        if let changed = xsettings.handle(event) {
            if changed { followDesktopSettings(xsettings.settings) }
            return
        }
        if event.type == KeyPress || event.type == KeyRelease, let bridge = accessibilityBridge, bridge.forwardsKeys {
            // Screen readers hear the key first (to echo it, or to take it as their command).
            let key = event
            return bridge.forwardKey(AssistiveKeyEvent(event.xkey)) { [weak self] consumed in
                var key = key
                if !consumed { self?.deliver(&key) }
            }
        }
        deliver(&event)
    }

    /// Hands a smooth scroll or a touch to the window it is over.
    private func deliver(_ input: XInputPointer.Input) {
        mayHaveChangedViews = true
        switch input {
        case .scroll(let target, let x, let y, let steps, let state):
            windows.first { $0.windowID == target }?.smoothlyScrolled(steps, x: x, y: y, state: state)
        case .touch(let target, let phase, let touch, let x, let y, let time):
            windows.first { $0.windowID == target }?.touched(touch, phase: phase, x: x, y: y, time: time)
        case .core:
            return
        }
        schedule.inputArrived()  // answered at once, as a wheel's press is
    }

    /// Hands `event` to the window it is for.
    private func deliver(_ event: inout XEvent) {
        let target = event.xany.window
        windows.first { $0.windowID == target || $0.popUpWindow(target) != nil }?.handle(&event)
        // Each key and click is told to screen readers on its own, so that five Tabs read in one
        // turn are five focus moves, not one.
        if event.type == KeyPress || event.type == ButtonPress || event.type == ButtonRelease {
            accessibilityBridge?.update()
        }
        if Self.answersAtOnce(event.type) { schedule.inputArrived() }
    }

    /// Sleeps in `poll` until the connection or a watched descriptor has data, an animation
    /// frame or the schedule's next refresh slot is due, or `deadline` (on the loop's own clock)
    /// passes; then runs the handlers of the descriptors that are ready. Never sleeps when Xlib
    /// already holds unread events or a window has a frame the schedule lets it present now.
    private func waitForWork(until deadline: Double?) {
        let display = connection.display
        XFlush(display)  // requests made outside the loop (a window mapped, say) must go out first
        // With events queued or a frame to draw the loop does not sleep, but still serves queued
        // main-actor work and watched descriptors, so a flood of events cannot starve them.
        let hasEvents = XPending(display) > 0  // reads what came, so the schedule sees the latest serial
        let holding = Set(readHandlers.filter { $0.value.isHoldingInput?() == true }.keys)
        let wake = nextWake()
        let busy = hasEvents || wake == .now || !holding.isEmpty
        if !busy, matchAnimationsToTheDisplay() { return }  // a turn of its own: events may come with its replies
        if !busy, askTheDesktopPortal() { return }
        if !busy, connectToTheAccessibilityBus() { return }
        if !busy, connection.inputMethod.openIfAWindowWaits() { return }  // a turn of its own, as above
        var milliseconds: Int32 = 0
        if !busy {
            var timeout: Double? = deadline.map { $0 - clock.now }
            if case .at(let due) = wake {
                let untilDue = due - clock.now
                timeout = min(timeout ?? untilDue, untilDue)
            }
            milliseconds = timeout.map { Int32(max(0, min(($0 * 1000).rounded(.up), 60_000))) } ?? -1
        }
        let watched = Array(readHandlers.keys)
        let descriptors = [connection.fileDescriptor, MainQueueBridge.fileDescriptor] + watched
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        _ = poll(&polled, nfds_t(polled.count), milliseconds)
        if polled[1].revents & Int16(POLLIN) != 0 {
            mayHaveChangedViews = true
            MainQueueBridge.drain()
        }
        for (descriptor, result) in zip(watched, polled.dropFirst(2))
        where result.revents != 0 || holding.contains(descriptor) {
            if result.revents & Int16(POLLNVAL) != 0 {
                readHandlers[descriptor] = nil  // closed: nothing will ever be read from it
            } else {
                if readHandlers[descriptor]?.handle() == true { mayHaveChangedViews = true }
            }
        }
    }
}

extension Application: AccessibilityHost {
    /// The application's name (its WM_CLASS instance name).
    public var accessibilityName: String { name }
    /// The open windows.
    public var accessibleWindows: [any AccessibleWindow] { windows }
    /// Watches `fileDescriptor` in the run loop (``addReadHandler(for:holdingInput:_:)``).
    public func watchForReading(
        _ fileDescriptor: Int32, holdingInput: @escaping @MainActor () -> Bool,
        _ handler: @escaping @MainActor () -> Bool
    ) {
        readHandlers[fileDescriptor] = ReadHandler(isHoldingInput: holdingInput, handle: handler)
    }
    /// Stops watching `fileDescriptor`.
    public func stopWatching(_ fileDescriptor: Int32) { removeReadHandler(for: fileDescriptor) }
    /// Writes one line on standard error.
    public func reportProblem(_ message: String) { CanopyX11.reportProblem(message) }
}
