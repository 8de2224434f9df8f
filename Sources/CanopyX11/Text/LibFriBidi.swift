import CFriBidi

/// FriBidi, loaded at run time (`dlopen`, not linked) on the thread that warms up text while
/// the app connects (``TextWarmUp``).
enum LibFriBidi {
    /// The functions' table, filled by ``isLoaded``'s first reading.
    nonisolated(unsafe) private static let table = UnsafeMutablePointer<CanopyFriBidi>.allocate(capacity: 1)

    /// Whether FriBidi is loaded; the first reading loads it (once, whichever thread asks).
    static let isLoaded: Bool = canopy_fribidi_load(table) != 0

    /// FriBidi's functions, for code that runs only once ``isLoaded`` was true.
    static var functions: CanopyFriBidi { table.pointee }
}

/// FriBidi's functions, named without their `fribidi_` prefix (`fribidi.reorder_line(...)`).
var fribidi: CanopyFriBidi { LibFriBidi.functions }
