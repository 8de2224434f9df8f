#!/usr/bin/env python3
"""Canopy's startup benchmark against a bare Xlib+Xft floor and peer toolkits.

Each program shows a window with a list of N items. Everything runs under one Xvfb (-noreset),
the programs interleaved round by round (A B C, A B C, ...). Printed, per N: the median time
from process start to the first frame (to the program's exit once its first frame is confirmed
on the server; for dmenu, which cannot be told to exit, to its first CopyArea reaching the
server), its min-max, the median peak resident memory, and the ratio to the floor; then the round trips each program waits for before its
first frame (counted in an xtrace log), its wake-ups over 5 s idle, and the startup over a
display 20 ms of round trip away. Run it through Benchmarks/run, which builds what it needs."""
import os
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROUNDS = int(os.environ.get("ROUNDS", "9"))
REMOTE_ROUNDS = int(os.environ.get("REMOTE_ROUNDS", "3"))
ONE_WAY_DELAY_MS = 10  # 20 ms per round trip
IDLE_SECONDS = 5
COUNTS = [int(n) for n in os.environ.get("COUNTS", "10 10000 1000000").split()]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
XDELAY = os.path.join(os.path.dirname(ROOT), "shared", "tools", "xdelay.py")
LAUNCH = "/tmp/canopy-bench-launch"
ITEMS = tempfile.mkdtemp(prefix="canopy-bench-items-")


class Program:
    """One program of the suite. `arguments(n)` is its command line for n items; `reads_items`
    programs take the n items on stdin; `exits_after_first_frame` programs end by themselves
    once their first frame is confirmed, the others are watched for their first CopyArea
    (through RECORD) and stopped."""

    def __init__(self, name, arguments, reads_items=False, exits_after_first_frame=True, largest=None):
        self.name = name
        self.arguments = arguments
        self.reads_items = reads_items
        self.exits_after_first_frame = exits_after_first_frame
        self.largest = largest  # the most items it is run with (None: every count), with why

    def runs_with(self, count):
        return self.largest is None or count <= self.largest[0]

    def stdin(self, count):
        """What the program reads on stdin: the n items in a file, or nothing. Close it after."""
        if not self.reads_items:
            return open(os.devnull)
        path = os.path.join(ITEMS, f"{count}.txt")
        if not os.path.exists(path):
            with open(path, "w") as file:
                file.writelines(f"Hello {i}\n" for i in range(count))
        return open(path)


def python_module_present(module):
    return subprocess.run(["/usr/bin/python3", "-c", f"import {module}"], capture_output=True).returncode == 0


def dropdown_programs():
    """The closed drop-down case: a window with a button or combo box holding N items."""
    found = [
        Program("floor (C, Xlib+Xft)", lambda n: ["/tmp/canopy-bench-floor", str(n), "dropdown"]),
        Program("Canopy DropDown",
                lambda n: [os.path.join(ROOT, ".build/static-stdlib/release/CanopyStartup"), str(n), "dropdown"]),
    ]
    if os.access("/tmp/canopy-bench-motif-combo", os.X_OK):
        found.append(Program("Motif XmComboBox", lambda n: ["/tmp/canopy-bench-motif-combo", str(n)]))
    if os.access("/tmp/canopy-bench-fltk-choice", os.X_OK):
        found.append(Program("FLTK Fl_Choice", lambda n: ["/tmp/canopy-bench-fltk-choice", str(n)],
                             largest=(10_000, "over 2 minutes at 1,000,000 items in a trial")))
    if python_module_present("tkinter"):
        path = os.path.join(HERE, "Peers", "tk_combo.py")
        found.append(Program("Tk ttk.Combobox", lambda n, path=path: ["/usr/bin/python3", path, str(n)]))
    if python_module_present("gi"):
        path = os.path.join(HERE, "Peers", "gtk_combo.py")
        found.append(Program("GTK 3 ComboBoxText", lambda n, path=path: ["/usr/bin/python3", path, str(n)],
                             largest=(10, "236 s at 10,000 items in a trial")))
    return found


