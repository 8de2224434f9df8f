/// The platform-free half of a window: its root view, the presentations floating above it, the
/// damage waiting to be redrawn, and input routing (mouse capture, hover, keyboard focus, click
/// counting, keyboard shortcuts).
///
/// Events go to the view they are for — the view under the pointer, or the focused view for
/// keys — and then up the responder chain until a view takes them (its handler returns true).
/// Keys no view takes are the scene's: Tab and Shift-Tab move focus (inside the topmost modal
/// presentation when one is up), Enter presses the default button and Escape the cancel button
/// (``ButtonRole``), else Escape dismisses the topmost presentation or runs ``cancelAction``, the Menu key and
/// Shift-F10 open the focused view's context menu, menu items' shortcuts run (see
/// ``MenuItem/shortcut``), then the scene's own keyboard shortcuts, and
/// Control-Z, Control-Shift-Z and Control-Y undo and redo (``undo()``). A right press opens the ``View/contextMenu`` of the first view up the
/// chain that has one (unless a view before it takes the press), and the pointer resting on a
/// view with a ``View/toolTip`` shows the tooltip.
///
/// A host (such as CanopyX11's `Window`) feeds it platform events in window coordinates, ticks
/// it when a timer or an animation frame is due (``tick()``), lays out and renders the damaged
/// areas each frame; the scene asks the platform for what it needs only through its ``host``.
/// Because it needs no display, everything about routing can be tested in memory.
@MainActor public final class Scene {
    /// The view that fills the window: the content, beneath any presentation.
    public let rootView: View
    /// The platform the scene runs on: its text measurer, clipboards, pointer shape, pop-ups and
    /// drags (see ``SceneHost``). Kept strongly; `nil` for a scene on its own.
    public var host: SceneHost?
    /// What Escape does when nothing in the window takes it (no focused view, cancel button
    /// or presentation): a host sets it for a dialog window, which Escape closes. `nil` leaves
    /// Escape unused.
    public var cancelAction: (() -> Void)?
    /// What the scene's views measure text with: the host's measurer, or
    /// ``View/defaultTextMeasurer`` without a host.
    public var textMeasurer: TextMeasuring { host?.textMeasurer ?? View.defaultTextMeasurer }
    /// The colours, fonts and radii widgets draw with: ``darkTheme`` while the scene shows the
    /// dark ``colorScheme``, else ``lightTheme``. Setting it replaces the theme of the scheme
    /// shown. Whenever the theme shown changes, everything is redrawn and every view hears
    /// ``View/themeDidChange()``.
    public var theme: Theme {
        get { colorScheme == .dark ? darkTheme : lightTheme }
        set {
            if colorScheme == .dark { darkTheme = newValue } else { lightTheme = newValue }
        }
    }
    /// The theme shown in the light colour scheme; ``Theme/standard`` unless replaced.
    public var lightTheme = Theme.standard {
        didSet { showTheme() }
    }
    /// The theme shown in the dark colour scheme; ``Theme/dark`` unless replaced.
    public var darkTheme = Theme.dark {
        didSet { showTheme() }
    }
    /// Which colour scheme the app wants: light, dark, or the desktop's (the default), which
    /// the scene then follows as the user changes it (``DesktopSettings/colorScheme``).
    public var colorSchemePreference = ColorSchemePreference.followDesktop {
        didSet { showTheme() }
    }
    /// The colour scheme the scene shows: its ``colorSchemePreference`` resolved against the
    /// desktop's.
    public var colorScheme: ColorScheme { colorSchemePreference.resolved(desktop: desktopSettings.colorScheme) }
    /// The theme last shown, to tell when another one is.
    private var shownTheme = Theme.standard

    /// Redraws everything and tells every view, presentations too, when the theme shown is no
    /// longer the one drawn with.
    private func showTheme() {
        let theme = self.theme
        guard theme != shownTheme else { return }
        shownTheme = theme
        for root in [rootView] + layer.entries.map(\.root) { root.forEachInSubtree { $0.themeDidChange() } }
        addDamage(Rect(origin: .zero, size: size))
        // Pop-ups in surfaces of their own too, with the theme's shadow (which may be larger).
        for presentation in layer.entries { presentation.root.invalidateExtent() }
    }

