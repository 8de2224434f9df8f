/// A view the user acts on, as `UIControl`: it keeps a state (enabled, highlighted, hovered,
/// focused, selected), tracks a press, and fires a primary action.
///
/// Press tracking follows the desktop convention: a left press highlights the control; dragging
/// out takes the highlight away and dragging back in restores it; releasing inside fires the
/// primary action, releasing outside does nothing. Space or Enter fire it from the keyboard
/// while the control has focus. A disabled control takes presses (so they do not fall through
/// to what is behind it) but does nothing with them, and cannot take focus.
///
/// A subclass, in the library or in an app, changes what a press does through the tracking
/// hooks rather than the mouse methods: ``beginTracking(at:)``, ``continueTracking(at:inside:)``,
/// ``endTracking(at:inside:)`` and ``cancelTracking()``, as `UIControl`'s. Every press the control
/// tracks ends in exactly one call of ``endTracking(at:inside:)`` or ``cancelTracking()``.
///
/// User callbacks fire for the user's actions only: changing a control's value or selection
/// from code calls nothing.
open class Control: View {
    /// The parts of a control's state that change how it looks.
    public struct State: OptionSet, Hashable, Sendable {
        /// The set's bits.
        public let rawValue: UInt8
        /// Creates a set from its bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Pressed with the pointer inside.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Under the pointer.
        public static let hovered = State(rawValue: 1 << 1)
        /// Holding the keyboard focus.
        public static let focused = State(rawValue: 1 << 2)
        /// Showing its selected (chosen, on) look.
        public static let selected = State(rawValue: 1 << 3)
        /// Not reacting to input.
        public static let disabled = State(rawValue: 1 << 4)
    }

    /// Called when the user triggers the control: a click released inside, or Space or Enter
    /// with focus.
    public var onPrimaryAction: (() -> Void)?

