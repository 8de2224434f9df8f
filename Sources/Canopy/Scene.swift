/// The platform-free half of a window: its root view, the damage waiting to be redrawn, and
/// input routing (mouse capture, hover, keyboard focus, click counting).
///
/// A host (such as CanopyX11's `Window`) feeds it platform events in window coordinates, lays
/// out and renders the damaged areas each frame. Because it needs no display, everything about
/// routing can be tested in memory.
@MainActor public final class Scene {
    /// The view that fills the window.
    public let rootView: View
    /// Measures text for layout; set by the host.
    public var textMeasurer: TextMeasuring?
    /// The system clipboard; set by the host.
    public var clipboard: Clipboard?
    /// The selection that selected text is offered on and middle-click pastes from (X11's
    /// PRIMARY); set by the host.
    public var primarySelection: Clipboard?
    /// Called when a key goes down that no view handled (focus traversal hooks in here).
    public var unhandledKeyHandler: ((KeyEvent) -> Void)?
    /// Called when the pointer shape should change; the host sets the window's cursor.
    public var cursorChangeHandler: ((Cursor) -> Void)?

    /// The pointer shape for the view under the pointer.
    public private(set) var currentCursor = Cursor.arrow

    /// The view that receives key events, or `nil`.
    public private(set) weak var focusedView: View?
    /// The view under the pointer, which last got ``View/mouseEntered(_:)``.
    public private(set) weak var hoveredView: View?
    /// The view that took the last mouse-down and gets the drags and release.
    public private(set) weak var capturingView: View?

    private var capturedButton: MouseButton?
    private var mouseDownMonitors: [ObjectIdentifier: (MouseEvent) -> Void] = [:]
    private var damage = DamageRegion()
    private var layoutRequested = true
    private var lastClick: (location: Point, time: Double, count: Int)?

    /// The longest gap between the clicks of a double click, in seconds.
    public static let doubleClickInterval = 0.4
    /// How far the pointer may move between the clicks of a double click, in points.
    public static let doubleClickDistance = 4.0

    /// Runs the animations of the scene's views.
    public let animator: Animator
    /// The one-shot actions (caret blinks, type-ahead resets) the scene's views schedule.
    public let timers: TimerQueue
    /// The clock animations and timers are timed by.
    public var clock: AnimationClock { animator.clock }

    /// Creates a scene of the given size around `rootView`, timed by `clock` (the real clock
    /// unless given; tests pass a ``ManualClock``). `timers` is the host's queue on that clock;
    /// without one the scene makes its own.
    public init(
        rootView: View = View(), size: Size, clock: AnimationClock = MonotonicClock(), timers: TimerQueue? = nil
    ) {
        animator = Animator(clock: clock)
        self.timers = timers ?? TimerQueue(clock: clock)
        self.rootView = rootView
        rootView.frame = Rect(origin: .zero, size: size)
        rootView.hostingScene = self
        rootView.didMoveToScene()
        addDamage(rootView.bounds)
    }

    /// The window's size; setting it resizes the root view and redraws everything.
    public var size: Size {
        get { rootView.frame.size }
        set {
            guard newValue != size else { return }
            rootView.frame = Rect(origin: .zero, size: newValue)
            addDamage(rootView.bounds)
        }
    }

    // MARK: Frames

    /// Runs the timers due by now and moves the animations to the clock's time. A host calls
    /// this once a frame while animating (and when a timer is due); tests call it after
    /// advancing a ``ManualClock``.
    public func tick() {
        timers.fireDue()
        animator.tick()
    }

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
    public func prepareFrame() -> [Rect] {
        layoutRequested = false
        rootView.layoutIfNeeded()
        damage.clip(to: Rect(origin: .zero, size: size))
        return damage.take()
    }

    /// Draws everything that overlaps `rect` (window coordinates) into `context`, clipped to it.
    public func render(_ rect: Rect, in context: GraphicsContext) {
        context.saveState()
        context.clip(to: rect)
        rootView.render(in: context)
        context.restoreState()
    }

    // MARK: Mouse

