"""A small GTK 3 app with the controls the Orca walks visit in the Showcase and the Gallery, named
alike, so that OrcaTests hear what Orca says for the same keys in a toolkit it knows:

    gtk_comparison.py showcase | gallery | menus | text | form | wrapping | scripts

showcase: a drop-down of "Hello 0" to "Hello 9" with nothing chosen, one of the kinds of search
(web chosen), a search field with a placeholder and no name, then "Pick a number · 选择数字",
which opens a dialog listing "1" to "5"; F1 opens an About dialog.
gallery: the push buttons Save, Done, More…, Delete…, the check box "Remember me · 记住我", a
switch, the radio buttons Small, Medium (chosen) and Large, then a list of tasks whose context
menu (the Menu key) checks or unchecks them all or the selected ones.
menus: the Gallery's menu bar (File, Edit with a Transform submenu, View; F10 opens it), and
"Delete…", which asks in an alert.
text: the Gallery's text view of five paragraphs (Latin, Chinese, Arabic, Hebrew), a field holding
Arabic and one holding Hebrew.
form: the Gallery's form, the fields "Ada Lovelace" and "ada@example.org" (placeholders, no names)
labelled by the labels "Name" and "E-mail address" beside them (mnemonic widgets, which GTK
reports as labelled-by and names the fields by).
wrapping: the Gallery's field "Type here · 在此输入" (a placeholder), its heading "Wrapping", the
paragraph under it wrapped onto lines, and the next heading, "Styled text"; then its Arabic
paragraph, wrapped, the heading "List" and a button "Task 1".
scripts: the Gallery's field holding Arabic, its button "إرسال" and its field holding Hebrew."""

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402


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
    search = Gtk.Entry(placeholder_text="Search · 搜索")  # no name: the Showcase's field has only a placeholder
    box.pack_start(search, False, False, 0)
    pick = Gtk.Button(label="Pick a number · 选择数字")
    pick.connect("clicked", lambda button: pick_a_number(button.get_toplevel()))
    box.pack_start(pick, False, False, 0)


def focus_when_mapped(dialog):
    """With no window manager to give a new dialog the keyboard, it takes it once it shows."""
    dialog.connect("map-event", lambda widget, event: widget.get_window().focus(Gdk.CURRENT_TIME))


def about(window):
    dialog = Gtk.Dialog(title="About the Showcase", transient_for=window, modal=True)
    area = dialog.get_content_area()
    area.pack_start(Gtk.Label(label="Canopy Showcase · 展示"), False, False, 0)
    area.pack_start(Gtk.Label(label="The seed widgets, drawn with Canopy straight on X11."), False, False, 0)
    dialog.add_button("OK", Gtk.ResponseType.OK)
    dialog.set_default_response(Gtk.ResponseType.OK)
    focus_when_mapped(dialog)
    dialog.show_all()
    dialog.run()
    dialog.destroy()


def pick_a_number(window):
    dialog = Gtk.Dialog(title="Pick a number · 选择数字", transient_for=window, modal=True)
    numbers = Gtk.ListStore(str)
    for number in range(1, 6):
        numbers.append([str(number)])
    view = Gtk.TreeView(model=numbers, headers_visible=False)
    view.append_column(Gtk.TreeViewColumn("Number", Gtk.CellRendererText(), text=0))
    view.connect("row-activated", lambda *_: dialog.response(Gtk.ResponseType.OK))
    dialog.get_content_area().pack_start(view, True, True, 0)
    focus_when_mapped(dialog)
    dialog.show_all()
    dialog.run()
    dialog.destroy()


def showcase_window(window):
    """F1 opens the About dialog, as in the Showcase."""
    accelerators = Gtk.AccelGroup()
    key, modifiers = Gtk.accelerator_parse("F1")
    accelerators.connect(key, modifiers, 0, lambda *_: about(window) or True)
    window.add_accel_group(accelerators)


def gallery(box):
    for title in ["Save", "Done", "More…", "Delete…"]:
        box.pack_start(Gtk.Button(label=title), False, False, 0)
    box.pack_start(Gtk.CheckButton(label="Remember me · 记住我"), False, False, 0)
    box.pack_start(Gtk.Switch(halign=Gtk.Align.START), False, False, 0)
    small = Gtk.RadioButton(label="Small")
    medium = Gtk.RadioButton(label="Medium", group=small)
    large = Gtk.RadioButton(label="Large", group=small)
    for radio in (small, medium, large):
        box.pack_start(radio, False, False, 0)
    medium.set_active(True)
    tasks = Gtk.ListStore(str)
    for index in range(1, 31):
        tasks.append([f"Task {index}"])
    view = Gtk.TreeView(model=tasks, headers_visible=False)
    view.append_column(Gtk.TreeViewColumn("Task", Gtk.CellRendererText(), text=0))
    view.get_accessible().set_name("Tasks")
    view.connect("popup-menu", lambda widget: task_menu(widget) or True)
    scroller = Gtk.ScrolledWindow(min_content_height=200)
    scroller.add(view)
    box.pack_start(scroller, True, True, 0)


def task_menu(view):
    """The list's context menu, as the Gallery's, at the list: the Menu key's."""
    menu = Gtk.Menu()
    for title, sensitive in [("Check all", True), ("Uncheck all", True), (None, True), ("Check selected", True),
                             ("Uncheck selected", True)]:
        menu.append(Gtk.MenuItem(label=title, sensitive=sensitive) if title else Gtk.SeparatorMenuItem())
    menu.attach_to_widget(view)
    menu.show_all()
    menu.popup_at_widget(view, Gdk.Gravity.CENTER, Gdk.Gravity.NORTH_WEST, None)


