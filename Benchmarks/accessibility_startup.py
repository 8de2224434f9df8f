#!/usr/bin/env python3
"""Start-up without an accessibility bus, before and after the AT-SPI2 bridge: the floor, this
tree's CanopyStartup and a CanopyStartup built from an earlier commit (the baseline), run
interleaved under one Xvfb with no session bus and no accessibility bus in the environment, as
on a desktop without one. Prints suite.py's start-up table, round trips before the first frame
and idle wake-ups for the three. Build both programs with `swift build -c release --product
CanopyStartup` first (and Benchmarks/Peers/launch.c and floor.c into a
directory named by CANOPY_BENCH_BIN, as `launch` and `floor`, as Benchmarks/run does).

    python3 Benchmarks/accessibility_startup.py BASELINE_CANOPYSTARTUP"""

import os
import sys

import suite


def main():
    baseline = sys.argv[1]
    for name in ("DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"):
        os.environ.pop(name, None)
    chosen = [
        suite.Program("floor (C, Xlib+Xft)", lambda n: [suite.FLOOR, str(n)]),
        suite.Program("Canopy, bridge", lambda n: [os.path.join(suite.ROOT, ".build/release/CanopyStartup"), str(n)]),
        suite.Program("Canopy, baseline", lambda n: [baseline, str(n)]),
    ]
    server, number = suite.start_xvfb()
    try:
        suite.startup_table(chosen, f":{number}")
        suite.round_trip_table(chosen, number)
        suite.idle_table(chosen, f":{number}")
    finally:
        server.terminate()


if __name__ == "__main__":
    sys.exit(main())