    /// A button went down: the view under the pointer gets it, captures the drags and
    /// release, and takes focus if it (or an ancestor) can.
    public func handleMouseDown(_ event: MouseEvent) {
        var event = event
        event.clickCount = countClick(at: event.locationInWindow, time: event.timestamp)
        for monitor in Array(mouseDownMonitors.values) { monitor(event) }
        if let capturingView = liveCapture() {
            guard event.button == capturedButton else { return capturingView.mouseDown(event) }
            // The same button went down again: its release was lost (another client grabbed
            // the pointer, say), so the old capture ends here.
            self.capturingView = nil
            capturedButton = nil
        }
        guard let target = hitView(at: event.locationInWindow) else { return }
        capturingView = target
        capturedButton = event.button
        if let focusable = firstFocusable(from: target) { setFocus(focusable) }
        target.mouseDown(event)
    }

    /// The pointer moved with a button held: the capturing view gets it.
    public func handleMouseDragged(_ event: MouseEvent) {
        if let capturingView = liveCapture() {
            capturingView.mouseDragged(event)
        } else {
            handleMouseMoved(event)
        }
    }

    /// The capturing view, unless it was hidden since the press: a hidden view receives no
    /// events, so its capture ends without a release.
    private func liveCapture() -> View? {
        guard let view = capturingView else { return nil }
        guard !view.isHiddenInTree else {
            capturingView = nil
            capturedButton = nil
            return nil
        }
        return view
    }

    /// A button went up: the capturing view gets it and the capture ends when it is the
    /// button that started it.
    public func handleMouseUp(_ event: MouseEvent) {
        guard let target = liveCapture() else { return updateHover(event) }
        if event.button == capturedButton {
            capturingView = nil
            capturedButton = nil
        }
        target.mouseUp(event)
        if capturingView == nil { updateHover(event) }
    }

    /// The pointer moved with no button held: hover moves to the view under it.
    public func handleMouseMoved(_ event: MouseEvent) {
        updateHover(event)
        hoveredView?.mouseMoved(event)
    }

    /// The pointer left the window.
    public func handlePointerLeft(_ event: MouseEvent) {
        if capturingView == nil { setHovered(nil, event: event) }
    }

    /// The wheel turned: the view under the pointer gets it.
    public func handleScroll(_ event: ScrollEvent) {
        hitView(at: event.locationInWindow)?.scrollWheel(event)
    }

    /// A registration made by ``addMouseDownMonitor(_:)``; pass it to
    /// ``removeMouseDownMonitor(_:)`` to stop watching.
    public final class MouseDownMonitor {}

    /// Calls `handler` with every mouse-down in the scene before the event is delivered. A
    /// pop-up uses this to close when the user clicks outside it; the click still goes on to
    /// the view under the pointer.
    public func addMouseDownMonitor(_ handler: @escaping (MouseEvent) -> Void) -> MouseDownMonitor {
        let monitor = MouseDownMonitor()
        mouseDownMonitors[ObjectIdentifier(monitor)] = handler
        return monitor
    }

    /// Stops the monitor's handler from being called.
    public func removeMouseDownMonitor(_ monitor: MouseDownMonitor) {
        mouseDownMonitors[ObjectIdentifier(monitor)] = nil
    }

    /// The deepest view under `location` (window coordinates) that takes input.
    public func hitView(at location: Point) -> View? {
        rootView.hitTest(rootView.convertFromWindow(location))
    }

    private func updateHover(_ event: MouseEvent) {
        setHovered(hitView(at: event.locationInWindow), event: event)
    }

    private func setHovered(_ view: View?, event: MouseEvent) {
        guard view !== hoveredView else { return }
        let old = hoveredView
        hoveredView = view
        old?.mouseExited(event)
        view?.mouseEntered(event)
        var shape: Cursor?
        var candidate = view
        while shape == nil, let current = candidate {
            shape = current.cursor
            candidate = current.superview
        }
        if (shape ?? .arrow) != currentCursor {
            currentCursor = shape ?? .arrow
            cursorChangeHandler?(currentCursor)
        }
    }

