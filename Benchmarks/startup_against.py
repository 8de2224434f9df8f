#!/usr/bin/env python3
"""Start-up of CanopyStartup builds from different commits, with the floor, run interleaved
under one Xvfb: the list and the closed drop-down. Prints suite.py's start-up tables (ROUNDS
and COUNTS as there). Build each program with `swift build -c release --product CanopyStartup`
in its own worktree first (and Benchmarks/Peers/launch.c and floor.c, as Benchmarks/run does).

    python3 Benchmarks/startup_against.py LABEL=CANOPYSTARTUP [LABEL=CANOPYSTARTUP ...]"""

import sys

import suite


def main():
    builds = [argument.split("=", 1) for argument in sys.argv[1:]]
    if not builds or any(len(build) != 2 for build in builds):
        sys.exit(__doc__)
    server, number = suite.start_xvfb()
    try:
        for mode, title in [([], "a list of N items"), (["dropdown"], "a closed drop-down of N items")]:
            chosen = [suite.Program("floor (C, Xlib+Xft)", lambda n, mode=mode: ["/tmp/canopy-bench-floor", str(n), *mode])]
            for label, path in builds:
                chosen.append(suite.Program(f"Canopy, {label}", lambda n, path=path, mode=mode: [path, str(n), *mode]))
            suite.startup_table(chosen, f":{number}", title=f"Startup to first frame, {title}")
    finally:
        server.terminate()


if __name__ == "__main__":
    sys.exit(main())
