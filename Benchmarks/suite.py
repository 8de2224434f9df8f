#!/usr/bin/env python3
"""Canopy's startup benchmark against a bare Xlib+Xft floor and peer toolkits.

Each program shows a window with a list of N items and exits as soon as its first frame is
confirmed on the server. Everything runs under one Xvfb (-noreset), the programs interleaved
round by round (A B C, A B C, ...), and the table gives, per N, the median time from process
start to exit, its min-max, the median peak resident memory, and ratios against the floor.
Run it through Benchmarks/run, which builds what it needs."""
import os
import select
import socket
import statistics
import subprocess
import sys
import time

ROUNDS = int(os.environ.get("ROUNDS", "9"))
REMOTE_ROUNDS = int(os.environ.get("REMOTE_ROUNDS", "3"))
ONE_WAY_DELAY_MS = 10  # 20 ms per round trip
COUNTS = [10, 10_000, 1_000_000]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
XDELAY = os.path.join(os.path.dirname(ROOT), "shared", "tools", "xdelay.py")


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


def start_xvfb(tcp=False):
    """An Xvfb on a free display; with `tcp`, listening on 127.0.0.1 without access control."""
    reader, writer = os.pipe()
    options = ["-listen", "tcp", "-ac"] if tcp else ["-nolisten", "tcp"]
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(writer), "-screen", "0", "1024x768x24", "-noreset", *options],
        pass_fds=[writer], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(writer)
    number = b""
    while not number.endswith(b"\n"):
        chunk = os.read(reader, 16)
        if not chunk:
            raise RuntimeError("Xvfb did not start")
        number += chunk
    return server, int(number.decode().strip())


def wait_for_port(port, timeout=10):
    """Returns once something accepts connections on 127.0.0.1:`port`."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"nothing listens on port {port}")
            select.select([], [], [], 0.02)


def remote_case(chosen):
    """First frames of 10 items over a display 20 ms of round trip away: Xvfb on TCP behind the
    shared xdelay.py proxy, which delays every chunk 10 ms each way."""
    if not os.path.exists(XDELAY):
        print(f"(remote display case skipped: {XDELAY} not found)")
        return
    server, number = start_xvfb(tcp=True)
    proxy_display = number + 50
    proxy = subprocess.Popen(
        [sys.executable, XDELAY, str(6000 + proxy_display), str(6000 + number), str(ONE_WAY_DELAY_MS)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(6000 + proxy_display)
        display = f"127.0.0.1:{proxy_display}"
        results = {}
        for _ in range(REMOTE_ROUNDS):
            for name, command in chosen:
                results.setdefault(name, []).append(run_once(command(10), display)[0] * 1000)
    finally:
        proxy.terminate()
        server.terminate()
    print(f"Remote display, 20 ms round trip, 10 items: median of {REMOTE_ROUNDS} runs [min-max]")
    print()
    for name, _ in chosen:
        times = results[name]
        print(f"  {name:<22} {statistics.median(times):8.1f} ms  {min(times):7.1f}-{max(times):.1f}")
    print()


def main():
    server, number = start_xvfb()
    display = f":{number}"
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
    remote_case(chosen)


if __name__ == "__main__":
    sys.exit(main())
