import CX11
import CXcursor
import Canopy

/// The X cursors of one display, made the first time a window shows each shape and kept until
/// the connection closes.
///
/// A shape comes from the user's cursor theme by its freedesktop name (libXcursor reads
/// `XCURSOR_THEME`, `XCURSOR_SIZE` and the `Xcursor.theme` and `Xcursor.size` resources
/// itself, and the desktop's XSETTINGS override them); a theme without that name gives the core
/// cursor font's nearest shape.
@MainActor final class PointerShapeCache {
    private let display: OpaquePointer
    private var cursors: [Canopy.Cursor: CX11.Cursor] = [:]
    /// The theme and size the desktop asked for, `nil` where it said nothing.
    private var desktopTheme: (name: String?, size: Int?) = (nil, nil)

    init(display: OpaquePointer) {
        self.display = display
    }

    /// The X cursor for `shape`, made on first use.
    func cursor(for shape: Canopy.Cursor) -> CX11.Cursor {
        if let cursor = cursors[shape] { return cursor }
        let themed = XcursorLibraryLoadCursor(display, shape.name)
        let cursor = themed != 0 ? themed : XCreateFontCursor(display, UInt32(Self.fontGlyph(for: shape)))
        cursors[shape] = cursor
        return cursor
    }

    /// Makes the cursors from now on from the desktop's theme `name` at `size` pixels
    /// (XSETTINGS' `Gtk/CursorThemeName` and `Gtk/CursorThemeSize`; libXcursor's own choice
    /// where `nil`), forgetting those made before. Returns whether anything changed: the windows
    /// must then show their shapes again.
    func follow(themeName name: String?, size: Int?) -> Bool {
        guard name != desktopTheme.name || size != desktopTheme.size else { return false }
        desktopTheme = (name, size)
        if let name { XcursorSetTheme(display, name) }
        if let size { XcursorSetDefaultSize(display, Int32(size)) }
        removeAll()
        return true
    }

    /// Frees every cursor made.
    func removeAll() {
        for cursor in cursors.values { XFreeCursor(display, cursor) }
        cursors.removeAll()
    }

    /// The core cursor font's glyph nearest to `shape`.
    static func fontGlyph(for shape: Canopy.Cursor) -> Int32 {
        switch shape {
        case .arrow: XC_left_ptr
        case .hand: XC_hand2
        case .text: XC_xterm
        case .columnResize: XC_sb_h_double_arrow
        case .rowResize: XC_sb_v_double_arrow
        case .resize(.top): XC_top_side
        case .resize(.bottom): XC_bottom_side
        case .resize(.left): XC_left_side
        case .resize(.right): XC_right_side
        case .resize(.topLeft): XC_top_left_corner
        case .resize(.topRight): XC_top_right_corner
        case .resize(.bottomLeft): XC_bottom_left_corner
        case .resize(.bottomRight): XC_bottom_right_corner
        case .move, .grabbing: XC_fleur
        case .grab: XC_hand1
        case .notAllowed: XC_circle
        case .wait, .progress: XC_watch
        case .crosshair: XC_crosshair
        }
    }
}