    private func countClick(at location: Point, time: Double) -> Int {
        var count = 1
        if let last = lastClick, time - last.time <= Self.doubleClickInterval,
            abs(location.x - last.location.x) <= Self.doubleClickDistance,
            abs(location.y - last.location.y) <= Self.doubleClickDistance
        {
            count = last.count + 1
        }
        lastClick = (location, time, count)
        return count
    }

    // MARK: Keyboard

    /// A key went down: the focused view gets it, else the unhandled-key handler.
    public func handleKeyDown(_ event: KeyEvent) {
        if let focusedView = liveFocus() { focusedView.keyDown(event) } else { unhandledKeyDown(event) }
    }

    /// A key went up: the focused view gets it.
    public func handleKeyUp(_ event: KeyEvent) {
        liveFocus()?.keyUp(event)
    }

    /// The focused view, unless it was hidden since it took focus: a hidden view receives no
    /// keys, so it loses focus.
    private func liveFocus() -> View? {
        guard let view = focusedView else { return nil }
        guard !view.isHiddenInTree else {
            setFocus(nil)
            return nil
        }
        return view
    }

    /// Tab and Shift-Tab move focus; anything else goes to ``unhandledKeyHandler``.
    func unhandledKeyDown(_ event: KeyEvent) {
        if event.key == .tab, event.modifiers.isSubset(of: [.shift]) {
            moveFocus(backward: event.modifiers.contains(.shift))
        } else {
            unhandledKeyHandler?(event)
        }
    }

    /// Moves focus to the next (or previous) focusable view in reading order, top to bottom
    /// and left to right, wrapping around. Inside a view that contains focus traversal (a modal
    /// overlay), focus stays inside it.
    public func moveFocus(backward: Bool = false) {
        var scope = rootView
        var ancestor = focusedView
        while let current = ancestor {
            if current.containsFocusTraversal { scope = current }
            ancestor = current.superview
        }
        let candidates = focusOrder(in: scope)
        guard !candidates.isEmpty else { return }
        let index = candidates.firstIndex { $0 === focusedView }
        let next: Int
        if let index {
            next = (index + (backward ? candidates.count - 1 : 1)) % candidates.count
        } else {
            next = backward ? candidates.count - 1 : 0
        }
        setFocus(candidates[next])
    }

    /// The focusable, visible views inside `scope`, in reading order.
    public func focusOrder(in scope: View) -> [View] {
        var found: [(view: View, origin: Point, order: Int)] = []
        scope.forEachInSubtree { view in
            guard view.canBecomeFocused, !view.isHiddenInTree, view.alpha >= 0.01, !view.frame.isEmpty else { return }
            found.append((view, view.convert(Point.zero, to: nil), found.count))
        }
        if found.count > 1 { found.removeAll { $0.view === scope } }  // the scope is the last resort
        return found.sorted { a, b in
            if abs(a.origin.y - b.origin.y) > 4 { return a.origin.y < b.origin.y }
            if a.origin.x != b.origin.x { return a.origin.x < b.origin.x }
            return a.order < b.order
        }.map(\.view)
    }

    /// Moves keyboard focus to `view` (which must be in this scene and focusable), or clears it.
    func setFocus(_ view: View?) {
        if let view, !(view.canBecomeFocused && view.scene === self) { return }
        guard view !== focusedView else { return }
        let old = focusedView
        focusedView = view
        old?.focusDidChange()
        view?.focusDidChange()
    }

    private func firstFocusable(from view: View) -> View? {
        var candidate: View? = view
        while let current = candidate {
            if current.canBecomeFocused { return current }
            candidate = current.superview
        }
        return nil
    }

    /// Drops focus, capture and hover held inside `view`'s subtree, which is leaving the tree.
    func viewWillLeave(_ view: View) {
        if let focusedView, focusedView.isDescendant(of: view) { setFocus(nil) }
        if let capturingView, capturingView.isDescendant(of: view) {
            self.capturingView = nil
            capturedButton = nil
        }
        if let hoveredView, hoveredView.isDescendant(of: view) {
            self.hoveredView = nil
            hoveredView.mouseExited(MouseEvent(locationInWindow: .zero, clickCount: 0))
        }
    }
}
