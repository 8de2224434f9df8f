"""A small GTK 3 app with the controls the Orca walks visit in the Showcase and the Gallery, named
alike, so that OrcaTests hear what Orca says for the same keys in a toolkit it knows:

    gtk_comparison.py showcase | gallery

showcase: a drop-down of "Hello 0" to "Hello 9" with nothing chosen, one of the kinds of search
(web chosen), then a search field.
gallery: the push buttons Save, Done, More…, Delete…, the check box "Remember me · 记住我", then
a list of tasks."""

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gtk  # noqa: E402


def showcase(box):
    combo = Gtk.ComboBoxText()
    for index in range(10):
        combo.append_text(f"Hello {index}")
    combo.get_accessible().set_name("Select · 选择")
    box.pack_start(combo, False, False, 0)
    kinds = Gtk.ComboBoxText()
    for kind in ["web", "weibo", "sina", "sohu"]:
        kinds.append_text(kind)
    kinds.set_active(0)
    box.pack_start(kinds, False, False, 0)
    search = Gtk.Entry()
    search.get_accessible().set_name("Search · 搜索")
    box.pack_start(search, False, False, 0)


def gallery(box):
    for title in ["Save", "Done", "More…", "Delete…"]:
        box.pack_start(Gtk.Button(label=title), False, False, 0)
    box.pack_start(Gtk.CheckButton(label="Remember me · 记住我"), False, False, 0)
    tasks = Gtk.ListStore(str)
    for index in range(1, 31):
        tasks.append([f"Task {index}"])
    view = Gtk.TreeView(model=tasks, headers_visible=False)
    view.append_column(Gtk.TreeViewColumn("Task", Gtk.CellRendererText(), text=0))
    view.get_accessible().set_name("Tasks")
    scroller = Gtk.ScrolledWindow(min_content_height=200)
    scroller.add(view)
    box.pack_start(scroller, True, True, 0)


def main():
    window = Gtk.Window(title="GTK comparison")
    window.set_default_size(640, 480)
    window.connect("destroy", Gtk.main_quit)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
    window.add(box)
    {"showcase": showcase, "gallery": gallery}[sys.argv[1]](box)
    window.show_all()
    window.move(0, 0)
    window.set_focus(None)  # as in Canopy, the first Tab reaches the first control
    Gtk.main()


if __name__ == "__main__":
    main()
