#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line, prefixed with "canopy: ", to standard error.
func reportProblem(_ message: String) {
    let line = "canopy: \(message)\n"
    var bytes = Array(line.utf8)
    _ = write(2, &bytes, bytes.count)
}
