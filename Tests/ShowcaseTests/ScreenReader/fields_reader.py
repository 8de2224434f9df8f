"""A screen reader's view of the Gallery's text fields and text views, through pyatspi alone:
each one's name (the app's label, or none: a placeholder is no name), its placeholder (the
`placeholder-text` attribute, as GTK gives it) where it has one, and whether it holds one line or
several. Prints one line per entry, in reading order. Run by ScreenReaderTests: fields_reader.py"""

import pyatspi

from showcase_reader import application, attributes


def entries(accessible):
    """Every entry under accessible, in order, not looking inside long lists."""
    found = []
    for child in accessible:
        if child.getRoleName() == "entry":
            found.append(child)
        elif not child.getState().contains(pyatspi.STATE_MANAGES_DESCENDANTS):
            found += entries(child)
    return found


def main():
    frame = application("gallery")[0]
    for entry in entries(frame):
        placeholder = attributes(entry).get("placeholder-text")
        lines = "several lines" if entry.getState().contains(pyatspi.STATE_MULTI_LINE) else "one line"
        print(f"entry '{entry.name}' placeholder {placeholder!r}, {lines}", flush=True)


main()
