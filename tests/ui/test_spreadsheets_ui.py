"""Spreadsheets from the windows: Ctrl+C on a table copies it as tab-separated text with
its header row; File ▸ Export as spreadsheet (CSV) saves what is on screen, the same
bytes the command line's --csv writes."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from scorekeeper.cli import main as cli
from scorekeeper.store import night_import
from scorekeeper.store.database import Database
from scorekeeper.store.league import Period, standings
from scorekeeper.store.money import league_money
from scorekeeper.store.night_reads import list_nights, night_result
from scorekeeper.store.seed import seed_sample_league
from tests.sheet import night_doc, pick
from tests.ui.test_backup_ui import choose_in_file_menu, saving_to
from ui import file_dialogs
from ui.league.window import LeagueWindow

LEAGUE = "Tuesday Night League"
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
HOSTILE = ['=HYPERLINK("http://evil.example","win")', "+cmd", "Cal", "Dee", "Eve"]


def pasted(text: str) -> list[list[str]]:
    """Tab-separated text as a spreadsheet reads it when pasted."""
    return list(csv.reader(io.StringIO(text, newline=""), delimiter="\t"))


def clipboard_after(qtbot: Any, press: Any) -> str:
    QApplication.clipboard().setText("nothing yet")
    press()
    qtbot.waitUntil(lambda: QApplication.clipboard().text() != "nothing yet")
    return QApplication.clipboard().text()


def cli_csv(database: Database, capsys: Any, *args: str) -> bytes:
    assert cli(["--database", str(database.url), *args, "--csv"]) == 0
    return capsys.readouterr().out.encode("utf-8")


@pytest.fixture
def hostile_night(database: Database) -> int:
    document = night_doc(
        {"preset": "classic-5", "stake_cents": 25},
        [pick(HOSTILE[0], "Dee", points=74, tricks=4), pick("+cmd", points=50, tricks=3)],
        HOSTILE,
    )
    return night_import.import_night(database, document)


def test_ctrl_c_on_the_sheet_copies_it_with_a_header_row(
    database: Database, open_window, keyboard, qtbot, hostile_night: int
) -> None:
    window = open_window(database, hostile_night)
    keyboard.ctrl(Qt.Key.Key_Up)  # to the sheet, as a person goes there
    assert QApplication.focusWidget() is window.sheet
    text = clipboard_after(qtbot, lambda: keyboard.ctrl(Qt.Key.Key_C))
    rows = pasted(text)
    result = night_result(database, night_id=hostile_night)
    assert rows[0] == [
        "Hand",
        "Dealer",
        "Played",
        "Multiplier",
        "'" + HOSTILE[0],
        "'+cmd",
        *HOSTILE[2:],
    ]
    for row, hand in zip(rows[1:3], result.hands, strict=True):
        assert [int(c) for c in row[4:]] == [hand.points[p] for p in HOSTILE]
    assert rows[2][5] == "-4"  # +cmd picked alone and lost: a number
    assert rows[3][0] == "Total" and rows[4][0] == "Money (cents)"
    assert [int(c) for c in rows[4][4:]] == [result.total_cents[p] for p in HOSTILE]
    assert window.statusBar().currentMessage().startswith("Copied the sheet (4 rows)")


def test_ctrl_c_in_a_field_copies_the_field_not_the_sheet(
    database: Database, open_window, keyboard, qtbot, hostile_night: int
) -> None:
    window = open_window(database, hostile_night)
    keyboard.type("Ann")  # a name waits in its field for Tab
    field = QApplication.focusWidget()
    assert field is not window.sheet and field.text() == "Ann"
    field.selectAll()
    assert clipboard_after(qtbot, lambda: keyboard.ctrl(Qt.Key.Key_C)) == field.text()


def test_file_export_as_spreadsheet_saves_the_sheet_as_the_command_line_does(
    database: Database,
    open_window,
    keyboard,
    qtbot,
    hostile_night: int,
    tmp_path,
    monkeypatch,
    capsys,
) -> None:
    window = open_window(database, hostile_night)
    target = tmp_path / "tonight.csv"
    asked = saving_to(monkeypatch, target)
    choose_in_file_menu(keyboard, qtbot, "S")
    qtbot.waitUntil(target.exists)
    assert asked[0][1] == "Export as spreadsheet (CSV)"
    # Named as people know the night (here by its players), in safe characters only: the
    # formula one of them is named with is no part of it.
    offered = Path(asked[0][2]).name
    assert offered == f"{window.session.view.file_stem}.csv"
    assert re.fullmatch(r"[\w-]+\.csv", offered) and "=" not in offered
    assert target.read_bytes() == cli_csv(database, capsys, "export", "--night", str(hostile_night))
    assert window.statusBar().currentMessage() == (
        f"Exported the sheet to {target} (points, and money in cents)."
    )


@pytest.mark.expects_errors
def test_an_export_that_cannot_be_written_is_said_and_leaves_nothing(
    database: Database,
    open_window,
    keyboard,
    qtbot,
    hostile_night: int,
    tmp_path,
    monkeypatch,
    shown_errors,
) -> None:
    open_window(database, hostile_night)
    target = tmp_path / "no such folder" / "tonight.csv"
    saving_to(monkeypatch, target)
    choose_in_file_menu(keyboard, qtbot, "S")
    qtbot.waitUntil(lambda: bool(shown_errors))
    assert shown_errors == [
        f"{target}: cannot write it (No such file or directory); nothing was written"
    ]
    assert not target.parent.exists()


def test_a_cancelled_export_writes_nothing(
    database: Database, open_window, keyboard, qtbot, hostile_night: int, tmp_path, monkeypatch
) -> None:
    window = open_window(database, hostile_night)
    monkeypatch.setattr(file_dialogs, "save_file", lambda *a, **k: "")
    choose_in_file_menu(keyboard, qtbot, "S")
    assert window.statusBar().currentMessage() == "" and not list(tmp_path.glob("*.csv"))


# -- the league window ----------------------------------------------------------------


@pytest.fixture
def league(database: Database, qtbot: Any) -> LeagueWindow:
    seed_sample_league(database)
    shown = LeagueWindow(database, LEAGUE)
    qtbot.addWidget(shown)
    shown.show()
    shown.activateWindow()
    qtbot.waitUntil(shown.isActiveWindow)
    return shown


def export_from(league: LeagueWindow, qtbot: Any, target: Path) -> None:
    """File ▸ Export as spreadsheet in the league window, by its keys (Ctrl+Shift+S: the
    menu has no Alt letter, Alt+F being the From date), wherever the keyboard is."""
    (file,) = [m for m in league.findChildren(QMenu) if m.title() == "File"]
    texts = [a.text() for a in file.actions() if not a.isSeparator()]
    assert texts == ["Export as &spreadsheet (CSV)…", "&Close"]
    focused = QApplication.focusWidget() or league
    qtbot.keyClick(focused, Qt.Key.Key_S, CTRL_SHIFT)
    qtbot.waitUntil(target.exists)


def test_ctrl_c_on_the_standings_copies_them_in_the_order_shown(
    league: LeagueWindow, database: Database, qtbot
) -> None:
    view = league.standings_tab.standings_view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    rows = pasted(
        clipboard_after(
            qtbot, lambda: qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
        )
    )
    expected = standings(database, Period(LEAGUE)).everyone
    assert rows[0][:6] == ["Rank", "Player", "Nights", "Hands", "Points", "Money (cents)"]
    assert [(r[1], int(r[4]), int(r[5])) for r in rows[1:]] == [
        (s.player, s.points, s.cents) for s in expected
    ]
    view.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # by name, as a click on Player
    rows = pasted(
        clipboard_after(
            qtbot, lambda: qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
        )
    )
    assert [r[1] for r in rows[1:]] == sorted((s.player for s in expected), key=str.casefold)


def test_ctrl_c_on_each_money_table_copies_that_table(league: LeagueWindow, qtbot) -> None:
    league.tabs.setCurrentWidget(league.money_tab)
    money = league.money_tab
    copied = {}
    for view in (money.balances_view, money.owed_view, money.payments_view):
        view.setFocus()
        qtbot.waitUntil(view.hasFocus)
        text = clipboard_after(
            qtbot,
            lambda v=view: qtbot.keyClick(v, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier),
        )
        copied[view.accessibleName()] = pasted(text)
    assert copied["Balances"][0] == ["Player", "Balance (cents)"]
    assert sum(int(r[1]) for r in copied["Balances"][1:]) == 0
    assert copied["Who owes whom"][0] == ["From", "To", "Amount (cents)"]
    assert [(r[0], r[1], int(r[2])) for r in copied["Who owes whom"][1:]] == [
        (p.payer, p.payee, p.cents) for p in money.owed_model.rows
    ]
    assert copied["Payments recorded"] == [["Date", "From", "To", "Amount (cents)", "Night"]]


@pytest.mark.parametrize(
    ("tab", "args"),
    [
        ("standings_tab", ["standings", "--league", LEAGUE]),
        ("money_tab", ["debts", "--league", LEAGUE]),
        ("player_tab", ["stats", "--league", LEAGUE, "--player", "Ann"]),
    ],
)
def test_file_export_saves_the_tab_on_screen_as_the_command_line_does(
    league: LeagueWindow, database: Database, qtbot, tmp_path, monkeypatch, capsys, tab, args
) -> None:
    league.tabs.setCurrentWidget(getattr(league, tab))
    league.player_tab.player.setCurrentText("Ann")
    target = tmp_path / f"{tab}.csv"
    saving_to(monkeypatch, target)
    export_from(league, qtbot, target)
    assert target.read_bytes() == cli_csv(database, capsys, *args)


def test_the_outcomes_and_the_roster_export_too(
    league: LeagueWindow, database: Database, qtbot, tmp_path, monkeypatch
) -> None:
    for tab, first in (
        ("table_tab", ["Outcome", "Hands", "Out of"]),
        ("roster_tab", ["Player", "Roster"]),
    ):
        league.tabs.setCurrentWidget(getattr(league, tab))
        target = tmp_path / f"{tab}.csv"
        asked = saving_to(monkeypatch, target)
        export_from(league, qtbot, target)
        rows = list(csv.reader(io.StringIO(target.read_text("utf-8-sig"), newline="")))
        assert rows[0] == first and len(rows) > 5
        assert (
            Path(asked[0][2]).name
            == f"{LEAGUE} {'outcomes' if tab == 'table_tab' else 'roster'}.csv"
        )
    assert len(list_nights(database)) == 8
    assert league_money(database, league=LEAGUE).balances  # nothing changed on the way


@pytest.mark.expects_errors
def test_file_import_nights_refuses_a_night_stored_already(
    database: Database, open_window, keyboard, qtbot, tmp_path: Path, monkeypatch, shown_errors
) -> None:
    import json

    from tests.ui.test_backup_ui import opening

    night = tmp_path / "a.json"
    night.write_text(json.dumps(night_doc("classic-5", [pick("Bob", "Dee", points=74, tricks=3)])))
    window = open_window(database, None)
    opening(monkeypatch, night)
    choose_in_file_menu(keyboard, qtbot, "I")
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Imported 1 night"))
    (stored,) = [n.id for n in list_nights(database)]
    opening(monkeypatch, night)
    choose_in_file_menu(keyboard, qtbot, "I")
    qtbot.waitUntil(lambda: bool(shown_errors))
    assert shown_errors == [
        f"Nothing was imported: a.json: already stored as “Ann, Bob, Cal, Dee, Eve” (night "
        f"{stored}: the same date, players, rules and hands)"
    ]
    assert [n.id for n in list_nights(database)] == [stored]