    /// Which way the window's layout runs; right to left mirrors the views that follow it.
    /// Setting it lays out and redraws everything, presentations too.
    public var layoutDirection = LayoutDirection.leftToRight {
        didSet {
            guard layoutDirection != oldValue else { return }
            setNeedsLayoutAndDisplay()
        }
    }

    /// Lays out and redraws every view, presentations too: the host calls it when what text
    /// measures at changes (the window's scale, say).
    public func setNeedsLayoutAndDisplay() {
        for root in [rootView] + layer.entries.map(\.root) { root.forEachInSubtree { $0.setNeedsLayout() } }
        addDamage(Rect(origin: .zero, size: size))
    }

    /// The pointer shape for the view under the pointer.
    public private(set) var currentCursor = Cursor.arrow

    /// The view that receives key events, or `nil`.
    public private(set) weak var focusedView: View?
    /// The input method's composition for the focused view (``textComposition``).
    var composition: TextComposition?
    /// Whether the scene's window has the keyboard (the window manager focused it); the host
    /// sets it. The focused view keeps its focus while the window is in the background, as on
    /// every desktop, and hears ``View/windowKeyboardFocusDidChange()`` when this changes, so a
    /// text field's caret shows and blinks only in the window the user types into. `true` for a
    /// scene without a host.
    public var hasKeyboardFocus = true {
        didSet { if hasKeyboardFocus != oldValue { focusedView?.windowKeyboardFocusDidChange() } }
    }
    /// The deepest view under the pointer; it and its superviews have had
    /// ``View/mouseEntered(_:)``.
    public private(set) weak var hoveredView: View?
    /// The view that took the last mouse-down and gets the drags and release.
    public private(set) weak var capturingView: View?
    /// The view a drag from another application is over and that takes what it offers.
    public internal(set) weak var dropTargetView: View?
    /// The kinds of content the drag over the window offers, while one is over it.
    public internal(set) var offeredDropKinds: DropKinds = []

    /// Runs the animations of the scene's views.
    public let animator: Animator
    /// The one-shot actions (caret blinks, type-ahead resets) the scene's views schedule.
    public let timers: TimerQueue
    /// The window's own undo history, for the app's actions ("Delete Note"); see ``undo()``
    /// for how it and the focused view's history share the keys and the Edit menu.
    public let undoStack = UndoStack()
    /// The clock animations and timers are timed by.
    public var clock: AnimationClock { animator.clock }

    lazy var layer = PresentationLayer(scene: self)
    private lazy var tooltips = TooltipController(scene: self)
    private var hoverPath: [WeakView] = []
    /// Where the pointer was last seen in the window, for hover to follow what moves under it
    /// (and tooltips to show beside it).
    private(set) var pointerLocation: Point?
    private var capturedButton: MouseButton?
    /// The finger down on a touch screen, while one is (``handleTouch(_:)``).
    var touchGesture: TouchGesture?
    /// The press being given to the views, while ``handleMouseDown(_:)`` gives it.
    private var pressInDelivery: MouseEvent?
    /// A menu the app opened from code while the press in delivery reached its views: it takes
    /// the press once they are done.
    private weak var menuOpenedByThePress: Menu?
    private var shortcuts: [KeyboardShortcutRegistration] = []
    /// The menu bars in the window, which answer its menu keys (``MenuBar``).
    var menuBars: [WeakView] = []
    private var damage = DamageRegion()
    private var layoutRequested = true
    private var lastClick: (location: Point, time: Double, count: Int)?

    /// The longest gap between the clicks of a double click, in seconds, unless the desktop
    /// says otherwise (``desktopSettings``).
    nonisolated public static let doubleClickInterval = 0.4
    /// How far the pointer may move between the clicks of a double click, in points, unless the
    /// desktop says otherwise (``desktopSettings``).
    nonisolated public static let doubleClickDistance = 4.0
    /// The desktop's preferences the scene follows (double clicks, the caret's blink, the colour
    /// scheme); the host sets them from the platform's settings and again when they change.
    public var desktopSettings = DesktopSettings() {
        didSet { if desktopSettings.colorScheme != oldValue.colorScheme { showTheme() } }
    }

