// FLTK's Fl_Choice for the startup benchmark: a closed drop-down of N items added one by one, as
// FLTK wants them, then exit once the first frame has been drawn and confirmed.
// Usage: fltk_choice N
#include <FL/Fl.H>
#include <FL/Fl_Choice.H>
#include <FL/Fl_Double_Window.H>
#include <FL/x.H>
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv) {
    long count = argc > 1 ? atol(argv[1]) : 10;
    Fl_Double_Window window(240, 400, "fltk");
    Fl_Choice choice(20, 20, 200, 40);
    char item[32];
    for (long i = 0; i < count; i++) {
        snprintf(item, sizeof item, "Hello %ld", i);
        choice.add(item);
    }
    choice.value(0);
    window.end();
    window.show();
    while (!window.visible()) Fl::wait();
    Fl::flush();
    XSync(fl_display, False);
    return 0;
}
