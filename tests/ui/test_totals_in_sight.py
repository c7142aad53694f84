"""The totals stay in sight (issue 33, point 6): a Schafkopf night opened again after a
restart showed its last hands with the totals under them scrolled away, because the
window was laid out (its form taller than Sheepshead's) after the sheet had scrolled.
While the last hand is the row chosen, a sheet made shorter keeps its totals in sight;
a row chosen higher up stays where the user put it."""

from __future__ import annotations

from typing import Any

from scorekeeper.store import night_import
from scorekeeper.store.database import Database

FOUR = ["Ann", "Bob", "Cal", "Dee"]
HANDS = [
    {"type": "call", "declarer": "Ann", "partner": "Cal", "points": 75, "tricks": 5},
    {"type": "solo", "declarer": "Bob", "game": "wenz", "points": 80, "tricks": 5},
]


def in_sight(window: Any, row: int) -> bool:
    rect = window.sheet.visualRect(window.model.index(row, 0))
    return rect.isValid() and window.sheet.viewport().rect().contains(rect)


def test_a_shorter_sheet_keeps_the_totals_under_the_last_hand_in_sight(
    database: Database, open_window: Any
) -> None:
    night = {
        "format": "sheepshead-night/1",
        "rules": {"preset": "schafkopf"},
        "players": FOUR,
        "hands": HANDS * 15,
    }
    window = open_window(database, night_import.import_night(database, night))
    window.resize(1280, 1000)
    window.sheet.scrollToBottom()
    money = window.model.rowCount() - 1
    assert in_sight(window, money)
    window.resize(1280, 800)  # the layout of a restart: the sheet shorter
    assert in_sight(window, money) and in_sight(window, money - 2)

    window.sheet.setCurrentIndex(window.model.index(3, 0))  # a hand chosen above
    window.sheet.scrollTo(window.model.index(3, 0))
    window.resize(1280, 700)
    assert in_sight(window, 3)
