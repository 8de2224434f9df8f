// The part of HarfBuzz's API the text engine uses, declared here and loaded at run time
// (dlopen) on the thread that loads fontconfig's configuration while the app connects to the
// X server: an app does not wait before `main` for HarfBuzz and what it pulls in (GLib,
// graphite2, PCRE2, all bound at load), and building needs no HarfBuzz headers. The
// declarations follow the stable ABI of libharfbuzz.so.0 (see hb-common.h, hb-buffer.h,
// hb-blob.h, hb-face.h, hb-font.h, hb-shape.h and hb-ot-font.h).
#include <dlfcn.h>
#include <stdint.h>

/// A buffer of characters, then of shaped glyphs (hb_buffer_t), only ever handled by pointer.
typedef struct CanopyHBBuffer CanopyHBBuffer;
/// A font file's bytes (hb_blob_t), only ever handled by pointer.
typedef struct CanopyHBBlob CanopyHBBlob;
/// A font face's tables (hb_face_t), only ever handled by pointer.
typedef struct CanopyHBFace CanopyHBFace;
/// A face at a size (hb_font_t), only ever handled by pointer.
typedef struct CanopyHBFont CanopyHBFont;
/// Unicode character properties (hb_unicode_funcs_t), only ever handled by pointer.
typedef struct CanopyHBUnicodeFuncs CanopyHBUnicodeFuncs;

/// hb_script_t: an ISO 15924 tag, four letters in 32 bits.
typedef uint32_t CanopyHBScript;
#define CANOPY_HB_TAG(a, b, c, d) \
    ((CanopyHBScript)(((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d)))
static const CanopyHBScript CanopyHBScriptCommon = CANOPY_HB_TAG('Z', 'y', 'y', 'y');
static const CanopyHBScript CanopyHBScriptInherited = CANOPY_HB_TAG('Z', 'i', 'n', 'h');
static const CanopyHBScript CanopyHBScriptUnknown = CANOPY_HB_TAG('Z', 'z', 'z', 'z');
#undef CANOPY_HB_TAG

/// hb_direction_t's two horizontal values.
static const int CanopyHBDirectionLeftToRight = 4;
static const int CanopyHBDirectionRightToLeft = 5;

/// hb_buffer_flags_t's bits: the buffer holds the beginning, the end of the text.
static const uint32_t CanopyHBBufferFlagBeginningOfText = 1;
static const uint32_t CanopyHBBufferFlagEndOfText = 2;

/// hb_glyph_info_t: after shaping, the glyph's id (codepoint) and its cluster (the index of
/// the first character it came from); the rest is HarfBuzz's own.
typedef struct CanopyHBGlyphInfo {
    uint32_t codepoint;
    uint32_t mask;
    uint32_t cluster;
    uint32_t private1;
    uint32_t private2;
} CanopyHBGlyphInfo;

/// hb_glyph_position_t: advances and offsets in the font's scale units.
typedef struct CanopyHBGlyphPosition {
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
    uint32_t private1;
} CanopyHBGlyphPosition;

/// The HarfBuzz functions the engine calls, named without their `hb_` prefix.
typedef struct CanopyHarfBuzz {
    CanopyHBBuffer *(*_Nonnull buffer_create)(void);
    void (*_Nonnull buffer_destroy)(CanopyHBBuffer *buffer);
    void (*_Nonnull buffer_clear_contents)(CanopyHBBuffer *buffer);
    void (*_Nonnull buffer_add_utf32)(
        CanopyHBBuffer *buffer, const uint32_t *text, int text_length, unsigned int item_offset, int item_length);
    void (*_Nonnull buffer_set_direction)(CanopyHBBuffer *buffer, int direction);
    void (*_Nonnull buffer_set_script)(CanopyHBBuffer *buffer, CanopyHBScript script);
    void (*_Nonnull buffer_set_flags)(CanopyHBBuffer *buffer, uint32_t flags);
    void (*_Nonnull buffer_guess_segment_properties)(CanopyHBBuffer *buffer);
    CanopyHBGlyphInfo *(*_Nonnull buffer_get_glyph_infos)(CanopyHBBuffer *buffer, unsigned int *length);
    CanopyHBGlyphPosition *(*_Nonnull buffer_get_glyph_positions)(CanopyHBBuffer *buffer, unsigned int *length);

    /// Maps the file (an empty blob when it cannot be read).
    CanopyHBBlob *(*_Nonnull blob_create_from_file)(const char *path);
    void (*_Nonnull blob_destroy)(CanopyHBBlob *blob);
    /// The face at `index` in the file's bytes (it keeps its own reference to them).
    CanopyHBFace *(*_Nonnull face_create)(CanopyHBBlob *blob, unsigned int index);
    void (*_Nonnull face_destroy)(CanopyHBFace *face);
    CanopyHBFont *(*_Nonnull font_create)(CanopyHBFace *face);
    void (*_Nonnull font_destroy)(CanopyHBFont *font);
    void (*_Nonnull font_set_scale)(CanopyHBFont *font, int x_scale, int y_scale);
    void (*_Nonnull ot_font_set_funcs)(CanopyHBFont *font);

    /// Takes a const hb_feature_t array; the engine passes none.
    void (*_Nonnull shape)(CanopyHBFont *font, CanopyHBBuffer *buffer, const void *features, unsigned int count);

    CanopyHBUnicodeFuncs *(*_Nonnull unicode_funcs_get_default)(void);
    CanopyHBScript (*_Nonnull unicode_script)(CanopyHBUnicodeFuncs *functions, uint32_t character);
} CanopyHarfBuzz;

/// Loads libharfbuzz.so.0 and fills `functions`; returns 0 (leaving `functions` unusable) when
/// the library or one of the functions is missing.
static inline int canopy_harfbuzz_load(CanopyHarfBuzz *functions) {
    void *library = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == 0) return 0;
#define CANOPY_HB_LOAD(name) \
    if ((*(void **)&functions->name = dlsym(library, "hb_" #name)) == 0) return 0;
    CANOPY_HB_LOAD(buffer_create)
    CANOPY_HB_LOAD(buffer_destroy)
    CANOPY_HB_LOAD(buffer_clear_contents)
    CANOPY_HB_LOAD(buffer_add_utf32)
    CANOPY_HB_LOAD(buffer_set_direction)
    CANOPY_HB_LOAD(buffer_set_script)
    CANOPY_HB_LOAD(buffer_set_flags)
    CANOPY_HB_LOAD(buffer_guess_segment_properties)
    CANOPY_HB_LOAD(buffer_get_glyph_infos)
    CANOPY_HB_LOAD(buffer_get_glyph_positions)
    CANOPY_HB_LOAD(blob_create_from_file)
    CANOPY_HB_LOAD(blob_destroy)
    CANOPY_HB_LOAD(face_create)
    CANOPY_HB_LOAD(face_destroy)
    CANOPY_HB_LOAD(font_create)
    CANOPY_HB_LOAD(font_destroy)
    CANOPY_HB_LOAD(font_set_scale)
    CANOPY_HB_LOAD(ot_font_set_funcs)
    CANOPY_HB_LOAD(shape)
    CANOPY_HB_LOAD(unicode_funcs_get_default)
    CANOPY_HB_LOAD(unicode_script)
#undef CANOPY_HB_LOAD
    return 1;
}
