#!/usr/bin/env python3
"""What a connected screen reader costs an app whose only activity is an animation (issue 28):
the Gallery, its indeterminate progress bar sweeping, idle otherwise, in three cases run
interleaved round by round under one Xvfb:

- no bus: no session or accessibility bus in the environment, as on a desktop without one;
- bus, no client: a private accessibility stack (session bus, at-spi-bus-launcher, registry);
- client listening: the same with a pyatspi client registered for the events Orca listens to
  (focus, state, children, text, active descendant, window), reading none of them.

Each case is a fresh Gallery (release build); once it has settled (its first frame shown and,
with a bus, registered with the registry) its CPU time (user + system, from /proc) is taken over
MEASURE_SECONDS. Prints the median percentage of one core per case with its range, and each
round's difference from the no-bus case. Build first: `swift build -c release --product Gallery`.

    python3 Benchmarks/bridge_cpu.py [GALLERY_BINARY]"""

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import suite

ROUNDS = int(os.environ.get("ROUNDS", "5"))
SETTLE_SECONDS = 3.0
MEASURE_SECONDS = float(os.environ.get("MEASURE_SECONDS", "5"))
TICKS = os.sysconf("SC_CLK_TCK")

LISTENER = """
import pyatspi, sys
def heard(event):
    pass
for kind in ("focus:", "object:state-changed", "object:children-changed", "object:text-changed",
             "object:text-caret-moved", "object:active-descendant-changed", "object:selection-changed",
             "object:property-change", "object:value-changed", "window:activate", "window:deactivate"):
    pyatspi.Registry.registerEventListener(heard, kind)
print("listening", flush=True)
pyatspi.Registry.start()
"""


class Stack:
    """A private session bus whose accessibility bus the launcher starts on demand."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="canopy-bridge-cpu-")
        environment = dict(os.environ, XDG_RUNTIME_DIR=self.directory, GSETTINGS_BACKEND="memory")
        environment.pop("DISPLAY", None)
        environment.pop("DBUS_SESSION_BUS_ADDRESS", None)
        self.daemon = subprocess.Popen(
            ["dbus-daemon", "--session", "--nofork", "--print-address=1"], env=environment,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.address = self.daemon.stdout.readline().strip()
        if not self.address:
            raise suite.CaseCannotRun("dbus-daemon gave no address")
        # Asking for the accessibility bus starts the launcher, the bus and the registry.
        reply = subprocess.run(
            ["dbus-send", "--session", "--print-reply=literal", "--dest=org.a11y.Bus", "/org/a11y/bus",
             "org.a11y.Bus.GetAddress"],
            env=dict(environment, DBUS_SESSION_BUS_ADDRESS=self.address), check=True, capture_output=True,
            text=True)
        self.accessibility_address = reply.stdout.strip()

    def stop(self):
        self.daemon.terminate()
        self.daemon.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def registered(address, name="gallery"):
    """Whether an application called `name` is among the registry's children."""
    script = ("import pyatspi,sys; d=pyatspi.Registry.getDesktop(0); "
              f"sys.exit(0 if any(a is not None and a.name == {name!r} for a in d) else 1)")
    environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address)
    return subprocess.run([suite.SYSTEM_PYTHON, "-c", script], env=environment,
                          capture_output=True).returncode == 0


def one_case(gallery, display, case):
    """Percent of one core the Gallery used over MEASURE_SECONDS in `case`."""
    stack = Stack() if case != "no bus" else None
    environment = dict(os.environ, DISPLAY=display)
    for name in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"):
        environment.pop(name, None)
    listener = None
    try:
        if stack:
            environment["DBUS_SESSION_BUS_ADDRESS"] = stack.address
            if case == "client listening":
                listener = subprocess.Popen(
                    [suite.SYSTEM_PYTHON, "-c", LISTENER], env=environment, stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL, text=True)
                if listener.stdout.readline().strip() != "listening":
                    raise suite.CaseCannotRun("the pyatspi listener did not start")
        app = subprocess.Popen([gallery], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 20
            while stack and not registered(stack.address):
                if time.monotonic() > deadline or app.poll() is not None:
                    raise suite.CaseCannotRun(f"the Gallery did not register with the registry ({case})")
                time.sleep(0.2)
            time.sleep(SETTLE_SECONDS)
            before, start = cpu_ticks(app.pid), time.monotonic()
            time.sleep(MEASURE_SECONDS)
            after, end = cpu_ticks(app.pid), time.monotonic()
            if app.poll() is not None:
                raise suite.CaseCannotRun(f"the Gallery exited during the measurement ({case})")
            return 100.0 * (after - before) / TICKS / (end - start)
        finally:
            app.terminate()
            app.wait()
    finally:
        if listener:
            listener.terminate()
            listener.wait()
        if stack:
            stack.stop()


def main():
    gallery = sys.argv[1] if len(sys.argv) > 1 else os.path.join(suite.ROOT, ".build/release/Gallery")
    cases = ["no bus", "bus, no client", "client listening"]
    results = {case: [] for case in cases}
    server, number = suite.start_xvfb()
    try:
        for round_number in range(ROUNDS):
            order = cases[round_number % len(cases):] + cases[:round_number % len(cases)]
            for case in order:
                results[case].append(one_case(gallery, f":{number}", case))
            suite.progress(f"round {round_number + 1}/{ROUNDS}: " + ", ".join(
                f"{case} {results[case][-1]:.1f} %" for case in cases))
    finally:
        server.terminate()
    print(f"Gallery idle, progress bar sweeping: % of one core over {MEASURE_SECONDS:g} s, "
          f"median of {ROUNDS} interleaved rounds")
    print(f"{'case':<20}{'median':>8}{'min-max':>14}{'minus no bus, per round':>30}")
    for case in cases:
        values = results[case]
        differences = [value - base for value, base in zip(values, results["no bus"])]
        print(f"{case:<20}{statistics.median(values):>8.1f}{min(values):>7.1f}-{max(values):<6.1f}"
              f"{statistics.median(differences):>+18.1f}  ({', '.join(f'{d:+.1f}' for d in differences)})")


if __name__ == "__main__":
    sys.exit(main())
