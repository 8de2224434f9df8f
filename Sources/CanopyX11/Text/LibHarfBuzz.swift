import CHarfBuzz

/// HarfBuzz, loaded at run time (`dlopen`, not linked) on the thread that warms up text while
/// the app connects (``TextWarmUp``), so its loading overlaps the connection and the first fonts opening.
enum LibHarfBuzz {
    /// The functions' table, filled by ``isLoaded``'s first reading.
    nonisolated(unsafe) private static let table = UnsafeMutablePointer<CanopyHarfBuzz>.allocate(capacity: 1)

    /// Whether HarfBuzz is loaded; the first reading loads it (once, whichever thread asks).
    static let isLoaded: Bool = canopy_harfbuzz_load(table) != 0

    /// HarfBuzz's functions, for code that runs only once ``isLoaded`` was true.
    static var functions: CanopyHarfBuzz { table.pointee }
}

/// HarfBuzz's functions, named without their `hb_` prefix (`hb.buffer_create()`).
var hb: CanopyHarfBuzz { LibHarfBuzz.functions }
