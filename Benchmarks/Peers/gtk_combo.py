"""GTK 3's ComboBoxText for the startup benchmark: a closed drop-down of N items, appended as GTK
wants them, then exit once the first frame has been drawn and confirmed. Usage: gtk_combo.py N"""
import sys

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
combo = Gtk.ComboBoxText()
for i in range(count):
    combo.append_text(f"Hello {i}")
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
