"""File ▸ Open night at the keyboard: a word or two typed narrows the list of nights,
the first match is selected and Enter opens it; nothing matching leaves Open disabled;
Escape changes nothing.  (Which nights a search keeps, on any text: the store's
tests/store/test_night_search.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from scorekeeper.store.database import Database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import NightSummary, list_nights
from scorekeeper.store.night_search import NightSearch
from scorekeeper.store.seed import seed_sample_league
from tests.sheet import night_doc
from ui import dialog_keys
from ui.main_window import MainWindow
from ui.night_chooser import NightChooser, NightList


@pytest.fixture
def league(database: Database, open_window: Any) -> tuple[MainWindow, list[NightSummary]]:
    """The sample league (eight nights, newest first) and a night of Zoë's without a
    date; the night screen on the newest night."""
    seed_sample_league(database)
    import_night(database, night_doc("classic-5", [], ["Zoë", "Bob", "Cal", "Dee", "Eve"]))
    nights = list_nights(database)
    return open_window(database, nights[0].id), nights


def in_chooser(keyboard: Any, qtbot: Any, window: MainWindow, keys: Callable[[NightChooser], None]):
    """Ctrl+O, then KEYS typed in the chooser (it is given the dialog); returns after
    the chooser has closed (closed by force, and the failure raised, when KEYS fail)."""
    seen: list[NightChooser] = []
    failed: list[BaseException] = []

    def act() -> None:
        dialog = dialog_keys.current()
        assert isinstance(dialog, NightChooser)
        seen.append(dialog)
        try:
            assert keyboard.focused() is dialog.search
            keys(dialog)
            assert not dialog.isVisible(), "the keys left the chooser open"
        except BaseException as failure:  # the dialog's exec would never return
            failed.append(failure)
            dialog.reject()

    keyboard.in_next_dialog(act)
    keyboard.ctrl(Qt.Key.Key_O)
    qtbot.waitUntil(lambda: seen != [] and not seen[0].isVisible())
    if failed:
        raise failed[0]


def shown_numbers(dialog: NightChooser) -> list[int]:
    model = dialog.model
    return [model.night_at(row).id for row in range(model.rowCount())]


def test_a_players_names_typed_narrow_the_list_and_enter_opens_that_night(
    league, keyboard, qtbot
) -> None:
    window, nights = league
    lou_and_ann = next(n for n in nights if {"Lou", "Ann"} <= set(n.players))
    found: list[tuple[list[int], str]] = []

    def keys(dialog: NightChooser) -> None:
        keyboard.type("lou ANN")
        found.append((shown_numbers(dialog), dialog.count.text()))
        keyboard.enter()

    in_chooser(keyboard, qtbot, window, keys)
    assert found == [([lou_and_ann.id], "1 of 9 nights")]
    assert window.session.night_id == lou_and_ann.id
    assert window.windowTitle().startswith(window.session.view.title)


def test_a_search_typed_at_once_after_ctrl_o_is_searched_whole(league, keyboard, qtbot) -> None:
    """Ctrl+O, then a name typed at once (a trial): the keys typed before the window
    manager gives the chooser the keyboard are still sent to the window under it; they
    are the search's, its first letters too."""
    window, _ = league
    searched: list[str] = []

    def at_once() -> None:
        for key in "lou":
            QTest.keyClick(window.windowHandle(), key)
        dialog = dialog_keys.current() or QApplication.activeModalWidget()
        assert isinstance(dialog, NightChooser)
        searched.append(dialog.search.text())
        dialog.reject()

    QTimer.singleShot(0, at_once)
    keyboard.ctrl(Qt.Key.Key_O)
    qtbot.waitUntil(lambda: searched != [])
    assert searched == ["lou"] and window.entry.picker.text() == ""


def test_the_newest_night_is_first_and_selected_and_every_night_is_counted(
    league, keyboard, qtbot
) -> None:
    window, nights = league
    seen: list[tuple[list[int], int, str]] = []

    def keys(dialog: NightChooser) -> None:
        seen.append((shown_numbers(dialog), dialog.view.currentIndex().row(), dialog.count.text()))
        keyboard.press(Qt.Key.Key_Escape)

    in_chooser(keyboard, qtbot, window, keys)
    numbers, selected, count = seen[0]
    assert numbers == [n.id for n in nights]
    assert nights[0].date == max(n.date for n in nights if n.date)
    assert (selected, count) == (0, "9 nights")


