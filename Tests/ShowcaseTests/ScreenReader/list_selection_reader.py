"""A screen reader's view of the Gallery's list, which selects several rows, through pyatspi
alone: its multiselectable state, then its Selection interface selecting every row, taking one
out, asking which are selected and clearing them. Prints one line per step. Run by
ScreenReaderTests: list_selection_reader.py"""

import pyatspi

from showcase_reader import application, find


def main():
    frame = application("gallery")[0]
    tasks = find(frame, "list")
    multiselectable = tasks.getState().contains(pyatspi.STATE_MULTISELECTABLE)
    print(f"list of {tasks.childCount} rows, multiselectable {multiselectable}", flush=True)
    selection = tasks.querySelection()
    selection.selectAll()
    print(f"select all: {selection.nSelectedChildren} selected", flush=True)
    selection.deselectChild(1)
    print(f"deselect row 1: {selection.nSelectedChildren} selected, row 0 {selection.isChildSelected(0)}, "
          f"row 1 {selection.isChildSelected(1)}, the second selected {selection.getSelectedChild(1).name}",
          flush=True)
    selection.clearSelection()
    print(f"clear: {selection.nSelectedChildren} selected", flush=True)


main()
