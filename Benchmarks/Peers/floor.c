/* The floor for the startup benchmark: the least a program on bare Xlib + Xft can do to show a
 * list of N items, made when drawn. It opens the display, makes a window, opens one font, maps the window, draws
 * the rows that fit into a back-buffer pixmap, copies it to the window, confirms with a round
 * trip that the frame reached the server, and exits. With `dropdown`, it draws only a button's
 * title, as a window with a closed drop-down shows. Usage: floor N [dropdown]
 * With BENCH_STAY set it stays open afterwards (for the idle wake-up count). */
#include <X11/Xlib.h>
#include <X11/Xft/Xft.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    long count = argc > 1 ? atol(argv[1]) : 10;
    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "floor: no display\n"); return 1; }
    int screen = DefaultScreen(display);
    Visual *visual = DefaultVisual(display, screen);
    Colormap colormap = DefaultColormap(display, screen);
    int width = 240, height = 400;
    XSetWindowAttributes attributes = {0};
    attributes.background_pixmap = None;
    attributes.event_mask = ExposureMask | StructureNotifyMask;
    Window window = XCreateWindow(display, RootWindow(display, screen), 0, 0, width, height, 0,
        DefaultDepth(display, screen), InputOutput, visual, CWBackPixmap | CWEventMask, &attributes);
    XStoreName(display, window, "floor");
    XftFont *font = XftFontOpenName(display, screen, "DejaVu Sans:pixelsize=15");
    Pixmap pixmap = XCreatePixmap(display, window, width, height, DefaultDepth(display, screen));
    GC gc = XCreateGC(display, pixmap, 0, NULL);
    XftDraw *draw = XftDrawCreate(display, pixmap, visual, colormap);
    XftColor black, white;
    XRenderColor black_value = {0, 0, 0, 0xffff}, white_value = {0xffff, 0xffff, 0xffff, 0xffff};
    XftColorAllocValue(display, visual, colormap, &black_value, &black);
    XftColorAllocValue(display, visual, colormap, &white_value, &white);
    XMapWindow(display, window);
    for (;;) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type == Expose) break;
    }
    XftDrawRect(draw, &white, 0, 0, width, height);
    if (argc > 2 && strcmp(argv[2], "dropdown") == 0) {
        XftDrawStringUtf8(draw, &black, font, 90, 46, (const FcChar8 *)"Select", 6);
        count = 0;
    }
    /* Like Canopy's data source, rows are made only when drawn. */
    for (long row = 0; row < count && row * 40 < height; row++) {
        char item[32];
        int length = snprintf(item, sizeof item, "Hello %ld", row);
        XftDrawStringUtf8(draw, &black, font, 15, (int)(row * 40 + 26), (const FcChar8 *)item, length);
    }
    XCopyArea(display, pixmap, window, gc, 0, 0, width, height, 0, 0);
    XSync(display, False);
    while (getenv("BENCH_STAY")) {
        XEvent event;
        XNextEvent(display, &event);
        if (event.type == Expose) XCopyArea(display, pixmap, window, gc, 0, 0, width, height, 0, 0);
    }
    return 0;
}
