"""Seating in Start a night (found in a trial): digits typed where a name goes were
seated as players "1290" and "3461"; and "a table seats at most 8", said after Start,
stayed on the line when the extra players were removed."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from ui.start_dialog import StartNightDialog

NAMES = ["Ann", "Bob", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida"]


def dialog_shown(qtbot: Any) -> StartNightDialog:
    dialog = StartNightDialog(NAMES, [])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def test_a_number_is_not_seated_as_a_player(qtbot: Any, keyboard: Any) -> None:
    dialog = dialog_shown(qtbot)
    dialog.add_name.setFocus()
    keyboard.type("1290")
    keyboard.press(Qt.Key.Key_Return)
    assert dialog.players() == []
    assert (
        dialog.problem.text() == "⚠ Player to seat: '1290' is a number; a player is seated by name"
    )


def test_removing_the_ninth_player_clears_what_start_said(qtbot: Any, keyboard: Any) -> None:
    dialog = dialog_shown(qtbot)
    for name in NAMES:
        dialog.seated.addItem(name)
    dialog.accept()  # Start, with nine seated
    assert "a table seats at most 8" in dialog.problem.text()
    dialog.seated.setCurrentRow(8)
    dialog.remove_seated()
    assert dialog.problem.text() == ""


def test_a_look_alike_of_a_roster_name_is_not_seated(qtbot: Any, keyboard: Any) -> None:
    """Issue 34, point 8: "B0b" or "Bоb" (a Cyrillic о) beside Bob would be a second
    player who prints as Bob; the line names Bob, and Start waits."""
    dialog = dialog_shown(qtbot)
    for typed in ("B0b", "\u0412\u041e\u0412"):  # a zero; Cyrillic capitals
        dialog.add_name.setFocus()
        dialog.add_name.setCurrentText(typed)  # as pasted: the test keyboard is Latin
        keyboard.press(Qt.Key.Key_Return)
        assert dialog.players() == [] and not dialog.start.isEnabled()
        assert dialog.problem.text().startswith(
            f"⚠ Player to seat: '{typed}' looks the same as 'Bob', another player's name"
        )
        dialog.add_name.setCurrentText("")
    dialog.add_name.setFocus()
    keyboard.type("bob")  # Bob himself, typed in small letters, is seated as Bob
    keyboard.press(Qt.Key.Key_Return)
    assert dialog.players() == ["Bob"]
