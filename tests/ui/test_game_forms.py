"""The night screen shows the entry form registered for the night's game (ui.games), and
a night of a game with no form (the third game of tests/third_game.py) shows a plain
sentence in its place, never a crash."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt

import ui.games
from scorekeeper.games import register, unregister
from scorekeeper.games.schafkopf import SCHAFKOPF
from scorekeeper.games.sheepshead import SHEEPSHEAD
from scorekeeper.store import night_import, night_reads
from tests.sheet import night_doc, pick
from tests.test_third_game import NIGHT as THIRD_GAME_NIGHT
from tests.third_game import HEADS_OR_TAILS
from ui.games import NoEntryForm, form_for, register_form
from ui.games.schafkopf import SchafkopfForm
from ui.games.sheepshead import SheepsheadForm
from ui.sheet_model import HAND

FOUR = ["Ann", "Bob", "Cal", "Dee"]


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


@pytest.fixture
def heads_or_tails() -> Iterator[None]:
    """The third game of tests/third_game.py, which has no entry form."""
    register(HEADS_OR_TAILS)
    yield
    unregister(HEADS_OR_TAILS)


@pytest.mark.usefixtures("heads_or_tails")
def test_a_game_without_a_form_gets_a_sentence_and_nothing_breaks(
    database: Any, open_window: Any, keyboard: Any
) -> None:
    assert form_for(HEADS_OR_TAILS.name) is None
    night_id = night_import.import_night(database, THIRD_GAME_NIGHT)
    window = open_window(database, night_id)

    entry = window.entry
    assert isinstance(entry, NoEntryForm) and entry.isVisible()
    said = entry.message.text()
    assert said.startswith("Hands of a Heads or tails night cannot be typed in here")
    assert window.model.index(0, HAND).data() == "Bob called it right"  # the sheet shows it

    window.sheet.setFocus()
    keyboard.type("13")
    keyboard.enter()
    keyboard.press(Qt.Key.Key_F2)  # edit the selected hand: nothing to edit it in
    keyboard.ctrl(Qt.Key.Key_Z)  # nothing typed, nothing stored to undo
    assert window.statusBar().currentMessage() == "Nothing to undo."
    assert len(night_reads.hand_ids(database, night_id=night_id)) == len(THIRD_GAME_NIGHT["hands"])

    hand = pick("Ann", "Bob", points=74, tricks=4)
    other = night_import.import_night(database, night_doc("classic-5", [hand]))
    window.session.open(other)  # a night of a game with a form: its form again
    assert isinstance(window.entry, SheepsheadForm) and window.entry.isVisible()
    assert not entry.isVisible()
