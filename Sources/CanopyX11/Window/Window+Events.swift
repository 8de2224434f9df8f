import Canopy
import CX11

/// How a window takes its X events: each kind handled by a function of its own, input turned
/// into the scene's events in points.
extension Window {
    /// Handles one event for this window (or one of its pop-up windows).
    func handle(_ event: inout XEvent) {
        if isBlockedByModalDialog(event) { return }
        if event.xany.window != windowID, let popUp = popUpWindow(event.xany.window) {
            return handle(&event, in: popUp)
        }
        if outgoingDrag != nil, handleOutgoingDragEvent(&event) { return }
        switch event.type {
        case Expose: exposed(event.xexpose)
        case ConfigureNotify: configured(event.xconfigure)
        case ReparentNotify: reparented(event.xreparent)
        case MapNotify: mapped()
        case UnmapNotify: visibility.unmapped()
        case DestroyNotify: destroyedFromOutside()
        case EnterNotify: pointerEntered(event.xcrossing)
        case LeaveNotify: pointerLeft(event.xcrossing)
        case ButtonPress, ButtonRelease: buttonPressedOrReleased(event.xbutton)
        case MotionNotify: handleMotion(event.xmotion, at: point(event.xmotion.x, event.xmotion.y))
        case KeyPress: keyPressed(&event.xkey)
        case KeyRelease: keyReleased(&event.xkey)
        case FocusIn, FocusOut: updateKeyboardFocus { $0.take(event.xfocus) }
        case SelectionRequest, SelectionClear, SelectionNotify: dropSelectionEvent(event)
        case PropertyNotify: propertyChanged(event.xproperty)
        case ClientMessage: handleClientMessage(event.xclient)
        default: break
        }
    }

    /// A new size or place: the buffer and the scene follow the size; a resize the window
    /// manager announced is acknowledged once its frame is drawn.
    private func configured(_ event: XConfigureEvent) {
        // Any client may send a ConfigureNotify: only the server's own carry the size.
        if event.send_event == 0 { resize(width: Int(event.width), height: Int(event.height)) }
        noteConfigured(event)
        if let value = syncRequested {  // the resize the window manager announced
            syncAwaitingFrame = value
            syncRequested = nil
        }
    }

    /// A window manager put the window in its frame, or took it out.
    private func reparented(_ event: XReparentEvent) {
        isReparented = event.parent != connection.root
        knownScreenOrigin = nil  // asked again when a pop-up needs it
    }

    /// Another client destroyed the window.
    private func destroyedFromOutside() {
        if isOpen { finish() }
    }

    /// The pointer came in; with no window manager the keyboard comes with it.
    private func pointerEntered(_ event: XCrossingEvent) {
        updateKeyboardFocus { $0.take(event) }
        application.pointerInput?.pointerEntered()  // the valuators may have moved elsewhere
        if event.mode == NotifyNormal { pointerIsInside = true }
    }

    /// The pointer left the window: what was under it is no longer hovered (and with no window
    /// manager the keyboard goes with it).
    private func pointerLeft(_ event: XCrossingEvent) {
        updateKeyboardFocus { $0.take(event) }
        guard event.mode == NotifyNormal else { return }
        pointerIsInside = false
        scene.handlePointerLeft(MouseEvent(locationInWindow: point(event.x, event.y), clickCount: 0))
    }

    /// A press or release. During the pop-up grab a press on another client is reported here
    /// too: it lands nowhere in the scene, which closes the pop-up.
    private func buttonPressedOrReleased(_ event: XButtonEvent) {
        let outside = isGrabbingPointer && !pointerIsInside && event.type == ButtonPress
        if event.type == ButtonPress { pressOutsideOtherWindowsPopovers(event) }
        handleButton(event, at: outside ? Point(x: -.infinity, y: -.infinity) : point(event.x, event.y))
        if event.type == ButtonRelease { tellInputMethodTheCaret() }  // a click may have moved it
    }

    /// A key pressed, or repeated: with detectable auto-repeat a held key sends presses and no
    /// releases until let go.
    private func keyPressed(_ event: inout XKeyEvent) {
        lastUserTime = event.time
        connection.prepareKeyboard()
        let isRepeat = !keysDown.insert(event.keycode).inserted
        let inputContext = connection.inputMethod.context(for: windowID)
        scene.handleKeyDown(KeyTranslation.keyEvent(&event, inputContext: inputContext, isRepeat: isRepeat))
    }

