#!/usr/bin/env python3
"""Canopy's startup benchmark against a bare Xlib+Xft floor and peer toolkits.

Each program shows a window with a list of N items. Everything runs under one Xvfb (-noreset),
the programs interleaved round by round (A B C, A B C, ...). Printed, per N: the median time
from process start to the first frame (to the program's exit once its first frame is confirmed
on the server; for dmenu, which cannot be told to exit, to its first CopyArea reaching the
server), its min-max, the median peak resident memory, and the ratio to the floor; then the
round trips each program waits for before its first frame (counted in an xtrace log), its
wake-ups over 5 s idle, and the startup over a display 20 ms and 50 ms of round trip away
(through Benchmarks/delay_proxy.py). Progress goes to stderr. Every case must run: a peer that
is not installed, or a program that fails, makes the suite say so and exit non-zero. Run it
through Benchmarks/run, which installs the peers and builds what the suite needs."""
import math
import os
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROUNDS = int(os.environ.get("ROUNDS", "9"))  # at least
MAX_ROUNDS = int(os.environ.get("MAX_ROUNDS", "40"))
STABLE_WITHIN = 0.05  # how closely each Canopy ratio to the floor must be known before the rounds stop
REMOTE_ROUNDS = int(os.environ.get("REMOTE_ROUNDS", "3"))
ONE_WAY_DELAYS_MS = [10, 25]  # 20 and 50 ms per round trip
IDLE_SECONDS = 5
COUNTS = [int(n) for n in os.environ.get("COUNTS", "10 10000 1000000").split()]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DELAY_PROXY = os.path.join(HERE, "delay_proxy.py")
# The launcher, the floor and the C/C++ peers, built by Benchmarks/run into a fresh temporary
# directory it names here (nothing is written under fixed names in the shared /tmp).
BINARIES = os.environ.get("CANOPY_BENCH_BIN", "")
LAUNCH = os.path.join(BINARIES, "launch")
FLOOR = os.path.join(BINARIES, "floor")
SYSTEM_PYTHON = "/usr/bin/python3"  # the one Debian's python3-tk and python3-gi install into
CANOPY = os.path.join(ROOT, ".build/release/CanopyStartup")  # `swift build -c release`, as the README gives
CANOPY_STATIC = os.path.join(ROOT, ".build/static-stdlib/release/CanopyStartup")
ITEMS = tempfile.mkdtemp(prefix="canopy-bench-items-")  # removed by main() when the suite ends


class CaseCannotRun(Exception):
    """A case of the suite cannot run here; the message says which and why."""


def progress(message):
    print(message, file=sys.stderr, flush=True)


class Program:
    """One program of the suite. `arguments(n)` is its command line for n items; `reads_items`
    programs take the n items on stdin; `exits_after_first_frame` programs end by themselves
    once their first frame is confirmed, the others are watched for their first CopyArea
    (through RECORD) and stopped. `needs` is what must be present for it to run: an executable
    file or a Python module of the system Python (as "module:NAME"), with the Debian package
    that provides it."""

    def __init__(self, name, arguments, needs=None, reads_items=False, exits_after_first_frame=True):
        self.name = name
        self.arguments = arguments
        self.needs = needs
        self.reads_items = reads_items
        self.exits_after_first_frame = exits_after_first_frame

    def missing(self):
        """Why the program cannot run here, or None."""
        if self.needs is None:
            return None
        what, package = self.needs
        if what.startswith("module:"):
            present = subprocess.run([SYSTEM_PYTHON, "-c", f"import {what[7:]}"], capture_output=True).returncode == 0
        else:
            present = os.access(what, os.X_OK) or shutil.which(what) is not None
        return None if present else f"{what.removeprefix('module:')} is missing (Debian package {package})"

    def stdin(self, count):
        """What the program reads on stdin: the n items in a file, or nothing. Close it after."""
        if not self.reads_items:
            return open(os.devnull)
        path = os.path.join(ITEMS, f"{count}.txt")
        if not os.path.exists(path):
            with open(path, "w") as file:
                file.writelines(f"Hello {i}\n" for i in range(count))
        return open(path)


def python_peer(name, script, module, package):
    path = os.path.join(HERE, "Peers", script)
    return Program(name, lambda n: [SYSTEM_PYTHON, path, str(n)], needs=(f"module:{module}", package))


def binary_peer(name, binary, package, *extra):
    return Program(name, lambda n: [binary, str(n), *extra], needs=(binary, package))


