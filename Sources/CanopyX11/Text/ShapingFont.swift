/// A HarfBuzz font: a face read from its file (``FontFileFace``) at one size.
///
/// Glyph advances and offsets come from HarfBuzz's own OpenType functions at 64 units per
/// pixel, as `hb-shape` computes them, so shaping never touches FreeType's size state, which
/// Xft shares between the sizes of one file.
@MainActor final class ShapingFont {
    /// Units per pixel in HarfBuzz positions (FreeType's 26.6 fixed point).
    static let unitsPerPixel = 64.0

    let font: OpaquePointer

    /// Makes the HarfBuzz font for `face` at `pixelSize` (the size asked for: a bitmap face's
    /// pattern holds its strike's size, which Xft scales from); `nil` when HarfBuzz makes none.
    init?(face: FontFileFace, pixelSize: Double) {
        guard let font = hb.font_create(face.face) else { return nil }
        hb.ot_font_set_funcs(font)
        let scale = Int32((pixelSize * Self.unitsPerPixel).rounded())
        hb.font_set_scale(font, scale, scale)
        self.font = font
    }

    /// Releases the HarfBuzz font (the face stays, for the file's other sizes).
    func close() {
        hb.font_destroy(font)
    }
}
