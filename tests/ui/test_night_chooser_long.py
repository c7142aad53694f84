"""File ▸ Open night on a long league: the list gives its view the nights a few
screenfuls at a time, yet the count is of every night, a word typed is looked for in
every night (the oldest too), scrolling down shows the rest, and End in the list goes
to the oldest night."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from PySide6.QtCore import Qt

from scorekeeper.store.database import Database
from scorekeeper.store.night_import import import_nights
from scorekeeper.store.night_search import NightSearch
from tests.sheet import night_doc
from ui.night_chooser import BATCH, NightChooser

COUNT = 3 * BATCH + 17  # more nights than the view is given at first


def night(number: int) -> dict[str, Any]:
    """Night NUMBER of the long league (1 the oldest, a day before the next), stored
    as the NUMBER-th; only the oldest has Łukasz."""
    players = (
        ["Łukasz", "Ann", "Bob", "Cal", "Dee"]
        if number == 1
        else ["Ann", "Bob", "Cal", "Dee", "Eve"]
    )
    day = dt.date(2010, 1, 1) + dt.timedelta(days=number)
    return night_doc("classic-5", [], players) | {
        "date": day.isoformat(),
        "league": "Tuesday",
        "table": "1",
    }


@pytest.fixture
def chooser(database: Database, qtbot) -> NightChooser:
    assert import_nights(database, [night(n) for n in range(1, COUNT + 1)])[-1] == COUNT
    dialog = NightChooser(NightSearch(database))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def chosen(chooser: NightChooser) -> int | None:
    """The number of the night selected."""
    night = chooser.chosen()
    return None if night is None else night.id


def test_every_night_is_counted_though_the_view_has_fewer(chooser: NightChooser) -> None:
    assert chooser.model.rowCount() < COUNT
    assert chooser.count.text() == f"{COUNT} nights"
    assert chosen(chooser) == COUNT  # the newest, selected


def test_a_word_typed_finds_the_oldest_night(chooser: NightChooser, qtbot) -> None:
    qtbot.keyClicks(chooser.search, "lukasz")
    assert chooser.count.text() == f"1 of {COUNT} nights"
    assert chosen(chooser) == 1
    chooser.search.clear()  # and every night is back, the newest selected
    assert chooser.count.text() == f"{COUNT} nights" and chosen(chooser) == COUNT


def test_end_in_the_list_goes_to_the_oldest_night(chooser: NightChooser, qtbot) -> None:
    chooser.view.setFocus()
    qtbot.keyClick(chooser.view, Qt.Key.Key_End)
    assert chosen(chooser) == 1
    assert chooser.model.rowCount() == COUNT


def test_scrolling_to_the_bottom_shows_more_nights(chooser: NightChooser, qtbot) -> None:
    before = chooser.model.rowCount()
    bar = chooser.view.verticalScrollBar()
    bar.setValue(bar.maximum())
    qtbot.waitUntil(lambda: chooser.model.rowCount() > before)
    shown = [chooser.model.night_at(row).id for row in range(chooser.model.rowCount())]
    assert shown == list(range(COUNT, COUNT - len(shown), -1))  # in order, none skipped
