extension Int {
    /// This index moved to the nearest of `0..<count` (a chosen tab, segment or option kept
    /// among those there are), or `nil` when `count` is 0 or less.
    func clampedIndex(count: Int) -> Int? {
        count > 0 ? Swift.min(Swift.max(self, 0), count - 1) : nil
    }
}
