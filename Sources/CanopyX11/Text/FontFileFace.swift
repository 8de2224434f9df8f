import CHarfBuzz
import CX11

/// A HarfBuzz face read from a font file (HarfBuzz maps the file itself, as `hb-shape` does),
/// shared by every size of that file's fonts: its tables are parsed, and its shape plans made,
/// once. It touches nothing of Xft's FreeType faces.
struct FontFileFace {
    /// A face in a file: its path and its index there (a collection holds several).
    struct Key: Equatable {
        let path: String
        let index: UInt32
    }

    let key: Key
    /// The HarfBuzz face, owned: released by ``close()``.
    let face: OpaquePointer

    /// Reads the face `key` names (an empty face, which shapes nothing, when the file cannot
    /// be read); `nil` when HarfBuzz makes none.
    init?(_ key: Key) {
        let blob = hb.blob_create_from_file(key.path)
        let face = hb.face_create(blob, key.index)
        hb.blob_destroy(blob)  // the face holds its own reference
        guard let face else { return nil }
        self.key = key
        self.face = face
    }

    /// Which face of which file fontconfig opened for `pattern` (a match); `nil` when it names
    /// no file.
    static func key(of pattern: OpaquePointer?) -> Key? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard let pattern, FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else {
            return nil
        }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        // The high 16 bits name a variable font's named instance; the face is the low ones.
        return Key(path: String(cString: file), index: UInt32(truncatingIfNeeded: index) & 0xFFFF)
    }

    func close() {
        hb.face_destroy(face)
    }
}
