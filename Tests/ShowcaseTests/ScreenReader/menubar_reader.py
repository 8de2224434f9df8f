"""A screen reader's view of the Gallery's menu bar, through pyatspi alone: the bar's titles
with their mnemonics as key bindings, then the File menu opened through the Action interface
and its items with their shortcuts as accelerators. Prints one line per thing it saw. Run by
ScreenReaderTests: menubar_reader.py"""

from showcase_reader import application, do, find, listen, next_event


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


def main():
    frame = application("gallery")[0]
    listen("object:children-changed")
    bar = find(frame, "menu bar")
    print(f"menu bar of {bindings(bar, 'menu item')}", flush=True)
    do(find(bar, "menu item", "File"), "activate")
    menu = find(next_event("object:children-changed:add", frame.name).any_data, "popup menu")
    print(f"popup menu of {bindings(menu, 'menu item')}", flush=True)


main()