def dropdown_programs():
    """The closed drop-down case: a window with a button or combo box holding N items."""
    return [
        Program("floor (C, Xlib+Xft)", lambda n: [FLOOR, str(n), "dropdown"]),
        Program("Canopy DropDown", lambda n: [CANOPY, str(n), "dropdown"]),
        Program("Canopy DropDown, static", lambda n: [CANOPY_STATIC, str(n), "dropdown"]),
        Program("Canopy DropDown, N strings", lambda n: [CANOPY, str(n), "dropdown-strings"]),
        binary_peer("Motif XmComboBox", os.path.join(BINARIES, "motif-combo"), "libmotif-dev"),
        binary_peer("FLTK Fl_Choice", os.path.join(BINARIES, "fltk-choice"), "libfltk1.3-dev"),
        python_peer("Tk ttk.Combobox", "tk_combo.py", "tkinter", "python3-tk"),
        python_peer("GTK 3 ComboBox", "gtk_combo.py", "gi", "python3-gi, gir1.2-gtk-3.0"),
    ]


def programs():
    """The list case: a window with a list of N items."""
    return [
        Program("floor (C, Xlib+Xft)", lambda n: [FLOOR, str(n)]),
        Program("Canopy", lambda n: [CANOPY, str(n), "virtual"]),
        Program("Canopy, static", lambda n: [CANOPY_STATIC, str(n), "virtual"]),
        Program("Canopy, N strings", lambda n: [CANOPY, str(n), "strings"]),
        binary_peer("Motif XmList", os.path.join(BINARIES, "motif"), "libmotif-dev"),
        binary_peer("FLTK Fl_Browser", os.path.join(BINARIES, "fltk"), "libfltk1.3-dev"),
        python_peer("Tk Listbox", "tk_list.py", "tkinter", "python3-tk"),
        python_peer("GTK 3 TreeView", "gtk_list.py", "gi", "python3-gi, gir1.2-gtk-3.0"),
        Program("dmenu -l 10", lambda n: ["dmenu", "-l", "10"], needs=("dmenu", "suckless-tools"),
                reads_items=True, exits_after_first_frame=False),
    ]


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
        raise CaseCannotRun(f"{program.name} with {count:,} items failed: {result.stderr.strip()}")
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
            raise CaseCannotRun("Xvfb did not start")
        number += chunk
    os.close(reader)
    return server, int(number.decode().strip())


def median_interval(values):
    """The median of `values` with a distribution-free 95 % confidence interval for it (the
    order statistics at ranks n/2 ± 0.98·√n), as (low, median, high)."""
    ordered = sorted(values)
    spread = 0.98 * math.sqrt(len(ordered))
    low = max(0, math.floor(len(ordered) / 2 - spread))
    high = min(len(ordered) - 1, math.ceil(len(ordered) / 2 + spread))
    return ordered[low], statistics.median(ordered), ordered[high]


def paired_ratios(table, count, program, floor):
    """Each round's time of `program` over the floor's in the same round, at `count` items."""
    return [t / f for (t, _), (f, _) in zip(table[(count, program.name)], table[(count, floor.name)])]


def unstable_counts(table, chosen, counts):
    """The counts at which some Canopy program's paired ratio is not yet known within
    ±STABLE_WITHIN (its median's 95 % interval is wider than that)."""
    unstable = []
    for count in counts:
        for program in chosen[1:]:
            if program.name.startswith("Canopy"):
                low, _, high = median_interval(paired_ratios(table, count, program, chosen[0]))
                if (high - low) / 2 > STABLE_WITHIN:
                    unstable.append(count)
                    break
    return unstable


