/// A bar that shows how far a task has got: a track filled up to ``progress``, or, while
/// ``isIndeterminate`` (the task's length unknown), a segment that sweeps across the track again
/// and again.
///
/// A ``Control`` for its enabled look only: it takes no focus and no presses (they go to what is
/// behind it), and the user cannot change it, so it reports nothing.
///
/// The sweep is one animation of the scene's ``Animator`` per pass, started again from the
/// completion of the last while the bar is still indeterminate, in a scene and not hidden. So
/// it costs what any animation does — a frame per display refresh — and nothing at all once it
/// stops: a determinate, hidden or removed bar leaves the animator idle and the run loop asleep.
/// A bar whose ancestor is hidden stops at the next frame and sweeps again when it is next
/// drawn. With reduced motion (``Animator/reducedMotion``) the segment rests in the middle.
open class ProgressBar: Control {
    /// How much of the task is done, 0...1 (values outside are clamped); shown while the bar is
    /// not indeterminate. Setting it shows it at once; ``setProgress(_:animated:)`` fills to it.
    public var progress: Double {
        get { shownProgress.target }
        set { Animator.set(\ProgressBar.shownProgress, of: self, to: Self.clamp(newValue)) }
    }
    /// Whether the bar shows that work goes on without saying how much is left: a sweeping
    /// segment instead of ``progress``.
    public var isIndeterminate: Bool {
        didSet {
            guard isIndeterminate != oldValue else { return }
            updateSweep()
            setNeedsDisplay()
        }
    }
    /// The colour of the filled part and of the sweeping segment; `nil` uses the theme's accent.
    public var tint: Color? {
        didSet { if tint != oldValue { setNeedsDisplay() } }
    }

    /// The height of the track, in points.
    public static let trackHeight = 6.0
    /// The width ``sizeThatFits(_:)`` asks for: a bar has no natural length.
    public static let defaultWidth = 160.0
    /// How long one sweep across the track takes, in seconds.
    public static let sweepDuration = 1.2
    /// How much of the track's width the sweeping segment covers.
    public static let sweepFraction = 0.3

    private var shownProgress: AnimatedValue<Double>
    /// How far the segment has swept: 0 just left of the track, 1 just right of it.
    private var sweepPhase = AnimatedValue(0.0)
    /// Counts the passes started, so that the completion of a pass that was stopped is ignored.
    private var sweepGeneration = 0
    /// When the pass running now started, on the scene's clock.
    private var sweepStart = 0.0

    /// Whether the segment is sweeping now: the bar is indeterminate, in a scene, not hidden and
    /// motion is not reduced.
    public private(set) var isSweeping = false

    /// Creates a bar showing `progress`, or a sweep when `isIndeterminate`.
    public init(progress: Double = 0, isIndeterminate: Bool = false, frame: Rect = .zero) {
        shownProgress = AnimatedValue(Self.clamp(progress))
        self.isIndeterminate = isIndeterminate
        super.init(frame: frame)
        isFocusable = false
    }

