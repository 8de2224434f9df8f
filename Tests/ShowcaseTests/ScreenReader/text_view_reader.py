"""A screen reader's view of the Gallery's text view, through pyatspi alone: it reads the text by
line, puts the caret at the start and, after the test presses Down, follows the caret to the
next line on screen; then edits it as a dictation tool would, through EditableText. Prints one line per thing it saw (facts that do not hang on the fonts).
Run by ScreenReaderTests: text_view_reader.py lines"""

import pyatspi

from showcase_reader import application, describe, find, listen, next_event, received, wait_for


def lines(text):
    """Each line on screen, as (text, start, end), by line-start boundaries to the text's end."""
    found, offset = [], 0
    while offset < text.characterCount:
        line = text.getTextAtOffset(offset, pyatspi.TEXT_BOUNDARY_LINE_START)
        found.append(line)
        offset = line[2] if line[2] > offset else offset + 1
    return found


def main():
    frame = application("gallery")[0]
    listen("object:state-changed:focused", "window:activate", "object:text-caret-moved",
           "object:text-changed:insert", "object:text-changed:delete")
    view = find(frame, "entry", placeholder="Notes")
    print(describe(view), flush=True)
    text = view.queryText()
    read = lines(text)
    paragraphs = text.getText(0, -1).split("\n")
    print(f"lines follow each other {all(a[2] == b[1] for a, b in zip(read, read[1:]))}, "
          f"cover the text {''.join(line[0] for line in read) == text.getText(0, -1)}, "
          f"more lines than paragraphs {len(read) > len(paragraphs)}, "
          f"first ends inside the first paragraph {read[0][2] < len(paragraphs[0])}", flush=True)
    paragraph = text.getStringAtOffset(3, pyatspi.TEXT_GRANULARITY_PARAGRAPH)
    print(f"paragraph at 3 is the first {paragraph[0] == paragraphs[0] + chr(10)}", flush=True)
    frame.queryComponent().grabFocus()
    next_event("window:activate", frame.name)
    view.queryComponent().grabFocus()
    wait_for("the text view's focus", lambda: view.getState().contains(pyatspi.STATE_FOCUSED))
    text.setCaretOffset(0)
    received.clear()
    print("listening", flush=True)
    moved = next_event("object:text-caret-moved", source=view)
    line = text.getTextAtOffset(text.caretOffset, pyatspi.TEXT_BOUNDARY_LINE_START)
    print(f"caret moved to the second line {moved.detail1 == read[1][1] == text.caretOffset}, "
          f"and reads it {line[0] == read[1][0]}", flush=True)
    before = text.getText(0, -1)
    second = read[1][1]
    received.clear()
    inserted = view.queryEditableText().insertText(second, "Noted: ", 7)
    event = next_event("object:text-changed:insert", source=view)
    print(f"inserted {inserted}, heard at {event.detail1 == second} as {event.any_data!r}, "
          f"text {text.getText(0, -1) == before[:second] + 'Noted: ' + before[second:]}", flush=True)
    deleted = view.queryEditableText().deleteText(second, second + 7)
    event = next_event("object:text-changed:delete", source=view)
    print(f"deleted {deleted}, heard {event.any_data!r}, text as before {text.getText(0, -1) == before}", flush=True)


main()
