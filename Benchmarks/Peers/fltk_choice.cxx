// FLTK's Fl_Choice for the startup benchmark: a closed drop-down of N items handed over as one
// menu array (Fl_Menu_::menu(), FLTK's way for a large or fixed menu: add() inserts one item
// at a time and searches the menu for a same-named item each time, quadratic in N), then exit
// once the first frame has been drawn and confirmed.
// Usage: fltk_choice N
#include <FL/Fl.H>
#include <FL/Fl_Choice.H>
#include <FL/Fl_Double_Window.H>
#include <FL/x.H>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
    long count = argc > 1 ? atol(argv[1]) : 10;
    Fl_Double_Window window(240, 400, "fltk");
    Fl_Choice choice(20, 20, 200, 40);
    // The labels in one block, and the array ending with an all-zero item, as FLTK's menus end.
    std::vector<char> labels((size_t)count * 16);
    std::vector<Fl_Menu_Item> items((size_t)count + 1);
    memset(items.data(), 0, sizeof(Fl_Menu_Item) * items.size());
    for (long i = 0; i < count; i++) {
        char *label = &labels[(size_t)i * 16];
        snprintf(label, 16, "Hello %ld", i);
        items[(size_t)i].text = label;
    }
    choice.menu(items.data());
    choice.value(0);
    window.end();
    window.show();
    while (!window.visible()) Fl::wait();
    Fl::flush();
    XSync(fl_display, False);
    return 0;
}
