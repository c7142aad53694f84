"""A league's night at a table on a date is one night (issue 33, point 6): Start a
night refuses a second with the same league, date and table, names the Table field and
the night already there, and starts nothing; the store refuses it too (two stations
starting the same table), while another table, another date, or a start that was
undone leaves the way free."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QApplication
from sqlmodel import select

from scorekeeper.formatting import short_iso
from scorekeeper.games import preset_rules
from scorekeeper.store import night_import
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tables import NightRow
from ui.start_dialog import StartNightDialog

from .conftest import Keyboard

FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]
DAY = dt.date(2026, 11, 3)
SHOWN = short_iso(DAY.isoformat())  # as the user's locale writes it


def start(database: Database, table: str | None = "1", date: dt.date = DAY) -> int:
    return night_import.create_night(
        database,
        players=FIVE,
        rules=preset_rules("jack-of-diamonds-5"),
        date=date,
        league="Tuesday",
        table=table,
    )


def test_the_store_refuses_a_second_night_at_the_same_table(database: Database) -> None:
    start(database)
    with pytest.raises(StorageError) as refused:
        start(database, table=" 1 ")
    assert refused.value.field == "table"
    assert str(refused.value) == (
        f"table: Tuesday has a night at table 1 on {SHOWN} already (0 hands): "
        "open it (File ▸ Open night), or name this table otherwise"
    )
    start(database, table="2")
    start(database, date=DAY + dt.timedelta(days=7))
    start(database, table=None)
    with pytest.raises(StorageError, match=f"has a night on {SHOWN} already"):
        start(database, table=None)


def test_an_undone_start_leaves_the_table_free(
    database: Database, open_window: Any, keyboard: Keyboard
) -> None:
    window = open_window(database, None)
    window.session.start_night(
        players=FIVE,
        rules=preset_rules("jack-of-diamonds-5"),
        date=DAY,
        league="Tuesday",
        table="1",
    )
    keyboard.ctrl(Qt.Key.Key_Z)  # the start undone: the night is discarded
    assert window.session.night_id is None
    start(database)  # the same table again


def test_start_a_night_names_the_night_already_there(
    database: Database, open_window: Any, keyboard: Keyboard, qtbot: Any
) -> None:
    first = start(database)
    window = open_window(database, first)
    seen: list[str] = []

    def fill_in() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, StartNightDialog)
        dialog.league.setCurrentText("Tuesday")
        dialog.table.setText("1")
        dialog.date.setDate(QDate(2026, 11, 3))
        for name in FIVE:
            dialog.seated.addItem(name)
        dialog.accept()  # Start
        seen.append(dialog.problem.text())
        dialog.reject()

    keyboard.in_next_dialog(fill_in)
    keyboard.ctrl(Qt.Key.Key_N)
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[0].startswith(f"⚠ Table: Tuesday has a night at table 1 on {SHOWN} already"), seen
    with database.session() as session:
        assert len(session.exec(select(NightRow)).all()) == 1
    assert window.session.night_id == first
