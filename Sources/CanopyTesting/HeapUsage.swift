import CMalloc

/// How much of the C heap (where Swift objects and arrays live) is in use, from glibc's
/// `mallinfo2`: tests compare it before and after work to prove the work allocated little.
public enum HeapUsage {
    /// Bytes currently allocated by `malloc` and not yet freed, counting the large blocks it
    /// maps separately.
    public static var bytesInUse: Int {
        let info = mallinfo2()
        return Int(info.uordblks) + Int(info.hblkhd)
    }
}
