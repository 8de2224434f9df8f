// FLTK's Fl_Browser for the startup benchmark: N items added one by one, as FLTK wants them,
// then exit once the first frame has been drawn and confirmed. Usage: fltk_list N
// With BENCH_STAY set it stays open afterwards (for the idle wake-up count).
#include <FL/Fl.H>
#include <FL/Fl_Browser.H>
#include <FL/Fl_Double_Window.H>
#include <FL/x.H>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    long count = argc > 1 ? atol(argv[1]) : 10;
    Fl_Double_Window window(240, 400, "fltk");
    Fl_Browser browser(0, 0, 240, 400);
    char item[32];
    for (long i = 0; i < count; i++) {
        snprintf(item, sizeof item, "Hello %ld", i);
        browser.add(item);
    }
    window.end();
    window.show();
    while (!window.visible()) Fl::wait();
    Fl::flush();
    XSync(fl_display, False);
    if (getenv("BENCH_STAY")) return Fl::run();
    return 0;
}
