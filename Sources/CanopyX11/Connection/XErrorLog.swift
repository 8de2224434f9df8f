import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Installs the process-wide Xlib error handlers.
///
/// A protocol error (a bad drawable, a window destroyed from outside) is logged once per kind
/// and the app goes on. A lost connection cannot be survived: Xlib exits the process as soon as
/// the IO handler returns, so the handler prints which display went away, and whether the
/// server closed the connection or is gone, and exits with status 1. A write to a connection
/// the server has closed (xkill during start-up, before anything was read) would raise SIGPIPE
/// and end the process without a word, so SIGPIPE is ignored: the write fails, and the IO
/// handler says what happened.
enum XErrorLog {
    /// The display the IO error message names; written on the main thread before the handler
    /// can run, and only read by the handler Xlib calls on that same thread.
    nonisolated(unsafe) static var displayName = ""
    /// The server's process, when the connection is a local socket that tells it (0 otherwise);
    /// written with `displayName`.
    nonisolated(unsafe) static var serverProcess: pid_t = 0
    /// The kinds of protocol error already logged, by error and request code.
    nonisolated(unsafe) private static var seen = Set<UInt32>()
    /// How many protocol errors have arrived, logged or not.
    nonisolated(unsafe) private(set) static var errorCount = 0

    static func install() {
        signal(SIGPIPE, SIG_IGN)
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            XErrorLog.record(display, event.pointee)
            return 0
        }
        XSetIOErrorHandler { _ in
            DisplayOpener.abandonOpeningOnThisThread()  // returns only on the app's own thread
            reportProblem(XErrorLog.lostConnectionMessage())
            exit(1)
        }
    }

    /// What to say when the connection is gone: the server closed it while still running (a
    /// client such as xkill asked it to), or the server itself went away. A local server's
    /// process is given half a second to end (a server shutting down closes its clients first);
    /// a remote one is asked for a new connection.
    private static func lostConnectionMessage() -> String {
        let name = XErrorLog.displayName
        let serverStillThere =
            serverProcess > 0
            ? !ProcessWatch.ends(serverProcess, within: 0.5)
            : DisplayAddress(name)?.acceptsConnections(timeout: 0.5) == true
        if serverStillThere {
            return "the X server on \"\(name)\" closed this program's connection (xkill, or the window manager, "
                + "ended it); exiting."
        }
        return "lost the connection to the X server on \"\(name)\": the server went away (it stopped or crashed); "
            + "exiting."
    }

    /// The process at the other end of the local socket `descriptor`, or 0 when it is not a
    /// local socket or the process is out of sight (another PID namespace).
    static func peerProcess(of descriptor: Int32) -> pid_t {
        // struct ucred (pid, uid, gid), which Glibc only declares for _GNU_SOURCE.
        var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return 0 }
        return credentials.pid
    }

    private static func record(_ display: OpaquePointer, _ event: XErrorEvent) {
        errorCount += 1
        let kind = UInt32(event.error_code) << 8 | UInt32(event.request_code)
        guard seen.insert(kind).inserted else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let resource = String(event.resourceid, radix: 16)
        reportProblem(
            "X error: \(text) (request \(event.request_code).\(event.minor_code), resource 0x\(resource)); going on.")
    }
}
