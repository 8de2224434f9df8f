import CX11
import CXTest
@_spi(Testing) import CanopyX11

#if canImport(Glibc)
    import Glibc
#endif

/// Watches what one client sends the X server and what the server answers, through the RECORD
/// extension on connections of its own: requests, bytes, replies (a client that waits for each
/// reply makes one round trip per reply; Canopy waits for all of them, except its atoms at
/// start-up) and the pixels it copies onto its window.
///
/// Tests use it to hold the protocol cost of a frame to what it should be (no round trips,
/// only the damage copied); the frame benchmark prints it per frame.
@MainActor public final class ProtocolRecorder {
    /// Why recording could not start or finish.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// What the client sent and received since the last ``reset()``.
    public struct Tally: Equatable, Sendable {
        /// Requests sent.
        public var requests = 0
        /// Bytes of those requests.
        public var bytes = 0
        /// Replies received.
        public var replies = 0
        /// `GrabPointer` requests (Canopy grabs while a popover is up and discards the reply
        /// unread, so its reply is no round trip).
        public var pointerGrabs = 0
        /// `CopyArea` requests onto the watched window.
        public var copiesToWindow = 0
        /// Pixels those copies covered.
        public var pixelsCopiedToWindow = 0
        /// Pixels the largest of those copies covered.
        public var largestCopyToWindow = 0
        /// The X server's time (milliseconds) when each of those copies reached it, in order:
        /// frame pacing as the server saw it, whatever the client believed.
        public var copyToWindowServerTimes: [UInt] = []
        /// RENDER requests that have the server rasterise antialiased polygons (trapezoids and
        /// triangles in any arrangement), the most costly drawing it does per pixel.
        public var polygonsRasterized = 0

        /// Nothing sent or received.
        public init() {}
    }

    /// What the recording callback adds up; touched only inside `XRecordProcessReplies`,
    /// which runs on the recorder's (main) thread.
    private final class Counts {
        let window: UInt32
        /// The RENDER extension's major opcode, or `nil` when the server has none.
        let renderOpcode: UInt8?
        var tally = Tally()
        /// The sequence number (low 16 bits) of the latest reply.
        var latestReply: Int?
        init(window: UInt32, renderOpcode: UInt8?) {
            self.window = window
            self.renderOpcode = renderOpcode
        }
    }

    private unowned let application: Application
    private let control: OpaquePointer
    private let data: OpaquePointer
    private let context: XRecordContext
    private let counts: Counts
    /// The synchronizations ``tally()`` made since the last reset, left out of the tally.
    private var syncs = 0
    private var isOpen = true

    /// Starts recording the application's client, counting copies onto `window`. The recorder
    /// reads what the server reports whenever the application's loop wakes for it (left
    /// unread, RECORD data backs up and is lost).
    public init(recording window: CanopyX11.Window, of application: Application) throws {
        let displayName = application.displayName
        guard let control = XOpenDisplay(displayName) else {
            throw Failure(description: "cannot open display \(displayName) to record")
        }
        guard let data = XOpenDisplay(displayName) else {
            XCloseDisplay(control)
            throw Failure(description: "cannot open display \(displayName) to record")
        }
        var major: Int32 = 0, minor: Int32 = 0
        guard XRecordQueryVersion(control, &major, &minor) != 0, let range = XRecordAllocRange() else {
            XCloseDisplay(data)
            XCloseDisplay(control)
            throw Failure(description: "the X server at \(displayName) has no RECORD extension")
        }
        defer { XFree(range) }
        range.pointee.core_requests = XRecordRange8(first: 1, last: 127)
        range.pointee.core_replies = XRecordRange8(first: 1, last: 127)
        range.pointee.ext_requests = XRecordExtRange(
            ext_major: XRecordRange8(first: 128, last: 255), ext_minor: XRecordRange16(first: 0, last: 65535))
        range.pointee.ext_replies = range.pointee.ext_requests
        var client = XRecordClientSpec(window.windowID)
        var ranges: UnsafeMutablePointer<XRecordRange>? = range
        let context = XRecordCreateContext(
            control, Int32(XRecordFromClientSequence | XRecordFromClientTime), &client, 1, &ranges, 1)
        guard context != 0 else {
            XCloseDisplay(data)
            XCloseDisplay(control)
            throw Failure(description: "the RECORD extension refused a context")
        }
        XSync(control, 0)
        var renderOpcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        let hasRender = XQueryExtension(control, "RENDER", &renderOpcode, &firstEvent, &firstError) != 0
        self.application = application
        self.control = control
        self.data = data
        self.context = context
        self.counts = Counts(
            window: UInt32(truncatingIfNeeded: window.windowID),
            renderOpcode: hasRender ? UInt8(truncatingIfNeeded: renderOpcode) : nil)
        // RECORD holds the counts until `close()`, whatever becomes of the recorder.
        let closure = UnsafeMutableRawPointer(Unmanaged.passRetained(counts).toOpaque())
        guard XRecordEnableContextAsync(data, context, Self.intercept, closure.assumingMemoryBound(to: CChar.self)) != 0
        else {
            close()
            throw Failure(description: "the RECORD extension would not start recording")
        }
        application.addReadHandler(for: XConnectionNumber(data)) { XRecordProcessReplies(data) }
    }

