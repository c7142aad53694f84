"""File ▸ Open night on a long league: the list gives its view the nights a few
screenfuls at a time, yet the count is of every night, a word typed is looked for in
every night (the oldest too), scrolling down shows the rest, and End in the list goes
to the oldest night."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from scorekeeper.store.night_reads import NightSummary
from ui.night_chooser import BATCH, NightChooser

COUNT = 3 * BATCH + 17  # more nights than the view is given at first


def night(number: int) -> NightSummary:
    """Night NUMBER of the long league (1 the oldest); only the oldest has Zoë."""
    day = f"20{10 + number // 365:02d}-{1 + number % 12:02d}-{1 + number % 28:02d}"
    players = ("Zoë", "Ann", "Bob") if number == 1 else ("Ann", "Bob", "Cal")
    return NightSummary(number, day, "Tuesday", None, "1", None, 20, players, False)


@pytest.fixture
def chooser(qtbot) -> NightChooser:
    nights = [night(n) for n in range(COUNT, 0, -1)]  # newest first, as list_nights
    dialog = NightChooser(nights)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_every_night_is_counted_though_the_view_has_fewer(chooser: NightChooser) -> None:
    assert chooser.model.rowCount() < COUNT
    assert chooser.count.text() == f"{COUNT} nights"
    assert chooser.chosen() == night(COUNT)  # the newest, selected


def test_a_word_typed_finds_the_oldest_night(chooser: NightChooser, qtbot) -> None:
    qtbot.keyClicks(chooser.search, "zoe")
    assert chooser.count.text() == f"1 of {COUNT} nights"
    assert chooser.chosen() == night(1)
    chooser.search.clear()  # and every night is back, the newest selected
    assert chooser.count.text() == f"{COUNT} nights" and chooser.chosen() == night(COUNT)


def test_end_in_the_list_goes_to_the_oldest_night(chooser: NightChooser, qtbot) -> None:
    chooser.view.setFocus()
    qtbot.keyClick(chooser.view, Qt.Key.Key_End)
    assert chooser.chosen() == night(1)
    assert chooser.model.rowCount() == COUNT


def test_scrolling_to_the_bottom_shows_more_nights(chooser: NightChooser, qtbot) -> None:
    before = chooser.model.rowCount()
    bar = chooser.view.verticalScrollBar()
    bar.setValue(bar.maximum())
    qtbot.waitUntil(lambda: chooser.model.rowCount() > before)
    last = chooser.model.night_at(chooser.model.rowCount() - 1)
    assert last == night(COUNT - chooser.model.rowCount() + 1)  # in order, none skipped
