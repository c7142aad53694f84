"""File ▸ Back up: a copy of the database while the app has it open, made by the same
`backup` as `scorekeeper backup` (never onto the database itself), said in the status
bar or in one sentence; restoring says how (the command line, with the app closed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QMessageBox

from scorekeeper.store.database import Database, open_database
from scorekeeper.store.league import list_leagues
from scorekeeper.store.night_reads import list_nights
from scorekeeper.store.seed import seed_sample_league

LEAGUE = "Tuesday Night League"


def restore_command_shown(keyboard: Any, qtbot: Any) -> str:
    """File ▸ Restore a backup, as a person chooses it: the command the message gives
    on its own line; then Enter closes the message."""
    import html
    import re

    shown: list[str] = []

    def read() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        shown.append(box.text())
        keyboard.enter()

    keyboard.in_next_dialog(read)
    choose_in_file_menu(keyboard, qtbot, "R")
    qtbot.waitUntil(lambda: bool(shown))
    assert "Close it, then run" in shown[0]
    (command,) = re.findall(r"<pre>(.*?)</pre>", shown[0])
    return html.unescape(command).strip()


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

    def answer(*args: Any, **kwargs: Any) -> tuple[str, str]:
        asked.append((*args, kwargs))
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(answer))
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
    assert said.endswith("File ▸ Restore a backup says how.")  # to put it back
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
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: ("", "")))
    choose_in_file_menu(keyboard, qtbot, "B")
    assert window.statusBar().currentMessage() == "" and list(tmp_path.glob("*backup*")) == []


def test_restoring_is_explained_from_the_file_menu(
    database: Database, open_window, keyboard, qtbot
) -> None:
    window = open_window(database, None)
    command = restore_command_shown(keyboard, qtbot)
    assert command == f"scorekeeper --database {database.url} restore --force FILE"
    qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    assert window.isVisible()


def test_the_restore_the_app_explains_puts_its_backup_back(
    open_window, keyboard, qtbot, tmp_path: Path, monkeypatch, capsys
) -> None:
    """Back up from the window, change the league, close the app, and run the command
    File ▸ Restore a backup gives: the league is as it was backed up."""
    import shlex

    from scorekeeper.cli import main
    from scorekeeper.store.night_history import set_deleted

    database = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    seed_sample_league(database)
    as_backed_up = [(n.id, n.hands) for n in list_nights(database)]
    window = open_window(database, None)
    target = tmp_path / "backup.sqlite3"
    saving_to(monkeypatch, target)
    choose_in_file_menu(keyboard, qtbot, "B")
    qtbot.waitUntil(lambda: target.exists())
    command = restore_command_shown(keyboard, qtbot)

    set_deleted(database, night_id=as_backed_up[0][0], deleted=True)  # then a change
    assert len(list_nights(database)) == len(as_backed_up) - 1
    window.close()  # the app closed, as the message says
    database.dispose()
    program, *args = shlex.split(command.replace("FILE", shlex.quote(str(target))))
    assert program == "scorekeeper" and main(args) == 0, capsys.readouterr().err
    restored = open_database(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    try:
        assert [(n.id, n.hands) for n in list_nights(restored)] == as_backed_up
    finally:
        restored.dispose()


def test_restoring_the_default_database_needs_no_database_named(
    database: Database, monkeypatch
) -> None:
    from ui.app_layer import restore_command

    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", str(database.url))
    assert restore_command(database) == "scorekeeper restore --force FILE"
