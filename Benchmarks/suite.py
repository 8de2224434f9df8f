#!/usr/bin/env python3
"""Canopy's startup benchmark against a bare Xlib+Xft floor and peer toolkits.

Each program shows a window with a list of N items and exits as soon as its first frame is
confirmed on the server. Everything runs under one Xvfb (-noreset), the programs interleaved
round by round (A B C, A B C, ...), and the table gives, per N, the median time from process
start to exit, its min-max, the median peak resident memory, and ratios against the floor.
Run it through Benchmarks/run, which builds what it needs."""
import os
import statistics
import subprocess
import sys
import time

ROUNDS = int(os.environ.get("ROUNDS", "9"))
COUNTS = [10, 10_000, 1_000_000]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def programs():
    """The programs that can run here: (name, command for N items). Peers whose toolkit is not
    installed are left out."""
    found = [
        ("floor (C, Xlib+Xft)", lambda n: ["/tmp/canopy-bench-floor", str(n)]),
        ("Canopy", lambda n: [os.path.join(ROOT, ".build/release/CanopyStartup"), str(n)]),
    ]
    for name, binary in [("Motif XmList", "/tmp/canopy-bench-motif"), ("FLTK Fl_Browser", "/tmp/canopy-bench-fltk")]:
        if os.access(binary, os.X_OK):
            found.append((name, lambda n, binary=binary: [binary, str(n)]))
    for name, script, module in [("Tk Listbox", "tk_list.py", "tkinter"), ("GTK 3 TreeView", "gtk_list.py", "gi")]:
        probe = subprocess.run(["/usr/bin/python3", "-c", f"import {module}"], capture_output=True)
        if probe.returncode == 0:
            path = os.path.join(HERE, "Peers", script)
            found.append((name, lambda n, path=path: ["/usr/bin/python3", path, str(n)]))
    return found


def run_once(command, display):
    """Seconds from start to exit, and peak resident KiB, of one run."""
    environment = dict(os.environ, DISPLAY=display)
    start = time.perf_counter()
    process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise RuntimeError(f"{command[0]} failed: {process.stderr.read().decode(errors='replace')}")
    return elapsed, usage.ru_maxrss


def start_xvfb():
    reader, writer = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(writer), "-screen", "0", "1024x768x24", "-nolisten", "tcp", "-noreset"],
        pass_fds=[writer], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(writer)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(reader, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        number += chunk
    return server, ":" + number.decode().strip()


def main():
    server, display = start_xvfb()
    try:
        table = {}
        chosen = programs()
        for _ in range(ROUNDS):
            for count in COUNTS:
                for name, command in chosen:
                    table.setdefault((count, name), []).append(run_once(command(count), display))
    finally:
        server.terminate()
    print(f"Startup to first frame: median of {ROUNDS} interleaved runs [min-max]; peak RSS median")
    print()
    print(f"{'items':>9}  {'program':<22} {'time ms':>8}  {'min-max ms':<15} {'RSS MiB':>8}  {'x floor':>7}")
    for count in COUNTS:
        floor = statistics.median(t for t, _ in table[(count, chosen[0][0])])
        for name, _ in chosen:
            runs = table[(count, name)]
            times = [t * 1000 for t, _ in runs]
            memory = statistics.median(m for _, m in runs) / 1024
            median = statistics.median(times)
            print(f"{count:>9,}  {name:<22} {median:8.1f}  {min(times):6.1f}-{max(times):<8.1f} {memory:8.1f}  "
                  f"{median / (floor * 1000):7.2f}")
        print()


if __name__ == "__main__":
    sys.exit(main())
