"""The app opens on the sample night and its sheet matches the core's numbers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from scorekeeper.sample import sample_league_documents
from scorekeeper.store.night_reads import list_nights
from ui.app import open_store, open_window, parse_arguments

ROOT = Path(__file__).resolve().parents[2]


def test_the_database_comes_from_the_argument_or_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_DATABASE_URL", "sqlite:///from-env.db")
    assert parse_arguments([]).database == "sqlite:///from-env.db"
    assert parse_arguments(["--database", "sqlite:///x.db"]).database == "sqlite:///x.db"


def test_the_default_database_gets_the_sample_league_once(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("SCOREKEEPER_DATABASE_URL", raising=False)
    db = open_store(None)
    assert len(list_nights(db)) == len(sample_league_documents())
    db.dispose()
    again = open_store(None)
    assert len(list_nights(again)) == len(sample_league_documents())
    again.dispose()


def test_a_chosen_database_gets_no_sample(tmp_path: Path) -> None:
    db = open_store(f"sqlite:///{tmp_path / 'league.sqlite3'}")
    assert list_nights(db) == []
    db.dispose()


@pytest.mark.parametrize("module", ["ui", "ui.app"])
def test_python_dash_m_opens_the_app(module: str, tmp_path: Path) -> None:
    """`python -m ui` and `python -m ui.app` both open the window (the app saves what
    the screen shows, then quits, when SCOREKEEPER_SCREENSHOT names a file)."""
    shot = tmp_path / "screen.png"
    env = os.environ | {
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "SCOREKEEPER_SCREENSHOT": str(shot),
    }
    url = f"sqlite:///{tmp_path / 'league.sqlite3'}"
    done = subprocess.run(
        [sys.executable, "-m", module, "--database", url],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    screen = QImage(str(shot))
    assert not screen.isNull()  # the window was shown, then the screen saved
    spots = [(x, y) for x in range(0, screen.width(), 8) for y in range(0, screen.height(), 8)]
    colours = {screen.pixel(x, y) for x, y in spots}
    assert len(colours) > 10  # the window drawn, not a blank screen


def test_a_new_database_says_where_it_was_made_in_the_status_bar(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    window = open_window(open_store(f"sqlite:///{path}"))
    qtbot.addWidget(window)
    window.daily_backup()  # as the start does: a new database has nothing to keep yet,
    if window._daily_thread is not None:
        window._daily_thread.join()
    QApplication.processEvents()  # what the copy's thread would say
    assert list(tmp_path.glob("*.daily.bak")) == []  # and the message is not replaced
    assert window.statusBar().currentMessage() == f"A new database was made at {path}."
    window.session.db.dispose()

    again = open_window(open_store(f"sqlite:///{path}"))
    qtbot.addWidget(again)
    assert again.statusBar().currentMessage() == ""
    again.session.db.dispose()


def test_the_first_window_fits_the_screen_s_free_area(database, open_window) -> None:
    """No remembered size yet: the window is no larger than its screen's free area, so
    its status bar is not cut off on a 1366x768 screen."""
    window = open_window(database, None)
    free = window.screen().availableGeometry()
    assert window.width() <= free.width() and window.height() < free.height()