    /// Creates a scene of the given size around `rootView`, timed by `clock` (the real clock
    /// unless given; tests pass a ``ManualClock``) and talking to the platform through `host`.
    /// `timers` is the host's queue on that clock; without one the scene makes its own.
    public init(
        rootView: View = View(), size: Size, clock: AnimationClock = MonotonicClock(), timers: TimerQueue? = nil,
        host: SceneHost? = nil
    ) {
        animator = Animator(clock: clock)
        self.timers = timers ?? TimerQueue(clock: clock)
        self.host = host
        self.rootView = rootView
        rootView.frame = Rect(origin: .zero, size: size)
        rootView.hostingScene = self
        rootView.didMoveToScene()
        addDamage(rootView.bounds)
    }

    /// The window's size; setting it resizes the root view and modal backdrops, dismisses
    /// popovers and redraws everything.
    public var size: Size {
        get { rootView.frame.size }
        set {
            guard newValue != size else { return }
            rootView.frame = Rect(origin: .zero, size: newValue)
            layer.sceneDidResize(to: newValue)
            addDamage(rootView.bounds)
        }
    }

    // MARK: Presentations

    /// Everything floating above the content, bottom to top, including presentations on their
    /// way out.
    public var presentations: [Presentation] { layer.entries }

    /// Floats `view` above the content (see ``Presentation`` for what the scene then takes care
    /// of) and runs `transition` in. A popover's view is placed in window coordinates by its
    /// frame; a modal's by `placement`, asked again whenever the window is resized. Presenting
    /// a view that is on its way out turns it back.
    @discardableResult
    public func present(
        _ view: View, style: Presentation.Style, transition: Presentation.Transition = .fade(),
        placement: (@MainActor (Size) -> Rect)? = nil
    ) -> Presentation {
        layer.present(view, style: style, transition: transition, placement: placement)
    }

    /// Where pop-ups may go, in window coordinates: the host's ``PopUpHost/popUpArea`` (the
    /// monitor's work area) when it lets them leave the window, else the window.
    public var popUpBounds: Rect { host?.popUpHost?.popUpArea ?? Rect(origin: .zero, size: size) }

    /// The presentations the host shows in surfaces of their own (their
    /// ``Presentation/surfaceArea`` is set), bottom to top.
    public var detachedPresentations: [Presentation] { layer.entries.filter { $0.surfaceArea != nil } }

    /// Whether a modal presentation is up: the keyboard is its.
    var isShowingModal: Bool { layer.topModal != nil }

    /// Whether a popover (not a modal, not a tooltip) is up: a desktop host then closes it on a
    /// click anywhere else on the screen.
    public var hasOpenPopover: Bool { layer.presented.contains { !$0.isModal && !$0.isPassive } }

    /// Takes the presentation of `view` out at once (it is moving to another scene).
    func withdrawPresentation(of view: View) {
        layer.withdraw(view)
    }

    /// After a presentation came or went: a press held on what is now out of reach is cancelled
    /// (not released onto it), and hover follows what is now under the pointer.
    func presentationsDidChange() {
        if let capturingView, !layer.isReachable(capturingView) { endCapture(cancelling: true) }
        if capturingView == nil, let pointerLocation {
            setHovered(
                hitView(at: pointerLocation), event: MouseEvent(locationInWindow: pointerLocation, clickCount: 0))
        }
    }

    // MARK: Frames