def startup_table(chosen, display, title="a list of N items"):
    """Runs `chosen` (the floor first) interleaved round by round, at least ROUNDS rounds and then
    more, up to MAX_ROUNDS, at each count whose Canopy ratios are not yet stable; prints the table
    and returns the median seconds by (count, program name)."""
    table = {}
    rounds = dict.fromkeys(COUNTS, 0)
    load = []
    counts = list(COUNTS)
    round_number = 0
    while counts and round_number < MAX_ROUNDS:
        round_number += 1
        for count in counts:
            started = time.monotonic()
            for program in chosen:
                table.setdefault((count, program.name), []).append(run_once(program, count, display))
            rounds[count] += 1
            progress(f"  {title}: round {round_number}, {count:,} items, "
                     f"{len(chosen)} programs in {time.monotonic() - started:.1f} s")
        load.append(os.getloadavg()[0])
        if round_number >= ROUNDS:
            counts = unstable_counts(table, chosen, counts)
    floor_program = chosen[0]
    print(f"Startup to first frame, {title}: median of interleaved runs [min-max]; peak RSS median;")
    print(f"the ratio of the medians to the floor's, and the median of each round's paired ratio with its 95 % interval")
    print(f"(rounds: {', '.join(f'{rounds[n]} at {n:,}' for n in COUNTS)}; at least {ROUNDS}, more until every Canopy")
    print(f"paired ratio is known within ±{STABLE_WITHIN}, at most {MAX_ROUNDS}; 1-minute load average "
          f"{min(load):.2f}-{max(load):.2f} over the table)")
    print()
    print(f"{'items':>9}  {'program':<24} {'time ms':>8}  {'min-max ms':<15} {'RSS MiB':>8}  {'x floor':>7}  "
          f"{'paired':>6} {'95 % interval':<13}")
    medians = {}
    for count in COUNTS:
        floor = statistics.median(t for t, _ in table[(count, floor_program.name)])
        for program in chosen:
            runs = table[(count, program.name)]
            times = [t * 1000 for t, _ in runs]
            memory = statistics.median(m for _, m in runs) / 1024
            median = statistics.median(times)
            medians[(count, program.name)] = median / 1000
            low, paired, high = median_interval(paired_ratios(table, count, program, floor_program))
            wide = "" if (high - low) / 2 <= STABLE_WITHIN else "  (wider than ±%.2f)" % STABLE_WITHIN
            print(f"{count:>9,}  {program.name:<24} {median:8.1f}  {min(times):6.1f}-{max(times):<8.1f} {memory:8.1f}  "
                  f"{median / (floor * 1000):7.2f}  {paired:6.2f} {low:.2f}-{high:.2f}{wide}")
        print()
    sys.stdout.flush()
    return medians


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
    """Runs each program once through xtrace, counts its round trips before the first frame,
    prints them and returns them by program name."""
    if not shutil.which("xtrace"):
        raise CaseCannotRun("round trips: xtrace is missing (Debian package xtrace)")
    progress("  round trips: one run of each program through xtrace")
    counts = {}
    fake = display_number + 20
    for program in chosen:
        with tempfile.NamedTemporaryFile("r", suffix=".xtrace") as log:
            trace = ["xtrace", "-n", "-d", f":{display_number}", "-D", f":{fake}", "-o", log.name, "--"]
            command = [LAUNCH, *trace, *program.arguments(10)]
            if not program.exits_after_first_frame:
                command = [LAUNCH, "-f", f":{display_number}", *trace, *program.arguments(10)]
            with program.stdin(10) as stdin:
                result = subprocess.run(command, stdin=stdin, capture_output=True, text=True)
            if result.returncode != 0:
                raise CaseCannotRun(f"round trips: {program.name} failed under xtrace: {result.stderr.strip()}")
            counts[program.name] = round_trips(log.read(), stop_after_first_copy=not program.exits_after_first_frame)
    print("Round trips before the first frame (10 items; counted in an xtrace log)")
    print()
    for program in chosen:
        print(f"  {program.name:<24} {counts[program.name]:4d}")
    print()
    return counts


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
        progress(f"  idle: {program.name}")
        stdin = program.stdin(10)
        process = subprocess.Popen(program.arguments(10), env=environment, stdin=stdin,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(2)  # start-up and first frame, well past
            if process.poll() is not None:
                raise CaseCannotRun(f"idle: {program.name} ended instead of staying open")
            before = task_switches(process.pid)
            time.sleep(IDLE_SECONDS)
            woken = wake_ups(before, task_switches(process.pid))
        finally:
            process.terminate()
            process.wait()
            stdin.close()
        print(f"  {program.name:<24} {woken:4d}")
    print()


def start_delay_proxy(listen_port, server_port, one_way_ms):
    """Benchmarks/delay_proxy.py between `listen_port` and the server, once it accepts."""
    proxy = subprocess.Popen([sys.executable, DELAY_PROXY, str(listen_port), str(server_port), str(one_way_ms)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ready, _, _ = select.select([proxy.stdout], [], [], 10)
    if not ready or proxy.stdout.readline().strip() != "ready":
        proxy.kill()
        raise CaseCannotRun(f"remote display: the delay proxy did not start: {proxy.stderr.read().strip()}")
    return proxy


def remote_case(chosen, trips, local=None):
    """First frames of 10 items over a display 20 and 50 ms of round trip away: Xvfb on TCP behind
    Benchmarks/delay_proxy.py, which delays every chunk half the round trip each way; with the
    round trips counted in the xtrace log and those the extra 30 ms of round trip cost. Given
    `local` (seconds to the local first frame of 10 items, by program name, from the same run),
    each remote first frame is also taken apart: the counted round trips times the round trip,
    the local work, and what is left (the proxy's own delay and anything else)."""
    server, number = start_xvfb(tcp=True)
    results = {}
    try:
        for one_way in ONE_WAY_DELAYS_MS:
            proxy_display = number + 50
            proxy = start_delay_proxy(6000 + proxy_display, 6000 + number, one_way)
            try:
                display = f"127.0.0.1:{proxy_display}"
                for round_number in range(1, REMOTE_ROUNDS + 1):
                    for program in chosen:
                        seconds, _ = run_once(program, 10, display, record_display=f"127.0.0.1:{number}")
                        results.setdefault((one_way, program.name), []).append(seconds * 1000)
                    progress(f"  remote, {2 * one_way} ms round trip: round {round_number}/{REMOTE_ROUNDS}")
            finally:
                proxy.terminate()
                proxy.wait()
    finally:
        server.terminate()
        server.wait()
    fast, slow = ONE_WAY_DELAYS_MS
    extra = 2 * (slow - fast)
    print(f"Remote display, 10 items: median of {REMOTE_ROUNDS} runs [min-max] at each round trip; round trips "
          f"counted in the xtrace log, and ({2 * slow} ms - {2 * fast} ms time) / {extra} ms")
    print()
    print(f"  {'program':<24} {f'{2 * fast} ms RTT':>10}  {'min-max':<15} {f'{2 * slow} ms RTT':>10}  "
          f"{'min-max':<15} {'counted':>7} {'from time':>9}")
    for program in chosen:
        cells = []
        for one_way in ONE_WAY_DELAYS_MS:
            times = results[(one_way, program.name)]
            cells.append(f"{statistics.median(times):10.1f}  {min(times):6.1f}-{max(times):<8.1f}")
        waited = (statistics.median(results[(slow, program.name)])
                  - statistics.median(results[(fast, program.name)])) / extra
        print(f"  {program.name:<24} {'  '.join(cells)} {trips[program.name]:7d} {waited:9.1f}")
    print()
    if local is not None:
        print_remote_decomposition(chosen, trips, local, results)


def print_remote_decomposition(chosen, trips, local, results):
    """The remote first frames of remote_case() taken apart, in ms: the median, the counted round
    trips times the round trip, the local first frame (10 items, this run's local table), the
    rest (proxy and other), and the median over the round trips' share (what a goal of
    `trips × RTT + budget` compares with the budget)."""
    print("Remote first frame taken apart, 10 items (ms): round trips counted × RTT, the local first frame")
    print("from this run's local table, and the rest (the proxy's own delay and anything else)")
    print()
    print(f"  {'program':<24} {'RTT':>4} {'time':>7} {'trips x RTT':>11} {'local':>6} {'rest':>6} {'time - trips x RTT':>18}")
    for one_way in ONE_WAY_DELAYS_MS:
        for program in chosen:
            measured = statistics.median(results[(one_way, program.name)])
            waits = trips[program.name] * 2 * one_way
            local_ms = local[program.name] * 1000
            print(f"  {program.name:<24} {2 * one_way:4d} {measured:7.1f} {waits:11d} {local_ms:6.1f} "
                  f"{measured - waits - local_ms:6.1f} {measured - waits:18.1f}")
    print()


def main():
    chosen, dropdowns = programs(), dropdown_programs()
    unavailable = {program.name: program.missing() for program in [*chosen, *dropdowns] if program.missing()}
    if not os.access(LAUNCH, os.X_OK) or not os.access(FLOOR, os.X_OK):
        unavailable["the launcher and the floor"] = (f"not built in CANOPY_BENCH_BIN ({BINARIES or 'unset'}): "
                                                      "Benchmarks/run builds them")
    if not os.access(DELAY_PROXY, os.R_OK):
        unavailable["remote display"] = f"{DELAY_PROXY} is missing"
    if unavailable:
        for name, why in unavailable.items():
            print(f"suite: cannot run {name}: {why}; Benchmarks/run installs it when run as root", file=sys.stderr)
        return 1
    try:
        server, number = start_xvfb()
        try:
            progress(f"startup, a list of N items ({', '.join(f'{n:,}' for n in COUNTS)}), {ROUNDS} rounds")
            local = startup_table(chosen, f":{number}", "a list of N items")
            progress("startup, a closed drop-down of N items")
            startup_table(dropdowns, f":{number}", "a closed drop-down of N items")
            trips = round_trip_table(chosen, number)
            progress("idle wake-ups")
            idle_table(chosen, f":{number}")
        finally:
            server.terminate()
            server.wait()
        progress("remote display through Benchmarks/delay_proxy.py")
        remote_case(chosen, trips, {program.name: local[(min(COUNTS), program.name)] for program in chosen}
                    if min(COUNTS) == 10 else None)
    except CaseCannotRun as failure:
        print(f"suite: a case cannot run: {failure}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(ITEMS, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
