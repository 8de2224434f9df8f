#if canImport(Glibc)
    import Glibc
#endif

/// Whether another process ends, read from `/proc` (a process that has ended but is not yet
/// reaped by its parent counts as ended).
enum ProcessWatch {
    /// Whether `process` has ended, or ends within `seconds`.
    static func ends(_ process: pid_t, within seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while isRunning(process) {
            guard ContinuousClock.now < deadline else { return false }
            var tick = timespec(tv_sec: 0, tv_nsec: 10_000_000)  // nothing to wait on: another process
            nanosleep(&tick, nil)
        }
        return true
    }

    /// Whether `process` exists and has not ended (its state in `/proc/PID/stat` is not Z or X).
    static func isRunning(_ process: pid_t) -> Bool {
        // "PID (name) S ...": the state follows the name's last closing parenthesis and a space.
        guard let stat = contents(of: "/proc/\(process)/stat"), let nameEnd = stat.lastIndex(of: UInt8(ascii: ")")),
            stat.index(nameEnd, offsetBy: 2) < stat.endIndex
        else { return false }
        let state = stat[stat.index(nameEnd, offsetBy: 2)]
        return state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
    }

    /// The first 4 KiB of the file at `path` (a `/proc` file's whole), or `nil` when it cannot
    /// be read.
    private static func contents(of path: String) -> [UInt8]? {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return Array(bytes[..<count])
    }
}