    /// Whether the control reacts to input. A disabled control looks faded, drops a press in
    /// progress and gives up focus.
    public var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled {
                stopTracking(cancelled: true)
                resignFocus()
            }
            stateDidChange()
        }
    }

    /// Whether the control shows its selected look (a chosen tile, a row of a list).
    public var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    /// Whether the control takes keyboard focus while enabled; a control inside a composite
    /// that handles the keyboard for it (a tile in a tile panel) turns this off.
    public var isFocusable = true

    /// Whether the control shows its pressed look: while a press is in progress with the pointer
    /// inside, as tracking sets it. A subclass that tracks differently sets it in its hooks (a
    /// slider's knob stays pressed wherever the drag goes).
    public var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// Whether the pointer is over the control (or over one of its subviews); a disabled control
    /// does not show it in its ``state``.
    public private(set) var isHovered = false {
        didSet { if isHovered != oldValue { stateDidChange() } }
    }

    /// Whether a press that started on the control is being tracked: from a
    /// ``beginTracking(at:)`` that returned `true` until its ``endTracking(at:inside:)`` or
    /// ``cancelTracking()``.
    public private(set) var isTracking = false

    /// The whole state as a set.
    public var state: State {
        var state: State = []
        if isHighlighted { state.insert(.highlighted) }
        if isHovered, isEnabled { state.insert(.hovered) }
        if isFocused { state.insert(.focused) }
        if isSelected { state.insert(.selected) }
        if !isEnabled { state.insert(.disabled) }
        return state
    }

    /// Called whenever ``state`` changes; the default redraws the control.
    open func stateDidChange() { setNeedsDisplay() }

    /// Fires the control's action as the user's doing; the default calls ``onPrimaryAction``.
    /// Subclasses that act first (a drop-down opens its list) override it.
    open func sendPrimaryAction() { onPrimaryAction?() }

    /// Takes focus only while enabled and focusable.
    open override var canBecomeFocused: Bool { isEnabled && isFocusable }

    /// A pointing hand while enabled; the superview's cursor while disabled.
    open override var cursor: Cursor? { isEnabled ? .hand : nil }

    /// Redraws the focused look.
    open override func focusDidChange() { stateDidChange() }

    // MARK: Tracking

    /// Called when a left press goes down on the enabled control, at `point` (bounds
    /// coordinates); returns whether to track it. The control is highlighted when it does. The
    /// default tracks every press.
    open func beginTracking(at point: Point) -> Bool { true }

    /// Called for each move of a tracked press, at `point` (bounds coordinates, anywhere on the
    /// screen), `inside` saying whether it is inside the bounds; returns whether to go on
    /// tracking (`false` cancels the press: ``cancelTracking()`` follows). ``isHighlighted`` is
    /// set to `inside` before the call. The default goes on.
    open func continueTracking(at point: Point, inside: Bool) -> Bool { true }

    /// Called when a tracked press is released at `point` (bounds coordinates), after
    /// ``isTracking`` and ``isHighlighted`` went off. The default fires the primary action when
    /// `inside`; a subclass that overrides it calls `super` to keep that.
    open func endTracking(at point: Point, inside: Bool) {
        if inside { sendPrimaryAction() }
    }

    /// Called when a tracked press ends without a release: the pointer grab was lost, the
    /// control was disabled or left the window, or ``continueTracking(at:inside:)`` said stop.
    /// The default does nothing.
    open func cancelTracking() {}

    /// Offers a left press to ``beginTracking(at:)``; takes every left press, and while disabled
    /// does nothing with it, so it does not reach the views behind.
    open override func mouseDown(_ event: MouseEvent) -> Bool {
        guard event.button == .left else { return false }
        guard isEnabled, !isTracking, beginTracking(at: event.location(in: self)) else { return true }
        isTracking = true
        isHighlighted = true
        return true
    }

    /// Highlights the control while the pointer is inside and asks ``continueTracking(at:inside:)``
    /// whether to go on.
    open override func mouseDragged(_ event: MouseEvent) {
        guard isTracking else { return }
        let point = event.location(in: self)
        let inside = bounds.contains(point)
        isHighlighted = inside
        if !continueTracking(at: point, inside: inside) { stopTracking(cancelled: true) }
    }

    /// Ends the tracked press with ``endTracking(at:inside:)``.
    open override func mouseUp(_ event: MouseEvent) {
        guard isTracking, event.button == .left else { return }
        let point = event.location(in: self)
        stopTracking(cancelled: false)
        endTracking(at: point, inside: bounds.contains(point))
    }

    /// Cancels a tracked press that ended without a release.
    open override func mouseCancelled() {
        stopTracking(cancelled: true)
    }

    /// Takes the press and the highlight away; a cancelled press is told with
    /// ``cancelTracking()``.
    private func stopTracking(cancelled: Bool) {
        guard isTracking else { return }
        isTracking = false
        isHighlighted = false
        if cancelled { cancelTracking() }
    }

    /// Shows the hovered look.
    open override func mouseEntered(_ event: MouseEvent) { isHovered = true }
    /// Ends the hovered look.
    open override func mouseExited(_ event: MouseEvent) { isHovered = false }

    // MARK: Accessibility

    /// ``AccessibilityStates/enabled`` while the control is enabled, else nothing: the states a
    /// control's node starts from.
    public var accessibilityEnabledState: AccessibilityStates { isEnabled ? .enabled : [] }

    /// ``AccessibilityAction/click`` fires the primary action, as a click would, while the
    /// control is enabled; other actions go to ``View``.
    open override func performAccessibilityAction(_ action: AccessibilityAction) -> Bool {
        guard action == .click else { return super.performAccessibilityAction(action) }
        guard isEnabled else { return false }
        sendPrimaryAction()
        return true
    }

    /// Fires the primary action on Space or Enter without modifiers (once per press, not on
    /// auto-repeat); other keys go on up the chain.
    open override func keyDown(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.key == .space || event.key == .enter, event.modifiers.isEmpty else { return false }
        if !event.isRepeat { sendPrimaryAction() }
        return true
    }
}
