import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Gets text ready on a thread of its own while the app connects to the X server and builds
/// its views: loads fontconfig's configuration (the first font lookup waits for it), then
/// HarfBuzz and FriBidi (the first line shaped waits for them).
///
/// Parsing fonts.conf and its includes is most of a small app's start-up CPU time, and it
/// needs nothing from the X server, so it can overlap the connection's round trips. Loading
/// HarfBuzz (with GLib, graphite2 and PCRE2, all bound at load) comes after it, so it neither
/// lengthens the first font lookup's wait nor holds the dynamic loader's lock while the main
/// thread starts its own threads; it overlaps the main thread opening its first fonts. Each
/// step runs once, whichever thread asks first, and a thread asking while another runs it
/// waits for it (``Fontconfig/isLoaded``, ``LibHarfBuzz/isLoaded``, ``LibFriBidi/isLoaded``).
/// The thread ends when it is done: nothing lingers to wake the process later.
@MainActor enum TextWarmUp {
    private static var hasStarted = false
    private static var hasCheckedLibraries = false

    /// Starts loading, once per process (if no thread can be made, each step runs when first
    /// needed).
    static func start() {
        guard !hasStarted else { return }
        hasStarted = true
        var thread = pthread_t()
        if pthread_create(&thread, nil, loadForText, nil) == 0 { pthread_detach(thread) }
    }

    /// Returns once fontconfig's configuration is loaded (loading it here if nothing has
    /// started to).
    static func waitUntilLoaded() {
        _ = Fontconfig.isLoaded
    }

    /// Does every step not done yet and waits for any step another thread is doing; returns
    /// when all are done (the warm-up thread's whole work).
    nonisolated static func finish() {
        _ = Fontconfig.isLoaded
        _ = LibHarfBuzz.isLoaded
        _ = LibFriBidi.isLoaded
    }

    /// Returns once HarfBuzz and FriBidi are loaded or known missing (loading them here if
    /// nothing has started to); says once on standard error when one is missing.
    static func waitUntilLibrariesLoaded() {
        guard !hasCheckedLibraries else { return }
        hasCheckedLibraries = true
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

/// fontconfig's default configuration, loaded by the first reading of ``isLoaded``.
enum Fontconfig {
    /// Whether the configuration loaded; the first reading loads it (once, whichever thread
    /// asks).
    static let isLoaded: Bool = FcInit() != 0
}

/// The warm-up thread's body. Not isolated to the main actor: it runs on its own thread.
private func loadForText(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    TextWarmUp.finish()
    return nil
}
