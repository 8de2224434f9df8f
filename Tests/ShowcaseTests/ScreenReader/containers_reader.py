"""A screen reader's view of the Gallery's containers, through pyatspi alone: the split view's
separator and its value, the settings tab list and its selected tab, and the alert the
"Delete…" button opens (clicked through its Action interface): its title, message and buttons,
and that it is the window's modal child itself (no dialog around it).
Prints one line per thing it saw. Run by ScreenReaderTests: containers_reader.py"""

import pyatspi

from showcase_reader import application, do, find, listen, next_event


def all_of(accessible, role):
    """Every descendant of accessible that has role, in order."""
    found = []
    for child in accessible:
        found += ([child] if child.getRoleName() == role else []) + all_of(child, role)
    return found


def main():
    frame = application("gallery")[0]
    listen("object:children-changed")
    split = find(frame, "split pane")
    separator = find(split, "separator")
    value = separator.queryValue()
    print(f"split pane with a separator at more than 0 {value.currentValue > 0}, "
          f"within its range {value.minimumValue <= value.currentValue <= value.maximumValue}", flush=True)
    tab_list = find(frame, "page tab list")
    tabs = all_of(tab_list, "page tab")
    selected = [tab.name for tab in tabs if tab.getState().contains(pyatspi.STATE_SELECTED)]
    selection = tab_list.querySelection()
    print(f"page tabs {', '.join(tab.name for tab in tabs)}; selected {', '.join(selected)}, "
          f"by the Selection interface {selection.getSelectedChild(0).name}", flush=True)
    do(find(frame, "push button", "Delete…"), "click")
    added = next_event("object:children-changed:add", frame.name).any_data
    alert = find(added, "alert")
    buttons = ", ".join(button.name for button in all_of(alert, "push button"))
    print(f"alert '{alert.name}' says '{alert.description}' with push buttons {buttons}", flush=True)
    modal = alert.getState().contains(pyatspi.STATE_MODAL)
    print(f"the window's new child is the alert {added.getRoleName() == 'alert'}, modal {modal}", flush=True)


main()
