import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Loads fontconfig's configuration on a thread of its own while the app connects to the X
/// server and builds its views; the first font lookup waits for it to finish.
///
/// Parsing fonts.conf and its includes is most of a small app's start-up CPU time, and it
/// needs nothing from the X server, so it can overlap the connection's round trips. fontconfig
/// makes its default configuration once, safely across threads; the main thread only touches
/// fonts after ``waitUntilLoaded()``, so the two never load it twice. The thread ends when the
/// configuration is loaded: nothing lingers to wake the process later.
@MainActor enum FontconfigWarmUp {
    private enum State {
        case notStarted
        case loading(pthread_t)
        case loaded
    }

    private static var state = State.notStarted

    /// Starts loading, once per process (loads on this thread if no thread can be made).
    static func start() {
        guard case .notStarted = state else { return }
        var thread = pthread_t()
        if pthread_create(&thread, nil, loadFontconfiguration, nil) == 0 {
            state = .loading(thread)
        } else {
            _ = FcInit()
            state = .loaded
        }
    }

    /// Returns once the configuration is loaded (loading it here if nothing has started to).
    static func waitUntilLoaded() {
        switch state {
        case .notStarted:
            _ = FcInit()
        case .loading(let thread):
            pthread_join(thread, nil)
        case .loaded:
            return
        }
        state = .loaded
    }
}

/// The warm-up thread's body. Not isolated to the main actor: it runs on its own thread.
private func loadFontconfiguration(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    _ = FcInit()
    return nil
}
