"""What the table peers (gtk_table.py, tk_table.py) share with CanopyBench's table case
(Benchmarks/CanopyBench/TableViewCase.swift): the rows, each cell a function of the row's id as
in its BenchFiles; a click through XTest on a second connection, as its InputDriver clicks; the
process's resident memory; and the line of JSON each process prints of itself."""
import ctypes
import json
import sys

WINDOW = (640, 240)  # the table's window (as tableWindowSize: 10 rows scroll in Canopy's)
COLUMNS = [("Name", 200), ("Size", 110), ("Kind", 100), ("Modified", 110), ("Owner", 90)]
SCROLL_FRAMES = 300
KINDS = ["Document", "Image", "Song", "Archive"]


def spread(row, span):
    """A number spread over range(span) from row id `row` (the multiplicative hash of BenchFiles)."""
    return (row * 2_654_435_761) % span


def size(row):
    """The file size of row `row`, in bytes (the column the benchmark sorts by)."""
    return spread(row, 10_000_000)


def cells(row):
    """The five texts of row `row`: name, size, kind, date and owner."""
    return (f"file-{row}.dat", f"{size(row)} B", KINDS[row % 4],
            f"2026-{spread(row, 12) + 1}-{spread(row + 7, 28) + 1}", f"user{row % 50}")


class Clicker:
    """Clicks the left button at a point of the screen through XTest on a connection of its own."""

    def __init__(self):
        self.xlib, self.xtst = ctypes.CDLL("libX11.so.6"), ctypes.CDLL("libXtst.so.6")
        self.xlib.XOpenDisplay.restype = ctypes.c_void_p
        self.xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.xlib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                                   ctypes.c_ulong]
        self.xtst.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.display = self.xlib.XOpenDisplay(None)
        if not self.display:
            sys.exit("table peer: cannot open a second connection to the display")

    def click(self, x, y):
        self.xtst.XTestFakeMotionEvent(self.display, -1, int(x), int(y), 0)
        self.xtst.XTestFakeButtonEvent(self.display, 1, 1, 0)
        self.xtst.XTestFakeButtonEvent(self.display, 1, 0, 0)
        self.xlib.XSync(self.display, 0)


def resident():
    """VmRSS and VmHWM of this process, in KiB."""
    with open("/proc/self/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def report(opened, filled, sorted_, scroll_cpu, memory):
    """Prints the figures as CanopyBench's TableFigures decodes them."""
    print(json.dumps({"open": opened, "fill": filled, "sort": sorted_, "scrollCPU": scroll_cpu, "rowViews": 0,
                      "residentKiB": memory[0], "peakKiB": memory[1]}))