    /// Runs the timers due by now, then moves the animations to the clock's time (which may
    /// damage views for the next frame). Time is the host's to drive: its run loop calls this
    /// once a frame while ``animator`` is animating and whenever the earliest of ``timers`` is
    /// due (``TimerQueue/nextFireTime``), and never otherwise, so an idle scene costs no
    /// wake-ups. A host whose scenes share one queue (CanopyX11's application, for all its
    /// windows) may fire it itself first; each scene's tick then finds nothing more due. Tests
    /// call it after advancing a ``ManualClock`` (`ManualTime` does). Returns whether a timer
    /// fired, an animation ended or a completion ran: whether the app's code may have changed
    /// the views beyond the animations' movement.
    @discardableResult
    public func tick() -> Bool {
        let fired = timers.fireDue()
        return animator.tick() || fired
    }

    /// The smallest size the root view's content can be laid out at
    /// (``View/minimumLayoutSize``), as of the last frame that laid anything out: the host keeps
    /// the window at least this large.
    public private(set) var contentMinimumSize = Size.zero

    /// Whether layout or drawing is waiting for the next frame.
    public var needsFrame: Bool { layoutRequested || !damage.isEmpty }

    /// Asks for a frame without damaging anything (layout only).
    public func setNeedsFrame() {
        layoutRequested = true
    }

    /// Marks `rect`, in window coordinates, for redrawing.
    public func addDamage(_ rect: Rect) {
        damage.add(rect)
    }

    /// Lays out what asked for it and returns the damaged rectangles (inside the window),
    /// leaving none behind. The host then calls ``render(_:in:)`` for each.
    ///
    /// With a ``SceneHost/popUpHost``, it first decides which popovers and tooltips reach past the window
    /// (by their model frame, where they end up; one on its way out stays where it was) and
    /// gives them a ``Presentation/surfaceArea``:
    /// the part of the scene their shown frame covers now (with their shadow, when the host's
    /// surfaces are translucent); the damage inside each is kept for
    /// ``takeSurfaceDamage(of:)``.
    public func prepareFrame() -> [Rect] {
        if layoutRequested { contentMinimumSize = rootView.minimumLayoutSize }
        layoutRequested = false
        rootView.layoutIfNeeded()
        for presentation in layer.entries { presentation.root.layoutIfNeeded() }
        updateSurfaces()
        damage.clip(to: Rect(origin: .zero, size: size))
        return damage.take()
    }

    /// Gives the presentations that reach past the window a surface of their own (and takes it
    /// back from those that no longer do), and hands each the damage inside its area.
    private func updateSurfaces() {
        guard !layer.entries.isEmpty else { return }  // asks the host nothing: no round trip per frame
        let window = Rect(origin: .zero, size: size)
        let popUpHost = host?.popUpHost
        let mayLeave = popUpHost?.popUpArea != nil
        let withShadows = popUpHost?.popUpSurfacesAreTranslucent == true
        for presentation in layer.entries {
            let root = presentation.root
            // On its way out it stays where it is: a closing drop-down shrinks in its own window.
            let leaving = !presentation.isPresented && presentation.surfaceArea != nil
            let detached = mayLeave && !presentation.isModal && (leaving || !window.contains(root.frame))
            let area = detached ? (withShadows ? root.extentInSuperview() : root.presentedFrame).integral : nil
            if area != presentation.surfaceArea {
                let wasInWindow = presentation.surfaceArea == nil
                if wasInWindow || area == nil { addDamage(root.extentInSuperview()) }  // drawn here before or from now
                presentation.surfaceArea = area
                if let area { presentation.surfaceDamage.add(area) }
            }
            guard let area = presentation.surfaceArea else { continue }
            for rect in damage.rectangles {
                if let inside = rect.intersection(area) { presentation.surfaceDamage.add(inside) }
            }
        }
    }

    /// The damaged rectangles of `presentation`'s surface (window coordinates, inside its
    /// ``Presentation/surfaceArea``), leaving none behind; the host redraws them with
    /// ``render(_:_:in:)``.
    public func takeSurfaceDamage(of presentation: Presentation) -> [Rect] {
        presentation.surfaceDamage.take()
    }

