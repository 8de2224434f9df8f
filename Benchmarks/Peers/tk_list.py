"""Tk's Listbox for the startup benchmark: N items, as Tk wants them (one insert of all), then
exit once the first frame has been drawn and confirmed. Usage: tk_list.py N
With BENCH_STAY set it stays open afterwards (for the idle wake-up count)."""
import os
import sys
import tkinter

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
items = [f"Hello {i}" for i in range(count)]
root = tkinter.Tk()
root.geometry("240x400+0+0")
listbox = tkinter.Listbox(root, font=("DejaVu Sans", 11))
listbox.pack(fill="both", expand=True)
listbox.insert("end", *items)
root.update()  # maps the window and draws the first frame
root.tk.call("update", "idletasks")
root.winfo_rgb("white")  # a round trip: the frame has reached the server
if os.environ.get("BENCH_STAY"):
    root.mainloop()
sys.exit(0)
