import CX11
import Canopy
@_spi(Testing) import CanopyX11

#if canImport(Glibc)
    import Glibc
#endif

/// Another X client on a connection of its own, doing what other programs and window managers
/// do to an app: showing a window of its own, pinging a window and waiting for the answer,
/// announcing a resize with a sync request and reading the counter. The application under test
/// serves it from its loop, so tests wait for outcomes with ``TestWindow/wait(timeout:until:)``.
@MainActor public final class OtherClient {
    let display: OpaquePointer
    private weak var application: Application?
    private var pingReplies: [Int] = []
    private var windows: [XID] = []

    /// Connects to `application`'s display; `application`'s loop takes in what arrives.
    public init(servedBy application: Application) throws {
        guard let display = XOpenDisplay(application.displayName) else {
            throw TestWindowError(description: "cannot open display \(application.displayName) for another client")
        }
        self.display = display
        self.application = application
        // Answers to pings come to the root as SubstructureNotify.
        XSelectInput(display, XDefaultRootWindow(display), SubstructureNotifyMask)
        XSync(display, 0)
        application.addReadHandler(for: XConnectionNumber(display)) { [weak self] in self?.readEvents() }
    }

    isolated deinit {
        application?.removeReadHandler(for: XConnectionNumber(display))
        for window in windows { XDestroyWindow(display, window) }
        XCloseDisplay(display)
    }

    /// Maps an override-redirect window of `color` over `rect` of the screen (pixels), as
    /// another program's window; returns its ID.
    @discardableResult
    public func showWindow(at rect: Rect, color: UInt = 0x808080) -> UInt {
        let window = XCreateSimpleWindow(
            display, XDefaultRootWindow(display), Int32(rect.minX), Int32(rect.minY), UInt32(rect.width),
            UInt32(rect.height), 0, 0, color)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        XChangeWindowAttributes(display, window, UInt(CWOverrideRedirect), &attributes)
        XMapRaised(display, window)
        XSync(display, 0)
        windows.append(window)
        return window
    }

    /// Sends `_NET_WM_PING` with `timestamp` to `window`, as a window manager checking that the
    /// app is alive does; ``hasPingReply(timestamp:)`` tells when the answer came.
    public func ping(_ window: CanopyX11.Window, timestamp: Int) {
        sendProtocolMessage("_NET_WM_PING", to: window, values: [timestamp, Int(window.windowID)])
    }

    /// Whether the answer to the ping with `timestamp` has reached the root.
    public func hasPingReply(timestamp: Int) -> Bool { pingReplies.contains(timestamp) }

    /// Pings `window` with `timestamp` and runs the app's loop until the answer comes: whether
    /// it came within `timeout` seconds (the app is alive and serving X).
    public func pingIsAnswered(by window: CanopyX11.Window, timestamp: Int, timeout: Double = 5) -> Bool {
        ping(window, timestamp: timestamp)
        return application?.run(timeout: timeout, until: { hasPingReply(timestamp: timestamp) }) == true
    }

    /// The atom named `name` on the display.
    public func atom(_ name: String) -> UInt { XInternAtom(display, name, 0) }

    /// Offers `window` the keyboard with WM_TAKE_FOCUS, as a window manager does when the user
    /// clicks it or switches to it.
    public func offerFocus(to window: CanopyX11.Window) {
        sendProtocolMessage("WM_TAKE_FOCUS", to: window, values: [Int(CurrentTime)])
    }

    /// Announces a resize with `_NET_WM_SYNC_REQUEST` carrying `value`, then resizes `window`
    /// to `width` × `height` pixels, as a window manager does during an interactive resize.
    public func resizeWithSyncRequest(_ window: CanopyX11.Window, value: Int64, width: Int, height: Int) {
        let bits = UInt64(bitPattern: value)
        sendProtocolMessage(
            "_NET_WM_SYNC_REQUEST", to: window, values: [0, Int(bits & 0xffff_ffff), Int(bits >> 32)])
        XResizeWindow(display, window.windowID, UInt32(width), UInt32(height))
        XSync(display, 0)
    }

