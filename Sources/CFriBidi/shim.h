// FriBidi: the Unicode Bidirectional Algorithm (UAX #9).
#include <fribidi.h>
