"""Tk's ttk::treeview for CanopyBench's table case, measured from inside its own process as
CanopyBench measures Canopy's TableView: ROWS rows of five text columns (table_rows.py) in a
640 x 240 window, the rows inserted before the window first shows. ttk::treeview has no sorting
of its own: a click on the Size title runs the heading's command, which sorts the rows' ids by
size in Python and puts them in that order with one `children` call (rather than a `move` a row).
Tk draws at idle time: a frame is `update idletasks` then a round trip (XQueryPointer through
winfo pointerxy), after which the frame is on the server.
Usage: tk_table.py ROWS
Prints one line of JSON (table_rows.report), the figures gtk_table.py gives."""
import sys
import time
import tkinter
from tkinter import ttk

import table_rows

rows = int(sys.argv[1])
clicker = table_rows.Clicker()
root = tkinter.Tk()
root.geometry("%dx%d+0+0" % table_rows.WINDOW)


def frame():
    """Draws what is pending and waits until the server has it."""
    root.update_idletasks()
    root.winfo_pointerxy()


start = time.perf_counter()
names = [title for title, _ in table_rows.COLUMNS]
tree = ttk.Treeview(root, columns=names, show="headings")
ids = list(range(rows))
for index, (title, width) in enumerate(table_rows.COLUMNS):
    tree.column(title, width=width, stretch=index == 0, anchor="e" if index == 1 else "w")
sorted_at = None  # when the heading's command had sorted the rows


def sort_by_size():
    global sorted_at
    ids.sort(key=table_rows.size)
    tree.tk.call(tree, "children", "", [str(row) for row in ids])
    sorted_at = time.perf_counter()


for title in names:
    tree.heading(title, text=title, command=sort_by_size if title == "Size" else "")
insert, cells = tree.tk.call, table_rows.cells
for row in range(rows):  # straight to Tcl: ttk.Treeview.insert goes through option handling
    insert(tree, "insert", "", "end", "-id", str(row), "-values", cells(row))
filled = time.perf_counter() - start
bar = ttk.Scrollbar(root, orient="vertical", command=tree.yview)
tree.configure(yscrollcommand=bar.set)
bar.pack(side="right", fill="y")
tree.pack(side="left", fill="both", expand=True)
root.update()  # maps the window and draws the first frame
frame()
opened = time.perf_counter() - start
memory = table_rows.resident()

# The middle of the Size title, on the screen: after the Name column, half the Size column down
# the heading row (its height, from the first row's top).
first = tree.bbox(tree.get_children()[0]) if rows else (0, 25, 0, 0)
x = tree.winfo_rootx() + int(tree.column("Name", "width")) + int(tree.column("Size", "width")) // 2
y = tree.winfo_rooty() + first[1] // 2
clicked = time.perf_counter()
clicker.click(x, y)
deadline = time.monotonic() + 300
while sorted_at is None:
    if time.monotonic() > deadline:
        sys.exit("tk_table.py: the click on Size did not sort")
    root.tk.dooneevent(0)
frame()
sorted_seconds = time.perf_counter() - clicked

direction, cpu = 1, time.process_time()
for _ in range(table_rows.SCROLL_FRAMES):
    top, bottom = tree.yview()
    if (direction > 0 and bottom >= 1) or (direction < 0 and top <= 0):
        direction = -direction  # at an end: back the other way
    tree.yview_scroll(direction, "units")
    frame()
scroll_cpu = (time.process_time() - cpu) / table_rows.SCROLL_FRAMES

table_rows.report(opened, filled, sorted_seconds, scroll_cpu, memory)
