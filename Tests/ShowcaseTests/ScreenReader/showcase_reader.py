"""A screen reader's view of the Showcase, through pyatspi (libatspi) alone: it finds the app on
the accessibility bus, walks its tree and operates each seed widget as a screen reader user
would, printing one line per thing it saw. Run by ScreenReaderTests with the scenario's name:

    showcase_reader.py tree | dropdown | search | picker | about | focus COUNT |
        descendants COUNT

Waits are for events (the GLib main context is run until the awaited event arrives), each with a
deadline; a missed one prints "timeout: ..." and exits with status 1."""

import sys
import time

import pyatspi
from gi.repository import GLib

DEADLINE = 15.0
received = []


def listen(*event_types):
    for event_type in event_types:
        pyatspi.Registry.registerEventListener(lambda event: received.append(event), event_type)


def wait_for(what, condition):
    """Runs the main loop (delivering events) until condition() holds."""
    context = GLib.MainContext.default()
    end = time.monotonic() + DEADLINE
    while True:
        while context.iteration(False):
            pass
        result = condition()
        if result:
            return result
        if time.monotonic() > end:
            print(f"timeout: {what}", flush=True)
            sys.exit(1)
        context.iteration(True) if context.pending() else time.sleep(0.01)


def next_event(event_type, source_name=None, source=None):
    """The first event of event_type (from a source named source_name, or from source) not yet
    taken."""

    def find():
        for index, event in enumerate(received):
            if (event.type == event_type and (source_name is None or event.source.name == source_name)
                    and (source is None or event.source == source)):
                del received[index]
                return event
        return None

    return wait_for(f"{event_type} from {source_name}", find)


def application(name="showcase"):
    desktop = pyatspi.Registry.getDesktop(0)
    return wait_for(
        f"the {name} on the desktop",
        lambda: next((app for app in desktop if app is not None and app.name == name and app.childCount), None),
    )


def states(accessible):
    return sorted(pyatspi.stateToString(state) for state in accessible.getState().getStates())


def attributes(accessible):
    """The object attributes (GetAttributes), as a dictionary."""
    return dict(pair.split(":", 1) for pair in accessible.getAttributes())


def describe(accessible):
    """Role, name, the placeholder where there is one (the `placeholder-text` attribute, as
    GTK gives it) and states."""
    placeholder = attributes(accessible).get("placeholder-text")
    hint = "" if placeholder is None else f" placeholder '{placeholder}'"
    return f"{accessible.getRoleName()} '{accessible.name}'{hint} {','.join(states(accessible))}"


def find(accessible, role, name=None, placeholder=None):
    """The first descendant with role (and name, and placeholder), not looking inside long
    lists."""
    if (accessible.getRoleName() == role and (name is None or accessible.name == name)
            and (placeholder is None or attributes(accessible).get("placeholder-text") == placeholder)):
        return accessible
    if accessible.getState().contains(pyatspi.STATE_MANAGES_DESCENDANTS):
        return None
    for child in accessible:
        found = find(child, role, name, placeholder)
        if found is not None:
            return found
    return None


def do(accessible, action_name):
    actions = accessible.queryAction()
    names = [actions.getName(index) for index in range(actions.nActions)]
    return actions.doAction(names.index(action_name))


def tree(frame):
    def walk(accessible, depth):
        print("  " * depth + describe(accessible), flush=True)
        if not accessible.getState().contains(pyatspi.STATE_MANAGES_DESCENDANTS):
            for child in accessible:
                walk(child, depth + 1)

    walk(frame, 0)
    extents = find(frame, "combo box").queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    print(f"drop-down extents {extents.x} {extents.y} {extents.width} {extents.height}", flush=True)


def dropdown(frame):
    listen("object:children-changed", "object:state-changed:selected", "object:property-change:accessible-name")
    combo = find(frame, "combo box", "Select · 选择")
    print(f"actions {[combo.queryAction().getName(i) for i in range(combo.queryAction().nActions)]}", flush=True)
    do(combo, "click")
    added = next_event("object:children-changed:add", frame.name)
    listed = added.any_data
    print(f"appeared {describe(listed)} rows {listed.childCount}", flush=True)
    print("rows " + ", ".join(listed[index].name for index in range(listed.childCount)), flush=True)
    print(f"combo {','.join(states(combo))}", flush=True)
    listed.querySelection().selectChild(3)
    selected = next_event("object:state-changed:selected")
    print(f"selected {selected.source.name} {listed.querySelection().getSelectedChild(0).name}", flush=True)
    do(listed[3], "activate")
    renamed = next_event("object:property-change:accessible-name")
    print(f"renamed {renamed.source.getRoleName()} '{renamed.any_data}'", flush=True)
    next_event("object:children-changed:remove", frame.name)
    print(f"combo now '{combo.name}' {','.join(states(combo))} frame children {frame.childCount}", flush=True)


