import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Whether another process ends, read from `/proc` (a process that has ended but is not yet
/// reaped by its parent counts as ended).
enum ProcessWatch {
    /// Whether `process` has ended, or ends within `seconds`.
    static func ends(_ process: pid_t, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning(process) {
            guard Date() < deadline else { return false }
            var tick = timespec(tv_sec: 0, tv_nsec: 10_000_000)  // nothing to wait on: another process
            nanosleep(&tick, nil)
        }
        return true
    }

    /// Whether `process` exists and has not ended (its state in `/proc/PID/stat` is not Z or X).
    static func isRunning(_ process: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ", options: .backwards)
        else { return false }
        let state = stat[afterName.upperBound...].first
        return state != "Z" && state != "X"
    }
}
