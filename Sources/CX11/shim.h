// What Swift cannot import from Xlib, Xft and XRender directly: function-like macros and
// variadic calls, wrapped as static inline functions.
#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <xcb/xcb.h>
#include <xcb/sync.h>
#include <xcb/shape.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/XKBlib.h>
#include <X11/cursorfont.h>
#include <X11/extensions/Xrender.h>
#include <X11/extensions/Xrandr.h>
#include <X11/Xft/Xft.h>
#include <fontconfig/fontconfig.h>

/// XDestroyImage is a macro that calls through the image's function table.
static inline int canopy_destroy_image(XImage *image) { return XDestroyImage(image); }

/// XGetPixel is a macro that calls through the image's function table.
static inline unsigned long canopy_get_pixel(XImage *image, int x, int y) {
    return XGetPixel(image, x, y);
}

/// XDoubleToFixed is a macro.
static inline XFixed canopy_fixed(double value) { return XDoubleToFixed(value); }

/// XCreateIC is variadic: an input context for a window, pre-edit and status handled by the IM.
static inline XIC canopy_create_ic(XIM im, Window window) {
    return XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
                     XNClientWindow, window, XNFocusWindow, window, NULL);
}

/// XSetIMValues is variadic: asks Xlib to call `callback` with `data` when the input method's
/// server goes away (Xlib then frees the method and its contexts itself). Xlib copies the
/// callback record, so it may live on the stack. Returns NULL on success.
static inline char *canopy_set_im_destroy_callback(XIM im, XIMProc callback, XPointer data) {
    XIMCallback destroy = { data, callback };
    return XSetIMValues(im, XNDestroyCallback, &destroy, NULL);
}

/// Asks for the SYNC and SHAPE extensions' details without waiting: the answers arrive with the
/// next round trip the connection makes anyway (xcb_extension_t globals are not for Swift).
static inline void canopy_prefetch_extensions(xcb_connection_t *connection) {
    xcb_prefetch_extension_data(connection, &xcb_sync_id);
    xcb_prefetch_extension_data(connection, &xcb_shape_id);
}

/// Whether the server has SYNC (answered by the prefetch).
static inline int canopy_has_sync(xcb_connection_t *connection) {
    const xcb_query_extension_reply_t *reply = xcb_get_extension_data(connection, &xcb_sync_id);
    return reply != NULL && reply->present;
}

/// Whether the server has SHAPE (answered by the prefetch).
static inline int canopy_has_shape(xcb_connection_t *connection) {
    const xcb_query_extension_reply_t *reply = xcb_get_extension_data(connection, &xcb_shape_id);
    return reply != NULL && reply->present;
}

/// Xlib's flag for a display it does not use XKB on (XlibDisplayNoXkb in Xlibint.h); the
/// connection flags are `private16` of the public view of the display (_XPrivDisplay).
#define CANOPY_XLIB_DISPLAY_NO_XKB (1L << 2)

/// Starts using XKB on a display opened while XkbIgnoreExtension(True) held (which spares
/// XOpenDisplay its two XKB round trips): asks for the extension as XOpenDisplay would have, and
/// on success clears the flag the ignored start left, so every XKB call and key lookup of Xlib
/// uses it from now on. Returns whether the server has XKB (without it, Xlib keeps to the core
/// keyboard protocol, as on any server that lacks the extension).
static inline int canopy_use_xkb_after_open(Display *display) {
    int major = XkbMajorVersion, minor = XkbMinorVersion;
    if (!XkbUseExtension(display, &major, &minor)) return 0;
    ((_XPrivDisplay)display)->private16 &= ~(unsigned long)CANOPY_XLIB_DISPLAY_NO_XKB;
    return 1;
}
