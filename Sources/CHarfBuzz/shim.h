// HarfBuzz shaping, its OpenType font functions, and faces made from FreeType faces (the ones
// Xft opens).
#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>
