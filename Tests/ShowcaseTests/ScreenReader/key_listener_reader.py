"""A screen reader's keyboard hook, through pyatspi alone: it registers a keystroke listener as
Orca does (synchronous and pre-emptive, so it may take keys for itself), focuses the Showcase's
search field and hears what the test types there. It takes "c", as a screen reader takes its own
command keys, and prints the key presses it heard, then the field's text once the last key is
in. Run by ScreenReaderTests: key_listener_reader.py keys"""

import pyatspi

from showcase_reader import application, find, listen, next_event, wait_for

heard = []


def hear(event):
    """Notes a press; returns whether the key is taken (then the application never gets it)."""
    if event.type == pyatspi.KEY_PRESSED_EVENT:
        heard.append(event.event_string)
    return event.event_string == "c"


def main():
    frame = application()[0]
    listen("window:activate")
    field = find(frame, "entry")
    pyatspi.Registry.registerKeystrokeListener(
        hear, kind=(pyatspi.KEY_PRESSED_EVENT, pyatspi.KEY_RELEASED_EVENT), synchronous=True, preemptive=True)
    frame.queryComponent().grabFocus()
    next_event("window:activate", frame.name)
    field.queryComponent().grabFocus()
    wait_for("the field's focus", lambda: field.getState().contains(pyatspi.STATE_FOCUSED))
    print("listening", flush=True)
    text = field.queryText()
    wait_for("the last key in the field", lambda: "d" in heard and text.getText(0, -1).endswith("d"))
    print("heard " + " ".join(heard), flush=True)
    print(f"text '{text.getText(0, -1)}'", flush=True)


main()
