"""GTK 3's GtkTreeView for CanopyBench's table case, measured from inside its own process as
CanopyBench measures Canopy's TableView: ROWS rows of five text columns (table_rows.py) in a
640 x 240 window, set up as GTK's documentation gives for large lists: the GtkListStore filled
before it is attached (so the view never reacts to an insertion), fixed-height mode with
fixed-width columns (so the view measures one row, not all). The Size column sorts by a hidden
integer column of the store itself (GtkListStore is a GtkTreeSortable; a GtkTreeModelSort would
put a second, sorted index over the store, which GTK suggests for several views of one model):
an XTest click on its title sorts the million rows in C and redraws. Every wait is for a frame: a
counter bumped by the window's draw handler, then a round trip (Gdk.Display.sync).
Usage: gtk_table.py ROWS
Prints one line of JSON (table_rows.report): seconds from making the rows to the first frame on
the server (and of it, filling the store), from the click on Size to the frame of the sorted
rows, process CPU seconds per frame of scrolling a row a frame, and VmRSS and VmHWM in KiB once
the table shows."""
import sys
import time

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

import table_rows  # noqa: E402

rows = int(sys.argv[1])
display = Gdk.Display.get_default()
clicker = table_rows.Clicker()
frames = 0  # frames drawn so far


def drawn(*_):
    global frames
    frames += 1
    return False


def run_until(condition, timeout=300):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            sys.exit("gtk_table.py: timed out waiting for a frame")
        Gtk.main_iteration_do(True)
    display.sync()


window = Gtk.Window(title="gtk table")
window.set_default_size(*table_rows.WINDOW)
window.connect_after("draw", drawn)

start = time.perf_counter()
store = Gtk.ListStore(str, str, str, str, str, int)  # the five texts, then the size to sort by
insert, columns, cells, size = store.insert_with_valuesv, [0, 1, 2, 3, 4, 5], table_rows.cells, table_rows.size
for row in range(rows):  # one call per row (append() goes through Python overrides)
    insert(-1, columns, [*cells(row), size(row)])
filled = time.perf_counter() - start
view = Gtk.TreeView()
for index, (title, width) in enumerate(table_rows.COLUMNS):
    renderer = Gtk.CellRendererText()
    if index == 1:
        renderer.set_property("xalign", 1.0)
    column = Gtk.TreeViewColumn(title, renderer, text=index)
    column.set_sizing(Gtk.TreeViewColumnSizing.FIXED)
    column.set_fixed_width(width)
    if index == 1:
        column.set_sort_column_id(5)
        size_column = column
    view.append_column(column)
view.set_fixed_height_mode(True)
view.set_model(store)
scrolled = Gtk.ScrolledWindow()
scrolled.add(view)
window.add(scrolled)
window.show_all()
run_until(lambda: frames > 0)
opened = time.perf_counter() - start
memory = table_rows.resident()

sorted_frame = None  # the frame count when the store was sorted


def sorted_(*_):
    global sorted_frame
    sorted_frame = frames


store.connect("sort-column-changed", sorted_)
button = size_column.get_button()
allocation = button.get_allocation()
x, y = button.translate_coordinates(window, allocation.width // 2, allocation.height // 2)
_, left, top = window.get_window().get_origin()
clicked = time.perf_counter()
clicker.click(left + x, top + y)
run_until(lambda: sorted_frame is not None and frames > sorted_frame)
sorted_seconds = time.perf_counter() - clicked

adjustment = scrolled.get_vadjustment()
step = view.get_background_area(Gtk.TreePath.new_first(), None).height  # a row
direction, cpu = 1, time.process_time()
for _ in range(table_rows.SCROLL_FRAMES):
    before, value = frames, adjustment.get_value()
    if not adjustment.get_lower() <= value + step * direction <= adjustment.get_upper() - adjustment.get_page_size():
        direction = -direction  # at an end: back the other way
    adjustment.set_value(value + step * direction)
    run_until(lambda: frames > before)
scroll_cpu = (time.process_time() - cpu) / table_rows.SCROLL_FRAMES

table_rows.report(opened, filled, sorted_seconds, scroll_cpu, memory)
