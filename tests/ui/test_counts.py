"""One of a thing is said in the singular wherever the app counts: '1 player',
'1 trick', '+1 point', never '1 players'."""

from __future__ import annotations

from PySide6.QtCore import Qt

from scorekeeper.store import night_import
from tests.sheet import night_doc, pick
from ui.sheet_model import FIXED, HAND
from ui.start_dialog import StartNightDialog


def test_the_start_dialog_seats_one_player_not_one_players(qtbot, keyboard) -> None:
    dialog = StartNightDialog([], [])
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(dialog.add_name.hasFocus)
    keyboard.type("Ann")
    keyboard.enter()
    assert dialog.summary.text().endswith("· 1 player")
    keyboard.type("Bob")
    keyboard.enter()
    assert dialog.summary.text().endswith("· 2 players")


def test_the_sheet_says_one_trick_and_one_point(database, open_window) -> None:
    hand = pick("Bob", "Dee", points=61, tricks=1)
    window = open_window(
        database, night_import.import_night(database, night_doc("classic-5", [hand]))
    )
    model = window.model
    assert model.data(model.index(0, HAND)) == "Bob and Dee: 61 (1 trick) win"
    dee = model.index(0, len(FIXED) + window.session.view.players.index("Dee"))
    spoken = model.data(dee, Qt.ItemDataRole.AccessibleTextRole)
    assert spoken == "Dee, hand 1: +1 point, running total +1"
