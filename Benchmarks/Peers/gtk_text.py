"""GTK 3's GtkTextView for CanopyBench's text-view case, measured from inside its own process as
CanopyBench measures Canopy's TextView: the file opened into a word-wrapping view in a 480 x 200
window, set up as GTK's documentation gives for large text (the GtkTextBuffer filled in one
set_text before it is attached to the view, so the view never reacts to an insertion); keys typed
in the middle of the text; scrolling. Every wait is for a frame: a counter bumped by the window's
draw handler, then a round trip (Gdk.Display.sync) so the frame is on the server.
Usage: gtk_text.py FILE KEYS SCROLL_FRAMES SCROLL_SPAN
Prints one line of JSON: seconds (and process CPU seconds) from reading the file to the first
frame on the server ("open", "openCPU"), seconds to the end of GTK's background layout of every
line ("laidOut"), each key's seconds from its XTest press to the frame showing it ("keys"),
process CPU seconds per frame of scrolling 20 px a frame back and forth within SCROLL_SPAN px
("scrollCPU") and then on through the text ("sweepCPU"), and VmRSS and VmHWM in KiB once the
text is laid out ("residentKiB", "peakKiB")."""
import ctypes
import json
import sys
import time

import gi

gi.require_version("Gdk", "3.0")
gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

path, keys, scroll_frames, scroll_span = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
display = Gdk.Display.get_default()

# A second connection to type through XTest, as CanopyBench's InputDriver does for Canopy.
xlib, xtst = ctypes.CDLL("libX11.so.6"), ctypes.CDLL("libXtst.so.6")
xlib.XOpenDisplay.restype = ctypes.c_void_p
xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
xlib.XStringToKeysym.restype = ctypes.c_ulong
xlib.XStringToKeysym.argtypes = [ctypes.c_char_p]
xlib.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
xlib.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
driver = xlib.XOpenDisplay(None)
if not driver:
    sys.exit("gtk_text.py: cannot open a second connection to the display")
keycode = xlib.XKeysymToKeycode(driver, xlib.XStringToKeysym(b"x"))

frames = 0  # frames drawn so far
edits = 0  # buffer changes so far
edits_drawn = 0  # buffer changes the latest frame showed


def drawn(*_):
    global frames, edits_drawn
    frames += 1
    edits_drawn = edits
    return False


def changed(*_):
    global edits
    edits += 1


def run_until(condition, timeout=120):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            sys.exit("gtk_text.py: timed out waiting for a frame")
        Gtk.main_iteration_do(True)
    display.sync()


def resident():
    with open("/proc/self/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


window = Gtk.Window(title="gtk text")
window.set_default_size(480, 200)
window.connect_after("draw", drawn)

start, start_cpu = time.perf_counter(), time.process_time()
buffer = Gtk.TextBuffer()
with open(path, encoding="utf-8") as file:
    buffer.set_text(file.read(), -1)
view = Gtk.TextView.new_with_buffer(buffer)
view.set_wrap_mode(Gtk.WrapMode.WORD)
scrolled = Gtk.ScrolledWindow()
scrolled.add(view)
window.add(scrolled)
window.show_all()
run_until(lambda: frames > 0)
opened, open_cpu = time.perf_counter() - start, time.process_time() - start_cpu
# GTK lays out the lines off screen in the background, at idle priority, until all are measured.
deadline = time.monotonic() + 300
while Gtk.events_pending() and time.monotonic() < deadline:
    Gtk.main_iteration_do(False)
laid_out = time.perf_counter() - start
rss, peak = resident()

window.get_window().focus(Gdk.CURRENT_TIME)
view.grab_focus()
run_until(lambda: window.is_active())
buffer.connect("changed", changed)
middle = buffer.get_iter_at_line(buffer.get_line_count() // 2)
middle.forward_chars(20)
buffer.place_cursor(middle)
before = frames
view.scroll_to_mark(buffer.get_insert(), 0, True, 0, 0.5)
run_until(lambda: frames > before)

key_times = []
for _ in range(keys):
    target = edits + 1
    began = time.perf_counter()
    xtst.XTestFakeKeyEvent(driver, keycode, 1, 0)
    xtst.XTestFakeKeyEvent(driver, keycode, 0, 0)
    xlib.XSync(driver, 0)
    run_until(lambda: edits_drawn >= target)
    key_times.append(time.perf_counter() - began)

adjustment = scrolled.get_vadjustment()


def scrolling(span):
    """CPU per frame of scrolling 20 px a frame, turning at the text's ends or `span` px from
    where it started."""
    direction, origin = 1, adjustment.get_value()
    cpu = time.process_time()
    for _ in range(scroll_frames):
        before, value = frames, adjustment.get_value()
        top = adjustment.get_upper() - adjustment.get_page_size()
        if abs(value + 20 * direction - origin) > span:
            direction = -direction
        if not adjustment.get_lower() <= value + 20 * direction <= top:  # at an end: back the other way
            direction = -direction
        adjustment.set_value(min(max(value + 20 * direction, adjustment.get_lower()), top))
        run_until(lambda: frames > before)
    return (time.process_time() - cpu) / max(1, scroll_frames)


scroll_cpu = scrolling(scroll_span)
sweep_cpu = scrolling(float("inf"))

print(json.dumps({"open": opened, "openCPU": open_cpu, "laidOut": laid_out, "keys": key_times,
                  "scrollCPU": scroll_cpu, "sweepCPU": sweep_cpu, "residentKiB": rss, "peakKiB": peak}))
