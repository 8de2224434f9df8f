#include <X11/Xlib.h>
#include <X11/Xcursor/Xcursor.h>
