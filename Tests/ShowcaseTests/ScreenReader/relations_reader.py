"""A screen reader's view of the Gallery's relations, through pyatspi alone (getRelationSet, as
Orca reads them): the form's fields labelled by the labels beside them and the labels the labels
for them, the size group's radio buttons members of their group, and the drop-down and the menu
button with what they open: the drop-down the controller of its open list, the list controlled
by it and a popup for it, the menu a popup for its button. Prints one line per object, a relation
as its type and its targets' roles and names. Run by ScreenReaderTests: relations_reader.py"""

import pyatspi

from showcase_reader import application, do, find, listen, next_event

TYPES = {
    pyatspi.RELATION_LABEL_FOR: "label-for", pyatspi.RELATION_LABELLED_BY: "labelled-by",
    pyatspi.RELATION_CONTROLLER_FOR: "controller-for", pyatspi.RELATION_CONTROLLED_BY: "controlled-by",
    pyatspi.RELATION_MEMBER_OF: "member-of", pyatspi.RELATION_POPUP_FOR: "popup-for",
}


def relations(accessible):
    """Each relation of accessible: its type, then its targets as role 'name'."""
    found = []
    for relation in accessible.getRelationSet():
        targets = [relation.getTarget(index) for index in range(relation.getNTargets())]
        named = ", ".join(f"{target.getRoleName()} '{target.name}'" for target in targets)
        found.append(f"{TYPES.get(relation.getRelationType(), relation.getRelationType())} {named}")
    return "; ".join(found) or "none"


def show(accessible):
    print(f"{accessible.getRoleName()} '{accessible.name}': {relations(accessible)}", flush=True)


def main():
    frame = application("gallery")[0]
    listen("object:children-changed")
    for placeholder in ["Ada Lovelace", "ada@example.org"]:
        entry = find(frame, "entry", placeholder=placeholder)
        show(entry)
        show(entry.getRelationSet()[0].getTarget(0))
    for name in ["Small", "Medium", "Large"]:
        show(find(frame, "radio button", name))
    combo = find(frame, "combo box", "Fruit")
    show(combo)
    do(combo, "click")
    listed = next_event("object:children-changed:add", frame.name).any_data
    show(combo)
    show(listed)
    do(combo, "click")
    next_event("object:children-changed:remove", frame.name)
    show(combo)
    button = find(frame, "push button", "Actions")
    do(button, "click")
    show(next_event("object:children-changed:add", frame.name).any_data)


main()
