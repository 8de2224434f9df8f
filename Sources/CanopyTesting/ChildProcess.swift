import CXTest
import CanopyX11
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with `posix_spawn`, its standard output and error captured in files, and
/// every signal unblocked and at its default in the child: a test runner may block signals in
/// the spawning thread, and a child that inherits that mask cannot be stopped.
public final class ChildProcess: Sendable {
    /// The child's process ID.
    public let processIdentifier: pid_t
    private let outputPath: String
    private let errorPath: String

    /// What a finished child left behind.
    public struct Result: Sendable {
        /// The exit status, or 128 + the signal that ended it.
        public let status: Int32
        /// What the child wrote to standard output.
        public let output: String
        /// What the child wrote to standard error.
        public let errors: String
    }

    /// Starts `executable` with `arguments`; `environment` replaces the listed variables (a
    /// `nil` value removes one).
    public init(_ executable: String, arguments: [String] = [], environment: [String: String?] = [:]) throws {
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value ?? nil }
        let directory = NSTemporaryDirectory()
        let stamp = UUID().uuidString
        outputPath = "\(directory)/canopy-child-\(stamp).out"
        errorPath = "\(directory)/canopy-child-\(stamp).err"
        processIdentifier = try Self.spawn(
            [executable] + arguments, environment: variables.map { "\($0.key)=\($0.value)" },
            stdout: .file(outputPath), stderr: .file(errorPath))
    }

    /// Asks the child to end (SIGTERM), then waits for it and collects what it printed.
    public func terminate() -> Result {
        kill(processIdentifier, SIGTERM)
        return wait()
    }

    /// Whether the child has exited (and waits to be collected by ``wait()``).
    public var hasExited: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// What the child has written to standard output so far (it may still be running).
    public var outputSoFar: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Waits (woken by each write to its output, through inotify) until the child has printed
    /// `text`; false when it exits first or `timeout` seconds pass.
    public func waitForOutput(containing text: String, timeout: Double) -> Bool {
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        guard watch >= 0 else { return outputSoFar.contains(text) }
        defer { close(watch) }
        inotify_add_watch(watch, outputPath, UInt32(IN_MODIFY))
        let deadline = Date(timeIntervalSinceNow: timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !outputSoFar.contains(text) {
            // The child's exit writes nothing: look at least every 100 ms whether it is gone.
            let left = deadline.timeIntervalSinceNow
            guard !hasExited, left > 0 else { return outputSoFar.contains(text) }
            var descriptor = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(min(100, max(1, left * 1000)))) > 0 {
                _ = read(watch, &buffer, buffer.count)
            }
        }
        return true
    }

    /// Waits for the child to exit and collects what it printed.
    public func wait() -> Result {
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) == -1, errno == EINTR {}
        return collect(status)
    }

    /// Waits at most `timeout` seconds for the child to exit, then kills it (status 137), so a
    /// child that hangs fails the test instead of hanging the run.
    public func wait(timeout: Double) -> Result {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(processIdentifier, SIGKILL)
                return wait()
            }
            var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)  // a watchdog's tick, not a sync
            nanosleep(&pause, nil)
        }
        return collect(status)
    }

    /// Waits up to `timeout` seconds for the child to exit, woken by its exit (a pidfd), without
    /// collecting it; returns whether it has exited.
    public func waitForExit(timeout: Double) -> Bool {
        let exit = pidfd_open(processIdentifier, 0)
        guard exit >= 0 else { return hasExited }
        defer { close(exit) }
        var descriptor = pollfd(fd: exit, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, Int32(timeout * 1000)) == -1, errno == EINTR {}
        return descriptor.revents & Int16(POLLIN) != 0
    }

    /// Runs `application`'s loop (which may be serving the child) until the child exits, woken
    /// by its exit (a pidfd), and collects what it printed; `nil` when it is still running after
    /// `timeout` seconds (it is then killed).
    @MainActor public func wait(servedBy application: Application, timeout: Double) -> Result? {
        let exit = pidfd_open(processIdentifier, 0)
        if exit >= 0 { application.addReadHandler(for: exit) {} }  // wakes the loop; the check below reads it
        defer {
            if exit >= 0 {
                application.removeReadHandler(for: exit)
                close(exit)
            }
        }
        var result: Result?
        _ = application.run(timeout: timeout) {
            result = resultIfExited()
            return result != nil
        }
        if result == nil { kill(processIdentifier, SIGKILL) }
        return result
    }

    /// What the child left behind if it has exited, else `nil` at once. Once it has answered,
    /// the child is gone: ask once.
    public func resultIfExited() -> Result? {
        var status: Int32 = 0
        var found: pid_t
        repeat { found = waitpid(processIdentifier, &status, WNOHANG) } while found == -1 && errno == EINTR
        return found == processIdentifier ? collect(status) : nil
    }

    private func collect(_ status: Int32) -> Result {
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        return Result(
            status: code, output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// Where a child's output goes.
    enum Destination {
        case descriptor(Int32)
        case file(String)
        case null
    }

    /// Starts `arguments` (the program first) with standard input from /dev/null.
    static func spawn(
        _ arguments: [String], environment: [String]? = nil, stdout: Destination, stderr: Destination
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (target, destination) in [(Int32(1), stdout), (2, stderr)] {
            switch destination {
            case let .descriptor(descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case let .file(path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let cEnvironment = environment.map { $0.map { strdup($0) } + [nil] }
        defer { cEnvironment?.forEach { free($0) } }
        var pid: pid_t = 0
        let result: Int32
        if var cEnvironment {
            result = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, &cEnvironment)
        } else {
            result = posix_spawn(&pid, arguments[0], &actions, &attributes, &cArguments, environ)
        }
        guard result == 0 else {
            throw VirtualDisplay.StartError(
                description: "could not start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }
}