    /// The value of the sync counter `window` publishes in `_NET_WM_SYNC_REQUEST_COUNTER`, read
    /// from the server; `nil` when it publishes none.
    public func syncCounterValue(of window: CanopyX11.Window) -> Int64? {
        let property = XInternAtom(display, "_NET_WM_SYNC_REQUEST_COUNTER", 0)
        guard let counter = WindowProperty(display: display, window: window.windowID, property: property)?.words.first
        else { return nil }
        let connection = XGetXCBConnection(display)
        let cookie = xcb_sync_query_counter(connection, counter)
        guard let reply = xcb_sync_query_counter_reply(connection, cookie, nil) else { return nil }
        defer { free(reply) }
        let value = reply.pointee.counter_value
        return Int64(value.hi) << 32 | Int64(value.lo)
    }

    /// Sends a WM_PROTOCOLS message naming `name` with `values` after it (the first is the time).
    private func sendProtocolMessage(_ name: String, to window: CanopyX11.Window, values: [Int]) {
        let words = [UInt32(XInternAtom(display, name, 0))] + values.map { UInt32(truncatingIfNeeded: $0) }
        sendClientMessage("WM_PROTOCOLS", to: window.windowID, words: words)
    }

    /// Sends the window `windowID` a format-32 client message of type `type` carrying `words`
    /// (up to five; the rest are 0), as any client on the display may, whatever the words say.
    public func sendClientMessage(_ type: String, to windowID: UInt, words: [UInt32]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = windowID
        event.xclient.message_type = XInternAtom(display, type, 0)
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { storage in
            for (index, word) in words.prefix(5).enumerated() {
                storage.storeBytes(of: Int(word), toByteOffset: index * MemoryLayout<Int>.size, as: Int.self)
            }
        }
        XSendEvent(display, windowID, 0, 0, &event)
        XSync(display, 0)
    }

    /// Sends the window `windowID` a ConfigureNotify of its own making claiming the window is
    /// `width` × `height` pixels at (`x`, `y`), as window managers send to tell where a window
    /// was moved, and as any client may.
    public func sendConfigureNotify(to windowID: UInt, x: Int32 = 0, y: Int32 = 0, width: Int32, height: Int32) {
        var event = XEvent()
        event.xconfigure.type = ConfigureNotify
        event.xconfigure.event = windowID
        event.xconfigure.window = windowID
        event.xconfigure.x = x
        event.xconfigure.y = y
        event.xconfigure.width = width
        event.xconfigure.height = height
        XSendEvent(display, windowID, 0, StructureNotifyMask, &event)
        XSync(display, 0)
    }

    /// Sets the property `name` of the window `windowID` (any window: X lets every client set
    /// any window's properties) to `items` of `format` bits each (8, 16 or 32; wider items are
    /// cut to the format), with the type `type`.
    public func setProperty(_ name: String, of windowID: UInt, type: String, format: Int32, items: [UInt32]) {
        let property = XInternAtom(display, name, 0), typeAtom = XInternAtom(display, type, 0)
        switch format {
        case 8:
            var bytes = items.map { UInt8(truncatingIfNeeded: $0) }
            XChangeProperty(display, windowID, property, typeAtom, 8, PropModeReplace, &bytes, Int32(bytes.count))
        case 16:
            var shorts = items.map { UInt16(truncatingIfNeeded: $0) }
            shorts.withUnsafeMutableBytes { raw in
                let start = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
                _ = XChangeProperty(
                    display, windowID, property, typeAtom, 16, PropModeReplace, start, Int32(items.count))
            }
        default:
            var longs = items.map { Int(Int32(bitPattern: $0)) }  // Xlib takes 32-bit items as longs
            longs.withUnsafeMutableBytes { raw in
                let start = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
                _ = XChangeProperty(
                    display, windowID, property, typeAtom, 32, PropModeReplace, start, Int32(items.count))
            }
        }
        XSync(display, 0)
    }

    /// Waits on this client's own connection, without running the app's loop, until the
    /// server reports the window `windowID` mapped (a top-level window's MapNotify reaches the
    /// root's watchers); `false` after `timeout` seconds. Other events read meanwhile are
    /// dropped.
    public func waitForMap(of windowID: UInt, timeout: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if event.type == MapNotify, event.xmap.window == windowID { return true }
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return false }
            var connection = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            let (seconds, attoseconds) = remaining.components
            _ = poll(&connection, 1, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
        }
    }

    private func readEvents() {
        let ping = XInternAtom(display, "_NET_WM_PING", 0)
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == ClientMessage, event.xclient.window == XDefaultRootWindow(display),
                Atom(event.xclient.data.l.0) == ping
            {
                pingReplies.append(event.xclient.data.l.1)
            }
        }
    }
}
