"""Roster ▸ Merge into… (issue 34, point 8): an old database's "Ｃａｌ" beside "Cal"
merged from the league window, the dialog saying what moves, as one change that Ctrl+Z
undoes (every table as before) and Ctrl+Shift+Z does again; two who sat at one night
are refused in the dialog, whose Merge then stays off."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import MetaData, text

from scorekeeper.sample import SAMPLE_LEAGUE, sample_night_document
from scorekeeper.store.backup import dump_rows
from scorekeeper.store.database import Database
from scorekeeper.store.night_import import import_night
from scorekeeper.store.seed import seed_sample_league
from scorekeeper.store.tonight import night_to_reopen
from tests.ui.test_league_window import open_league, shown_column
from tests.ui.test_roster import roster
from ui.league.merge_dialog import MergeDialog
from ui.league.window import LeagueWindow

FULL_WIDTH_CAL = "\uff23\uff41\uff4c"


def dump(db: Database) -> dict[str, Any]:
    metadata = MetaData()
    with db.engine.connect() as connection:
        metadata.reflect(connection)
        return dump_rows(connection, metadata, "")["tables"]


@pytest.fixture
def screens(database: Database, open_window: Any, keyboard: Any, qtbot: Any) -> Any:
    """The sample league, and a night of Kal's (never at a night of Cal's) whom an old
    version stored as "Ｃａｌ"; the roster shown, Ｃａｌ selected."""
    seed_sample_league(database)
    document = sample_night_document() | {"league": SAMPLE_LEAGUE, "date": "2026-12-01"}
    import_night(database, json.loads(json.dumps(document).replace('"Cal"', '"Kal"')))
    with database.transaction() as session:
        session.execute(
            text("UPDATE player SET name = :name, name_key = :key WHERE name = 'Kal'"),
            {"name": FULL_WIDTH_CAL, "key": "\uff43\uff41\uff4c"},
        )
    main = open_window(database, night_to_reopen(database))
    league = open_league(main, keyboard, qtbot)
    league.activateWindow()
    qtbot.waitUntil(league.isActiveWindow)
    keyboard.alt(Qt.Key.Key_O)
    select(league, FULL_WIDTH_CAL)
    return main, league


def select(league: LeagueWindow, name: str) -> None:
    tab = league.roster_tab
    row = [p.name for p in tab.roster_model.rows].index(name)
    tab.roster_view.setCurrentIndex(tab.roster_model.index(row, 0))
    assert tab.selected() is not None and tab.selected().name == name


def merge_into(league: LeagueWindow, keyboard: Any, qtbot: Any, into: str) -> list[str]:
    """Merge into… clicked, INTO chosen; what the dialog said, and Merge pressed when
    it is offered (else Escape)."""
    said: list[str] = []

    def in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, MergeDialog)
        dialog.choice.setCurrentText(into)
        said.extend([dialog.moving.text(), dialog.problem.text()])
        if os.environ.get("SCOREKEEPER_MERGE_SHOT"):  # a look at the dialog, by hand
            dialog.grab().save(os.environ["SCOREKEEPER_MERGE_SHOT"])
        if dialog.merge.isEnabled():
            dialog.merge.click()
        else:
            keyboard.press(Qt.Key.Key_Escape)

    keyboard.in_next_dialog(in_dialog)
    league.roster_tab.merge.click()
    qtbot.waitUntil(lambda: said != [])
    return said


def standings_shown(league: LeagueWindow) -> list[str]:
    league.tabs.setCurrentWidget(league.standings_tab)
    shown = shown_column(league.standings_tab.standings_view, 1)
    league.tabs.setCurrentWidget(league.roster_tab)
    return shown


def test_a_look_alike_is_merged_and_ctrl_z_brings_them_back_exactly(
    screens: Any, database: Database, keyboard: Any, qtbot: Any
) -> None:
    _main, league = screens
    before, shown = dump(database), standings_shown(league)
    assert FULL_WIDTH_CAL in shown and "Cal" in shown

    said = merge_into(league, keyboard, qtbot, "Cal")
    assert said == [f"Moves 1 night, 6 hands and 0 payments from '{FULL_WIDTH_CAL}' to 'Cal'.", ""]
    assert FULL_WIDTH_CAL not in roster(database) and "Cal" in roster(database)
    assert FULL_WIDTH_CAL not in standings_shown(league)
    assert FULL_WIDTH_CAL not in shown_column(league.roster_tab.roster_view, 0)
    assert league.undo_stack.undoText() == f"{FULL_WIDTH_CAL} merged into Cal"

    league.roster_tab.roster_view.setFocus()
    keyboard.ctrl(Qt.Key.Key_Z)
    assert dump(database) == before  # every table as before the merge
    assert standings_shown(league) == shown
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert FULL_WIDTH_CAL not in roster(database)
    assert league.roster_tab.roster_problem.text() == ""


def test_two_who_sat_at_one_night_are_refused_in_the_dialog(
    screens: Any, database: Database, keyboard: Any, qtbot: Any
) -> None:
    _main, league = screens
    before = dump(database)
    said = merge_into(league, keyboard, qtbot, "Ann")
    assert said[0] == ""
    assert said[1].startswith(f"merged into: '{FULL_WIDTH_CAL}' and 'Ann' sat at one night")
    assert dump(database) == before and not league.undo_stack.canUndo()