def programs():
    """The programs that can run here; peers whose toolkit is not installed are left out."""
    found = [
        Program("floor (C, Xlib+Xft)", lambda n: ["/tmp/canopy-bench-floor", str(n)]),
        Program("Canopy", lambda n: [os.path.join(ROOT, ".build/static-stdlib/release/CanopyStartup"), str(n)]),
        Program("Canopy, shared runtime", lambda n: [os.path.join(ROOT, ".build/release/CanopyStartup"), str(n)]),
    ]
    for name, binary in [("Motif XmList", "/tmp/canopy-bench-motif"), ("FLTK Fl_Browser", "/tmp/canopy-bench-fltk")]:
        if os.access(binary, os.X_OK):
            found.append(Program(name, lambda n, binary=binary: [binary, str(n)]))
    for name, script, module in [("Tk Listbox", "tk_list.py", "tkinter"), ("GTK 3 TreeView", "gtk_list.py", "gi")]:
        if python_module_present(module):
            path = os.path.join(HERE, "Peers", script)
            found.append(Program(name, lambda n, path=path: ["/usr/bin/python3", path, str(n)]))
    if shutil.which("dmenu"):
        found.append(Program("dmenu -l 10", lambda n: ["dmenu", "-l", "10"], reads_items=True,
                             exits_after_first_frame=False))
    return found


