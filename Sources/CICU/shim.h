// The part of ICU's C API the text engine uses (break iterators: UAX #14 line breaking with
// dictionary breaks for Thai, Lao, Khmer and Myanmar, and UAX #29 word boundaries), declared
// here and loaded at run time (dlopen) the first time text is wrapped or a word is moved over,
// so building needs no ICU headers and an app that never wraps never loads it. ICU's exported
// functions carry its major version (`ubrk_open_72`); the loader finds the library by its
// soname and the suffix by trying the same version (see ubrk.h and utypes.h).
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

/// A break iterator (UBreakIterator), only ever handled by pointer.
typedef struct CanopyICUBreakIterator CanopyICUBreakIterator;

/// UBreakIteratorType's word and line kinds.
static const int CanopyICUBreakWord = 1;
static const int CanopyICUBreakLine = 2;
/// UBRK_DONE: no further boundary.
static const int32_t CanopyICUDone = -1;

/// The ICU functions the engine calls, named without their `ubrk_` prefix and version
/// suffix. Text is UTF-16 (UChar); the error code is UErrorCode (above zero: failure).
typedef struct CanopyICU {
    CanopyICUBreakIterator *_Nullable (*_Nonnull open)(
        int type, const char *_Nullable locale, const uint16_t *_Nullable text, int32_t length, int32_t *status);
    void (*_Nonnull close)(CanopyICUBreakIterator *iterator);
    int32_t (*_Nonnull first)(CanopyICUBreakIterator *iterator);
    int32_t (*_Nonnull next)(CanopyICUBreakIterator *iterator);
    int32_t (*_Nonnull getRuleStatus)(CanopyICUBreakIterator *iterator);
} CanopyICU;

/// The oldest and newest ICU major versions looked for (libicuuc.so.NN).
static const int CanopyICUOldestVersion = 50;
static const int CanopyICUNewestVersion = 120;

/// Finds `name` in `library` as `name_NN`, or plain `name` for an ICU built without
/// version suffixes; 0 when neither is there.
static inline void *_Nullable canopy_icu_symbol(void *library, const char *name, int version) {
    char suffixed[64];
    snprintf(suffixed, sizeof suffixed, "%s_%d", name, version);
    void *symbol = dlsym(library, suffixed);
    return symbol != 0 ? symbol : dlsym(library, name);
}

/// Loads the newest libicuuc.so.NN there is (NN from CanopyICUNewestVersion down to
/// CanopyICUOldestVersion) and fills `functions`; returns the version loaded, or 0 (leaving
/// `functions` unusable) when no ICU or one of the functions is missing.
static inline int canopy_icu_load(CanopyICU *functions) {
    for (int version = CanopyICUNewestVersion; version >= CanopyICUOldestVersion; version--) {
        char soname[32];
        snprintf(soname, sizeof soname, "libicuuc.so.%d", version);
        void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
        if (library == 0) continue;
#define CANOPY_ICU_LOAD(name) \
    if ((*(void **)&functions->name = canopy_icu_symbol(library, "ubrk_" #name, version)) == 0) return 0;
        CANOPY_ICU_LOAD(open)
        CANOPY_ICU_LOAD(close)
        CANOPY_ICU_LOAD(first)
        CANOPY_ICU_LOAD(next)
        CANOPY_ICU_LOAD(getRuleStatus)
#undef CANOPY_ICU_LOAD
        return version;
    }
    return 0;
}
