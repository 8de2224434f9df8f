import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An Xvfb server started for tests or screenshots, on a display number it picks itself
/// (`-displayfd`), so runs never collide with a real display or with each other.
///
/// The server stops when ``stop()`` is called or when this process ends, even by a crash: it
/// runs under a small shell that checks every second that this process is still alive.
public final class VirtualDisplay: Sendable {
    /// The display name to connect to, such as `":7"`.
    public let name: String
    /// The screen width in pixels.
    public let width: Int
    /// The screen height in pixels.
    public let height: Int
    /// The watching shell's process ID.
    private let shell: pid_t

    /// Why Xvfb could not be started.
    public struct StartError: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Starts Xvfb with one screen of `width` × `height` at `depth` bits of colour (24 unless
    /// asked; 30 gives ten bits a channel, which Xvfb draws much more slowly), and any further
    /// `serverArguments` (such as `["-auth", file]`).
    public init(width: Int = 2560, height: Int = 1600, depth: Int = 24, serverArguments: [String] = []) throws {
        guard let executable = Self.findExecutable("Xvfb") else {
            throw StartError(
                description: "Xvfb is not installed: run `apt-get install xvfb` (or scripts/install-deps).")
        }
        let arguments =
            [
                "-screen", "0", "\(width)x\(height)x\(depth)", "-nolisten", "tcp", "-noreset", "+extension",
                "RENDER",
            ] + serverArguments
        let (pid, digits) = try Self.startServer(executable, arguments: arguments, called: "Xvfb")
        name = ":" + digits
        self.width = width
        self.height = height
        shell = pid
    }

    /// A display some other server (started as ``startServer(_:arguments:called:)`` does) serves.
    init(number: String, width: Int, height: Int, shell: pid_t) {
        name = ":" + number
        self.width = width
        self.height = height
        self.shell = shell
    }

    /// Starts the X server `executable` with `arguments` (and `-displayfd`) under a small shell
    /// that stops it when this process ends, and waits until it accepts connections; returns the
    /// shell's process ID and the display number.
    static func startServer(_ executable: String, arguments: [String], called server: String) throws -> (
        pid_t, String
    ) {
        let script =
            "\"$0\" \"$@\" & server=$!; trap 'kill $server; exit 0' TERM; "
            + "while kill -0 $PPID 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 1 & wait $!; done; "
            + "kill $server 2>/dev/null; wait $server"
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw StartError(description: "could not make a pipe for \(server)") }
        for end in output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(output[0]) }
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                ["/bin/sh", "-c", script, executable, "-displayfd", "1"] + arguments, stdout: .descriptor(output[1]),
                stderr: .null)
        } catch {
            close(output[1])
            throw error
        }
        close(output[1])
        // The server writes the display number and a newline once it accepts connections.
        var digits = ""
        var byte: UInt8 = 0
        while read(output[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            digits.append(Character(Unicode.Scalar(byte)))
        }
        guard !digits.isEmpty, Int(digits) != nil else {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw StartError(description: "\(server) exited before reporting a display number.")
        }
        return (pid, digits)
    }

    /// The Xvfb process's ID (a child of the watching shell), for measuring what it spends.
    public var serverProcessIdentifier: Int32? {
        let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children?.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Stops the server and waits for it to exit.
    public func stop() {
        guard kill(shell, SIGTERM) == 0 else { return }
        var status: Int32 = 0
        waitpid(shell, &status, 0)
    }

    /// The first executable called `name` on `$PATH`.
    static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
