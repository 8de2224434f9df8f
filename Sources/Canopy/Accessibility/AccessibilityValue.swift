/// A number an element shows and the range it lies in, for assistive technology: a slider's
/// value, a progress bar's fraction done.
public struct AccessibilityValue: Hashable, Sendable {
    /// The value now.
    public var current: Double
    /// The least it can be.
    public var minimum: Double
    /// The most it can be.
    public var maximum: Double
    /// The smallest change it takes (0 for any).
    public var step: Double

    /// Creates a value of `current` in `minimum...maximum`, changing by `step` (0 for any).
    public init(current: Double, minimum: Double, maximum: Double, step: Double = 0) {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
    }
}
