import Foundation

/// An Xvfb server started for tests or screenshots, on a display number it picks itself
/// (`-displayfd`), so runs never collide with a real display or with each other.
///
/// The server is stopped when the value is stopped or when the process exits.
public final class VirtualDisplay: Sendable {
    /// The display name to connect to, such as `":7"`.
    public let name: String
    /// The screen size in pixels.
    public let width: Int
    public let height: Int
    private let process: Process

    /// Why Xvfb could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts Xvfb with one screen of `width` × `height` at 24-bit colour.
    public init(width: Int = 2560, height: Int = 1600) throws {
        guard let executable = Self.findExecutable("Xvfb") else {
            throw StartError(
                description:
                    "Xvfb is not installed: run `apt-get install xvfb` (or the project's scripts/install-deps).")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset",
            "+extension", "RENDER",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Xvfb writes the display number and a newline once it accepts connections.
        var number = Data()
        while !number.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            number.append(chunk)
        }
        let digits = String(decoding: number, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !digits.isEmpty, Int(digits) != nil else {
            process.terminate()
            throw StartError(description: "Xvfb exited before reporting a display number.")
        }
        self.name = ":" + digits
        self.width = width
        self.height = height
        self.process = process
        VirtualDisplayRegistry.add(process.processIdentifier)
    }

    /// The server's process ID, for measuring what it spends.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Stops the server.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
        VirtualDisplayRegistry.remove(process.processIdentifier)
    }

    /// The first executable called `name` on `$PATH`.
    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

/// The Xvfb processes still running, stopped at process exit so none outlives a test run.
private enum VirtualDisplayRegistry {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var running = Set<Int32>()
    nonisolated(unsafe) private static var installed = false

    static func add(_ pid: Int32) {
        lock.lock()
        defer { lock.unlock() }
        running.insert(pid)
        if !installed {
            installed = true
            atexit { VirtualDisplayRegistry.stopAll() }
        }
    }

    static func remove(_ pid: Int32) {
        lock.lock()
        defer { lock.unlock() }
        running.remove(pid)
    }

    private static func stopAll() {
        lock.lock()
        defer { lock.unlock() }
        for pid in running { kill(pid, SIGTERM) }
        running.removeAll()
    }
}
