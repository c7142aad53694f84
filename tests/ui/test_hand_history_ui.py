"""Night ▸ History of the selected hand (Ctrl+H): a hand changed after it was recorded
shows each version, when, on which computer, the hand as it scored then and what the
change did to the money; "Every hand of the night" shows the night's."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from scorekeeper.store import night_import
from scorekeeper.store.tables import this_computer
from tests.sheet import night_doc, pick
from tests.ui.conftest import retype
from ui import dialog_keys
from ui.history_dialog import HistoryDialog


@pytest.fixture
def two_hands(database: Any, open_window: Any) -> tuple[Any, int]:
    """The window on a night of two hands (Ann wins with Cal, Bob loses with Dee)."""
    hands = [pick("Ann", "Cal", points=74, tricks=4), pick("Bob", "Dee", points=40, tricks=2)]
    night_id = night_import.import_night(database, night_doc("classic-5", hands))
    return open_window(database, night_id), night_id


def test_ctrl_h_shows_every_version_of_the_selected_hand(
    two_hands: tuple[Any, int], keyboard: Any
) -> None:
    window, _night_id = two_hands
    retype(window, keyboard, 1, points="20", tricks="1")
    assert window.session.view.lines[1].record["points"] == 20
    window.sheet.setCurrentIndex(window.model.index(1, 0))
    seen: dict[str, Any] = {}

    def in_dialog() -> None:
        dialog = dialog_keys.current()
        assert isinstance(dialog, HistoryDialog)
        model = dialog.model
        seen["title"] = dialog.windowTitle()
        seen["rows"] = [
            [model.data(model.index(r, c)) for c in range(model.columnCount())]
            for r in range(model.rowCount())
        ]
        dialog.every.setChecked(True)
        seen["every"] = model.rowCount()
        keyboard.press(Qt.Key.Key_Escape)

    keyboard.in_next_dialog(in_dialog)
    keyboard.ctrl(Qt.Key.Key_H)
    assert seen["title"] == "History of hand 2"
    first, changed = seen["rows"]
    assert first[:3] == ["2", "1", "recorded"] and changed[:3] == ["2", "2", "changed"]
    assert changed[4] == this_computer()
    assert changed[5].startswith("Bob and Dee took 20:")
    assert first[6] == "Ann +$0.05, Bob -$0.10, Cal +$0.05, Dee -$0.05, Eve +$0.05"
    assert changed[6] != "no change" and "Bob -$" in changed[6]
    assert seen["every"] == 3  # two recorded, one changed


def test_a_hand_changed_after_it_was_recorded_is_marked_on_the_sheet(
    two_hands: tuple[Any, int], keyboard: Any
) -> None:
    from ui.sheet_model import NUMBER

    window, night_id = two_hands
    assert [window.model.text(r, NUMBER) for r in range(2)] == ["1", "2"]
    retype(window, keyboard, 0, points="80")
    assert [window.model.text(r, NUMBER) for r in range(2)] == ["1*", "2"]
    tip = window.model.data(window.model.index(0, NUMBER), Qt.ItemDataRole.ToolTipRole)
    assert tip.endswith(
        "Changed after it was recorded: Night ▸ History of the selected hand (Ctrl+H)."
    )
    window.session.open(night_id)  # read again from the store, as after a restart
    window.refresh()
    assert [window.model.text(r, NUMBER) for r in range(2)] == ["1*", "2"]
    keyboard.ctrl(Qt.Key.Key_Z)  # the edit undone: the hand is as recorded again
    assert [window.model.text(r, NUMBER) for r in range(2)] == ["1", "2"]
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert [window.model.text(r, NUMBER) for r in range(2)] == ["1*", "2"]
    keyboard.ctrl(Qt.Key.Key_Z)
    window.session.open(night_id)
    window.refresh()
    assert [window.model.text(r, NUMBER) for r in range(2)] == ["1", "2"]


def test_undo_goes_on_after_a_restart_from_the_nights_history(
    database: Any, open_window: Any, keyboard: Any
) -> None:
    """Edit ▸ Undo said "Nothing to undo" after a restart though every change is in the
    history: now Ctrl+Z takes back the night's last changes, newest first, and Ctrl+Shift+Z
    redoes them."""
    from scorekeeper.store import hand_writes
    from scorekeeper.store.night_import import export_night, night_as_stored

    win, loss = pick("Ann", "Cal", points=74, tricks=4), pick("Bob", "Dee", points=40, tricks=2)
    night_id = night_import.import_night(database, night_doc("classic-5", [win]))
    hand_writes.record_hand(database, night_id=night_id, hand=loss)
    first = night_as_stored(database, night_id=night_id).hand_ids[0]
    hand_writes.edit_hand(database, hand_id=first, hand={**win, "points": 95, "tricks": 5})
    window = open_window(database, night_id)  # a new program: nothing on its undo stack
    assert window.session.undo_stack.count() == 0

    def points() -> list[int]:
        return [h["points"] for h in export_night(database, night_id=night_id)["hands"]]

    keyboard.ctrl(Qt.Key.Key_Z)
    assert window.statusBar().currentMessage().startswith("Undid: hand 1 changed.")
    assert points() == [74, 40]
    keyboard.ctrl(Qt.Key.Key_Z)
    said = window.statusBar().currentMessage()
    assert said.startswith("Undid: hand 2 recorded (Bob and Dee took 40"), said
    assert points() == [74]
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert points() == [74, 40]
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert points() == [95, 40]
    assert [line.number for line in window.session.view.lines] == [1, 2]


def test_undo_after_a_restart_goes_on_from_the_last_sessions_undos(
    database: Any, open_window: Any, keyboard: Any
) -> None:
    """Found in a trial: changes undone before a restart were recalled as changes, so
    the first Ctrl+Z after it brought back a hand undone before and re-applied an
    undone edit. What an undo took back is gone from the list; a redo is a change."""
    from scorekeeper.store.night_import import export_night

    win, loss = pick("Ann", "Cal", points=74, tricks=4), pick("Bob", "Dee", points=40, tricks=2)
    night_id = night_import.import_night(database, night_doc("classic-5", [win]))
    window = open_window(database, night_id)
    session = window.session
    for hand in (loss, win, loss):  # hands 2, 3 and 4, each recorded in the window
        session.record_hand(hand)
    session.edit_hand(session.view.lines[1].hand_id, {**loss, "points": 20, "tricks": 1})
    session.edit_hand(session.view.lines[1].hand_id, {**loss, "points": 61, "tricks": 3})

    def points() -> list[int]:
        return [h["points"] for h in export_night(database, night_id=night_id)["hands"]]

    assert points() == [74, 61, 74, 40]
    # The second edit undone, redone and undone; the first undone; hand 4 undone.
    for shift in (False, True, False, False, False):
        keyboard.ctrl(Qt.Key.Key_Z, shift=shift)
    assert points() == [74, 40, 74]
    window.close()

    again = open_window(database, night_id)  # a restart
    keyboard.ctrl(Qt.Key.Key_Z)  # hand 3 goes: not hand 4 back, nor an edit again
    assert points() == [74, 40], again.statusBar().currentMessage()
    keyboard.ctrl(Qt.Key.Key_Z)  # hand 2
    assert points() == [74]
    keyboard.ctrl(Qt.Key.Key_Z)
    assert again.statusBar().currentMessage() == "Nothing to undo."
