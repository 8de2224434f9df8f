import CX11

#if canImport(Glibc)
    import Glibc
#endif

/// Gets text ready on a thread of its own while the app connects to the X server and builds
/// its views: loads fontconfig's configuration, HarfBuzz and FriBidi, and shapes a word in the
/// default font so that its face's tables are read and its first shape plan made; the first
/// font lookup waits for it to finish.
///
/// Parsing fonts.conf and its includes is most of a small app's start-up CPU time, and loading
/// HarfBuzz (with GLib, graphite2 and PCRE2, all bound at load) much of the rest; none of it
/// needs the X server, so it can overlap the connection's round trips. fontconfig makes its
/// default configuration once, safely across threads, and the libraries load once whichever
/// thread asks first; the main thread only touches fonts and shaping after
/// ``waitUntilLoaded()``, so nothing runs on both threads at once. The shaping touches nothing
/// of Xft's: the face is read from the font's file (``FontFileFace``), and the main thread
/// takes it over (``takeWarmedFace()``) when a font from that file is first shaped. The thread
/// ends when it is done: nothing lingers to wake the process later.
@MainActor enum TextWarmUp {
    private enum State {
        case notStarted
        case loading(pthread_t)
        case loaded
    }

    private static var state = State.notStarted
    /// The default font's face, shaped with once: written by the warm-up thread, read by the
    /// main thread only after joining it.
    nonisolated(unsafe) fileprivate static var warmedFace: FontFileFace?

    /// Starts loading, once per process (loads on this thread if no thread can be made), and
    /// warms up the face of `family` (the default family).
    static func start(family: String) {
        guard case .notStarted = state else { return }
        var thread = pthread_t()
        let argument = strdup(family)
        if pthread_create(&thread, nil, warmUpText, argument) == 0 {
            state = .loading(thread)
        } else {
            free(argument)
            _ = loadTextLibraries()
            finish()
        }
    }

    /// The face the warm-up thread read and shaped with, once it is done, for the first caller
    /// (who then owns it); `nil` after that or when there is none.
    static func takeWarmedFace() -> FontFileFace? {
        guard case .loaded = state else { return nil }
        defer { warmedFace = nil }
        return warmedFace
    }

    /// Returns once everything is loaded (loading it here if nothing has started to); says
    /// once on standard error when HarfBuzz or FriBidi is missing.
    static func waitUntilLoaded() {
        switch state {
        case .notStarted:
            _ = loadTextLibraries()
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

/// The warm-up thread's body: loads, then shapes in the family its argument names (a C string
/// it frees). Not isolated to the main actor: it runs on its own thread.
private func warmUpText(_ family: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    defer { free(family) }
    guard loadTextLibraries(), let family else { return nil }
    TextWarmUp.warmedFace = shapeOnce(family: String(cString: family.assumingMemoryBound(to: CChar.self)))
    return nil
}

/// Loads fontconfig's configuration and the libraries; whether HarfBuzz is there.
private func loadTextLibraries() -> Bool {
    _ = FcInit()
    _ = LibFriBidi.isLoaded
    return LibHarfBuzz.isLoaded
}

/// The face fontconfig picks for `family` (regular weight, as most text is), after shaping a
/// Latin word with it left to right, as most first lines are.
private func shapeOnce(family: String) -> FontFileFace? {
    guard let pattern = FcPatternCreate() else { return nil }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, family)
    FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_REGULAR)
    FcPatternAddBool(pattern, FC_COLOR, 0)
    FcConfigSubstitute(nil, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultMatch
    guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
    defer { FcPatternDestroy(match) }
    guard let key = FontFileFace.key(of: match) else { return nil }
    guard let face = FontFileFace(key) else { return nil }
    guard let font = hb.font_create(face.face), let buffer = hb.buffer_create() else { return face }
    ShapingFont.configure(font, pixelSize: 16)
    let word: [UInt32] = "Ag".unicodeScalars.map(\.value)
    hb.buffer_add_utf32(buffer, word, Int32(word.count), 0, Int32(word.count))
    hb.buffer_guess_segment_properties(buffer)
    hb.shape(font, buffer, nil, 0)
    hb.buffer_destroy(buffer)
    hb.font_destroy(font)
    return face
}
