#!/usr/bin/env python3
"""Start-up of this tree's CanopyStartup against one built from an earlier commit (the
baseline), with the floor, run interleaved under one Xvfb: the list and the closed drop-down.
Prints suite.py's start-up tables (ROUNDS and COUNTS as there). Build both programs with
`swift build -c release --product CanopyStartup` first (and Benchmarks/Peers/launch.c and
floor.c, as Benchmarks/run does); THIS_CANOPYSTARTUP defaults to this tree's release build.

    python3 Benchmarks/startup_against.py BASELINE_CANOPYSTARTUP [THIS_CANOPYSTARTUP]"""

import os
import sys

import suite


def main():
    baseline = sys.argv[1]
    branch = sys.argv[2] if len(sys.argv) > 2 else os.path.join(suite.ROOT, ".build/release/CanopyStartup")
    server, number = suite.start_xvfb()
    try:
        for mode, title in [([], "a list of N items"), (["dropdown"], "a closed drop-down of N items")]:
            chosen = [
                suite.Program("floor (C, Xlib+Xft)", lambda n, mode=mode: ["/tmp/canopy-bench-floor", str(n), *mode]),
                suite.Program("Canopy, this tree", lambda n, mode=mode: [branch, str(n), *mode]),
                suite.Program("Canopy, baseline", lambda n, mode=mode: [baseline, str(n), *mode]),
            ]
            suite.startup_table(chosen, f":{number}", title=f"Startup to first frame, {title}")
    finally:
        server.terminate()


if __name__ == "__main__":
    sys.exit(main())