def search(frame):
    listen("object:children-changed", "object:property-change:accessible-name", "object:text-changed",
           "object:text-caret-moved")
    types = find(frame, "combo box", "web")
    do(types, "click")
    panel = next_event("object:children-changed:add", frame.name).any_data
    tiles = [panel[index] for index in range(panel.childCount)]
    print("tiles " + ", ".join(f"{tile.getRoleName()} '{tile.name}' {'checked' in states(tile)}" for tile in tiles),
          flush=True)
    do(tiles[2], "click")
    print(f"renamed '{next_event('object:property-change:accessible-name').any_data}'", flush=True)
    field = find(frame, "entry")
    field.queryEditableText().insertText(0, "hello", 5)
    inserted = next_event("object:text-changed:insert")
    caret = next_event("object:text-caret-moved")
    text = field.queryText()
    print(f"inserted '{inserted.any_data}' at {inserted.detail1}, caret event {caret.detail1}", flush=True)
    print(f"text '{text.getText(0, -1)}' caret {text.caretOffset} count {text.characterCount}", flush=True)
    first = text.getCharacterExtents(0, pyatspi.WINDOW_COORDS)
    second = text.getCharacterExtents(1, pyatspi.WINDOW_COORDS)
    field_box = field.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    print(f"characters side by side {first[0] + first[2] == second[0]} inside the field "
          f"{field_box.x < first[0] < field_box.x + field_box.width}", flush=True)
    do(field, "activate")
    print("activated", flush=True)


def picker(frame):
    listen("object:children-changed", "object:property-change:accessible-name")
    button = find(frame, "push button", "Pick a number · 选择数字")
    do(button, "click")
    dialog = next_event("object:children-changed:add", frame.name).any_data
    listed = dialog[0]
    print(f"appeared {describe(dialog)}", flush=True)
    print(f"holding {listed.getRoleName()} of {listed.childCount}: " +
          ", ".join(f"{listed[index].getRoleName()} '{listed[index].name}'" for index in range(listed.childCount)),
          flush=True)
    do(listed[3], "activate")
    renamed = next_event("object:property-change:accessible-name")
    print(f"renamed {renamed.source.getRoleName()} '{renamed.any_data}'", flush=True)
    next_event("object:children-changed:remove", frame.name)
    do(button, "click")
    dialog = next_event("object:children-changed:add", frame.name).any_data
    do(dialog, "dismiss")
    next_event("object:children-changed:remove", frame.name)
    print("dismissed", flush=True)


def focus(frame, count):
    listen("object:state-changed:focused", "window:activate")
    frame.queryComponent().grabFocus()
    next_event("window:activate", frame.name)
    print("window activated", flush=True)
    print("listening", flush=True)
    for _ in range(count):
        event = wait_for("a focus event",
                         lambda: next((e for e in list(received) if e.type == "object:state-changed:focused"
                                       and e.detail1 == 1 and not received.remove(e)), None))
        print(f"focus {event.source.getRoleName()} '{event.source.name}'", flush=True)


def descendants(frame, count):
    """The names of the items the first COUNT active-descendant-changed events make current, as
    the test moves through an open drop-down's list."""
    listen("object:active-descendant-changed", "window:activate")
    frame.queryComponent().grabFocus()
    next_event("window:activate", frame.name)
    print("listening", flush=True)
    for _ in range(count):
        event = next_event("object:active-descendant-changed")
        print(f"current {event.any_data.getRoleName()} '{event.any_data.name}' in {event.source.getRoleName()}",
              flush=True)


def about(frame):
    """The About box (F1, pressed by the test) as the app's second window."""
    listen("object:children-changed")
    app = application()
    dialog = wait_for("the About dialog", lambda: app.childCount == 2 and app[1])
    print(f"{dialog.getRoleName()} '{dialog.name}' modal {'modal' in states(dialog)}", flush=True)


def main():
    scenario = sys.argv[1]
    app = application()
    print(f"application '{app.name}' toolkit {app.get_toolkit_name()} windows {app.childCount}",
          flush=True)
    frame = app[0]
    if scenario == "focus":
        focus(frame, int(sys.argv[2]))
    elif scenario == "descendants":
        descendants(frame, int(sys.argv[2]))
    else:
        {"tree": tree, "dropdown": dropdown, "search": search, "picker": picker, "about": about}[scenario](frame)


if __name__ == "__main__":
    main()