    /// Draws everything that overlaps `rect` (window coordinates) into `context`, clipped to
    /// it: the content, then the presentations drawn in the window (not those in surfaces of
    /// their own).
    public func render(_ rect: Rect, in context: GraphicsContext) {
        context.saveState()
        context.clip(to: rect)
        rootView.render(in: context)
        for presentation in layer.entries where presentation.surfaceArea == nil {
            presentation.root.render(in: context)
        }
        context.restoreState()
    }

    /// Draws the part of `presentation` inside `rect` (window coordinates) into `context`,
    /// clipped to it: what a host's surface for a detached presentation shows.
    public func render(_ presentation: Presentation, _ rect: Rect, in context: GraphicsContext) {
        context.saveState()
        context.clip(to: rect)
        presentation.root.render(in: context)
        context.restoreState()
    }

    // MARK: Mouse

    /// A button went down: a tooltip goes, popovers it is outside of are dismissed (a modal's
    /// backdrop dismisses the modal), focus moves to the first focusable view from the one under
    /// the pointer up, and the event goes up the responder chain from that view; the view that
    /// takes it captures the drags and the release. A right press that reaches a view with a
    /// ``View/contextMenu`` opens the menu at the pointer instead, and the menu takes the press
    /// (dragging to an item and releasing runs it). So does a menu the app opens from code while
    /// a button is held (``Menu/present(at:in:)`` in a `mouseDown`, say).
    public func handleMouseDown(_ event: MouseEvent) {
        pointerLocation = event.locationInWindow
        tooltips.interrupt()
        var event = event
        event.clickCount = countClick(at: event.locationInWindow, time: event.timestamp)
        if let capturingView = liveCapture() {
            guard event.button == capturedButton else {
                _ = capturingView.mouseDown(event)  // another button during a drag: the capturing view's
                return
            }
            // The same button went down again: its release was lost (another client grabbed
            // the pointer, say), so the old capture ends here.
            endCapture(cancelling: true)
        }
        let target = hitView(at: event.locationInWindow)
        layer.mouseWentDown(on: target)
        // What a dismissal just did (an onDismiss presenting a modal, say) may have put the
        // target out of reach.
        guard let target, !(target is ModalBackdrop), layer.isReachable(target) else { return }
        if let focusable = firstFocusable(from: target) { setFocus(focusable) }
        pressInDelivery = event
        defer {
            pressInDelivery = nil
            menuOpenedByThePress = nil
        }
        for view in responderChain(from: target) {
            if event.button == .right, let menu = view.contextMenu(at: event.location(in: view)) {
                return openContextMenu(menu, for: event)
            }
            let took = view.mouseDown(event)
            if let menu = menuOpenedByThePress {
                if took { view.mouseCancelled() }
                return giveThePress(of: event.button, at: event.locationInWindow, to: menu)
            }
            if took {
                capturingView = view
                capturedButton = event.button
                return
            }
        }
    }

    /// The app opened `menu` from code: while a button is held (a press being given to the views,
    /// or one a view has captured), the menu takes that press, as a context menu does, and a view
    /// that had taken it hears ``View/mouseCancelled()``.
    func menuOpenedFromCode(_ menu: Menu) {
        if pressInDelivery != nil {
            menuOpenedByThePress = menu  // the press's views go on; the menu takes it after them
        } else if let button = capturedButton, liveCapture() != nil, let pointerLocation {
            endCapture(cancelling: true)
            giveThePress(of: button, at: pointerLocation, to: menu)
        }
    }

    /// `menu`, open, takes the press of `button` that is at `location` now.
    private func giveThePress(of button: MouseButton, at location: Point, to menu: Menu) {
        guard menu.isOpen, layer.isReachable(menu) else { return }
        menu.trackOpeningPress(at: location)
        capturingView = menu
        capturedButton = button
    }

    /// Opens `menu` at the pointer for the right press `event`; the menu takes the press, so its
    /// drag highlights items and its release, once it has moved, runs the item under it.
    private func openContextMenu(_ menu: Menu, for event: MouseEvent) {
        menu.present(at: event.locationInWindow, in: self)
        giveThePress(of: event.button, at: event.locationInWindow, to: menu)
    }