    /// Tells the input method where the focused text input's caret is (its bottom left, as GTK
    /// does), while the window has the keyboard: an over-the-spot pre-edit goes there. Told as
    /// the window takes the keyboard and after a click, not after keys (see
    /// ``InputMethod/setCaret(_:for:)``).
    private func tellInputMethodTheCaret() {
        guard hasKeyboardFocus, let caret = scene.textInputCaretRect else { return }
        let spot = XPoint(
            x: Int16(clamping: Int((caret.minX * scale).rounded())),
            y: Int16(clamping: Int((caret.maxY * scale).rounded())))
        connection.inputMethod.setCaret(spot, for: windowID)
    }

    private func keyReleased(_ event: inout XKeyEvent) {
        keysDown.remove(event.keycode)
        scene.handleKeyUp(KeyTranslation.keyEvent(&event, inputContext: nil, isRepeat: false))
    }

    /// Takes a focus or crossing event into the focus's sources; when the window took the
    /// keyboard focus or lost it by that, tells the scene, the keyboard and the input method.
    private func updateKeyboardFocus(_ take: (inout KeyboardFocusSources) -> Void) {
        let hadFocus = hasKeyboardFocus
        take(&keyboardFocusSources)
        let focused = hasKeyboardFocus
        guard focused != hadFocus else { return }
        scene.hasKeyboardFocus = focused
        if focused { connection.prepareKeyboard() } else { keysDown.removeAll() }
        connection.inputMethod.setFocus(focused, for: windowID)
        tellInputMethodTheCaret()
    }

    /// An event about XdndSelection, the selection a drag out of the window offers its text
    /// through and a drop on it arrives through.
    private func dropSelectionEvent(_ event: XEvent) {
        let selection = dropSelection.selection
        switch event.type {
        case SelectionRequest where event.xselectionrequest.selection == selection:
            dropSelection.answer(event.xselectionrequest)
        case SelectionClear where event.xselectionclear.selection == selection:
            dropSelection.selectionCleared()
        case SelectionNotify where event.xselection.selection == selection:
            dropSelection.selectionArrived(event.xselection)
        default:
            break
        }
    }

    /// A property of the window changed: the window manager's state for it, or the next chunk
    /// of a drop arriving in chunks.
    private func propertyChanged(_ event: XPropertyEvent) {
        if event.atom == connection.atoms.netWMState { readWindowState() }
        dropSelection.propertyChanged(event)
    }

    /// Whether a copy is on its way to another client in chunks (the application's copy, or a
    /// window's dragged text), for tests and tools.
    @_spi(Testing) public var isSendingSelection: Bool {
        application.selections.isSending || dropSelection.isSending
    }

    /// An event on a window the window's dragged text is going to in chunks, or on the window of
    /// a drag's source.
    func requestorEvent(_ event: XEvent) {
        guard event.type == PropertyNotify || event.type == DestroyNotify else { return }
        if event.type == DestroyNotify { dragSourceDestroyed(event.xdestroywindow.window) }
        if dropSelection.isSending(to: event.xany.window) { dropSelection.requestorEvent(event) }
    }

    /// A pointer move at `location` (points, in the scene): a drag while a button is held.
    func handleMotion(_ e: XMotionEvent, at location: Point) {
        let mouse = MouseEvent(
            locationInWindow: location, clickCount: 0, modifiers: KeyTranslation.modifiers(of: e.state),
            timestamp: Double(e.time) / 1000)
        let buttons = UInt32(Button1Mask | Button2Mask | Button3Mask)
        if e.state & buttons != 0 { scene.handleMouseDragged(mouse) } else { scene.handleMouseMoved(mouse) }
    }

    /// A button pressed or released at `location` (points, in the scene); buttons 4 to 7 are
    /// the wheel's steps, up, down, left and right.
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

    /// A device's scroll valuators moved `steps` (fractions of a wheel step) with the pointer at
    /// `x`, `y` (pixels) and `state` (the core event's modifiers and buttons).
    func smoothlyScrolled(_ steps: ScrollValuators.Steps, x: Double, y: Double, state: UInt32) {
        guard modalDialog == nil else { return }
        scene.handleScroll(
            ScrollEvent(
                locationInWindow: Point(x: x / scale, y: y / scale), deltaX: steps.x, deltaY: steps.y,
                modifiers: KeyTranslation.modifiers(of: state)))
    }

    /// A finger went down, moved or was lifted at `x`, `y` (pixels) at `time` (the server's
    /// milliseconds).
    func touched(_ touch: UInt32, phase: TouchEvent.Phase, x: Double, y: Double, time: UInt) {
        guard modalDialog == nil else { return }
        if phase == .began { lastUserTime = time }
        scene.handleTouch(
            TouchEvent(
                touch: touch, phase: phase, locationInWindow: Point(x: x / scale, y: y / scale),
                timestamp: Double(time) / 1000))
    }

    /// A pixel position from an event, in points.
    private func point(_ x: Int32, _ y: Int32) -> Point {
        Point(x: Double(x) / scale, y: Double(y) / scale)
    }
}
