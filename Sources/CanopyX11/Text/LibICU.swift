import CICU

/// ICU's break iterators, loaded at run time (`dlopen`, not linked) the first time text is
/// wrapped or a word is moved over (``ICUTextSegmenter``): an app that does neither never loads
/// ICU, and its first frame does not wait for it.
enum LibICU {
    /// The functions' table, filled by ``version``'s first reading.
    nonisolated(unsafe) private static let table = UnsafeMutablePointer<CanopyICU>.allocate(capacity: 1)

    /// The major version of the ICU loaded (72 for libicuuc.so.72), or `nil` when there is none;
    /// the first reading loads it (once, whichever thread asks).
    static let version: Int? = {
        let version = Int(canopy_icu_load(table))
        return version > 0 ? version : nil
    }()

    /// ICU's functions, for code that runs only once ``version`` was known.
    static var functions: CanopyICU { table.pointee }
}
