import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Gets text ready on a thread of its own while the app connects to the X server and builds
/// its views: loads fontconfig's configuration, HarfBuzz and FriBidi; the first font lookup
/// waits for it to finish.
///
/// Parsing fonts.conf and its includes is most of a small app's start-up CPU time, and loading
/// HarfBuzz (with GLib, graphite2 and PCRE2, all bound at load) much of the rest; none of it
/// needs the X server, so it can overlap the connection's round trips. fontconfig makes its
/// default configuration once, safely across threads, and the libraries load once whichever
/// thread asks first; the main thread only touches fonts and shaping after
/// ``waitUntilLoaded()``, so nothing runs on both threads at once. The thread ends when it is
/// done: nothing lingers to wake the process later.
@MainActor enum TextWarmUp {
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
        if pthread_create(&thread, nil, loadTextLibraries, nil) == 0 {
            state = .loading(thread)
        } else {
            _ = loadTextLibraries(nil)
            finish()
        }
    }

    /// Returns once everything is loaded (loading it here if nothing has started to); says
    /// once on standard error when HarfBuzz or FriBidi is missing.
    static func waitUntilLoaded() {
        switch state {
        case .notStarted:
            _ = loadTextLibraries(nil)
        case .loading(let thread):
            pthread_join(thread, nil)
        case .loaded:
            return
        }
        finish()
    }

    private static func finish() {
        state = .loaded
        if let problem = missingLibraries(harfBuzz: LibHarfBuzz.isLoaded, friBidi: LibFriBidi.isLoaded) {
            reportProblem(problem)
        }
    }

    /// What text loses without the libraries, in one line; `nil` when both are there.
    nonisolated static func missingLibraries(harfBuzz: Bool, friBidi: Bool) -> String? {
        switch (harfBuzz, friBidi) {
        case (true, true):
            return nil
        case (false, true):
            return "HarfBuzz (libharfbuzz.so.0) could not be loaded: text is drawn unshaped, one glyph per "
                + "character (install libharfbuzz0b)"
        case (true, false):
            return "FriBidi (libfribidi.so.0) could not be loaded: text is drawn in logical order, right-to-left "
                + "words reversed (install libfribidi0)"
        case (false, false):
            return "HarfBuzz (libharfbuzz.so.0) and FriBidi (libfribidi.so.0) could not be loaded: text is drawn "
                + "unshaped and in logical order (install libharfbuzz0b and libfribidi0)"
        }
    }
}

/// The warm-up thread's body. Not isolated to the main actor: it runs on its own thread.
private func loadTextLibraries(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    _ = FcInit()
    _ = LibHarfBuzz.isLoaded
    _ = LibFriBidi.isLoaded
    return nil
}
