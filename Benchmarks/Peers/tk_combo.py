"""Tk's ttk.Combobox for the startup benchmark: a closed drop-down of N items, given as Tk wants
them (the values option), then exit once the first frame has been drawn and confirmed.
Usage: tk_combo.py N"""
import sys
import tkinter
from tkinter import ttk

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
root = tkinter.Tk()
root.geometry("240x400+0+0")
combo = ttk.Combobox(root, values=[f"Hello {i}" for i in range(count)])
combo.set("Select")
combo.pack(padx=20, pady=20, fill="x")
root.update()  # maps the window and draws the first frame
root.tk.call("update", "idletasks")
root.winfo_rgb("white")  # a round trip: the frame has reached the server
sys.exit(0)
