#if canImport(Glibc)
    import Glibc
#endif

/// Prints one line per user-visible outcome ("dropdown: selected Hello 3") and flushes at
/// once, so a person or a script reading the output sees each outcome as it happens.
enum Announcer {
    static func say(_ line: String) {
        print(line)
        fflush(nil)
    }
}
