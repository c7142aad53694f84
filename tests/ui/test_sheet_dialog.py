"""File ▸ Import spreadsheet: the preview says what each column becomes and shows the
first sittings before anything is written; Import files the sheet whole; a bad sheet
lists every problem by row and column, Import stays off and nothing is written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from scorekeeper.standings import StandingsOptions
from scorekeeper.store import night_import
from scorekeeper.store.database import Database
from scorekeeper.store.league import Period, standings
from scorekeeper.store.night_reads import list_nights
from tests.sheet import night_doc
from tests.store.test_sheet_import import every_row
from tests.ui.test_backup_ui import choose_in_file_menu
from ui import file_dialogs
from ui.rows_model import RowsModel
from ui.sheet_dialog import SheetImportDialog

SHEET = (
    "\ufeffDate;hands;Ann;Bob;Zoë;Cal;table\r\n"
    "2013-09-04;14;12;-7;;-5;1\r\n"
    "9/11/2013;;-3;;8;-5;\r\n"
    "4.9.2013;;1;2;-3;;2\r\n"
)


def shown(model: RowsModel[Any]) -> list[list[str]]:
    """The table as it reads on screen: its header, then each row's text."""
    header = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    rows = [
        [model.data(model.index(r, c)) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]
    return [header, *rows]


@pytest.fixture
def sheet_file(tmp_path: Path) -> Path:
    path = tmp_path / "history.csv"
    path.write_bytes(SHEET.encode("utf-8"))
    return path


@pytest.fixture
def league(database: Database) -> Database:
    """A database where Ann plays already, as 'ANN' would find her."""
    night_import.import_night(database, {**night_doc("three-handed", [], ["Ann", "Hal", "Ida"])})
    return database


def preview(qtbot: Any, db: Database, path: Path, league: str = "History") -> SheetImportDialog:
    dialog = SheetImportDialog(db, str(path), league)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_the_preview_shows_each_columns_player_and_the_first_rows_before_writing(
    qtbot: Any, league: Database, sheet_file: Path
) -> None:
    before = every_row(league)
    dialog = preview(qtbot, league, sheet_file)
    assert dialog.file_line.text() == "history.csv: 3 sittings, 4 players, separated by semicolons."
    assert shown(dialog.mapping) == [
        ["Column", "Header", "Becomes"],
        ["1 (A)", "Date", "the date of each sitting"],
        ["2 (B)", "hands", "the hands each sitting stands for"],
        ["3 (C)", "Ann", "existing player Ann"],
        ["4 (D)", "Bob", "new player Bob"],
        ["5 (E)", "Zoë", "new player Zoë"],
        ["6 (F)", "Cal", "new player Cal"],
        ["7 (G)", "table", "the table of each sitting"],
    ]
    assert shown(dialog.sittings) == [
        ["Row", "Date", "Table", "Hands", "Ann", "Bob", "Zoë", "Cal"],
        ["2", "9/4/13", "1", "14", "+12", "-7", "", "-5"],  # the locale's short date
        ["3", "9/11/13", "", "1", "-3", "", "+8", "-5"],
        ["4", "9/4/13", "2", "1", "+1", "+2", "-3", ""],
    ]
    assert dialog.summary.text().splitlines() == [
        "Into league 'History' (new).",
        "Rules: classic-5 at 5 cents a point, every player of a sitting dealt in.",
        "3 nights of one result hand each, 2013-09-04 to 2013-09-11, standing for 16 played hands.",
        "The import is one step: all of it or nothing; Ctrl+Z does not undo it.",
    ]
    assert dialog.problems.isHidden() and dialog.import_button.isEnabled()
    assert every_row(league) == before  # a preview writes nothing

    dialog.stake.setText("0.25")  # the stake typed as money: 25 cents
    qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == dialog.DialogCode.Accepted and len(dialog.filed) == 3
    table = standings(league, Period("History"), StandingsOptions(rank_by="points"))
    assert {s.player: (s.points, s.cents, s.hands) for s in table.everyone} == {
        "Ann": (10, 250, 16),
        "Zoë": (5, 125, 2),
        "Bob": (-5, -125, 15),
        "Cal": (-10, -250, 15),
    }


def test_a_bad_sheet_lists_every_problem_and_import_stays_off(
    qtbot: Any, league: Database, tmp_path: Path
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(
        "date,Ann,Bob,Zoë,zoë,Cal\n"
        "2013-09-04,1,-1,,,0\n"
        "2013-09-05,3,-1,,,-1\n"
        "4.9.13,1,-1,,,0\n"
        "2013-09-07,1.5,abc,,,0\n",
        encoding="utf-8",
    )
    before = every_row(league)
    dialog = preview(qtbot, league, path)
    assert dialog.problems.toPlainText().splitlines() == [
        "5 problems: nothing is imported until the sheet is corrected.",
        "row 1, column 5 (E) 'zoë': the same player as column 4 (D) 'Zoë'",
        "row 3: the points add up to +1, not 0: a sitting is zero-sum",
        "row 4, column 1 (A) 'date': '4.9.13' is not a date this import reads: write "
        "2013-09-04, 2013/9/4, 9/4/2013 (month/day/year) or 4.9.2013 (day.month.year), the "
        "year in four digits",
        "row 5, column 2 (B) 'Ann': '1.5' is not a whole number of points",
        "row 5, column 3 (C) 'Bob': 'abc' is not a whole number of points",
    ]
    assert dialog.problems.isVisible() and not dialog.import_button.isEnabled()
    dialog.file()  # as if Import were pressed regardless
    assert dialog.result() != dialog.DialogCode.Accepted and every_row(league) == before


def test_the_fields_plan_again_as_they_change(
    qtbot: Any, league: Database, sheet_file: Path
) -> None:
    dialog = preview(qtbot, league, sheet_file)
    dialog.rules.setCurrentText("schafkopf")
    qtbot.waitUntil(lambda: not dialog.import_button.isEnabled())
    assert "rows 2-4 (3 players each): schafkopf cannot deal 3 players in" in (
        dialog.problems.toPlainText()
    )
    dialog.rules.setCurrentText("three-handed")
    dialog.stake.setText("a lot")
    qtbot.waitUntil(
        lambda: "stake: 'a lot' is not an amount of money" in dialog.problems.toPlainText()
    )
    assert not dialog.import_button.isEnabled()
    dialog.stake.setText("0,10")  # either decimal mark, where it can only be one
    dialog.league.setCurrentText("Sheepshead Club")
    qtbot.waitUntil(dialog.import_button.isEnabled)
    assert dialog.summary.text().splitlines()[:2] == [
        "Into league 'Sheepshead Club' (new).",
        "Rules: three-handed at 10 cents a point, every player of a sitting dealt in.",
    ]


def test_file_import_spreadsheet_from_the_menu_files_and_says_so(
    qtbot: Any,
    league: Database,
    sheet_file: Path,
    open_window: Any,
    keyboard: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(file_dialogs, "open_file", lambda *_args, **_kw: str(sheet_file))
    window = open_window(league, None)

    def import_it() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SheetImportDialog)
        dialog.league.setCurrentText("History")
        keyboard.alt(Qt.Key.Key_I)  # clicks the button (a moment later, as a click does)
        # Should Import be refused, the dialog is closed so that the test fails, not hangs
        # (a timer of the dialog's own, gone with it).
        guard = QTimer(dialog)
        guard.setSingleShot(True)
        guard.timeout.connect(dialog.reject)
        dialog.finished.connect(guard.stop)
        guard.start(4000)

    keyboard.in_next_dialog(import_it)
    choose_in_file_menu(keyboard, qtbot, "H")
    qtbot.waitUntil(lambda: "Filed" in window.statusBar().currentMessage())
    assert window.statusBar().currentMessage() == "Filed 3 nights of history.csv into History."
    assert len([n for n in list_nights(league) if n.league == "History"]) == 3


def test_the_stake_is_typed_in_the_leagues_currency(
    qtbot: Any, league: Database, sheet_file: Path
) -> None:
    """Into a league that keeps euros, a stake of '$0.10' is refused naming the field
    and the currency (it was read as 10 euro cents); '0,10 €' is the league's own."""
    from scorekeeper.store.league import save_league
    from ui.currency import MoneyEdit

    save_league(league, name="Euros", currency="EUR")
    dialog = preview(qtbot, league, sheet_file, league="Euros")
    assert isinstance(dialog.stake, MoneyEdit)
    dialog.stake.setText("$0.10")
    qtbot.waitUntil(lambda: not dialog.import_button.isEnabled())
    assert (
        "stake: '$0.10' is in another currency: amounts here are in EUR"
        in dialog.problems.toPlainText()
    )
    dialog.stake.setText("0,10 €")
    qtbot.waitUntil(dialog.import_button.isEnabled)
    assert dialog.plan is not None and dialog.plan.rules is not None
    assert dialog.plan.rules.stake_cents == 10


def test_a_sheet_that_writes_0_for_absent_is_read_so_when_ticked(
    qtbot: Any, league: Database, tmp_path: Path, keyboard: Any
) -> None:
    """Issue 34, point 10: a league's sheets of 2004-2007 wrote 0 for everyone not
    there, so a row of four at a table of three could not be filed; "A 0 means the
    player was not there" (Alt+0) reads them as they were meant."""
    path = tmp_path / "old.csv"
    path.write_text("date,Ann,Bob,Cal,Dee,Eve,Fay,Gus,Hal,Ida\n2005-03-01,3,-1,-2,0,0,0,0,0,0\n")
    dialog = preview(qtbot, league, path)
    assert not dialog.import_button.isEnabled()
    assert "9 players (Ann, Bob, Cal, Dee, Eve, Fay, Gus, Hal, Ida) have points" in (
        dialog.problems.toPlainText()
    )
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    keyboard.alt(Qt.Key.Key_0)
    qtbot.waitUntil(dialog.import_button.isEnabled)
    assert shown(dialog.sittings)[1][:5] == ["2", "3/1/05", "", "1", "+3"]
    assert shown(dialog.sittings)[1][7:] == ["", "", "", "", "", ""]
