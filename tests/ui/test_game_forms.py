"""The night screen shows the entry form registered for the night's game (ui.games), and
a night of a game with no form shows a plain sentence in its place, never a crash."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

import ui.games
from scorekeeper.games.schafkopf import SCHAFKOPF
from scorekeeper.games.sheepshead import SHEEPSHEAD
from scorekeeper.store import night_import, night_reads
from tests.sheet import night_doc, pick
from ui.games import NoEntryForm, form_for, register_form
from ui.games.schafkopf import SchafkopfForm
from ui.games.sheepshead import SheepsheadForm

FOUR = ["Ann", "Bob", "Cal", "Dee"]
CALL = {"type": "call", "declarer": "Ann", "partners": ["Cal"], "points": 75, "tricks": 5}


def test_each_game_has_its_form_registered_once() -> None:
    assert form_for(SHEEPSHEAD.name) is SheepsheadForm
    assert form_for(SCHAFKOPF.name) is SchafkopfForm
    assert form_for("skat") is None
    with pytest.raises(ValueError, match="has an entry form already"):
        register_form(SCHAFKOPF.name, SheepsheadForm)


def test_the_form_shown_is_the_one_of_the_nights_game(database: Any, open_window: Any) -> None:
    sheepshead = night_import.import_night(database, night_doc("classic-5", []))
    schafkopf = night_import.import_night(database, night_doc("schafkopf", [], FOUR))
    window = open_window(database, sheepshead)
    assert isinstance(window.entry, SheepsheadForm) and window.entry.isVisible()

    window.session.open(schafkopf)  # File ▸ Open night
    assert isinstance(window.entry, SchafkopfForm) and window.entry.isVisible()
    assert [form for form in window.forms.values() if form.isVisible()] == [window.entry]

    window.session.open(sheepshead)
    first = window.entry
    assert isinstance(first, SheepsheadForm) and first.isVisible()
    window.session.open(schafkopf)
    window.session.open(sheepshead)
    assert window.entry is first  # made once, shown again


def test_the_registered_factory_is_what_the_window_uses(
    database: Any, open_window: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    class HouseForm(SheepsheadForm):
        """A club's own Sheepshead form."""

    monkeypatch.setitem(ui.games._FORMS, SHEEPSHEAD.name, HouseForm)
    window = open_window(database, night_import.import_night(database, night_doc("classic-5", [])))
    assert type(window.entry) is HouseForm


def test_a_game_without_a_form_gets_a_sentence_and_nothing_breaks(
    database: Any, open_window: Any, keyboard: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(ui.games._FORMS, SCHAFKOPF.name)
    night_id = night_import.import_night(database, night_doc("schafkopf", [CALL], FOUR))
    window = open_window(database, night_id)

    entry = window.entry
    assert isinstance(entry, NoEntryForm) and entry.isVisible()
    said = entry.message.text()
    assert said.startswith("Hands of a Schafkopf night cannot be typed in here")
    assert window.model.rowCount() > 1  # the sheet shows the night's hand and totals

    window.sheet.setFocus()
    keyboard.type("13")
    keyboard.enter()
    keyboard.press(Qt.Key.Key_F2)  # edit the selected hand: nothing to edit it in
    keyboard.ctrl(Qt.Key.Key_Z)  # nothing typed, nothing stored to undo
    assert window.statusBar().currentMessage() == "Nothing to undo."
    assert len(night_reads.hand_ids(database, night_id=night_id)) == 1

    other = night_import.import_night(
        database, night_doc("classic-5", [pick("Ann", "Bob", points=74, tricks=4)])
    )
    window.session.open(other)  # a night of a game with a form: its form again
    assert isinstance(window.entry, SheepsheadForm) and window.entry.isVisible()
    assert not entry.isVisible()
