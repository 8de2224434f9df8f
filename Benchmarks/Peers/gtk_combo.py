"""GTK 3's ComboBox for the startup benchmark: a closed drop-down over a ListStore of N items,
set up for a long list: the model filled before the combo box is given it (GtkComboBoxText,
the convenience for short lists, appends to its own model one item at a time); the
`appears-as-list` style property, so its pop-up is a tree view over the model rather than a
menu holding a widget per item (over 100 s at 10,000 items); and a fixed-size text cell, so
the closed box is not sized by measuring every item. Then exit once the first frame has been
drawn and confirmed. Usage: gtk_combo.py N"""
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
style = Gtk.CssProvider()
style.load_from_data(b"combobox { -GtkComboBox-appears-as-list: 1; }")
Gtk.StyleContext.add_provider_for_screen(Gdk.Screen.get_default(), style, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
store = Gtk.ListStore(str)
insert, columns = store.insert_with_valuesv, [0]  # one call per row (append() goes through Python overrides)
for i in range(count):
    insert(-1, columns, [f"Hello {i}"])
combo = Gtk.ComboBox.new_with_model(store)
cell = Gtk.CellRendererText()
cell.set_fixed_size(180, 20)
combo.pack_start(cell, True)
combo.add_attribute(cell, "text", 0)
combo.set_active(0)
window = Gtk.Window(title="gtk")
window.set_default_size(240, 400)
box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
box.pack_start(combo, False, False, 20)
window.add(box)


def drawn(*_):
    # The first frame has been drawn: confirm it reached the server, then leave.
    GLib.idle_add(finish)
    return False


def finish():
    Gdk.Display.get_default().sync()
    Gtk.main_quit()
    return False


window.connect_after("draw", drawn)
window.show_all()
Gtk.main()
