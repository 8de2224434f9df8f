"""A screen reader's view of the Gallery's menu bar, through pyatspi alone: the bar's titles
with their mnemonics as key bindings, then the File menu opened through the Action interface
and its items with their shortcuts as accelerators, then the Edit menu's Transform submenu: a
menu whose children are its items. Prints one line per thing it saw. Run by
ScreenReaderTests: menubar_reader.py"""

import pyatspi
from gi.repository import GLib
from showcase_reader import application, do, find, listen, next_event, wait_for


def binding(accessible):
    """The key binding of accessible's first action; a disabled item has no action."""
    try:
        action = accessible.queryAction()
    except NotImplementedError:
        return "disabled"
    return f"'{action.getKeyBinding(0)}'" if action.nActions else "disabled"


def bindings(accessible, role):
    """The name and key binding of each child of accessible that has role."""
    return ", ".join(f"{child.name} {binding(child)}" for child in accessible if child.getRoleName() == role)


def submenu(frame, name):
    """The item named name that opens a submenu, in a popup menu open in frame, if one is."""
    try:
        menus = [child for child in frame if child.getRoleName() == "popup menu"]
        return next((found for found in (find(menu, "menu", name) for menu in menus) if found), None)
    except GLib.GError:  # the menu that was open went meanwhile
        return None


def main():
    frame = application("gallery")[0]
    listen("object:children-changed")
    bar = find(frame, "menu bar")
    print(f"menu bar of {bindings(bar, 'menu')}", flush=True)
    do(find(bar, "menu", "File"), "activate")
    menu = find(next_event("object:children-changed:add", frame.name).any_data, "popup menu")
    print(f"popup menu of {bindings(menu, 'menu item')}", flush=True)
    do(find(bar, "menu", "Edit"), "activate")
    transform = wait_for("the Edit menu's Transform", lambda: submenu(frame, "Transform"))
    states = transform.getState()
    popup = states.contains(pyatspi.STATE_EXPANDABLE) and states.contains(pyatspi.STATE_HAS_POPUP)
    first = transform[0]
    print(
        f"menu {transform.name} of {bindings(transform, 'menu item')}, pops up {popup},"
        f" parent of {first.name} {first.parent.name}",
        flush=True,
    )


main()
