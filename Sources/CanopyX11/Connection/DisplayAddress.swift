#if canImport(Glibc)
    import Glibc
#endif

/// A display name taken apart as Xlib reads it: `[host]:display[.screen]` (the host may carry a
/// protocol, `unix/` or `tcp/`).
struct DisplayAddress: Equatable {
    /// Everything before the last colon: the host, empty for the local machine.
    let host: String
    /// The display number.
    let display: Int
    /// The screen number, 0 when the name gives none.
    let screen: Int

    /// Reads `name`; `nil` when it names no display (no colon, or no number after it).
    init?(_ name: String) {
        guard let colon = name.lastIndex(of: ":") else { return nil }
        let numbers = name[name.index(after: colon)...].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(numbers.count), let display = Int(numbers[0]), display >= 0 else { return nil }
        var screen = 0
        if numbers.count == 2 {
            guard let number = Int(numbers[1]), number >= 0 else { return nil }
            screen = number
        }
        host = String(name[..<colon])
        self.display = display
        self.screen = screen
    }

    /// The same display with no screen named (screen 0).
    var withoutScreen: String { "\(host):\(display)" }

    /// The file Xlib takes the authorization cookies from: `$XAUTHORITY`, else `~/.Xauthority`.
    static var cookieFile: String {
        if let file = getenv("XAUTHORITY").map({ String(cString: $0) }), !file.isEmpty { return file }
        return (getenv("HOME").map { String(cString: $0) } ?? "") + "/.Xauthority"
    }

    /// Whether a server is listening at the address now: a socket connection (no X
    /// handshake) succeeds within `timeout` seconds. Local displays are tried on their Unix
    /// sockets (abstract, then the file), others over TCP on port 6000 + display.
    func acceptsConnections(timeout: Double) -> Bool {
        let local = host.isEmpty || host == "unix" || host.hasPrefix("unix/")
        if local {
            let path = "/tmp/.X11-unix/X\(display)"
            return Self.connects(toUnixSocket: "\0" + path, timeout: timeout)
                || Self.connects(toUnixSocket: path, timeout: timeout)
        }
        let name = host.hasPrefix("tcp/") ? String(host.dropFirst(4)) : host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, String(6000 + display), &hints, &found) == 0, let found else { return false }
        defer { freeaddrinfo(found) }
        var entry: UnsafeMutablePointer<addrinfo>? = found
        while let current = entry {
            let info = current.pointee
            if let address = info.ai_addr,
                Self.connects(family: info.ai_family, to: address, length: info.ai_addrlen, timeout: timeout)
            {
                return true
            }
            entry = info.ai_next
        }
        return false
    }

    /// Whether a connection to the Unix socket at `path` (a leading NUL: the abstract
    /// namespace) succeeds within `timeout` seconds.
    private static func connects(toUnixSocket path: String, timeout: Double) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (path.hasPrefix("\0") ? 0 : 1))
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connects(family: AF_UNIX, to: $0, length: length, timeout: timeout)
            }
        }
    }

    /// Whether a stream socket of `family` connects to `address` within `timeout` seconds.
    private static func connects(
        family: Int32, to address: UnsafePointer<sockaddr>, length: socklen_t, timeout: Double
    ) -> Bool {
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        if connect(socket, address, length) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var waiting = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        guard poll(&waiting, 1, Int32(timeout * 1000)) == 1 else { return false }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &size) == 0 && failure == 0
    }
}
