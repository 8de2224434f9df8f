// The part of FriBidi's API the text engine uses (the Unicode Bidirectional Algorithm,
// UAX #9), declared here and loaded at run time (dlopen) on the thread that loads
// fontconfig's configuration while the app connects to the X server, so building needs no
// FriBidi headers. The declarations follow the stable ABI of libfribidi.so.0 (see
// fribidi-types.h, fribidi-bidi-types.h, fribidi-bidi.h and fribidi-brackets.h).
#include <dlfcn.h>
#include <stdint.h>

/// FriBidiCharType and FriBidiParType: a character's bidi type, a paragraph's direction.
typedef uint32_t CanopyFriBidiType;
/// FriBidiLevel: an embedding level (odd: right to left).
typedef signed char CanopyFriBidiLevel;

/// FRIBIDI_PAR_LTR, FRIBIDI_PAR_RTL and FRIBIDI_PAR_ON (the direction of the first strong
/// character).
static const CanopyFriBidiType CanopyFriBidiParagraphLeftToRight = 0x110;
static const CanopyFriBidiType CanopyFriBidiParagraphRightToLeft = 0x111;
static const CanopyFriBidiType CanopyFriBidiParagraphNeutral = 0x40;

/// The FriBidi functions the engine calls, named without their `fribidi_` prefix. Lengths
/// and offsets are FriBidiStrIndex (int); bracket types are FriBidiBracketType (uint32_t).
typedef struct CanopyFriBidi {
    void (*_Nonnull get_bidi_types)(const uint32_t *text, int length, CanopyFriBidiType *types);
    void (*_Nonnull get_bracket_types)(
        const uint32_t *text, int length, const CanopyFriBidiType *types, uint32_t *brackets);
    CanopyFriBidiLevel (*_Nonnull get_par_embedding_levels_ex)(
        const CanopyFriBidiType *types, const uint32_t *brackets, int length, CanopyFriBidiType *paragraph,
        CanopyFriBidiLevel *levels);
    CanopyFriBidiLevel (*_Nonnull reorder_line)(
        uint32_t flags, const CanopyFriBidiType *types, int length, int offset, CanopyFriBidiType paragraph,
        CanopyFriBidiLevel *levels, uint32_t *visual, int *map);
} CanopyFriBidi;

/// Loads libfribidi.so.0 and fills `functions`; returns 0 (leaving `functions` unusable) when
/// the library or one of the functions is missing.
static inline int canopy_fribidi_load(CanopyFriBidi *functions) {
    void *library = dlopen("libfribidi.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == 0) return 0;
#define CANOPY_FRIBIDI_LOAD(name) \
    if ((*(void **)&functions->name = dlsym(library, "fribidi_" #name)) == 0) return 0;
    CANOPY_FRIBIDI_LOAD(get_bidi_types)
    CANOPY_FRIBIDI_LOAD(get_bracket_types)
    CANOPY_FRIBIDI_LOAD(get_par_embedding_levels_ex)
    CANOPY_FRIBIDI_LOAD(reorder_line)
#undef CANOPY_FRIBIDI_LOAD
    return 1;
}
