"""A screen reader's view of the Gallery's tree-table through pyatspi alone: a tree table with
the Table interface (its size and column headers), its first column's cells with their level and
their expandable and expanded states, a cell of another column without them, then a folder
opened through its first cell's Action interface, with the state-changed:expanded event it
sends and the children-changed events for the cells of the rows that came. Prints one line per
step. Run by ScreenReaderTests: tree_table_reader.py"""

import pyatspi

from showcase_reader import application, do, find, listen, next_event


def describe(cell):
    attributes = dict(pair.split(":", 1) for pair in cell.getAttributes())
    state = cell.getState()
    return (f"{cell.getRoleName()} '{cell.name}' level {attributes.get('level')} "
            f"expandable {state.contains(pyatspi.STATE_EXPANDABLE)} expanded {state.contains(pyatspi.STATE_EXPANDED)}")


def main():
    frame = application("gallery")[0]
    files = find(frame, "tree table")
    table = files.queryTable()
    headers = ", ".join(table.getColumnHeader(column).name for column in range(table.nColumns))
    print(f"tree table of {table.nRows} rows and {table.nColumns} columns: {headers}", flush=True)
    for row in [0, 1, 3, 8]:
        print(describe(table.getAccessibleAt(row, 0)), flush=True)
    print(describe(table.getAccessibleAt(8, 1)), flush=True)
    listen("object:state-changed:expanded", "object:children-changed:add")
    do(table.getAccessibleAt(8, 0), "expand")
    event = next_event("object:state-changed:expanded")
    print(f"state-changed:expanded {event.detail1} from '{event.source.name}'", flush=True)
    added = [next_event("object:children-changed:add").detail1 for _ in range(2 * table.nColumns)]
    print(f"children added at {added}", flush=True)
    print(f"tree table of {table.nRows} rows; {describe(table.getAccessibleAt(9, 0))}; "
          f"{table.getAccessibleAt(9, 1).name.endswith('KB')}", flush=True)


main()
