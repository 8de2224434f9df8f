"""A caller on the accessibility bus that a well-behaved screen reader is not, for
HostileCallerTests: it finds the app APP (by its name, through the registry's desktop) and then

    hostile_caller.py ADDRESS APP count TARGET AFTER
                                                 asks the text field's CharacterCount, one call at
                                                 a time, until it has read TARGET AFTER times;
                                                 prints "asking" after the first answer, and the
                                                 slowest answer
    hostile_caller.py ADDRESS APP extents        asks the text field's GetRangeExtents over all of
                                                 its text, in screen coordinates, once
    hostile_caller.py ADDRESS APP flood SECONDS RATE
                                                 sends RATE calls a second to the push button for
                                                 SECONDS, without waiting for answers, then waits
                                                 for every answer

Each mode prints one line of JSON at its end. A call left without an answer fails its mode (exit
status 1); nothing here sleeps to wait for the app: every wait is for an answer, with a deadline."""

import json
import sys
import time

from gi.repository import Gio, GLib

ADDRESS, APP, MODE = sys.argv[1:4]
ROOT = "/org/a11y/atspi/accessible/root"
ACCESSIBLE = "org.a11y.atspi.Accessible"
ANSWER_DEADLINE_MS = 3000

bus = Gio.DBusConnection.new_for_address_sync(
    ADDRESS,
    Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
    None,
    None,
)


def call(name, path, interface, member, arguments=None, timeout=ANSWER_DEADLINE_MS):
    return bus.call_sync(name, path, interface, member, arguments, None, Gio.DBusCallFlags.NONE, timeout, None)


def finish(result, status=0):
    print(json.dumps(result), flush=True)
    sys.exit(status)


def application():
    """The app's bus name, from the registry's desktop (the registry embeds apps as they come)."""
    (children,) = call("org.a11y.atspi.Registry", ROOT, ACCESSIBLE, "GetChildren").unpack()
    for name, path in children:
        try:
            value = call(name, path, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (ACCESSIBLE, "Name")))
        except GLib.Error:
            continue
        if value.unpack()[0] == APP:
            return name
    finish({"error": f"no application named {APP} on the desktop"}, 1)


def find(name, path, role):
    """The first object under path (depth first) whose role name is role."""
    (found,) = call(name, path, ACCESSIBLE, "GetRoleName").unpack()
    if found == role:
        return path
    (children,) = call(name, path, ACCESSIBLE, "GetChildren").unpack()
    for _, child in children:
        result = find(name, child, role)
        if result:
            return result
    return None


app = application()


def character_count(field):
    arguments = GLib.Variant("(ss)", ("org.a11y.atspi.Text", "CharacterCount"))
    return call(app, field, "org.freedesktop.DBus.Properties", "Get", arguments).unpack()[0]


def count(target, after):
    """Asks until the count reads target, then after times more: the calls that come while the
    app sends the change's events."""
    field = find(app, ROOT, "entry")
    slowest = 0.0
    seen = -1
    asked_after = 0
    deadline = time.monotonic() + 60
    while asked_after < after and time.monotonic() < deadline:
        start = time.monotonic()
        try:
            seen = character_count(field)
        except GLib.Error as error:
            finish({"error": error.message, "seen": seen, "slowest": slowest, "asked after": asked_after}, 1)
        if slowest == 0:
            print("asking", flush=True)
        slowest = max(slowest, time.monotonic() - start)
        if seen == target:
            asked_after += 1
    finish({"seen": seen, "slowest": slowest}, 0 if seen == target else 1)


def extents():
    field = find(app, ROOT, "entry")
    length = character_count(field)
    start = time.monotonic()
    try:
        reply = call(app, field, "org.a11y.atspi.Text", "GetRangeExtents", GLib.Variant("(iiu)", (0, length, 0)))
    except GLib.Error as error:
        finish({"error": error.message, "seconds": time.monotonic() - start}, 1)
    finish({"characters": length, "rect": list(reply.unpack()), "seconds": time.monotonic() - start})


def flood(seconds, rate):
    """Sends without tracking each call in GDBus (its answers are counted by a filter, in the
    connection's own thread): one Python caller then keeps up with several thousand a second."""
    button = find(app, ROOT, "push button")
    loop = GLib.MainLoop()
    tally = {"sent": 0, "answered": 0, "refused": 0, "failed": 0, "errors": {}}
    sent_at = {}
    latencies = []
    sending = [True]
    began = time.monotonic()

    def done():
        return not sending[0] and not sent_at

    def answered(connection, message, incoming, user_data):
        sent = sent_at.pop(message.get_reply_serial(), None) if incoming else None
        if sent is None:
            return message
        latencies.append(time.monotonic() - sent)
        if message.get_message_type() == Gio.DBusMessageType.METHOD_RETURN:
            tally["answered"] += 1
        elif message.get_error_name() == "org.freedesktop.DBus.Error.LimitsExceeded":
            tally["refused"] += 1
        else:
            tally["failed"] += 1
            name = message.get_error_name()
            tally["errors"][name] = tally["errors"].get(name, 0) + 1
        if done():
            GLib.idle_add(loop.quit)
        return None

    bus.add_filter(answered, None)

    def send():
        elapsed = time.monotonic() - began
        if elapsed >= seconds:
            sending[0] = False
            if done():
                loop.quit()
            GLib.timeout_add(20000, loop.quit)  # the deadline for the last answers
            return False
        due = int(elapsed * rate) + 1
        while tally["sent"] < due:
            # Serials of its own (far above the connection's), noted before the answer can come.
            tally["sent"] += 1
            message = Gio.DBusMessage.new_method_call(app, button, ACCESSIBLE, "GetState")
            message.set_serial(1_000_000 + tally["sent"])
            sent_at[message.get_serial()] = time.monotonic()
            bus.send_message(message, Gio.DBusSendMessageFlags.PRESERVE_SERIAL)
        return True

    print("flooding", flush=True)
    GLib.timeout_add(5, send)
    loop.run()
    latencies.sort()
    tally["failed"] += len(sent_at)  # no answer by the deadline
    finish(
        dict(
            tally,
            seconds=time.monotonic() - began,
            slowest=latencies[-1] if latencies else 0,
            median=latencies[len(latencies) // 2] if latencies else 0,
        ),
        0 if tally["failed"] == 0 else 1,
    )


if MODE == "count":
    count(int(sys.argv[4]), int(sys.argv[5]))
elif MODE == "extents":
    extents()
elif MODE == "flood":
    flood(float(sys.argv[4]), float(sys.argv[5]))
else:
    finish({"error": f"no mode {MODE}"}, 2)
