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

    /// Sets the keyboard focus to `PointerRoot`, as on a display with no window manager: keys go
    /// to whichever window the pointer is in.
    public func letFocusFollowThePointer() {
        XSetInputFocus(display, UInt(PointerRoot), Int32(RevertToPointerRoot), UInt(CurrentTime))
        syncWithServer()
    }

    /// Takes the keyboard focus away from every window (focus on None), as when the user
    /// turns to another program.
    public func clearFocus() {
        XSetInputFocus(display, 0, Int32(RevertToNone), UInt(CurrentTime))
        syncWithServer()
    }

    /// Whether `window` can be seen: it and every ancestor (a window manager's frame too) are
    /// mapped.
    public func isViewable(_ window: CanopyX11.Window) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window.windowID, &attributes) != 0 else { return false }
        return attributes.map_state == IsViewable
    }

    /// What the screen shows in `rect` (pixels), every window on it included.
    public func captureScreen(_ rect: Rect) -> Bitmap? {
        let width = Int(rect.width), height = Int(rect.height)
        guard
            let image = XGetImage(
                display, rootWindow, Int32(rect.minX), Int32(rect.minY), UInt32(width), UInt32(height), ~0, ZPixmap)
        else { return nil }
        defer { canopy_destroy_image(image) }
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = canopy_get_pixel(image, Int32(x), Int32(y))
                let i = (y * width + x) * 4
                bytes[i] = UInt8((pixel >> 16) & 0xff)
                bytes[i + 1] = UInt8((pixel >> 8) & 0xff)
                bytes[i + 2] = UInt8(pixel & 0xff)
            }
        }
        return Bitmap(width: width, height: height, bytes: bytes)
    }

    /// Where `window` is on the screen, in pixels.
    public func screenFrame(of windowID: UInt) -> Rect {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, windowID, &attributes)
        var x: Int32 = 0, y: Int32 = 0
        var child: XID = 0
        XTranslateCoordinates(display, windowID, rootWindow, 0, 0, &x, &y, &child)
        return Rect(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height))
    }

    /// Moves `window`'s top-left to `point` on the screen (pixels), as a user dragging it
    /// would; a window manager moves its frame there.
    public func moveWindow(_ window: CanopyX11.Window, to point: Point) {
        XMoveWindow(display, window.windowID, Int32(point.x), Int32(point.y))
        syncWithServer()
    }

    /// Where `window`'s top-left is on the screen once a window manager has put its frame's
    /// top-left at `point` (after ``moveWindow(_:to:)``): inside the frame's left and top edges,
    /// as the manager publishes them (`_NET_FRAME_EXTENTS`); `point` itself without a frame.
    public func screenOrigin(of window: CanopyX11.Window, withFrameAt point: Point) -> Point {
        let extents = longs("_NET_FRAME_EXTENTS", of: window) ?? []
        guard extents.count == 4 else { return point }
        return Point(x: point.x + Double(extents[0]), y: point.y + Double(extents[2]))
    }

    /// The root window of the screen.
    public var rootWindow: UInt { XDefaultRootWindow(display) }

    /// The window `window` is a child of: the root, or a window manager's frame.
    public func parent(of window: CanopyX11.Window) -> UInt {
        var root: XID = 0, parent: XID = 0
        var children: UnsafeMutablePointer<XID>?
        var count: UInt32 = 0
        XQueryTree(display, window.windowID, &root, &parent, &children, &count)
        if let children { XFree(children) }
        return parent
    }

    /// The items of `window`'s 32-bit property `name` (as a window manager reads them, each
    /// its 32 bits), or `nil` when it has none.
    public func longs(_ name: String, of window: CanopyX11.Window) -> [Int]? {
        longs(name, ofWindow: window.windowID)
    }

    /// The items of the window `windowID`'s 32-bit property `name`, or `nil` when it has none.
    public func longs(_ name: String, ofWindow windowID: UInt) -> [Int]? {
        WindowProperty(display: display, window: windowID, property: XInternAtom(display, name, 0))?.words.map(Int.init)
    }

    /// The names of the atoms in `window`'s ATOM property `name` (empty when it has none).
    public func atomNames(_ name: String, of window: CanopyX11.Window) -> [String] {
        atomNames(name, ofWindow: window.windowID)
    }

    /// The names of the atoms in the ATOM property `name` of the window `windowID`.
    public func atomNames(_ name: String, ofWindow windowID: UInt) -> [String] {
        let property = WindowProperty(display: display, window: windowID, property: XInternAtom(display, name, 0))
        return (property?.atoms ?? []).map { atom in
            guard let name = XGetAtomName(display, atom) else { return "" }
            defer { XFree(name) }
            return String(cString: name)
        }
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

    /// Moves the pointer to `point` on the screen (pixels).
    public func move(toScreen point: Point) {
        XTestFakeMotionEvent(display, -1, Int32(point.x), Int32(point.y), 0)
        syncWithServer()
    }

    /// The root's child the pointer is in, as the server routes pointer input to it (a
    /// window whose input region is empty is passed over for the one beneath); 0 for none.
    public func topLevelWindowUnderPointer() -> UInt {
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0, state: UInt32 = 0
        guard XQueryPointer(display, rootWindow, &root, &child, &rootX, &rootY, &x, &y, &state) != 0 else { return 0 }
        return child
    }

    /// Moves the pointer to `point` in `window`'s coordinates (points, scaled to pixels).
    public func move(to point: Point, in window: CanopyX11.Window) {
        let screen = screenPoint(point, in: window)
        XTestFakeMotionEvent(display, -1, Int32(screen.x), Int32(screen.y), 0)
        syncWithServer()
    }

    /// Presses and releases `button` at `point` in `window`'s coordinates, with the keys of
    /// `modifiers` held around it (a Shift-click, a Control-click).
    public func click(
        at point: Point, in window: CanopyX11.Window, button: MouseButton = .left, modifiers: Modifiers = []
    ) {
        move(to: point, in: window)
        let held = Self.modifierKeys(modifiers).map(keycode(named:))
        for code in held { XTestFakeKeyEvent(display, code, 1, 0) }
        press(button)
        release(button)
        for code in held.reversed() { XTestFakeKeyEvent(display, code, 0, 0) }
        syncWithServer()
    }

    /// Presses `button` where the pointer is, and returns once the server has taken the press.
    /// With `serverDelay` (milliseconds) the server takes it that much later than the input
    /// before it (XTest's delay), so the press's server time is spaced from the last event's
    /// without the test sleeping.
    public func press(_ button: MouseButton = .left, serverDelay: UInt = 0) {
        XTestFakeButtonEvent(display, Self.number(of: button), 1, serverDelay)
        syncWithServer()
        waitForButton(button, down: true)
    }

    /// Releases `button` where the pointer is, and returns once the server has taken the release.
    public func release(_ button: MouseButton = .left) {
        XTestFakeButtonEvent(display, Self.number(of: button), 0, 0)
        syncWithServer()
        waitForButton(button, down: false)
    }

    /// Waits (a round trip at a time, for at most `timeout` seconds) until the server shows
    /// `button` down or up. A window manager that took a press through a synchronous grab
    /// freezes the pointer until it lets the press through: the input sent meanwhile waits in
    /// the server, and would otherwise come out of order with the next input sent.
    private func waitForButton(_ button: MouseButton, down: Bool, timeout: Double = 2) {
        let mask = UInt32(Button1Mask) << (Self.number(of: button) - 1)
        let clock = MonotonicClock()
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0, state: UInt32 = 0
        while clock.now < timeout {
            guard XQueryPointer(display, rootWindow, &root, &child, &rootX, &rootY, &x, &y, &state) != 0 else { return }
            if (state & mask != 0) == down { return }
        }
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

    /// Presses and releases the key whose X keysym is named `name` ("KP_Home": a key of the
    /// keypad, which ``Key`` does not tell apart from its twin elsewhere on the keyboard). A name
    /// X does not know sends nothing.
    public func tap(keysymNamed name: String) {
        let keysym = XStringToKeysym(name)
        guard keysym != 0 else { return }
        strike(keysym)
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

    /// The client windows a window manager manages (the root's `_NET_CLIENT_LIST`), oldest
    /// first.
    public func managedWindows() -> [UInt] {
        let list = XInternAtom(display, "_NET_CLIENT_LIST", 0)
        return WindowProperty(display: display, window: rootWindow, property: list)?.atoms ?? []
    }

    /// Asks the window manager to close `windowID` (`_NET_CLOSE_WINDOW`, as a task bar or pager
    /// does); the manager then sends the window its close request.
    public func closeThroughWindowManager(_ windowID: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = windowID
        event.xclient.message_type = XInternAtom(display, "_NET_CLOSE_WINDOW", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(CurrentTime)
        event.xclient.data.l.1 = 2  // from a pager
        XSendEvent(display, rootWindow, 0, SubstructureNotifyMask | SubstructureRedirectMask, &event)
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

    /// Sets the X resources on the server (the root window's `RESOURCE_MANAGER`), as `xrdb`
    /// does at login: `"Xcursor.theme:\tAdwaita\n"`. Apps read them as they connect.
    public func setResources(_ resources: String) {
        let bytes = Array(resources.utf8)
        XChangeProperty(
            display, XDefaultRootWindow(display), XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace, bytes,
            Int32(bytes.count))
        XSync(display, 0)
    }

    private static func number(of button: MouseButton) -> UInt32 {
        switch button {
        case .left: return 1
        case .middle: return 2
        case .right: return 3
        }
    }
}