def menus(box):
    bar = Gtk.MenuBar()
    accelerators = Gtk.AccelGroup()

    def menu(title, items):
        entry = Gtk.MenuItem.new_with_mnemonic(title)
        entry.set_submenu(Gtk.Menu(accel_group=accelerators))
        for item in items:
            entry.get_submenu().append(item)
        return entry

    def item(title, accelerator=None, sensitive=True):
        entry = Gtk.MenuItem(label=title, sensitive=sensitive)
        if accelerator:
            key, modifiers = Gtk.accelerator_parse(accelerator)
            entry.add_accelerator("activate", accelerators, key, modifiers, Gtk.AccelFlags.VISIBLE)
        return entry

    bar.append(menu("_File", [item("New", "<Control>n"), item("Open…", "<Control>o"), Gtk.SeparatorMenuItem(),
                              item("Print…", "<Control>p", sensitive=False), item("Close Window", "<Control>w")]))
    bar.append(menu("_Edit", [item("Rename", "F2"), item("Duplicate", "<Control>d"), Gtk.SeparatorMenuItem(),
                              item("Delete", "Delete"), Gtk.SeparatorMenuItem(),
                              menu("Transform", [item("Make Upper Case", "<Control>u"),
                                                 item("Make Lower Case", "<Control><Shift>u"),
                                                 item("Capitalize")])]))
    bar.append(menu("_View", [item("Zoom In", "<Control>equal"), item("Full Screen", "F11")]))
    box.pack_start(bar, False, False, 0)
    box.connect("realize", lambda widget: widget.get_toplevel().add_accel_group(accelerators))
    delete = Gtk.Button(label="Delete…")
    delete.connect("clicked", lambda button: confirm_delete(button.get_toplevel()))
    box.pack_start(delete, False, False, 0)


def confirm_delete(window):
    alert = Gtk.MessageDialog(
        transient_for=window, modal=True, message_type=Gtk.MessageType.WARNING, text="Delete the checked tasks?",
        secondary_text="They will be removed from the list. This cannot be undone.")
    alert.add_button("Cancel", Gtk.ResponseType.CANCEL)
    alert.add_button("Delete", Gtk.ResponseType.OK)
    focus_when_mapped(alert)
    alert.run()
    alert.destroy()


NOTES = """Text views hold many paragraphs. Each wraps at the view's width and scrolls inside it.
中文段落在任意两个字之间换行，光标不会落在字的中间。
النص العربي يجري من اليمين إلى اليسار في فقرته الخاصة.
עברית נכתבת מימין לשמאל, וגם היא פסקה משלה.
Select across them with the mouse or Shift and the arrows."""


def text(box):
    notes = Gtk.TextView(wrap_mode=Gtk.WrapMode.WORD_CHAR)
    notes.get_buffer().set_text(NOTES)
    notes.get_buffer().place_cursor(notes.get_buffer().get_start_iter())
    box.pack_start(notes, True, True, 0)
    for sample in ["مرحبا بالعالم", "שלום עולם"]:
        field = Gtk.Entry(text=sample)
        box.pack_start(field, False, False, 0)


def form(box):
    grid = Gtk.Grid(column_spacing=8, row_spacing=8)
    for row, (title, hint) in enumerate([("Name", "Ada Lovelace"), ("E-mail address", "ada@example.org")]):
        label = Gtk.Label(label=title, xalign=1)
        field = Gtk.Entry(placeholder_text=hint, hexpand=True)
        label.set_mnemonic_widget(field)
        grid.attach(label, 0, row, 1, 1)
        grid.attach(field, 1, row, 1, 1)
    box.pack_start(grid, False, False, 0)


PARAGRAPH = "Labels wrap: Latin text at spaces, 中文在任意两个字之间换行，但不在标点之前。 Long words too."
ARABIC_PARAGRAPH = "النص العربي يلتف من اليمين إلى اليسار وتتصل حروفه بعضها ببعض، والأرقام مثل 2025 تبقى من اليسار إلى اليمين."


def wrapping(box):
    box.pack_start(Gtk.Entry(placeholder_text="Type here · 在此输入"), False, False, 0)
    for title, wraps in [("Wrapping", False), (PARAGRAPH, True), ("Styled text", False), (ARABIC_PARAGRAPH, True),
                         ("List", False)]:
        label = Gtk.Label(label=title, wrap=wraps, max_width_chars=40, xalign=0, halign=Gtk.Align.START)
        box.pack_start(label, False, False, 0)
    box.pack_start(Gtk.Button(label="Task 1", halign=Gtk.Align.START), False, False, 0)


def scripts(box):
    box.pack_start(Gtk.Entry(text="مرحبا بالعالم"), False, False, 0)
    box.pack_start(Gtk.Button(label="إرسال"), False, False, 0)
    box.pack_start(Gtk.Entry(text="שלום עולם"), False, False, 0)


def main():
    window = Gtk.Window(title="GTK comparison")
    window.set_default_size(640, 480)
    window.connect("destroy", Gtk.main_quit)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8)
    window.add(box)
    {"showcase": showcase, "gallery": gallery, "menus": menus, "text": text, "form": form, "wrapping": wrapping,
     "scripts": scripts}[sys.argv[1]](box)
    if sys.argv[1] == "showcase":
        showcase_window(window)
    window.show_all()
    window.move(0, 0)
    window.set_focus(None)  # as in Canopy, the first Tab reaches the first control
    Gtk.main()


if __name__ == "__main__":
    main()