def run_once(program, count, display, record_display=None):
    """Seconds to the first frame, and peak resident KiB, of one run (measured by the launcher:
    a fork from Python would count Python's own memory into the child's peak)."""
    command = [LAUNCH, *program.arguments(count)]
    if not program.exits_after_first_frame:
        command = [LAUNCH, "-f", record_display or display, *program.arguments(count)]
    environment = dict(os.environ, DISPLAY=display)
    with program.stdin(count) as stdin:
        result = subprocess.run(command, env=environment, stdin=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{program.name} failed: {result.stderr.strip()}")
    seconds, kib = result.stdout.split()
    return float(seconds), int(kib)


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


def startup_table(chosen, display, title="Startup to first frame, a list of N items"):
    table = {}
    for _ in range(ROUNDS):
        for count in COUNTS:
            for program in chosen:
                if program.runs_with(count):
                    table.setdefault((count, program.name), []).append(run_once(program, count, display))
    print(f"{title}: median of {ROUNDS} interleaved runs [min-max]; peak RSS median")
    print()
    print(f"{'items':>9}  {'program':<22} {'time ms':>8}  {'min-max ms':<15} {'RSS MiB':>8}  {'x floor':>7}")
    for count in COUNTS:
        floor = statistics.median(t for t, _ in table[(count, chosen[0].name)])
        for program in chosen:
            if not program.runs_with(count):
                print(f"{count:>9,}  {program.name:<22} {'-':>8}  not run: {program.largest[1]}")
                continue
            runs = table[(count, program.name)]
            times = [t * 1000 for t, _ in runs]
            memory = statistics.median(m for _, m in runs) / 1024
            median = statistics.median(times)
            print(f"{count:>9,}  {program.name:<22} {median:8.1f}  {min(times):6.1f}-{max(times):<8.1f} {memory:8.1f}  "
                  f"{median / (floor * 1000):7.2f}")
        print()


def round_trips(log, stop_after_first_copy):
    """Round trips in an xtrace log: the connection setup, and each reply to the latest request
    its connection had sent (the client sent nothing more until the answer came, so it was
    waiting; a batch of requests answered together counts once). With
    `stop_after_first_copy`, only up to the first such reply after the first CopyArea.
    An estimate: a client that sends more requests before waiting on an earlier reply (as XCB
    and cairo can) makes a round trip this does not count, and one that computes while a reply
    is on its way is counted as waiting."""
    trips = 0
    latest_request = {}
    copied = False
    for line in log.splitlines():
        parts = line.split(":", 3)
        if len(parts) < 4:
            continue
        connection, direction, sequence, rest = parts
        if direction == ">" and "Success, version" in line:
            trips += 1
        if not all(c in "0123456789abcdef" for c in sequence) or not sequence:
            continue
        if direction == "<":
            latest_request[connection] = int(sequence, 16)
            copied = copied or "CopyArea" in rest
        elif direction == ">" and "Reply to" in rest and latest_request.get(connection) == int(sequence, 16):
            trips += 1
            if copied and stop_after_first_copy:
                break
    return trips


def round_trip_table(chosen, display_number):
    """Runs each program once through xtrace and counts its round trips before the first frame."""
    if not shutil.which("xtrace"):
        print("(round trips not counted: xtrace is not installed)")
        return
    print("Round trips before the first frame (10 items; counted in an xtrace log)")
    print()
    fake = display_number + 20
    for program in chosen:
        with tempfile.NamedTemporaryFile("r", suffix=".xtrace") as log:
            trace = ["xtrace", "-n", "-d", f":{display_number}", "-D", f":{fake}", "-o", log.name, "--"]
            command = [LAUNCH, *trace, *program.arguments(10)]
            if not program.exits_after_first_frame:
                command = [LAUNCH, "-f", f":{display_number}", *trace, *program.arguments(10)]
            with program.stdin(10) as stdin:
                subprocess.run(command, stdin=stdin, capture_output=True)
            trips = round_trips(log.read(), stop_after_first_copy=not program.exits_after_first_frame)
        print(f"  {program.name:<22} {trips:4d}")
    print()


def task_switches(pid):
    """Context switches so far of each thread of process `pid`, by thread."""
    switches = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as status:
                switches[task] = sum(int(line.split()[1]) for line in status
                                     if line.startswith(("voluntary_ctxt", "nonvoluntary_ctxt")))
        except FileNotFoundError:
            pass  # the thread ended meanwhile
    return switches


def wake_ups(before, after):
    """Context switches between two samples; a thread that ended in between woke at least once."""
    ended = sum(1 for task in before if task not in after)
    return sum(count - before.get(task, 0) for task, count in after.items()) + ended


def idle_table(chosen, display):
    """Wake-ups (context switches) of each program over IDLE_SECONDS once its window is up."""
    print(f"Idle: context switches over {IDLE_SECONDS} s with the window up and nothing happening")
    print()
    environment = dict(os.environ, DISPLAY=display, BENCH_STAY="1")
    for program in chosen:
        stdin = program.stdin(10)
        process = subprocess.Popen(program.arguments(10), env=environment, stdin=stdin,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(2)  # start-up and first frame, well past
            before = task_switches(process.pid)
            time.sleep(IDLE_SECONDS)
            woken = wake_ups(before, task_switches(process.pid))
        finally:
            process.terminate()
            process.wait()
            stdin.close()
        print(f"  {program.name:<22} {woken:4d}")
    print()


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
            for program in chosen:
                seconds, _ = run_once(program, 10, display, record_display=f"127.0.0.1:{number}")
                results.setdefault(program.name, []).append(seconds * 1000)
    finally:
        proxy.terminate()
        server.terminate()
    print(f"Remote display, 20 ms round trip, 10 items: median of {REMOTE_ROUNDS} runs [min-max]")
    print()
    for program in chosen:
        times = results[program.name]
        print(f"  {program.name:<22} {statistics.median(times):8.1f} ms  {min(times):7.1f}-{max(times):.1f}")
    print()


def main():
    chosen = programs()
    server, number = start_xvfb()
    try:
        startup_table(chosen, f":{number}")
        startup_table(dropdown_programs(), f":{number}", "Startup to first frame, a closed drop-down of N items")
        round_trip_table(chosen, number)
        idle_table(chosen, f":{number}")
    finally:
        server.terminate()
    remote_case(chosen)
    shutil.rmtree(ITEMS, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
