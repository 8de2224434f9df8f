// What Swift cannot import from Xlib, Xft and XRender directly: function-like macros and
// variadic calls, wrapped as static inline functions.
#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <xcb/xcb.h>
#include <xcb/xcbext.h>
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

/// XCreateIC is variadic: an input context for a window in `style`, pre-edit and status (if
/// any) handled by the IM (XIMPreeditNothing, XIMPreeditNone).
static inline XIC canopy_create_ic(XIM im, Window window, XIMStyle style) {
    return XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window, NULL);
}

/// XGetIMValues is variadic: the input styles the method offers (free them with XFree), or
/// NULL.
static inline XIMStyles *canopy_query_input_styles(XIM im) {
    XIMStyles *styles = NULL;
    if (XGetIMValues(im, XNQueryInputStyle, &styles, NULL) != NULL) return NULL;
    return styles;
}

/// A font set of any core fonts the server has, for an over-the-spot pre-edit (Xlib refuses one
/// without); NULL when the server has none. Costs round trips (it lists the server's fonts).
static inline XFontSet canopy_create_preedit_font_set(Display *display) {
    char **missing = NULL, *fallback = NULL;
    int missingCount = 0;
    XFontSet set = XCreateFontSet(display, "-*-*-medium-r-normal--*-*-*-*-*-*-*-*,*", &missing,
                                  &missingCount, &fallback);
    if (missing != NULL) XFreeStringList(missing);
    return set;
}

/// An over-the-spot input context (XIMPreeditPosition in `style`): the IM draws the pre-edit
/// itself, in `fonts`, at `x`, `y` (the window's pixels).
static inline XIC canopy_create_over_the_spot_ic(XIM im, Window window, XIMStyle style, XFontSet fonts,
                                                 short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, XNFontSet, fonts, NULL);
    if (preedit == NULL) return NULL;
    XIC ic = XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window,
                       XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
    return ic;
}

/// An on-the-spot input context (XIMPreeditCallbacks in `style`): the IM reports the pre-edit
/// through the callbacks, each called with `data`. Xlib copies the callback records, so they
/// may live on the stack.
static inline XIC canopy_create_on_the_spot_ic(XIM im, Window window, XIMStyle style, XICProc start,
                                               XIMProc done, XIMProc draw, XIMProc caret, XPointer data) {
    XICCallback startCallback = { data, start };
    XIMCallback doneCallback = { data, done }, drawCallback = { data, draw }, caretCallback = { data, caret };
    XVaNestedList preedit = XVaCreateNestedList(
        0, XNPreeditStartCallback, &startCallback, XNPreeditDoneCallback, &doneCallback,
        XNPreeditDrawCallback, &drawCallback, XNPreeditCaretCallback, &caretCallback, NULL);
    if (preedit == NULL) return NULL;
    XIC ic = XCreateIC(im, XNInputStyle, style, XNClientWindow, window, XNFocusWindow, window,
                       XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
    return ic;
}

/// XSetICValues is variadic: tells the IM where the caret is (the window's pixels, the caret's
/// baseline), for an over-the-spot pre-edit and the candidate window. Returns NULL on success.
static inline char *canopy_set_spot_location(XIC ic, short x, short y) {
    XPoint spot = { x, y };
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    if (preedit == NULL) return XNPreeditAttributes;
    char *failed = XSetICValues(ic, XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
    return failed;
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
