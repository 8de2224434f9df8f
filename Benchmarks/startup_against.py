#!/usr/bin/env python3
"""Start-up of CanopyStartup builds from different commits, with the floor, run interleaved
under one Xvfb: the list and the closed drop-down. Prints suite.py's start-up tables (ROUNDS
and COUNTS as there). Build each program with `swift build -c release --product CanopyStartup`
in its own worktree first (and Benchmarks/Peers/launch.c and floor.c into a
directory named by CANOPY_BENCH_BIN, as `launch` and `floor`, as Benchmarks/run does).
With --remote it prints instead suite.py's round trips (xtrace) and remote-display table (20
and 50 ms round trips through Benchmarks/delay_proxy.py, REMOTE_ROUNDS as there) for a list of
10 items.

    python3 Benchmarks/startup_against.py [--remote] LABEL=CANOPYSTARTUP [LABEL=CANOPYSTARTUP ...]"""

import sys

import suite


def main():
    arguments = sys.argv[1:]
    remote = "--remote" in arguments
    builds = [argument.split("=", 1) for argument in arguments if argument != "--remote"]
    if not builds or any(len(build) != 2 for build in builds):
        sys.exit(__doc__)
    server, number = suite.start_xvfb()
    try:
        if remote:
            chosen = [suite.Program("floor (C, Xlib+Xft)", lambda n: [suite.FLOOR, str(n)])]
            for label, path in builds:
                chosen.append(suite.Program(f"Canopy, {label}", lambda n, path=path: [path, str(n)]))
            suite.remote_case(chosen, suite.round_trip_table(chosen, number))
            return
        for mode, title in [([], "a list of N items"), (["dropdown"], "a closed drop-down of N items")]:
            chosen = [suite.Program("floor (C, Xlib+Xft)", lambda n, mode=mode: [suite.FLOOR, str(n), *mode])]
            for label, path in builds:
                chosen.append(suite.Program(f"Canopy, {label}", lambda n, path=path, mode=mode: [path, str(n), *mode]))
            suite.startup_table(chosen, f":{number}", title=f"Startup to first frame, {title}")
    finally:
        server.terminate()


if __name__ == "__main__":
    sys.exit(main())
