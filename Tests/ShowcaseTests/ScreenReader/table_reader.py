"""A screen reader's view of the Gallery's table of files, through pyatspi alone: its size
through the Table interface, its column headers (their descriptions and header objects), a
cell's text by row and column, a check box cell's state, a header's click sorting the rows, and
rows selected through the table. Prints one line per step. Run by ScreenReaderTests:
table_reader.py"""

import pyatspi

from showcase_reader import application, do, find, wait_for


def main():
    frame = application("gallery")[0]
    files = find(frame, "table")
    table = files.queryTable()
    print(f"table of {table.nRows} rows and {table.nColumns} columns, {files.childCount} children", flush=True)
    titles = [table.getColumnDescription(column) for column in range(table.nColumns)]
    print(f"column descriptions: {', '.join(titles)}", flush=True)
    headers = [table.getColumnHeader(column) for column in range(table.nColumns)]
    print(f"column headers: {', '.join(f'{h.getRoleName()} {h.name}' for h in headers)}", flush=True)
    cell = table.getAccessibleAt(2, 1)
    index = cell.getIndexInParent()
    print(f"cell at 2, 1: {cell.getRoleName()} '{cell.name}', at row {table.getRowAtIndex(index)} "
          f"column {table.getColumnAtIndex(index)}", flush=True)
    keep = table.getAccessibleAt(0, 0)
    print(f"cell at 0, 0: checked {keep.getState().contains(pyatspi.STATE_CHECKED)}", flush=True)
    do(headers[1], "click")
    wait_for("the rows sorted by name", lambda: table.getAccessibleAt(0, 1).name != "notes-1.txt" or None)
    print(f"sorted by name: the first row is {table.getAccessibleAt(0, 1).name}", flush=True)
    table.addRowSelection(3)
    table.addRowSelection(5)
    print(f"selected rows: {list(table.getSelectedRows())}, row 5 {table.isRowSelected(5)}, "
          f"cell selected {table.getAccessibleAt(5, 2).getState().contains(pyatspi.STATE_SELECTED)}", flush=True)
    table.removeRowSelection(3)
    print(f"after removing row 3: {table.nSelectedRows} selected", flush=True)


main()