    private static func clamp(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0), 1) : 0
    }

    /// Shows `progress`, filling (or emptying) the track to it over a quarter second when
    /// `animated`.
    public func setProgress(_ progress: Double, animated: Bool) {
        View.animate(duration: animated ? 0.25 : 0) { self.progress = progress }
    }

    // MARK: The sweep

    private var shouldSweep: Bool {
        guard isIndeterminate, let scene, !scene.animator.reducedMotion else { return false }
        return !isHiddenInTree
    }

    /// Starts or stops the sweep to match the bar's state.
    private func updateSweep() {
        if shouldSweep, !isSweeping {
            startSweep()
        } else if !shouldSweep, isSweeping {
            stopSweep()
        }
    }

    private func startSweep() {
        guard let scene else { return }
        isSweeping = true
        sweepGeneration += 1
        let generation = sweepGeneration
        sweepStart = scene.clock.now
        View.animate(duration: 0) { Animator.set(\ProgressBar.sweepPhase, of: self, to: 0) }
        View.animate(duration: Self.sweepDuration, curve: .easeInOut) {
            Animator.set(\ProgressBar.sweepPhase, of: self, to: 1)
        } completion: { [weak self] finished in
            self?.sweepEnded(generation: generation, finished: finished)
        }
    }

    private func stopSweep() {
        isSweeping = false
        sweepGeneration += 1
        View.animate(duration: 0) { Animator.set(\ProgressBar.sweepPhase, of: self, to: 0) }
    }

    /// A pass ended: the next one starts if the bar should still sweep. A pass that ended at
    /// once (motion reduced meanwhile) does not start another, so passes never loop without
    /// time passing.
    private func sweepEnded(generation: Int, finished: Bool) {
        guard generation == sweepGeneration else { return }
        isSweeping = false
        let ranItsCourse = (scene?.clock.now ?? sweepStart) - sweepStart >= Self.sweepDuration / 2
        if finished, ranItsCourse { updateSweep() }
    }

    /// Starts the sweep in a scene, stops it out of one.
    open override func didMoveToScene() {
        super.didMoveToScene()
        updateSweep()
    }

    /// Stops the sweep while hidden and starts it again when shown.
    open override var isHidden: Bool {
        didSet { updateSweep() }
    }

    /// Stops the sweep at the first frame after an ancestor was hidden (nothing tells a view
    /// that): a hidden bar is not drawn, so it does not animate.
    open override func presentationDidChange() {
        super.presentationDidChange()
        if isSweeping, isHiddenInTree { stopSweep() }
    }

    // MARK: Geometry and drawing

    /// Where the track is drawn: the bar's width, ``trackHeight`` tall, centred vertically.
    @_spi(Testing) public var trackFrame: Rect { trackFrame(in: bounds) }

    private func trackFrame(in bounds: Rect) -> Rect {
        Rect(
            x: 0, y: ((bounds.height - Self.trackHeight) / 2).rounded(), width: bounds.width,
            height: Self.trackHeight)
    }

    /// ``defaultWidth`` wide (or what is offered, if less) and as tall as the track.
    open override func sizeThatFits(_ size: Size) -> Size {
        Size(width: min(size.width, Self.defaultWidth), height: min(size.height, Self.trackHeight))
    }

    /// Draws the track, then the part done or the sweeping segment in the tint, clipped to the
    /// track's rounded ends. A bar that
    /// should sweep but is not (an ancestor of it was hidden, and now it shows again) starts
    /// sweeping here.
    open override func draw(in context: GraphicsContext, bounds: Rect) {
        if shouldSweep, !isSweeping { startSweep() }
        let theme = theme
        let track = trackFrame(in: bounds)
        let radius = track.height / 2
        let color = isEnabled ? tint ?? theme.accent : theme.border
        context.fillRoundedRect(track, cornerRadius: radius, color: theme.separator)
        let part: Rect?
        if isIndeterminate {
            let width = track.width * Self.sweepFraction
            let phase = isSweeping ? sweepPhase.presented : 0.5
            let segment = Rect(
                x: track.minX - width + phase * (track.width + width), y: track.minY, width: width,
                height: track.height)
            part = segment.intersection(track)
        } else {
            part = Rect(
                x: track.minX, y: track.minY, width: track.width * shownProgress.presented, height: track.height)
        }
        guard let part, part.width > 0 else { return }
        // Clipped to the track's rounded ends: a sliver at either end keeps the track's shape.
        context.beginLayer(track, cornerRadius: radius, alpha: 1)
        context.fillRoundedRect(part, cornerRadius: min(radius, part.width / 2), color: color)
        context.endLayer()
    }

    /// A read-only horizontal bar whose value is the fraction done (0...1), or indeterminate
    /// while it sweeps. It shows no text: give it an ``View/accessibilityLabel``.
    open override func makeAccessibilityNode() -> AccessibilityNode? {
        var states = accessibilityEnabledState.union([.horizontal, .readOnly])
        if isIndeterminate { states.insert(.indeterminate) }
        return AccessibilityNode(
            role: .progressBar, states: states, value: AccessibilityValue(current: progress, minimum: 0, maximum: 1))
    }

    // MARK: Input

    /// Never: the bar only shows progress.
    open override var canBecomeFocused: Bool { false }
    /// The superview's.
    open override var cursor: Cursor? { nil }
    /// Takes no press: it goes on to the views behind.
    open override func mouseDown(_ event: MouseEvent) -> Bool { false }
    /// Takes no key.
    open override func keyDown(_ event: KeyEvent) -> Bool { false }
}
