import CX11
import CanopyAccessibility
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A desktop's accessibility stack of its own, for tests and benchmarks: a private session bus
/// (dbus-daemon), whose `org.a11y.Bus` service starts at-spi-bus-launcher, which runs the
/// accessibility bus, on which the registry (at-spi2-registryd) starts when first called. Screen
/// reader clients and apps given ``environment`` (or a display it was ``publish(on:)``ed on) find
/// it as they would on a desktop; nothing reaches the machine's own session.
///
/// The stack stops when ``stop()`` is called or when this process ends, even by a crash: the
/// session bus runs under a small shell that checks every second that this process still
/// lives, and everything else ends with the session bus.
public final class AccessibilityStack: Sendable {
    /// The private session bus's address.
    public let sessionBusAddress: String
    /// The accessibility bus's address.
    public let accessibilityBusAddress: String
    private let shell: pid_t
    private let runtimeDirectory: String

    /// Why the stack could not start (the one line a test that needs it skips with).
    public struct StartError: Error, CustomStringConvertible {
        /// What is missing or went wrong, and what to do.
        public let description: String
    }

    /// The programs the stack runs, where Debian's dbus-daemon and at-spi2-core put them.
    static let daemon = "/usr/bin/dbus-daemon"
    static let launcher = "/usr/libexec/at-spi-bus-launcher"
    static let registry = "/usr/libexec/at-spi2-registryd"

    /// Starts the session bus and asks it for the accessibility bus (which starts the
    /// launcher and the bus).
    public init() throws {
        for program in [Self.daemon, Self.launcher, Self.registry]
        where !FileManager.default.isExecutableFile(atPath: program) {
            throw StartError(
                description: "\(program) is missing: install dbus-daemon and at-spi2-core (scripts/install-deps)")
        }
        let directory = NSTemporaryDirectory() + "canopy-a11y-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        runtimeDirectory = directory
        let script =
            "\"$0\" \"$@\" & bus=$!; trap 'kill $bus; exit 0' TERM; "
            + "while kill -0 $PPID 2>/dev/null && kill -0 $bus 2>/dev/null; do sleep 1 & wait $!; done; "
            + "kill $bus 2>/dev/null; wait $bus"
        var output: [Int32] = [0, 0]
        guard pipe(&output) == 0 else { throw StartError(description: "could not make a pipe for dbus-daemon") }
        for end in output { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(output[0]) }
        // The bus and what it starts run in a directory of their own (the accessibility bus's
        // socket goes there), without a display: everything they need comes over D-Bus.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = directory
        environment["DISPLAY"] = nil
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        // The launcher writes `toolkit-accessibility` when a screen reader enables accessibility
        // (Orca does): to settings in memory, not the machine's own.
        environment["GSETTINGS_BACKEND"] = "memory"
        let pid: pid_t
        do {
            pid = try ChildProcess.spawn(
                ["/bin/sh", "-c", script, Self.daemon, "--session", "--nofork", "--print-address=1"],
                environment: environment.map { "\($0.key)=\($0.value)" }, stdout: .descriptor(output[1]), stderr: .null)
        } catch {
            close(output[1])
            throw StartError(description: "could not start dbus-daemon: \(error)")
        }
        close(output[1])
        var line = ""
        var byte: UInt8 = 0
        while read(output[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            line.append(Character(Unicode.Scalar(byte)))
        }
        shell = pid
        guard !line.isEmpty else {
            Self.end(pid)
            throw StartError(description: "dbus-daemon exited before giving its address")
        }
        sessionBusAddress = line
        do {
            accessibilityBusAddress = try AccessibilityBridge.accessibilityBusAddress(fromSessionBus: line)
        } catch {
            Self.end(pid)
            throw StartError(description: "the session bus started no accessibility bus: \(error)")
        }
    }

    /// What a program needs in its environment to find this stack through the session bus.
    public var environment: [String: String?] { ["DBUS_SESSION_BUS_ADDRESS": sessionBusAddress] }

    /// Sets the `AT_SPI_BUS` property on the root window of `displayName`, as a desktop session
    /// does, so that apps on that display find the bus without a session bus.
    public func publish(on displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else {
            throw StartError(description: "cannot open display \(displayName)")
        }
        defer { XCloseDisplay(display) }
        var bytes = Array(accessibilityBusAddress.utf8)
        XChangeProperty(
            display, XDefaultRootWindow(display), XInternAtom(display, "AT_SPI_BUS", 0), XA_STRING, 8, PropModeReplace,
            &bytes, Int32(bytes.count))
        XSync(display, 0)
    }

    /// Stops the session bus (the launcher, the accessibility bus and the registry end with it)
    /// and removes the stack's directory.
    public func stop() {
        Self.end(shell)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    private static func end(_ pid: pid_t) {
        guard kill(pid, SIGTERM) == 0 else { return }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}
