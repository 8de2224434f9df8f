/* Motif's XmComboBox for the startup benchmark: a closed drop-down of N XmStrings given in one
 * call, as Motif wants them, then exit once the first frame has been drawn and confirmed.
 * Usage: motif_combo N */
#include <Xm/ComboBox.h>
#include <Xm/Xm.h>
#include <stdio.h>
#include <stdlib.h>

static int exposed = 0;

static void on_expose(Widget widget, XtPointer data, XEvent *event, Boolean *go_on) {
    (void)widget; (void)data; (void)event; (void)go_on;
    exposed = 1;
}

int main(int argc, char **argv) {
    long count = argc > 1 ? atol(argv[1]) : 10;
    XtAppContext app;
    int fake_argc = 1;
    Widget top = XtVaAppInitialize(&app, "MotifCombo", NULL, 0, &fake_argc, argv, NULL, XmNwidth, 240,
        XmNheight, 400, NULL);
    XmString *items = malloc(sizeof(XmString) * (size_t)count);
    char item[32];
    for (long i = 0; i < count; i++) {
        snprintf(item, sizeof item, "Hello %ld", i);
        items[i] = XmStringCreateLocalized(item);
    }
    Widget combo = XmCreateDropDownComboBox(top, "combo", NULL, 0);
    XtVaSetValues(combo, XmNitems, items, XmNitemCount, (int)count, XmNvisibleItemCount, 10, NULL);
    XtManageChild(combo);
    XtAddEventHandler(combo, ExposureMask, False, on_expose, NULL);
    XtRealizeWidget(top);
    while (!exposed) XtAppProcessEvent(app, XtIMAll);
    XmUpdateDisplay(top);
    XSync(XtDisplay(top), False);
    return 0;
}
