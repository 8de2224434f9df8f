import Canopy
import CX11

/// Pop-ups that leave the window: where they may go on the screen, their own X windows, and
/// the pointer grab that closes them on a click anywhere else.
extension Window: PopUpHost {
    /// The windows of the pop-ups open now, for tests and tools.
    @_spi(Testing) public var popUpWindowIDs: [UInt] { popUps.map(\.windowID) }

    /// The work area of the monitor the window is on, in window coordinates (points): where the
    /// scene's pop-ups may go; `nil` when ``popUpsMayLeaveWindow`` is off.
    public var popUpArea: Rect? {
        guard isOpen, popUpsMayLeaveWindow, let origin = currentScreenOrigin() else { return nil }
        let window = Rect(x: origin.x, y: origin.y, width: Double(bufferWidth), height: Double(bufferHeight))
        let area = application.currentScreenGeometry().popUpArea(around: window)
        return Rect(
            x: (area.minX - origin.x) / scale, y: (area.minY - origin.y) / scale, width: area.width / scale,
            height: area.height / scale)
    }

    /// The pop-up window with ID `id`, if it is one of this window's.
    func popUpWindow(_ id: XID) -> PopUpWindow? {
        popUps.first { $0.windowID == id }
    }

    /// Whether pop-ups' windows have an alpha channel for the compositor, so their surfaces take
    /// in their shadows.
    public var popUpSurfacesAreTranslucent: Bool { application.popUpWindowsAreTranslucent }

    /// Gives each detached presentation its window (made, moved, redrawn) and destroys the
    /// windows of those that went, and of those made before a compositor came or went.
    func presentPopUps() {
        let detached = scene.detachedPresentations
        let translucent = popUpSurfacesAreTranslucent
        func isCurrent(_ popUp: PopUpWindow) -> Bool {
            detached.contains { $0 === popUp.presentation } && popUp.isTranslucent == translucent
        }
        for popUp in popUps where !isCurrent(popUp) { popUp.destroy() }
        popUps.removeAll { !isCurrent($0) }
        guard !detached.isEmpty, let origin = currentScreenOrigin() else { return }
        for presentation in detached {
            var popUp = popUps.first { $0.presentation === presentation }
            if popUp == nil {
                do {
                    let made = try PopUpWindow(presentation: presentation, owner: self, translucent: translucent)
                    popUps.append(made)
                    popUp = made
                } catch {
                    reportProblem("\(error)")
                }
            }
            popUp?.present(from: scene, ownerOrigin: origin, background: scene.theme.contentBackground)
        }
    }

    /// Destroys every pop-up window and lets go of the pointer.
    func closePopUps() {
        for popUp in popUps { popUp.destroy() }
        popUps.removeAll()
        if isGrabbingPointer {
            XUngrabPointer(connection.display, UInt(CurrentTime))
            isGrabbingPointer = false
        }
    }

    /// An event for one of the pop-up windows: its pixels move into the scene's coordinates.
    func handle(_ event: inout XEvent, in popUp: PopUpWindow) {
        switch event.type {
        case Expose:
            popUp.repair(event.xexpose)
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            handleButton(e, at: popUp.scenePoint(x: e.x, y: e.y))
        case MotionNotify:
            let e = event.xmotion
            handleMotion(e, at: popUp.scenePoint(x: e.x, y: e.y))
        default:
            break
        }
    }

    /// Holds the pointer while a popover is up, as every desktop toolkit does for its menus: a
    /// press anywhere else on the screen (another application, the desktop) then comes to this
    /// window, lands outside the scene and closes the popover. Pointer events over the app's
    /// own windows are reported as usual. Let go as soon as no popover is up, on every way out
    /// (dismissal, the window closing, the connection closing). Asked through XCB without
    /// waiting: opening a pop-up costs no round trip.
    func updatePointerGrab() {
        let wanted = isOpen && isMapped && scene.hasOpenPopover
        guard wanted != isGrabbingPointer else { return }
        isGrabbingPointer = wanted
        if wanted {
            let mask =
                XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue
                | XCB_EVENT_MASK_POINTER_MOTION.rawValue | XCB_EVENT_MASK_ENTER_WINDOW.rawValue
                | XCB_EVENT_MASK_LEAVE_WINDOW.rawValue
            let cookie = xcb_grab_pointer(
                connection.xcb, 1, UInt32(windowID), UInt16(mask), UInt8(XCB_GRAB_MODE_ASYNC.rawValue),
                UInt8(XCB_GRAB_MODE_ASYNC.rawValue), 0, 0, 0)
            xcb_discard_reply(connection.xcb, cookie.sequence)
        } else {
            XUngrabPointer(connection.display, UInt(CurrentTime))
        }
    }

    /// A press in this window is a press outside the popovers open in the app's other windows,
    /// and closes them, as a press on another application does through the grab (which
    /// reports presses on the app's own windows to those windows).
    func pressOutsideOtherWindowsPopovers(_ press: XButtonEvent) {
        for window in application.windows where window !== self && window.scene.hasOpenPopover {
            window.handleButton(press, at: Point(x: -.infinity, y: -.infinity))
        }
    }

    /// A ConfigureNotify: where the window now is on the screen, when the event says so (a
    /// window manager's synthetic one, or any while the window is the root's child). After a
    /// move the screen's geometry is read again when a pop-up next needs it: the work area may
    /// have changed since (a panel added), and a resize alone costs nothing.
    func noteConfigured(_ event: XConfigureEvent) {
        let saysWhereOnScreen = event.send_event != 0 || !isReparented
        let origin = saysWhereOnScreen ? Point(x: Double(event.x), y: Double(event.y)) : nil
        if origin == nil || origin != knownScreenOrigin { application.screenGeometry = nil }
        knownScreenOrigin = origin
    }

    /// The window's top-left on the screen in pixels: known from events, else asked (a round
    /// trip, after a window manager reparented or moved it without saying where).
    func currentScreenOrigin() -> Point? {
        if let knownScreenOrigin { return knownScreenOrigin }
        var x: Int32 = 0, y: Int32 = 0
        var child: XID = 0
        guard XTranslateCoordinates(connection.display, windowID, connection.root, 0, 0, &x, &y, &child) != 0 else {
            return nil
        }
        let origin = Point(x: Double(x), y: Double(y))
        knownScreenOrigin = origin
        return origin
    }
}
