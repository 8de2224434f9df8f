import Canopy
import CX11
import CXTest
@_spi(Testing) import CanopyX11

#if canImport(Glibc)
    import Glibc
#endif

/// Sends real input to a window through the XTest extension, on a connection of its own, the
/// way a user's mouse and keyboard would: the events travel through the X server.
@MainActor public final class InputDriver {
    private let display: OpaquePointer

    /// Why the driver could not start.
    public struct UnavailableError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Connects to `displayName` and checks that it has XTest.
    public init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else {
            throw UnavailableError(description: "cannot open display \(displayName) for input")
        }
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &eventBase, &errorBase, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw UnavailableError(description: "the X server at \(displayName) has no XTEST extension")
        }
        self.display = display
    }

    isolated deinit {
        XCloseDisplay(display)
    }

    /// Starts listening for top-level windows being mapped on the screen; call before starting
    /// the program whose window ``waitForMappedWindow(timeout:)`` should catch.
    public func watchForWindows() {
        XSelectInput(display, XDefaultRootWindow(display), SubstructureNotifyMask)
        syncWithServer()
    }

    /// Waits (in `poll`, not by sleeping) until a top-level window is mapped; returns its ID,
    /// or `nil` after `timeout` seconds.
    public func waitForMappedWindow(timeout: Double) -> UInt? {
        let clock = MonotonicClock()
        while clock.now < timeout {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if event.type == MapNotify { return event.xmap.window }
            }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(max(1, (timeout - clock.now) * 1000)))
        }
        return nil
    }

    /// Clicks at `point` in pixels of the screen.
    public func click(atScreen point: Point, button: MouseButton = .left) {
        XTestFakeMotionEvent(display, -1, Int32(point.x), Int32(point.y), 0)
        press(button)
        release(button)
    }

    /// Gives `window` the keyboard focus, as a window manager does when a window is clicked or
    /// raised (with no window manager, keys otherwise go to the window under the pointer).
    public func focus(_ window: CanopyX11.Window) {
        XSetInputFocus(display, window.windowID, Int32(RevertToPointerRoot), UInt(CurrentTime))
        syncWithServer()
    }

    /// The raw bytes of `window`'s property `name` (8-bit data as is; 32-bit data as native
    /// longs), or `nil` when the window has no such property: what a window manager reads.
    public func property(_ name: String, of window: CanopyX11.Window) -> [UInt8]? {
        WindowProperty(display: display, window: window.windowID, property: XInternAtom(display, name, 0))?.bytes
    }

    /// Has the server close the connection of the client owning `windowID`, as `xkill` does.
    public func killClient(owning windowID: UInt) {
        XKillClient(display, windowID)
        syncWithServer()
    }

    /// Destroys a window from outside, as `xkill`-style tools and crashed window managers do.
    public func destroyWindow(_ windowID: UInt) {
        XDestroyWindow(display, windowID)
        syncWithServer()
    }

    /// Moves the pointer to `point` in `window`'s coordinates (points, scaled to pixels).
    public func move(to point: Point, in window: CanopyX11.Window) {
        let screen = screenPoint(point, in: window)
        XTestFakeMotionEvent(display, -1, Int32(screen.x), Int32(screen.y), 0)
        syncWithServer()
    }

    /// Presses and releases `button` at `point` in `window`'s coordinates.
    public func click(at point: Point, in window: CanopyX11.Window, button: MouseButton = .left) {
        move(to: point, in: window)
        press(button)
        release(button)
    }

    /// Presses `button` where the pointer is.
    public func press(_ button: MouseButton = .left) {
        XTestFakeButtonEvent(display, Self.number(of: button), 1, 0)
        syncWithServer()
    }

    /// Releases `button` where the pointer is.
    public func release(_ button: MouseButton = .left) {
        XTestFakeButtonEvent(display, Self.number(of: button), 0, 0)
        syncWithServer()
    }

    /// Turns the wheel `steps` notches at `point`; positive steps scroll down (or right, with
    /// the horizontal wheel: X's buttons 6 and 7).
    public func scroll(steps: Int, at point: Point, in window: CanopyX11.Window, horizontally: Bool = false) {
        move(to: point, in: window)
        let button: UInt32 = horizontally ? (steps > 0 ? 7 : 6) : (steps > 0 ? 5 : 4)
        for _ in 0..<abs(steps) {
            XTestFakeButtonEvent(display, button, 1, 0)
            XTestFakeButtonEvent(display, button, 0, 0)
        }
        syncWithServer()
    }

    /// Presses and releases `key` with `modifiers` held around it, as a keyboard would
    /// (Shift added for characters that need it). A key X has no keysym for sends nothing.
    public func tap(_ key: Key, modifiers: Modifiers = []) {
        guard let keysym = KeyTranslation.keysym(for: key) else { return }
        let held = Self.modifierKeys(modifiers).map(keycode(named:))
        for code in held { XTestFakeKeyEvent(display, code, 1, 0) }
        strike(KeySym(keysym))
        for code in held.reversed() { XTestFakeKeyEvent(display, code, 0, 0) }
        syncWithServer()
    }

    /// Types `text` key by key, as a keyboard would: characters the keyboard map lacks (Chinese,
    /// say) are put on a spare keycode first, so each arrives as a real key press whose text
    /// the app gets through its input context, the path an input method's commits take too.
    public func type(_ text: String) {
        for scalar in text.unicodeScalars {  // a character of several scalars goes scalar by scalar
            if let keysym = KeyTranslation.keysym(for: .character(Character(scalar))) { strike(KeySym(keysym)) }
        }
        syncWithServer()
    }

    /// Presses and releases the key for `keysym`, with Shift when the keysym is on the key's
    /// shifted level.
    private func strike(_ keysym: KeySym) {
        var code = UInt32(XKeysymToKeycode(display, keysym))
        if code == 0 { code = remapSpareKeycode(to: keysym) }
        noteStruck(code)
        let shift = keycode(named: "Shift_L")
        let shifted = XkbKeycodeToKeysym(display, KeyCode(code), 0, 0) != keysym
        if shifted { XTestFakeKeyEvent(display, shift, 1, 0) }
        XTestFakeKeyEvent(display, code, 1, 0)
        XTestFakeKeyEvent(display, code, 0, 0)
        if shifted { XTestFakeKeyEvent(display, shift, 0, 0) }
    }

    /// The X names of the keys that hold `modifiers`.
    private static func modifierKeys(_ modifiers: Modifiers) -> [String] {
        var names: [String] = []
        if modifiers.contains(.shift) { names.append("Shift_L") }
        if modifiers.contains(.control) { names.append("Control_L") }
        if modifiers.contains(.alt) { names.append("Alt_L") }
        if modifiers.contains(.meta) { names.append("Super_L") }
        return names
    }

    /// The keycodes drivers gave keysyms to, per display, the least recently struck first.
    private static var givenKeycodes: [String: [UInt32]] = [:]

    private var displayName: String { String(cString: XDisplayString(display)) }

    /// Moves `code`, if a driver gave it its keysym, to the end of the display's given keycodes.
    private func noteStruck(_ code: UInt32) {
        guard var given = Self.givenKeycodes[displayName], let index = given.firstIndex(of: code) else { return }
        given.append(given.remove(at: index))
        Self.givenKeycodes[displayName] = given
    }

    /// Puts `keysym` on the highest keycode that has none, and returns that keycode. Once every
    /// keycode has a keysym, the given keycode struck least recently takes it instead: its key
    /// presses were made and waited for long before (typing one string never strikes as many
    /// different characters as there are given keycodes), and the app rereads the map on the
    /// MappingNotify that arrives before the next press.
    private func remapSpareKeycode(to keysym: KeySym) -> UInt32 {
        var minimum: Int32 = 0, maximum: Int32 = 0
        XDisplayKeycodes(display, &minimum, &maximum)
        var perKeycode: Int32 = 0
        guard let map = XGetKeyboardMapping(display, KeyCode(minimum), maximum - minimum + 1, &perKeycode) else {
            return 0
        }
        defer { XFree(map) }
        let spare = stride(from: maximum, through: minimum, by: -1).first { code in
            let first = Int(code - minimum) * Int(perKeycode)
            return (0..<Int(perKeycode)).allSatisfy { map[first + $0] == 0 }
        }
        var given = Self.givenKeycodes[displayName, default: []]
        let code: UInt32
        if let spare {
            code = UInt32(spare)
        } else if let leastRecent = given.first {
            code = leastRecent
            given.removeFirst()
        } else {
            return 0
        }
        var symbols = [keysym, keysym]
        XChangeKeyboardMapping(display, Int32(code), 2, &symbols, 1)
        syncWithServer()
        // This connection's own copy of the map forgets the keycode's old keysym.
        var changed = XMappingEvent()
        changed.type = MappingNotify
        changed.display = display
        changed.request = MappingKeyboard
        changed.first_keycode = Int32(code)
        changed.count = 1
        XRefreshKeyboardMapping(&changed)
        given.append(code)
        Self.givenKeycodes[displayName] = given
        return code
    }

    private func keycode(named name: String) -> UInt32 {
        UInt32(XKeysymToKeycode(display, XStringToKeysym(name)))
    }

    /// Sends a close request (WM_DELETE_WINDOW) to `window`, as a window manager's close
    /// button does.
    public func requestClose(of window: CanopyX11.Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window.windowID
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, window.windowID, 0, 0, &event)
        syncWithServer()
    }

    /// Maps a plain window over `rect` of the screen and takes it away again, so the windows
    /// beneath receive Expose events.
    public func coverAndUncover(_ rect: Rect) {
        let root = XDefaultRootWindow(display)
        let cover = XCreateSimpleWindow(
            display, root, Int32(rect.minX), Int32(rect.minY), UInt32(rect.width), UInt32(rect.height), 0, 0, 0)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        XChangeWindowAttributes(display, cover, UInt(CWOverrideRedirect), &attributes)
        XMapRaised(display, cover)
        syncWithServer()
        XDestroyWindow(display, cover)
        syncWithServer()
    }

    private func screenPoint(_ point: Point, in window: CanopyX11.Window) -> Point {
        var x: Int32 = 0, y: Int32 = 0
        var child: XID = 0
        XTranslateCoordinates(
            display, window.windowID, XDefaultRootWindow(display), Int32((point.x * window.scale).rounded(.down)),
            Int32((point.y * window.scale).rounded(.down)), &x, &y, &child)
        return Point(x: Double(x), y: Double(y))
    }

    /// Waits until the server has processed everything sent so far.
    public func syncWithServer() { XSync(display, 0) }

    private static func number(of button: MouseButton) -> UInt32 {
        switch button {
        case .left: return 1
        case .middle: return 2
        case .right: return 3
        }
    }
}