    /// The pointer moved with a button held: the capturing view gets it.
    public func handleMouseDragged(_ event: MouseEvent) {
        pointerLocation = event.locationInWindow
        if let capturingView = liveCapture() {
            capturingView.mouseDragged(event)
        } else {
            handleMouseMoved(event)
        }
    }

    /// A button went up: the capturing view gets it and the capture ends when it is the
    /// button that started it.
    public func handleMouseUp(_ event: MouseEvent) {
        pointerLocation = event.locationInWindow
        guard let target = liveCapture() else { return updateHover(event) }
        if event.button == capturedButton { endCapture(cancelling: false) }
        target.mouseUp(event)
        if capturingView == nil { updateHover(event) }
    }

    /// The pointer moved with no button held: hover follows it, and the move goes up the
    /// responder chain from the view under it.
    public func handleMouseMoved(_ event: MouseEvent) {
        pointerLocation = event.locationInWindow
        updateHover(event)
        tooltips.update()  // a move restarts the wait: the pointer must rest
        guard let hoveredView else { return }
        for view in responderChain(from: hoveredView) where view.mouseMoved(event) { return }
    }

    /// The pointer left the window.
    public func handlePointerLeft(_ event: MouseEvent) {
        pointerLocation = nil
        if capturingView == nil { setHovered(nil, event: event) }
    }

    /// The wheel turned: a tooltip goes, the event goes up the responder chain from the view
    /// under the pointer, and hover follows what scrolled under it.
    public func handleScroll(_ event: ScrollEvent) {
        pointerLocation = event.locationInWindow
        tooltips.interrupt()
        guard let target = hitView(at: event.locationInWindow), !(target is ModalBackdrop) else { return }
        for view in responderChain(from: target) where view.scrollWheel(event) { break }
        if capturingView == nil {
            updateHover(MouseEvent(locationInWindow: event.locationInWindow, clickCount: 0, modifiers: event.modifiers))
        }
    }

    /// The deepest view under `location` (window coordinates) that takes input: in the
    /// presentations first, top down, and in the content unless a modal covers it.
    public func hitView(at location: Point) -> View? {
        layer.hitView(at: location) ?? rootView.hitTest(rootView.convertFromWindow(location))
    }

    /// The capturing view, unless it was hidden since the press: a hidden view receives no
    /// events, so its capture ends without a release.
    private func liveCapture() -> View? {
        guard let view = capturingView else { return nil }
        guard !view.isHiddenInTree else {
            endCapture(cancelling: true)
            return nil
        }
        return view
    }

    private func endCapture(cancelling: Bool) {
        let view = capturingView
        capturingView = nil
        capturedButton = nil
        if cancelling { view?.mouseCancelled() }
    }

    private func updateHover(_ event: MouseEvent) {
        setHovered(hitView(at: event.locationInWindow), event: event)
    }

    /// Makes `view` the deepest hovered view: views that left the hovered chain get
    /// ``View/mouseExited(_:)`` (deepest first), views that joined it ``View/mouseEntered(_:)``
    /// (outermost first).
    private func setHovered(_ view: View?, event: MouseEvent) {
        guard view !== hoveredView else { return }
        hoveredView = view
        let old = hoverPath.compactMap(\.view)
        let new = view.map(responderChain(from:)) ?? []
        hoverPath = new.map(WeakView.init)
        for left in old where !new.contains(where: { $0 === left }) { left.mouseExited(event) }
        for joined in new.reversed() where !old.contains(where: { $0 === joined }) { joined.mouseEntered(event) }
        updateCursor()
        tooltips.update()
    }

    /// Shows the cursor the hovered views ask for, the deepest first.
    func updateCursor() {
        let shape = hoverPath.lazy.compactMap { $0.view?.cursor }.first ?? .arrow
        guard shape != currentCursor else { return }
        currentCursor = shape
        host?.setCursor(shape)
    }

    private func countClick(at location: Point, time: Double) -> Int {
        var count = 1
        if let last = lastClick, time - last.time <= desktopSettings.doubleClickInterval,
            abs(location.x - last.location.x) <= desktopSettings.doubleClickDistance,
            abs(location.y - last.location.y) <= desktopSettings.doubleClickDistance
        {
            count = last.count + 1
        }
        lastClick = (location, time, count)
        return count
    }

