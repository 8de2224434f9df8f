import Canopy

/// What Canopy takes from the desktop's XSETTINGS.
extension XSettings {
    /// `Xft/DPI` (in 1024ths of a dot per inch) in dots per inch, when set and positive.
    var dotsPerInch: Double? {
        guard case .integer(let value) = values["Xft/DPI"], value > 0 else { return nil }
        return Double(value) / 1024
    }

    /// `Net/DoubleClickTime` (milliseconds), `Net/DoubleClickDistance` (pixels, read as points),
    /// `Net/CursorBlink` (0 for a caret that does not blink), `Net/CursorBlinkTime` (the
    /// milliseconds of a whole on-and-off cycle, as GTK reads it) and `Net/ThemeName` (dark when
    /// it ends in `-dark`, as dark GTK themes are named: "Adwaita-dark") over `defaults`; a setting
    /// missing, of another type or out of range keeps the default.
    func desktopSettings(over defaults: DesktopSettings = DesktopSettings()) -> DesktopSettings {
        var settings = defaults
        if let time = positiveInteger("Net/DoubleClickTime") { settings.doubleClickInterval = Double(time) / 1000 }
        if case .integer(let distance) = values["Net/DoubleClickDistance"], distance >= 0 {
            settings.doubleClickDistance = Double(distance)
        }
        if let cycle = positiveInteger("Net/CursorBlinkTime") { settings.caretBlinkInterval = Double(cycle) / 2000 }
        if case .integer(0) = values["Net/CursorBlink"] { settings.caretBlinkInterval = nil }
        if case .string(let theme) = values["Net/ThemeName"] {
            settings.colorScheme = theme.lowercased().hasSuffix("-dark") ? .dark : .light
        }
        return settings
    }

    /// `Gtk/CursorThemeName`, when set and not empty.
    var cursorThemeName: String? {
        guard case .string(let name) = values["Gtk/CursorThemeName"], !name.isEmpty else { return nil }
        return name
    }

    /// `Gtk/CursorThemeSize` in pixels, when set and sensible (1 to 512).
    var cursorThemeSize: Int? {
        positiveInteger("Gtk/CursorThemeSize").map(Int.init).flatMap { $0 <= 512 ? $0 : nil }
    }

    private func positiveInteger(_ name: String) -> Int32? {
        guard case .integer(let value) = values[name], value > 0 else { return nil }
        return value
    }
}
