#if canImport(Glibc)
    import Glibc
#endif

/// Holds back what the process writes to standard error from its creation until ``finish()``:
/// libxcb writes a server's refusal there itself, and Canopy reports it in its own words. Only
/// meant for a short call; what another thread writes meanwhile is held back too, so callers
/// pass it on (``finishPassingOn()``) unless they know it is libxcb's.
final class StandardErrorCapture {
    private var saved: Int32 = -1
    private var reading: Int32 = -1

    /// Starts catching (or, when no pipe can be made, leaves standard error as it is).
    init() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        fflush(nil)  // every stream, standard error included
        let saved = dup(2)
        guard saved >= 0, dup2(ends[1], 2) >= 0 else {
            for end in ends + [saved] where end >= 0 { close(end) }
            return
        }
        close(ends[1])
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        self.saved = saved
        reading = ends[0]
    }

    /// Puts standard error back and returns what was written to it meanwhile.
    func finish() -> String {
        guard saved >= 0 else { return "" }
        fflush(nil)  // every stream, standard error included
        dup2(saved, 2)
        close(saved)
        saved = -1
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = read(reading, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        close(reading)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Puts standard error back and writes to it what was held back.
    func finishPassingOn() {
        var bytes = Array(finish().utf8)
        guard !bytes.isEmpty else { return }
        _ = write(2, &bytes, bytes.count)
    }

    deinit {
        _ = finish()
    }
}
