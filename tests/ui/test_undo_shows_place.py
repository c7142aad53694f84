"""Undo shows where it changed the night (issue 33, point 6): Ctrl+Z on a saved hand
selects the row it changed and scrolls it into sight (an edit of hand 1 on a long
night, the bottom in view), and a hand that went says what it was in the status bar,
the row before it selected; Ctrl+Shift+Z shows its row again."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from scorekeeper.store import night_import
from scorekeeper.store.database import Database

from .conftest import Keyboard

FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]


def pick(picker: str, points: int) -> dict[str, Any]:
    return {"type": "pick", "picker": picker, "partner": "Bob", "points": points, "tricks": 4}


def visible(window: Any, row: int) -> bool:
    rect = window.sheet.visualRect(window.model.index(row, 0))
    return rect.isValid() and window.sheet.viewport().rect().intersects(rect)


def test_undo_shows_the_row_it_changed_and_the_hand_that_went(
    database: Database, open_window: Any, keyboard: Keyboard
) -> None:
    night = {
        "format": "sheepshead-night/1",
        "rules": {"preset": "jack-of-diamonds-5"},
        "players": FIVE,
        "hands": [pick("Ann", 70)] * 40,
    }
    window = open_window(database, night_import.import_night(database, night))
    window.resize(1024, 600)
    first = window.session.view.lines[0]
    window.session.edit_hand(first.hand_id, pick("Cal", 80))
    window.session.record_hand(pick("Dee", 31))
    window.sheet.scrollToBottom()

    keyboard.ctrl(Qt.Key.Key_Z)  # hand 41 goes
    said = window.statusBar().currentMessage()
    assert said == (
        "Undid: hand 41 recorded (Dee and Bob took 31: a loss. Dee -2, Bob -1, each defender"
        " +1). Ctrl+Shift+Z redoes it."
    )
    assert window.sheet.currentIndex().row() == 39  # hand 40: where 41 was

    keyboard.ctrl(Qt.Key.Key_Z)  # hand 1 as it was
    assert window.statusBar().currentMessage() == "Undid: hand 1 changed. Ctrl+Shift+Z redoes it."
    assert window.sheet.currentIndex().row() == 0 and visible(window, 0)

    window.sheet.scrollToBottom()
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert window.sheet.currentIndex().row() == 0 and visible(window, 0)
