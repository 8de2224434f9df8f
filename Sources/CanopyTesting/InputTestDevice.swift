import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One input device of Xorg's `inputtest` driver (`man 4 inputtestdrv`), driven through the
/// socket the driver listens on: what it is sent, the server takes as the hardware's own input,
/// with the valuators a touchpad's or a touch screen's driver would post.
///
/// The messages are the driver's protocol (`xf86-input-inputtest-protocol.h`, version 1.1),
/// written here field by field: a length and a type, then the event's fields in the C layout
/// (native byte order; the valuators' block, holding doubles, starts on a multiple of 8).
public final class InputTestDevice: Sendable {
    private let socket: Int32

    /// Why the device could not be reached.
    public struct ConnectError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The event types of the protocol.
    private enum EventType: UInt32 {
        case clientVersion = 0, waitForSync, motion, proximity, button, key, touch
    }

    /// The response types of the protocol.
    private enum ResponseType: UInt32 {
        case serverVersion = 0, syncFinished
    }

    /// XInput's touch event types, which a touch message carries.
    public enum TouchType: UInt32 {
        /// A finger down (XI_TouchBegin).
        case begin = 18
        /// A finger moved (XI_TouchUpdate).
        case update = 19
        /// A finger up (XI_TouchEnd).
        case end = 20
    }

    /// The most valuators a message carries (`XF86IT_MAX_VALUATORS`).
    private static let maximumValuators = 64

    /// Connects to the driver's socket at `path` and agrees on the protocol's version.
    init(socketPath path: String) throws {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ConnectError(description: "no socket for \(path)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw ConnectError(description: "the inputtest driver's socket \(path) refused: errno \(errno)")
        }
        socket = descriptor
        var version = Self.header(.clientVersion, length: 12)
        version.append(contentsOf: Self.bytes(of: UInt16(1)) + Self.bytes(of: UInt16(1)))  // major, minor
        send(version)
        guard let reply = readResponse(), reply.type == ResponseType.serverVersion.rawValue else {
            close(descriptor)
            throw ConnectError(description: "the inputtest driver at \(path) sent no version")
        }
    }

    deinit { close(socket) }

    /// Moves a relative pointer by `dx`, `dy` and its scroll valuators (2 horizontal, 3
    /// vertical) by `scrollX`, `scrollY` (120 a wheel step), then waits until the server has
    /// processed it.
    public func move(dx: Double = 0, dy: Double = 0, scrollX: Double = 0, scrollY: Double = 0) {
        var valuators: [Int: Double] = [:]
        if dx != 0 { valuators[0] = dx }
        if dy != 0 { valuators[1] = dy }
        if scrollX != 0 { valuators[2] = scrollX }
        if scrollY != 0 { valuators[3] = scrollY }
        var message = Self.header(.motion, length: 0)
        message += Self.bytes(of: UInt32(0))  // is_absolute
        message += Self.valuatorData(valuators, after: message.count)
        send(Self.withLength(message))
        sync()
    }

    /// A touch of finger `touch` (`type`: down, moved, up) at `x`, `y` on the touch screen's
    /// axes (0...65535 across the screen), then waits until the server has processed it.
    public func touch(_ touch: UInt32, _ type: TouchType, x: Double, y: Double) {
        var message = Self.header(.touch, length: 0)
        message += Self.bytes(of: touch) + Self.bytes(of: type.rawValue)
        message += Self.valuatorData([0: x, 1: y], after: message.count)
        send(Self.withLength(message))
        sync()
    }

    /// Waits until the server has processed every event sent so far.
    private func sync() {
        send(Self.header(.waitForSync, length: 8))
        while let reply = readResponse(), reply.type != ResponseType.syncFinished.rawValue {}
    }

    /// A message's header: its length in bytes (0 to be filled in) and its type.
    private static func header(_ type: EventType, length: UInt32) -> [UInt8] {
        bytes(of: length) + bytes(of: type.rawValue)
    }

    /// `message` with its length written into its header.
    private static func withLength(_ message: [UInt8]) -> [UInt8] {
        bytes(of: UInt32(message.count)) + message.dropFirst(4)
    }

    /// `xf86ITValuatorData`, for a message `offset` bytes long so far: padding to its 8-byte
    /// alignment, whether unaccelerated values follow (no), the mask of the valuators set,
    /// padding to the doubles' alignment, then 64 values and 64 unaccelerated ones.
    private static func valuatorData(_ values: [Int: Double], after offset: Int) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: maximumValuators / 8)
        var doubles = [Double](repeating: 0, count: maximumValuators)
        for (number, value) in values {
            mask[number / 8] |= 1 << UInt8(number % 8)
            doubles[number] = value
        }
        var data = [UInt8](repeating: 0, count: (8 - offset % 8) % 8)
        data += bytes(of: UInt32(0)) + mask  // 12 bytes: 4 of padding before the doubles
        data += [UInt8](repeating: 0, count: 4)
        data += doubles.flatMap { bytes(of: $0) }
        data += [UInt8](repeating: 0, count: maximumValuators * 8)
        return data
    }

    private static func bytes<T>(of value: T) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }

    private func send(_ message: [UInt8]) {
        var sent = 0
        while sent < message.count {
            let count = message[sent...].withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Reads one response: its type, or `nil` when the socket closed.
    private func readResponse() -> (type: UInt32, body: [UInt8])? {
        guard let header = readExactly(8) else { return nil }
        let length = header.withUnsafeBytes { $0.load(as: UInt32.self) }
        let type = header.withUnsafeBytes { $0.load(fromByteOffset: 4, as: UInt32.self) }
        guard length >= 8, let body = readExactly(Int(length) - 8) else { return nil }
        return (type, body)
    }

    private func readExactly(_ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let read = buffer[got...].withUnsafeMutableBytes { Glibc.read(socket, $0.baseAddress, $0.count) }
            guard read > 0 else { return nil }
            got += read
        }
        return buffer
    }
}