    // MARK: Keyboard

    /// A key went down: a tooltip goes, and the key goes up the responder chain from the focused
    /// view; a key no view takes is the scene's (Tab, Escape, keyboard shortcuts).
    public func handleKeyDown(_ event: KeyEvent) {
        tooltips.interrupt()
        if let focusedView = liveFocus() {
            for view in responderChain(from: focusedView) where view.keyDown(event) { return }
        }
        unhandledKeyDown(event)
    }

    /// A key went up: it goes up the responder chain from the focused view.
    public func handleKeyUp(_ event: KeyEvent) {
        guard let focusedView = liveFocus() else { return }
        for view in responderChain(from: focusedView) where view.keyUp(event) { return }
    }

    /// Runs `action` when `key` goes down with exactly `modifiers` held and no view takes it
    /// (``addKeyboardShortcut(_:action:)``).
    @discardableResult
    public func addKeyboardShortcut(
        _ key: Key, modifiers: Modifiers = [], action: @escaping () -> Void
    ) -> KeyboardShortcutRegistration {
        addKeyboardShortcut(KeyboardShortcut(key, modifiers: modifiers), action: action)
    }

    /// Runs `action` when `shortcut` is pressed and no view takes the key, nor an item of a
    /// menu of the focused view or of a menu bar (``MenuItem/shortcut``). Shortcuts are tried in
    /// the order they were added. While a modal presentation is up they wait: the keyboard is
    /// the modal's.
    @discardableResult
    public func addKeyboardShortcut(
        _ shortcut: KeyboardShortcut, action: @escaping () -> Void
    ) -> KeyboardShortcutRegistration {
        let registration = KeyboardShortcutRegistration(shortcut: shortcut, action: action)
        shortcuts.append(registration)
        return registration
    }

    /// Stops the shortcut `registration` from running.
    public func removeKeyboardShortcut(_ registration: KeyboardShortcutRegistration) {
        shortcuts.removeAll { $0 === registration }
    }

    /// The focused view, unless it was hidden since it took focus: a hidden view receives no
    /// keys, so it loses focus.
    func liveFocus() -> View? {
        guard let view = focusedView else { return nil }
        guard !view.isHiddenInTree else {
            setFocus(nil)
            return nil
        }
        return view
    }

    private func unhandledKeyDown(_ event: KeyEvent) {
        if event.key == .tab, event.modifiers.isSubset(of: [.shift]) {
            moveFocus(backward: event.modifiers.contains(.shift))
        } else if event.key == .enter, event.modifiers.isEmpty, pressButton(withRole: .default) {
            return
        } else if event.key == .escape, event.modifiers.isEmpty, cancelForEscape() {
            return
        } else if event.opensContextMenu, openContextMenuOfFocusedView() {
            return
        } else if runMenuKey(event) {
            return
        } else if !isShowingModal, let registration = shortcuts.first(where: { $0.shortcut.matches(event) }) {
            registration.action()
        } else if event.isUndo {
            undo()
        } else if event.isRedo {
            redo()
        }
    }

    /// Opens the ``View/contextMenu`` of the focused view or the nearest of its ancestors that
    /// has one, at the middle of the part of the focused view the window shows, as a right
    /// click would at the pointer. Returns whether a menu opened.
    private func openContextMenuOfFocusedView() -> Bool {
        guard let focusedView = liveFocus(),
            let menu = responderChain(from: focusedView).lazy.compactMap({ $0.contextMenu(at: nil) }).first
        else { return false }
        return presentContextMenu(menu, over: focusedView)
    }

    /// Opens `menu` at the middle of the part of `view` the window shows, as a right click would
    /// at the pointer. Returns whether it opened.
    func presentContextMenu(_ menu: Menu, over view: View) -> Bool {
        let frame = view.convert(view.bounds, to: nil)
        let visible = frame.intersection(Rect(origin: .zero, size: size)) ?? frame
        menu.present(at: visible.center, in: self)
        return menu.isOpen
    }

