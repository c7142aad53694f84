"""Every word a window shows is translatable: the app is run in a pseudo-language in which
each translated string is wrapped in ⟦ ⟧, every window and dialog is opened with a real
league in it, and any word left outside the marks (after the players' and leagues' own
names, numbers and money) is a string the code shows without `_()` — which a German user
would see in English."""

from __future__ import annotations

import platform
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

from scorekeeper import i18n
from scorekeeper.about import LICENCE
from scorekeeper.games import all_presets
from scorekeeper.sample import sample_schafkopf_document
from scorekeeper.store.night_import import import_night
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.people import list_players
from scorekeeper.store.seed import seed_sample_league
from tests.pseudo import Pseudo, unmarked
from ui.about import AboutDialog
from ui.help import KeysDialog, WelcomeDialog
from ui.league.board import BoardWindow
from ui.league.window import LeagueWindow
from ui.preferences import PreferencesDialog
from ui.rules_editor import RulesDialog
from ui.sheet_dialog import SheetImportDialog
from ui.start_dialog import StartNightDialog

ROWS = 40  # the rows of each table looked at


@pytest.fixture
def pseudo() -> Iterator[None]:
    i18n.install(Pseudo(), "en")
    yield
    i18n.set_language("en")


def columns(model: Any) -> int:
    try:
        return int(model.columnCount(QModelIndex()))
    except TypeError:  # a list model: its column count is private, and one
        return 1


def texts_of_model(view: QAbstractItemView) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    for orientation, count in (
        (Qt.Orientation.Horizontal, columns(model)),
        (Qt.Orientation.Vertical, min(model.rowCount(QModelIndex()), ROWS)),
    ):
        for section in range(count):
            value = model.headerData(section, orientation, Qt.ItemDataRole.DisplayRole)
            if isinstance(value, str) and orientation == Qt.Orientation.Horizontal:
                yield value
    for row in range(min(model.rowCount(QModelIndex()), ROWS)):
        for column in range(columns(model)):
            index = model.index(row, column, QModelIndex())
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = index.data(role)
                if isinstance(value, str):
                    yield value


def texts_of_menu(menu: QMenu) -> Iterator[str]:
    yield menu.title()
    for action in menu.actions():
        yield action.text()
        yield action.toolTip() if action.toolTip() != action.text().replace("&", "") else ""
        if action.menu() is not None:
            yield from texts_of_menu(action.menu())


def texts_of(widget: QWidget) -> Iterator[str]:
    """Every text WIDGET and its children show or speak."""
    for child in [widget, *widget.findChildren(QWidget)]:
        if isinstance(child.parent(), QTabBar):
            continue  # a tab bar's scroll buttons: Qt's own words
        if child.isWindow():
            yield child.windowTitle()
        yield child.toolTip()
        yield child.accessibleName()
        if isinstance(child, QAbstractButton):
            box = child.parent()
            if isinstance(box, QDialogButtonBox) and box.standardButton(child) != (
                QDialogButtonBox.StandardButton.NoButton
            ):
                continue  # Qt's own word: Qt's translation speaks it
            yield child.text()
        elif isinstance(child, QLabel):
            yield child.text()
        elif isinstance(child, QGroupBox):
            yield child.title()
        elif isinstance(child, QLineEdit):
            yield child.placeholderText()
        elif isinstance(child, QComboBox):
            yield from (child.itemText(i) for i in range(child.count()))
        elif isinstance(child, QTabBar):
            yield from (child.tabText(i) for i in range(child.count()))
        elif isinstance(child, (QTextEdit, QPlainTextEdit)):
            yield child.toPlainText()
        elif isinstance(child, QAbstractItemView):
            yield from texts_of_model(child)
        elif isinstance(child, QMenu):
            yield from texts_of_menu(child)


@pytest.fixture
def league(database: Any) -> set[str]:
    """The sample league in the database; the names it holds (data, not words)."""
    seed_sample_league(database)
    import_night(database, sample_schafkopf_document())
    names = {p.name for p in list_players(database)}
    # A preset's name is a name (the night file's and the command line's "classic-5").
    names |= set(all_presets())
    for night in list_nights(database):
        names |= {n for n in (night.league, night.season, night.table, night.title) if n}
    return names


def test_the_night_screen_shows_no_word_that_cannot_be_translated(
    pseudo, database, league, open_window
) -> None:
    for night in list_nights(database)[:2]:  # a Schafkopf night and a Sheepshead one
        window = open_window(database, night.id)
        texts = [
            *texts_of(window),
            *(t for m in window.findChildren(QMenu) for t in texts_of_menu(m)),
        ]
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)
            texts += list(texts_of(window))
        texts.append(window.statusBar().currentMessage())
        assert unmarked(texts, league) == set()


def test_the_dialogs_show_no_word_that_cannot_be_translated(
    pseudo, database, league, open_window, qtbot, tmp_path
) -> None:
    window = open_window(database, list_nights(database)[1].id)
    leagues = sorted({n.league for n in list_nights(database) if n.league})
    start = StartNightDialog(sorted(league), leagues, window)
    qtbot.addWidget(start)
    texts = list(texts_of(start))
    view = window.session.view
    assert view is not None
    rules = RulesDialog(view.rules, len(view.lines), window, currency=view.currency)
    qtbot.addWidget(rules)
    texts += texts_of(rules)
    sheet = tmp_path / "history.csv"
    sheet.write_text("date;hands;Ann;Bob;Cal\n2013-09-04;14;5;-5;0\n2013-09-11;10;-2;x;2\n")
    for dialog in (
        KeysDialog(window),
        WelcomeDialog(window),
        AboutDialog(window, database),
        PreferencesDialog(window),
        SheetImportDialog(database, str(sheet), "History"),
    ):
        qtbot.addWidget(dialog)
        texts += texts_of(dialog)
    data = {"history.csv", "History", "date", "hands"}  # the sheet's own words
    data |= {LICENCE, platform.system()}  # About: a licence's id, the system's name
    data |= {"English", "Deutsch"}  # Preferences: each language in its own words
    assert unmarked(texts, league | data) == set()


def test_the_league_window_and_the_board_show_no_word_that_cannot_be_translated(
    pseudo, database, league, qtbot
) -> None:
    name = next(n.league for n in list_nights(database) if n.league)
    window = LeagueWindow(database, name)
    qtbot.addWidget(window)
    window.show()
    texts = list(texts_of(window))
    for tabs in window.findChildren(QTabBar):
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            texts += texts_of(window)
    board = BoardWindow(database, name)
    qtbot.addWidget(board)
    texts += texts_of(board)
    assert unmarked(texts, league) == set()