    isolated deinit { close() }

    /// Starts counting from zero, after everything the application sent so far is counted
    /// (as ``tally()`` does).
    public func reset() throws {
        _ = try tally()
        counts.tally = Tally()
        syncs = 0
    }

    /// Synchronizes the application with the server, waits until the server has reported
    /// everything the application sent before, and returns the tally since the last
    /// ``reset()``, leaving out that synchronization's own request and reply.
    public func tally() throws -> Tally {
        application.synchronize()
        let sync = Int(application.lastRequestSerial & 0xffff)  // the GetInputFocus of XSync
        let deadline = Self.now() + 5
        while counts.latestReply != sync {
            guard Self.now() < deadline else {
                throw Failure(description: "the recorded client's sync did not arrive in 5 s")
            }
            var descriptor = pollfd(fd: XConnectionNumber(data), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 100)
            XRecordProcessReplies(data)
        }
        syncs += 1
        var tally = counts.tally
        tally.requests -= syncs  // each tally's sync: a GetInputFocus of 4 bytes, and its reply
        tally.bytes -= 4 * syncs
        tally.replies -= syncs
        return tally
    }

    /// Stops recording and closes the recorder's connections.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        application.removeReadHandler(for: XConnectionNumber(data))
        XRecordDisableContext(control, context)
        XRecordFreeContext(control, context)
        XSync(control, 0)
        XCloseDisplay(data)
        XCloseDisplay(control)
        Unmanaged.passUnretained(counts).release()  // the reference RECORD held
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Adds one piece of recorded protocol to the counts passed as `closure`.
    private static let intercept: XRecordInterceptProc = { closure, recorded in
        guard let closure, let recorded else { return }
        defer { XRecordFreeData(recorded) }
        let counts = Unmanaged<Counts>.fromOpaque(UnsafeRawPointer(closure)).takeUnretainedValue()
        let item = recorded.pointee
        guard let bytes = item.data, item.data_len > 0 else { return }
        let length = Int(item.data_len) * 4
        // Byte order: the client's, which `client_swapped` says differs from this (little-endian) host's.
        func card16(_ offset: Int) -> Int {
            let low = Int(bytes[offset]), high = Int(bytes[offset + 1])
            return item.client_swapped != 0 ? low << 8 | high : high << 8 | low
        }
        func card32(_ offset: Int) -> UInt32 {
            let first = UInt32(card16(offset)), second = UInt32(card16(offset + 2))
            return item.client_swapped != 0 ? first << 16 | second : second << 16 | first
        }
        switch Int32(item.category) {
        case XRecordFromClient:
            counts.tally.requests += 1
            counts.tally.bytes += length
            if bytes[0] == 26 { counts.tally.pointerGrabs += 1 }  // GrabPointer
            // RENDER's Trapezoids, Triangles, TriStrip, TriFan, AddTraps.
            if bytes[0] == counts.renderOpcode, length >= 2, [10, 11, 12, 13, 32].contains(bytes[1]) {
                counts.tally.polygonsRasterized += 1
            }
            if bytes[0] == 62, length >= 28, card32(8) == counts.window {  // CopyArea onto the window
                let pixels = card16(24) * card16(26)
                counts.tally.copiesToWindow += 1
                counts.tally.pixelsCopiedToWindow += pixels
                counts.tally.largestCopyToWindow = max(counts.tally.largestCopyToWindow, pixels)
                counts.tally.copyToWindowServerTimes.append(UInt(item.server_time))
            }
        case XRecordFromServer where bytes[0] == 1:  // a reply
            counts.tally.replies += 1
            counts.latestReply = card16(2)
        default:
            break
        }
    }
}
