"""A screen reader's view of the Gallery's folder tree through pyatspi alone: the tree's items
with their level (the "level" attribute, as GTK 4 and ARIA give it) and their expandable and
expanded states, then the first folder opened through its Action interface, with the
state-changed:expanded event it sends and the children-changed events at the places its
entries come. Prints one line per step. Run by ScreenReaderTests: tree_reader.py"""

import pyatspi

from showcase_reader import application, attributes, do, find, listen, next_event


def describe(item):
    state = item.getState()
    expandable = state.contains(pyatspi.STATE_EXPANDABLE)
    expanded = state.contains(pyatspi.STATE_EXPANDED)
    return (f"{item.getRoleName()} '{item.name}' level {attributes(item).get('level')} expandable {expandable} "
            f"expanded {expanded}")


def main():
    frame = application("gallery")[0]
    tree = find(frame, "tree")
    print(f"tree of {tree.childCount} items", flush=True)
    for index in range(tree.childCount):
        print(describe(tree.getChildAtIndex(index)), flush=True)
    listen("object:state-changed:expanded", "object:children-changed:add")
    do(tree.getChildAtIndex(0), "expand")
    event = next_event("object:state-changed:expanded")
    print(f"state-changed:expanded {event.detail1} from '{event.source.name}'", flush=True)
    added = [next_event("object:children-changed:add").detail1 for _ in range(2)]
    print(f"children added at {added}", flush=True)
    print(f"tree of {tree.childCount} items; {describe(tree.getChildAtIndex(0))}; "
          f"{describe(tree.getChildAtIndex(1))}", flush=True)


main()
