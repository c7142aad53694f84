"""Help ▸ About: the version and licence the distribution has, the Qt and Python the
app runs on, and the paths of the database, its backups and the log, each selectable
and copied whole; in German when the app speaks German."""

from __future__ import annotations

import platform
from typing import Any

import pytest
from PySide6.QtCore import qVersion
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QLabel, QLineEdit

from scorekeeper import logs
from scorekeeper.about import LICENCE, version
from scorekeeper.store.database import Database
from ui.about import AboutDialog


@pytest.fixture
def dialog(qtbot: Any, database: Database) -> AboutDialog:
    shown = AboutDialog(None, database)
    qtbot.addWidget(shown)
    return shown


def field(dialog: AboutDialog, name: str) -> str:
    shown = dialog.fields[name]
    assert isinstance(shown, QLabel | QLineEdit)
    return shown.text()


def test_it_says_what_the_program_is_and_runs_on(dialog: AboutDialog) -> None:
    assert field(dialog, "Version") == version()
    assert field(dialog, "Licence") == LICENCE
    assert field(dialog, "Qt").startswith(qVersion())
    assert field(dialog, "Python").startswith(platform.python_version())
    assert dialog.windowTitle() == "About Sheepshead Scorekeeper"


def test_the_paths_are_the_database_s_its_backups_and_the_log(dialog, database) -> None:
    path = database.sqlite_path
    assert path is not None
    assert field(dialog, "Database") == str(path)
    assert field(dialog, "Backups") == str(path.parent)  # the copies go beside the file
    assert field(dialog, "Log") == str(logs.log_path())


def test_a_path_can_be_selected_and_copied_and_copy_takes_everything(dialog, database) -> None:
    shown = dialog.fields["Database"]
    assert isinstance(shown, QLineEdit) and shown.isReadOnly()
    shown.selectAll()
    shown.copy()
    assert QGuiApplication.clipboard().text() == str(database.sqlite_path)
    dialog.copy_button.click()
    copied = QGuiApplication.clipboard().text()
    for name in ("Version", "Licence", "Qt", "Python", "Database", "Backups", "Log"):
        assert f"{name}: {field(dialog, name)}" in copied.splitlines()


def test_help_about_opens_it(database, open_window, monkeypatch: pytest.MonkeyPatch) -> None:
    window = open_window(database, None)
    opened: list[AboutDialog] = []
    monkeypatch.setattr(AboutDialog, "exec", lambda self: opened.append(self) or 0)
    (help_menu,) = [a.menu() for a in window.menuBar().actions() if a.text() == "&Help"]
    (about,) = [a for a in help_menu.actions() if a.text().startswith("&About")]
    about.trigger()
    assert len(opened) == 1 and opened[0].fields["Database"].text() == str(
        window.session.db.sqlite_path
    )


def test_it_speaks_german(qtbot: Any, database: Database, german: None) -> None:
    shown = AboutDialog(None, database)
    qtbot.addWidget(shown)
    assert shown.windowTitle() == "Über Sheepshead Scorekeeper"
    assert set(shown.fields) >= {"Version", "Lizenz", "Datenbank", "Sicherungen", "Protokoll"}
    assert shown.copy_button.text() == "&Kopieren"
