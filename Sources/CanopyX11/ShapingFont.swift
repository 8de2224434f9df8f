import CHarfBuzz
import CX11

/// A HarfBuzz font on the FreeType face an Xft face opened.
///
/// The HarfBuzz face reads the font's tables through the FreeType face (referenced, so it
/// outlives Xft closing its copy); glyph advances and offsets come from HarfBuzz's own
/// OpenType functions at 64 units per pixel, so shaping never touches FreeType's size state,
/// which Xft shares between the sizes of one file.
@MainActor final class ShapingFont {
    /// Units per pixel in HarfBuzz positions (FreeType's 26.6 fixed point).
    static let unitsPerPixel = 64.0

    let font: OpaquePointer

    /// Makes the HarfBuzz font for `face` at `pixelSize` (the size asked for: a bitmap face's
    /// pattern holds its strike's size, which Xft scales from); `nil` when its FreeType face
    /// cannot be had.
    init?(face: UnsafeMutablePointer<XftFont>, pixelSize: Double) {
        guard LibHarfBuzz.isLoaded, let freeType = XftLockFace(face) else { return nil }
        let hbFace = hb.ft_face_create_referenced(freeType)
        XftUnlockFace(face)
        guard let hbFace, let font = hb.font_create(hbFace) else { return nil }
        hb.face_destroy(hbFace)  // the font holds its own reference
        hb.ot_font_set_funcs(font)
        let scale = Int32((pixelSize * Self.unitsPerPixel).rounded())
        hb.font_set_scale(font, scale, scale)
        self.font = font
    }

    /// Releases the HarfBuzz font (the FreeType face goes when its last reference does).
    func close() {
        hb.font_destroy(font)
    }
}
