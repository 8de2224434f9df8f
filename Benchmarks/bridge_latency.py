#!/usr/bin/env python3
"""How long a screen reader waits for each answer (issue 28): the Gallery (release build) and
GTK 3's comparison app of the Orca tests (`Tests/ShowcaseTests/ScreenReader/gtk_comparison.py
gallery`: the same buttons, check box and list, with GTK's own atk-bridge), each on a private
accessibility stack, run interleaved round by round under one Xvfb, each a fresh process.

Once the app is embedded by the registry, a client on the accessibility bus (PyGObject's Gio,
synchronous calls, the same client for both) times CALLS calls of each kind, one at a time:
`org.freedesktop.DBus.Peer.Ping` (the bridge's dispatch alone), the root's `Name` through
`org.freedesktop.DBus.Properties.Get`, and the root's `GetChildren`. Prints the median
milliseconds per call of each kind, per toolkit, over the rounds (each round's median), and
Canopy's ratio to GTK. Build first: `swift build -c release --product Gallery`.

    python3 Benchmarks/bridge_latency.py [GALLERY_BINARY]"""

import json
import os
import statistics
import subprocess
import sys

import suite
from bridge_cpu import Stack

ROUNDS = int(os.environ.get("ROUNDS", "5"))
CALLS = int(os.environ.get("CALLS", "300"))
GTK_APP = os.path.join(suite.ROOT, "Tests/ShowcaseTests/ScreenReader/gtk_comparison.py")

CLIENT = """
import json, statistics, sys, time
from gi.repository import Gio, GLib
address, pid, calls = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
bus = Gio.DBusConnection.new_for_address_sync(address,
    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
ROOT = "/org/a11y/atspi/accessible/root"
def call(name, path, interface, member, arguments=None):
    return bus.call_sync(name, path, interface, member, arguments, None, Gio.DBusCallFlags.NONE, 5000, None)
deadline = time.monotonic() + 20
app = None
while app is None:
    (children,) = call("org.a11y.atspi.Registry", ROOT, "org.a11y.atspi.Accessible", "GetChildren").unpack()
    for name, path in children:
        try:
            (owner,) = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                            "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,))).unpack()
        except GLib.Error:
            continue
        if owner == pid:
            app = name
    if app is None:
        if time.monotonic() > deadline:
            sys.exit("the app was not embedded by the registry")
        time.sleep(0.1)
kinds = {
    "Peer.Ping": lambda: call(app, "/", "org.freedesktop.DBus.Peer", "Ping"),
    "Get Name": lambda: call(app, ROOT, "org.freedesktop.DBus.Properties", "Get",
                             GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "Name"))),
    "GetChildren": lambda: call(app, ROOT, "org.a11y.atspi.Accessible", "GetChildren"),
}
result = {}
for kind, once in kinds.items():
    once()
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        once()
        times.append((time.perf_counter() - start) * 1000)
    result[kind] = statistics.median(times)
print(json.dumps(result))
"""


def one_case(command, display):
    """Median milliseconds per call of each kind, for one fresh app started with `command`."""
    stack = Stack()
    environment = dict(os.environ, DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=stack.address)
    for name in ("AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"):
        environment.pop(name, None)
    try:
        app = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            client = subprocess.run(
                [suite.SYSTEM_PYTHON, "-c", CLIENT, stack.accessibility_address, str(app.pid), str(CALLS)],
                env=environment, capture_output=True, text=True, timeout=120)
            if client.returncode != 0:
                raise suite.CaseCannotRun(f"{command[-1]}: {client.stderr.strip()}")
            return json.loads(client.stdout)
        finally:
            app.terminate()
            app.wait()
    finally:
        stack.stop()


def main():
    gallery = sys.argv[1] if len(sys.argv) > 1 else os.path.join(suite.ROOT, ".build/release/Gallery")
    programs = {"Canopy": [gallery], "GTK 3": [suite.SYSTEM_PYTHON, GTK_APP, "gallery"]}
    results = {name: [] for name in programs}
    server, number = suite.start_xvfb()
    try:
        for round_number in range(ROUNDS):
            order = list(programs) if round_number % 2 == 0 else list(reversed(programs))
            for name in order:
                results[name].append(one_case(programs[name], f":{number}"))
            suite.progress(f"round {round_number + 1}/{ROUNDS} done")
    finally:
        server.terminate()
    kinds = list(results["Canopy"][0])
    print(f"ms per accessibility call, one at a time ({CALLS} of each kind per round), "
          f"median of {ROUNDS} interleaved rounds' medians")
    print(f"{'call':<14}{'Canopy':>10}{'GTK 3':>10}{'Canopy / GTK':>15}")
    for kind in kinds:
        canopy = statistics.median(r[kind] for r in results["Canopy"])
        gtk = statistics.median(r[kind] for r in results["GTK 3"])
        print(f"{kind:<14}{canopy:>10.3f}{gtk:>10.3f}{canopy / gtk:>15.2f}")


if __name__ == "__main__":
    sys.exit(main())
