"""File ▸ Back up: a copy of the database while the app has it open, made by the same
`backup` as `scorekeeper backup` (never onto the database itself), said in the status
bar or in one sentence; restoring says how (the command line, with the app closed)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox

from scorekeeper.games import preset_rules
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.league import list_leagues
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.seed import seed_sample_league
from ui import file_dialogs

LEAGUE = "Tuesday Night League"


def choose_in_file_menu(keyboard: Any, qtbot: Any, letter: str) -> None:
    """Alt+F, then the item's letter, as a person opens the File menu and chooses."""
    keyboard.alt(Qt.Key.Key_F)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    qtbot.keyClick(menu, getattr(Qt.Key, f"Key_{letter}"))
    keyboard.count += 1


def saving_to(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[tuple[Any, ...]]:
    """The save dialog answers PATH (as if chosen there); its questions are kept."""
    asked: list[tuple[Any, ...]] = []

    def answer(*args: Any, **kwargs: Any) -> str:
        asked.append((*args, kwargs))
        return str(path)

    monkeypatch.setattr(file_dialogs, "save_file", answer)
    return asked


def test_back_up_writes_a_copy_that_holds_the_league(
    database: Database, open_window, keyboard, qtbot, tmp_path: Path, monkeypatch
) -> None:
    seed_sample_league(database)
    window = open_window(database, list_nights(database)[0].id)
    target = tmp_path / "elsewhere" / "tuesday-backup.sqlite3"
    target.parent.mkdir()
    asked = saving_to(monkeypatch, target)
    choose_in_file_menu(keyboard, qtbot, "B")
    qtbot.waitUntil(lambda: target.exists())
    assert len(asked) == 1
    said = window.statusBar().currentMessage()
    assert said.startswith(f"Backed up to {target} (a SQLite copy)")
    assert said.endswith("File ▸ Restore a backup puts it back.")
    copy = open_database(f"sqlite:///{target}")
    try:
        assert list_leagues(copy) == [LEAGUE]
        nights = [(n.id, n.hands) for n in list_nights(copy)]
        assert nights == [(n.id, n.hands) for n in list_nights(database)]
    finally:
        copy.dispose()


@pytest.mark.expects_errors
def test_back_up_onto_the_database_itself_is_refused_in_a_sentence(
    database: Database, open_window, keyboard, qtbot, monkeypatch, shown_errors
) -> None:
    seed_sample_league(database)
    window = open_window(database, None)
    live = database.sqlite_path
    assert live is not None
    before = live.read_bytes()
    saving_to(monkeypatch, live)
    choose_in_file_menu(keyboard, qtbot, "B")
    qtbot.waitUntil(lambda: bool(shown_errors))
    (message,) = shown_errors
    assert "is the database itself" in message and "Nothing was written" in message
    assert "\n" not in message and "Traceback" not in message
    assert live.read_bytes() == before
    assert window.statusBar().currentMessage() == ""
    assert window.entry.isEnabled() or window.session.view is None  # the window goes on


def test_a_save_dialog_cancelled_backs_up_nothing(
    database: Database, open_window, keyboard, qtbot, tmp_path: Path, monkeypatch
) -> None:
    window = open_window(database, None)
    monkeypatch.setattr(file_dialogs, "save_file", lambda *a, **k: "")
    choose_in_file_menu(keyboard, qtbot, "B")
    assert window.statusBar().currentMessage() == "" and list(tmp_path.glob("*backup*")) == []


def opening(monkeypatch: pytest.MonkeyPatch, *paths: Path) -> None:
    """The open dialog answers PATHS (as if chosen there): one file, or several."""
    monkeypatch.setattr(file_dialogs, "open_file", lambda *a, **k: str(paths[0]))
    monkeypatch.setattr(file_dialogs, "open_files", lambda *a, **k: [str(p) for p in paths])


def answering(monkeypatch: pytest.MonkeyPatch, answer: QMessageBox.StandardButton) -> list[str]:
    """The question asked is answered ANSWER; its text kept."""
    asked: list[str] = []

    def question(_parent: Any, _title: str, text: str, *args: Any) -> QMessageBox.StandardButton:
        asked.append(text)
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def test_a_backup_is_restored_from_the_file_menu(
    open_window, keyboard, qtbot, tmp_path: Path, monkeypatch
) -> None:
    """Back up from the window, change the league, restore the backup from the window:
    the league is as it was backed up, the night screen reads it again with nothing to
    undo, and the database it replaced is kept."""
    from scorekeeper.store.night_history import set_deleted

    database = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    seed_sample_league(database)
    as_backed_up = [(n.id, n.hands) for n in list_nights(database)]
    window = open_window(database, None)
    target = tmp_path / "backup.sqlite3"
    saving_to(monkeypatch, target)
    choose_in_file_menu(keyboard, qtbot, "B")
    qtbot.waitUntil(lambda: target.exists())
    set_deleted(database, night_id=as_backed_up[0][0], deleted=True)  # then a change
    assert len(list_nights(database)) == len(as_backed_up) - 1
    # And a change in the league window, on its own undo stack.
    window.menu_actions["league"].trigger()
    league = window.league_window
    league.layer.rename_player("Ann", "Annie")
    assert league.undo_stack.count() == 1

    opening(monkeypatch, target)
    asked = answering(monkeypatch, QMessageBox.StandardButton.Yes)
    choose_in_file_menu(keyboard, qtbot, "R")
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Restored"))
    assert "backup.sqlite3" in asked[0] and "checked whole" in asked[0]
    assert [(n.id, n.hands) for n in list_nights(database)] == as_backed_up
    assert window.session.undo_stack.count() == 0
    assert league.undo_stack.count() == 0  # its change was to rows the backup replaced
    kept = list(tmp_path.glob("league.sqlite3.*.before-restore.bak"))
    assert len(kept) == 1 and str(kept[0]) in window.statusBar().currentMessage()
    database.dispose()


def test_a_restore_not_confirmed_changes_nothing(
    database: Database, open_window, keyboard, qtbot, tmp_path: Path, monkeypatch
) -> None:
    seed_sample_league(database)
    before = [(n.id, n.hands) for n in list_nights(database)]
    window = open_window(database, None)
    backup = tmp_path / "empty.sqlite3"
    open_database(f"sqlite:///{backup}").dispose()
    opening(monkeypatch, backup)
    answering(monkeypatch, QMessageBox.StandardButton.Cancel)
    choose_in_file_menu(keyboard, qtbot, "R")
    assert [(n.id, n.hands) for n in list_nights(database)] == before
    assert window.statusBar().currentMessage() == ""


@pytest.mark.expects_errors
def test_a_restore_while_another_program_has_the_database_is_refused(
    open_window, keyboard, qtbot, tmp_path: Path, monkeypatch, shown_errors
) -> None:
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    database = open_database(url)
    seed_sample_league(database)
    backup = tmp_path / "backup.sqlite3"
    from ui.app_layer import back_up

    back_up(database, str(backup))
    before = [(n.id, n.hands) for n in list_nights(database)]
    other = open_database(url)  # another program, open on the same file
    try:
        open_window(database, None)
        opening(monkeypatch, backup)
        answering(monkeypatch, QMessageBox.StandardButton.Yes)
        choose_in_file_menu(keyboard, qtbot, "R")
        qtbot.waitUntil(lambda: bool(shown_errors))
        assert "another" in shown_errors[0].lower() and "Traceback" not in shown_errors[0]
        assert [(n.id, n.hands) for n in list_nights(database)] == before
    finally:
        other.dispose()
        database.dispose()


@pytest.mark.expects_errors
def test_nights_are_imported_from_the_file_menu_all_or_none(
    database: Database, open_window, keyboard, qtbot, tmp_path: Path, monkeypatch, shown_errors
) -> None:
    import json

    from tests.sheet import night_doc, pick

    good = [tmp_path / "a.json", tmp_path / "b.json"]
    for path, points in zip(good, (74, 40), strict=True):
        path.write_text(
            json.dumps(night_doc("classic-5", [pick("Bob", "Dee", points=points, tricks=3)]))
        )
    bad = tmp_path / "c.json"
    bad.write_text(json.dumps(night_doc("classic-5", [pick("Bob", "Dee", points=130, tricks=3)])))
    window = open_window(database, None)

    opening(monkeypatch, *good, bad)
    choose_in_file_menu(keyboard, qtbot, "I")
    qtbot.waitUntil(lambda: bool(shown_errors))
    assert shown_errors[0].startswith("Nothing was imported: c.json: hand 1: points")
    assert list_nights(database) == []

    opening(monkeypatch, *good)
    choose_in_file_menu(keyboard, qtbot, "I")
    qtbot.waitUntil(lambda: window.statusBar().currentMessage().startswith("Imported 2 nights"))
    ids = sorted(n.id for n in list_nights(database))
    assert len(ids) == 2 and window.session.night_id == ids[-1]


def test_the_number_of_daily_backups_is_chosen_in_the_file_menu(
    database: Database, open_window, keyboard, qtbot, monkeypatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    from ui.menus.files import daily_keep

    window = open_window(database, None)
    assert daily_keep() == 14
    asked: list[int] = []

    def get_int(_parent: Any, _title: str, _label: str, value: int, *args: Any) -> tuple[int, bool]:
        asked.append(value)
        return 5, True

    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(get_int))
    choose_in_file_menu(keyboard, qtbot, "D")
    assert asked == [14] and daily_keep() == 5
    assert window.statusBar().currentMessage() == "Daily backups: the newest 5 copies kept."


def test_the_restore_question_says_when_the_backup_was_made_and_what_is_lost(
    database: Database, open_window, keyboard, qtbot, tmp_path: Path, monkeypatch
) -> None:
    """Issue 33, point 6: the question names the backup's last change and what it and
    the database hold, and the nights changed since, which the restore replaces."""
    from scorekeeper.formatting import short_iso
    from scorekeeper.history_cli import when_text
    from scorekeeper.store.night_import import create_night
    from scorekeeper.store.restore_preview import holdings
    from ui.app_layer import back_up

    seed_sample_league(database)
    backup = tmp_path / "backup.sqlite3"
    back_up(database, str(backup))
    copy = open_database(f"sqlite:///{backup}")
    made = holdings(copy).last_change
    copy.dispose()
    assert made is not None
    night = list_nights(database)[0]
    players = list(night.players)
    started = create_night(
        database,
        players=players,
        rules=preset_rules("jack-of-diamonds-5"),
        league=LEAGUE,
        date=dt.date(2026, 12, 1),
        table="2",
    )
    window = open_window(database, started)
    opening(monkeypatch, backup)
    asked = answering(monkeypatch, QMessageBox.StandardButton.Cancel)
    before = [(n.id, n.hands) for n in list_nights(database)]
    choose_in_file_menu(keyboard, qtbot, "R")
    nights, hands = len(before) - 1, sum(h for _i, h in before)
    assert asked[0].splitlines()[:7] == [
        "Replace the database with the backup backup.sqlite3?",
        "",
        f"The backup holds {nights} nights ({hands} hands), 12 players and 0 payments; "
        f"its last change was made {when_text(made)}.",
        f"The database holds {nights + 1} nights ({hands} hands), 12 players and 0 payments now.",
        "",
        "Lost from the database: 1 night changed since the backup's last change:",
        f"• {LEAGUE} · {short_iso('2026-12-01')} · table 2 (0 hands)",
    ]
    assert [(n.id, n.hands) for n in list_nights(database)] == before
    assert window.session.night_id == started


@pytest.mark.expects_errors
def test_a_backup_the_restore_would_refuse_is_refused_before_the_question(
    database: Database, open_window, keyboard, qtbot, tmp_path: Path, monkeypatch, shown_errors
) -> None:
    seed_sample_league(database)
    open_window(database, None)
    bad = tmp_path / "notes.json"
    bad.write_text('{"format": "something else"}')
    opening(monkeypatch, bad)
    asked = answering(monkeypatch, QMessageBox.StandardButton.Yes)
    choose_in_file_menu(keyboard, qtbot, "R")
    qtbot.waitUntil(lambda: bool(shown_errors))
    assert asked == [] and "is not a Scorekeeper dump" in shown_errors[0]
