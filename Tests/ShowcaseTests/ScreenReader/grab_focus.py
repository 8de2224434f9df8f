"""Gives the keyboard focus to a control through AT-SPI, as a screen reader's user can, for the
Orca walks that start on a control rather than on a window where nothing is focused:

    grab_focus.py APPLICATION ROLE NAME

Run once the app is on the desktop (Orca has spoken its window). Prints "asked" once the control
has taken the request, else what went wrong, with status 1."""

import sys

import pyatspi


def find(accessible, role, name):
    """The first descendant with role and name, not looking inside lists."""
    if accessible.getRoleName() == role and accessible.name == name:
        return accessible
    if accessible.getState().contains(pyatspi.STATE_MANAGES_DESCENDANTS):
        return None
    for child in accessible:
        found = find(child, role, name)
        if found is not None:
            return found
    return None


def main():
    application, role, name = sys.argv[1:4]
    desktop = pyatspi.Registry.getDesktop(0)
    app = next((app for app in desktop if app is not None and app.name == application and app.childCount), None)
    control = app and find(app[0], role, name)
    if not control:
        print(f"no {role} '{name}' in {application}", flush=True)
        sys.exit(1)
    # The app moves the focus in its own time (GTK on its next turn): the test hears it from Orca.
    granted = control.queryComponent().grabFocus()
    print("asked" if granted else f"{role} '{name}' refused the focus", flush=True)
    sys.exit(0 if granted else 1)

if __name__ == "__main__":
    main()
