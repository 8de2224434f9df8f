/// The scale a window draws at, in pixels per point, as the user asked for it: `$CANOPY_SCALE`,
/// else the desktop's XSETTINGS `Xft/DPI`, else the `Xft.dpi` X resource, over 96 rounded to a
/// quarter, else 1. A value that is not a
/// number, or lies outside what Canopy draws at (1 to 4), is said once on standard error with
/// what was used instead, never ignored in silence.
struct ScaleSetting {
    /// The scales Canopy draws at.
    static let supported = 1.0...4.0

    /// The scale to draw at.
    let scale: Double
    /// What was wrong with the settings read, in one line each; empty when nothing was.
    let problems: [String]

    /// Reads `environmentValue` (`$CANOPY_SCALE`, if set and not empty), `desktopDotsPerInch`
    /// (XSETTINGS' `Xft/DPI`, if the desktop serves it) and `resources` (the X resource string
    /// the server holds, if any).
    init(environmentValue: String?, desktopDotsPerInch: Double? = nil, resources: String?) {
        var problems: [String] = []
        scale = Self.read(
            environmentValue: environmentValue, desktopDotsPerInch: desktopDotsPerInch, resources: resources,
            problems: &problems)
        let used = Self.format(scale)
        self.problems = problems.map { "\($0); drawing at scale \(used)." }
    }

    private static func read(
        environmentValue: String?, desktopDotsPerInch: Double?, resources: String?, problems: inout [String]
    ) -> Double {
        if let environmentValue, !environmentValue.isEmpty {
            if let asked = Double(environmentValue), asked.isFinite, asked > 0 {
                return clamped(asked, from: "CANOPY_SCALE=\(environmentValue)", problems: &problems)
            }
            problems.append("CANOPY_SCALE=\"\(environmentValue)\" is not a positive number, so it is ignored")
        }
        if let dpi = desktopDotsPerInch, dpi.isFinite, dpi > 0 {
            let asked = (dpi / 96 * 4).rounded() / 4
            return clamped(asked, from: "XSETTINGS Xft/DPI \(dpi) (scale \(format(asked)))", problems: &problems)
        }
        guard let dpiText = value(of: "Xft.dpi", in: resources) else { return 1 }
        guard let dpi = Double(dpiText), dpi.isFinite, dpi > 0 else {
            problems.append("the X resource Xft.dpi \"\(dpiText)\" is not a positive number, so it is ignored")
            return 1
        }
        let asked = (dpi / 96 * 4).rounded() / 4
        return clamped(asked, from: "Xft.dpi \(dpiText) (scale \(format(asked)))", problems: &problems)
    }

    /// `asked` within ``supported``, with a problem noted when it was outside.
    private static func clamped(_ asked: Double, from source: String, problems: inout [String]) -> Double {
        let used = min(max(asked, supported.lowerBound), supported.upperBound)
        if used != asked { problems.append("\(source) is outside the scales Canopy draws at, 1 to 4") }
        return used
    }

    /// The value of the resource `name` in an X resource string ("name:\tvalue" lines).
    private static func value(of name: String, in resources: String?) -> String? {
        guard let resources else { return nil }
        for line in resources.split(separator: "\n") where line.hasPrefix(name + ":") {
            return String(line.dropFirst(name.count + 1).drop(while: { $0 == " " || $0 == "\t" }))
        }
        return nil
    }

    private static func format(_ scale: Double) -> String {
        Int(exactly: scale).map { "\($0)" } ?? "\(scale)"
    }
}