    /// Moves focus to the next (or previous) focusable view in reading order (`FocusOrder`),
    /// wrapping around, inside the topmost modal presentation when one is up, and tells the view
    /// (``View/focusDidArriveByTab()``). From inside a popover it first dismisses the popover
    /// (focus goes back to its anchor) and moves on from there.
    public func moveFocus(backward: Bool = false) {
        if let focusedView, let popover = layer.presentation(holding: focusedView), !popover.isModal {
            layer.dismiss(popover, reason: .focusMovedAway)
        }
        let order = FocusOrder(in: layer.topModal?.root ?? rootView)
        guard let next = order.view(after: focusedView, backward: backward) else { return }
        setFocus(next)
        if next.isFocused { next.focusDidArriveByTab() }
    }

    /// Moves keyboard focus to `view` (which must be in this scene, focusable and not beneath a
    /// modal presentation), or clears it. Popovers that focus leaves are dismissed.
    func setFocus(_ view: View?) {
        if let view, !(view.canBecomeFocused && view.scene === self && layer.isReachable(view)) { return }
        guard view !== focusedView else { return }
        let old = focusedView
        focusedView = view
        cancelTextComposition(leaving: old)
        old?.focusDidChange()
        view?.focusDidChange()
        var ancestor = view?.superview
        while let current = ancestor, let view {
            current.descendantDidBecomeFocused(view)
            ancestor = current.superview
        }
        layer.focusDidMove(to: view)
    }

    private func firstFocusable(from view: View) -> View? {
        responderChain(from: view).first { $0.canBecomeFocused }
    }

    /// `view`, its superview, and so on up to its root.
    func responderChain(from view: View) -> [View] {
        var chain: [View] = []
        var candidate: View? = view
        while let current = candidate {
            chain.append(current)
            candidate = current.superview
        }
        return chain
    }

    /// Drops focus, capture, hover and a tooltip held inside `view`'s subtree, which is leaving
    /// the tree, and dismisses the popovers anchored in it.
    func viewWillLeave(_ view: View) {
        tooltips.viewWillGo(view)
        layer.anchorWillLeave(view)
        if let focusedView, focusedView.isDescendant(of: view) { setFocus(nil) }
        if let capturingView, capturingView.isDescendant(of: view) { endCapture(cancelling: true) }
        if let dropTargetView, dropTargetView.isDescendant(of: view) { handleDragExited() }
        let leaving = hoverPath.compactMap(\.view).filter { $0.isDescendant(of: view) }
        guard !leaving.isEmpty else { return }
        hoverPath.removeAll { $0.view.map { $0.isDescendant(of: view) } ?? true }
        if let hoveredView, hoveredView.isDescendant(of: view) { self.hoveredView = hoverPath.first?.view }
        for left in leaving { left.mouseExited(MouseEvent(locationInWindow: .zero, clickCount: 0)) }
    }
}

extension Scene {
    /// `view` was just hidden: a tooltip of it (or inside it) goes.
    func viewWasHidden(_ view: View) {
        tooltips.viewWillGo(view)
    }

    /// `view`'s ``View/toolTip`` changed: a shown tooltip follows it.
    func toolTipDidChange(of view: View) {
        tooltips.toolTipDidChange(of: view)
    }
}

/// A keyboard shortcut the scene answers with an action of its own, as
/// ``Scene/addKeyboardShortcut(_:action:)`` added it; keep it to remove it with
/// ``Scene/removeKeyboardShortcut(_:)``.
@MainActor public final class KeyboardShortcutRegistration {
    /// The keys that run the action.
    public let shortcut: KeyboardShortcut
    let action: () -> Void

    init(shortcut: KeyboardShortcut, action: @escaping () -> Void) {
        self.shortcut = shortcut
        self.action = action
    }
}

/// A weak reference to a view, for lists that must not keep views alive.
@MainActor struct WeakView {
    weak var view: View?

    init(_ view: View) { self.view = view }
}
