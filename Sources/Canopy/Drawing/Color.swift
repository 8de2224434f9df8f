/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0...1.
public struct Color: Hashable, Sendable {
    /// The red component, in 0...1.
    public var red: Double
    /// The green component, in 0...1.
    public var green: Double
    /// The blue component, in 0...1.
    public var blue: Double
    /// The opacity, in 0...1.
    public var alpha: Double

    /// Creates a colour from components in 0...1; values outside are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// Creates a colour from a 24-bit RGB value such as `0x58baff`.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xff) / 255, green: Double((rgb >> 8) & 0xff) / 255,
            blue: Double(rgb & 0xff) / 255, alpha: alpha)
    }

    /// Creates a grey from its brightness.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour with its alpha replaced.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Whether the colour draws nothing.
    public var isClear: Bool { alpha <= 0 }

    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

    /// Fully transparent.
    public static let clear = Color(white: 0, alpha: 0)
    /// Opaque black.
    public static let black = Color(white: 0)
    /// Opaque white.
    public static let white = Color(white: 1)
    /// Opaque mid grey.
    public static let gray = Color(white: 0.5)
    /// Opaque light grey, two thirds of the way to white.
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// Opaque pure red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque pure green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque pure blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)
}
