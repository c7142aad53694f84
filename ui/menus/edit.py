"""Edit ▸ …: the hand typed saved, a change undone or redone (Ctrl+Z first clears a
half-typed hand, and only with nothing typed undoes the last stored change), the hand
chosen on the sheet edited, a hand inserted before it or deleted; the keyboard moved
between the sheet and the form.  Each change said in the status bar with how to take
it back."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction

from scorekeeper.explain import said
from scorekeeper.i18n import _

from ..session import HandLine
from .screen import NightScreen


def save_hand(window: NightScreen, hand: dict[str, Any]) -> None:
    """The form's hand saved (Enter); once the store has committed it, said, with its
    score and how to take it back."""
    entry, session = window.entry, window.session
    number = entry.number
    explanation = entry.result.explanation if entry.result is not None else ""
    if entry.is_as_recorded(hand):  # opened and saved unchanged: the record stays
        entry.start_new()
        window.say(_("Hand {number} is as recorded: nothing was written.").format(number=number))
        window.focus_entry()
        return
    if entry.editing is not None:
        done = window.attempt(session.edit_hand, entry.editing.hand_id, hand)
        message = _("Hand {number} changed: {explanation} Ctrl+Z undoes it.")
    else:
        done = window.attempt(session.record_hand, hand, entry.insert_at)
        message = (
            _("Hand {number} inserted: {explanation} Ctrl+Z undoes it.")
            if entry.insert_at is not None
            else _("Hand {number} recorded: {explanation} Ctrl+Z undoes it.")
        )
    if done:
        # The refresh after a hand recorded at the end started the next one already
        # (`EntryForm.set_view`); an edit or an insert still has the form to clear.
        fresh = entry.view is session.view and entry.editing is None and entry.insert_at is None
        if not fresh:
            entry.start_new()
        window.say(message.format(number=number, explanation=explanation))
        window.focus_entry()


def name_undo(action: QAction, text: str) -> None:
    """Edit ▸ Undo's ACTION named with what it undoes (TEXT, the undo stack's), if any."""
    # Translators: the Edit menu's Undo with what it undoes ("&Undo: hand 3 recorded").
    action.setText(_("&Undo: {change}").format(change=text) if text else _("&Undo"))


def name_redo(action: QAction, text: str) -> None:
    """Edit ▸ Redo's ACTION named with what it redoes (TEXT), if any."""
    action.setText(_("&Redo: {change}").format(change=text) if text else _("&Redo"))


def undo(window: NightScreen) -> None:
    """Edit ▸ Undo (Ctrl+Z): clear a half-typed hand; with nothing typed, undo the last
    stored change, and say which."""
    session = window.session
    stack = session.undo_stack
    if window.entry.has_typing():
        window.entry.clear_typing()
        window.reread_if_held()
        follow = stack.undoText()
        window.say(
            said(_("Cleared the hand being typed. Ctrl+Z again undoes: {change}."), change=follow)
            if follow
            else _("Cleared the hand being typed.")
        )
        return
    if not stack.canUndo() and not stack.count():  # after a restart: from the history
        session.recall_history()
    if not stack.canUndo():
        window.say(_("Nothing to undo."))
        return
    text = stack.undoText()
    line = line_of(window, getattr(stack.command(stack.index() - 1), "hand_id", None))
    if session.undo():
        gone = line is not None and line_of(window, line.hand_id) is None
        if gone and line is not None:  # the hand went: what it was, where it was
            message = said(
                _("Undid: {change} ({hand}). Ctrl+Shift+Z redoes it."),
                change=text,
                hand=line.result.explanation.rstrip("."),
            )
        else:
            message = said(_("Undid: {change}. Ctrl+Shift+Z redoes it."), change=text)
        window.say(message)
        if line is not None:
            window.sheet.show_hand(line.number, session.view)
    window.focus_entry()


def redo(window: NightScreen) -> None:
    """Edit ▸ Redo (Ctrl+Shift+Z or Ctrl+Y): redo the last change undone, and say which."""
    session = window.session
    stack = session.undo_stack
    if not stack.canRedo():
        window.say(_("Nothing to redo."))
        return
    text = stack.redoText()
    hand_id = getattr(stack.command(stack.index()), "hand_id", None)
    if session.redo():
        window.say(said(_("Redid: {change}."), change=text))
        line = line_of(window, hand_id)
        if line is not None:
            window.sheet.show_hand(line.number, session.view)
    window.focus_entry()


def line_of(window: NightScreen, hand_id: int | None) -> HandLine | None:
    """The sheet's line of hand HAND_ID, if it is on it."""
    view = window.session.view
    if hand_id is None or view is None:
        return None
    return next((line for line in view.lines if line.hand_id == hand_id), None)


def edit_selected(window: NightScreen) -> None:
    """Edit ▸ Edit selected hand (F2, or a double click on the sheet): into the form."""
    line = window.sheet.chosen_line()
    view = window.session.view
    if line is not None and view and not view.closed:
        window.entry.start_edit(line)


def insert_before(window: NightScreen) -> None:
    """Edit ▸ Insert a hand before the selected one (Ctrl+I)."""
    line = window.sheet.chosen_line()
    view = window.session.view
    if line is not None and view and not view.closed:
        window.entry.start_new(insert_at=line.number)
        window.focus_entry()


def delete_selected(window: NightScreen) -> None:
    """Edit ▸ Delete selected hand (Del on the sheet), said in the status bar."""
    hand_id = window.sheet.selected_hand_id()
    line = window.sheet.chosen_line()
    if hand_id is not None and window.attempt(window.session.delete_hand, hand_id):
        number = line.number if line is not None else ""
        window.say(_("Hand {number} deleted. Ctrl+Z brings it back.").format(number=number))


def go_to_sheet(window: NightScreen) -> None:
    """Edit ▸ Go to the sheet (Ctrl+Up)."""
    window.sheet.setFocus()


def go_to_entry(window: NightScreen) -> None:
    """Edit ▸ Go to the hand entry (Ctrl+Down)."""
    window.focus_entry()