def test_nothing_matching_disables_open_and_enter_does_nothing(league, keyboard, qtbot) -> None:
    window, _nights = league
    before = window.session.night_id
    seen: list[tuple[int, bool, str, bool]] = []

    def keys(dialog: NightChooser) -> None:
        keyboard.type("Nobody")
        opener = dialog.buttons.button(QDialogButtonBox.StandardButton.Open)
        keyboard.enter()
        seen.append(
            (dialog.model.rowCount(), opener.isEnabled(), dialog.count.text(), dialog.isVisible())
        )
        keyboard.press(Qt.Key.Key_Escape)

    in_chooser(keyboard, qtbot, window, keys)
    assert seen == [(0, False, "0 of 9 nights", True)]
    assert window.session.night_id == before


def test_escape_changes_nothing(league, keyboard, qtbot) -> None:
    window, _nights = league
    before = (window.session.night_id, window.windowTitle())

    def keys(dialog: NightChooser) -> None:
        keyboard.type("fay")
        keyboard.press(Qt.Key.Key_Down)
        keyboard.press(Qt.Key.Key_Escape)

    in_chooser(keyboard, qtbot, window, keys)
    assert (window.session.night_id, window.windowTitle()) == before


def test_the_arrow_and_page_keys_in_the_filter_move_the_selection(league, keyboard, qtbot) -> None:
    window, nights = league
    rows: list[int] = []

    def keys(dialog: NightChooser) -> None:
        for key in (Qt.Key.Key_Down, Qt.Key.Key_Down, Qt.Key.Key_Up, Qt.Key.Key_PageDown):
            keyboard.press(key)
            rows.append(dialog.view.currentIndex().row())
        assert keyboard.focused() is dialog.search  # typing goes on in the filter
        keyboard.press(Qt.Key.Key_PageUp)
        keyboard.press(Qt.Key.Key_Down)
        keyboard.enter()

    in_chooser(keyboard, qtbot, window, keys)
    assert rows[:3] == [1, 2, 1] and rows[3] > 1
    assert window.session.night_id == nights[1].id


def test_accents_and_case_do_not_matter_and_a_double_click_opens(league, keyboard, qtbot) -> None:
    window, nights = league
    zoe = next(n for n in nights if "Zoë" in n.players)
    found: list[list[int]] = []

    def keys(dialog: NightChooser) -> None:
        keyboard.type("ZOE")
        found.append(shown_numbers(dialog))
        view = dialog.view
        where = view.visualRect(dialog.model.index(0, 2)).center()
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)  # a press,
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=where)  # as a mouse

    in_chooser(keyboard, qtbot, window, keys)
    assert found == [[zoe.id]]
    assert window.session.night_id == zoe.id


def test_a_date_is_found_as_shown_and_as_iso(league, database) -> None:
    _, nights = league
    model = NightList(NightSearch(database))
    model.set_filter("3/3/26")
    on_the_third = sorted(n.id for n in nights if n.date == "2026-03-03")
    assert sorted(model.night_at(r).id for r in range(model.rowCount())) == on_the_third
    model.set_filter("2026-03-03 kay")
    assert [model.night_at(r).id for r in range(model.rowCount())] == [
        n.id for n in nights if n.date == "2026-03-03" and "Kay" in n.players
    ]


def test_the_chooser_speaks_german(german, league, database, qtbot) -> None:
    dialog = NightChooser(NightSearch(database))
    qtbot.addWidget(dialog)
    dialog.search.setText("Zoë")
    assert dialog.count.text() == "1 von 9 Abenden"
    headers = [dialog.model.headerData(c, Qt.Orientation.Horizontal) for c in range(6)]
    assert headers == ["Nr.", "Datum", "Liga", "Tisch", "Spiele", "Spieler"]
