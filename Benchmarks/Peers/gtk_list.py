"""GTK 3's TreeView for the startup benchmark: N items in a ListStore, set up the way GTK's
documentation gives for large lists (the model filled before it is attached, so the view does
not react to each row; fixed-height mode with a fixed-width column, so the view measures one
row instead of all), then exit once the first frame has been drawn and confirmed.
Usage: gtk_list.py N
With BENCH_STAY set it stays open afterwards (for the idle wake-up count)."""
import os
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
store = Gtk.ListStore(str)
insert, columns = store.insert_with_valuesv, [0]  # one call per row (append() goes through Python overrides)
for i in range(count):
    insert(-1, columns, [f"Hello {i}"])
window = Gtk.Window(title="gtk")
window.set_default_size(240, 400)
scrolled = Gtk.ScrolledWindow()
column = Gtk.TreeViewColumn("Items", Gtk.CellRendererText(), text=0)
column.set_sizing(Gtk.TreeViewColumnSizing.FIXED)
column.set_fixed_width(220)
view = Gtk.TreeView()
view.append_column(column)
view.set_fixed_height_mode(True)
view.set_model(store)
scrolled.add(view)
window.add(scrolled)


def drawn(*_):
    # The first frame has been drawn: confirm it reached the server, then leave.
    GLib.idle_add(finish)
    return False


def finish():
    Gdk.Display.get_default().sync()
    if not os.environ.get("BENCH_STAY"):
        Gtk.main_quit()
    return False


window.connect_after("draw", drawn)
window.show_all()
Gtk.main()
