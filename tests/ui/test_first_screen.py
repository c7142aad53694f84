"""The first screen, read before the database layer is imported (ui/first_screen.py):
it is the night the store itself reads, to the last payment; the usual open runs first
whenever the file is not plainly sound and current; and the database opened behind it
shows what another program wrote in between.  Real SQLite files; nothing is timed."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.formatting import player_looks
from scorekeeper.sample import SAMPLE_LEAGUE
from scorekeeper.store import early_check
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.hand_writes import append_hand
from scorekeeper.store.night_import import import_night, night_as_stored
from scorekeeper.store.stored_night import read_stored
from scorekeeper.store.tonight import night_to_reopen, set_closed
from tests.strategies import night_documents, schafkopf_night_documents
from ui import app as the_app
from ui.first_screen import read_view, sound
from ui.session import NightSession, NightView, build_view

ROOT = Path(__file__).resolve().parents[2]
FILED = st.fixed_dictionaries(
    {},
    optional={
        "date": st.dates().map(lambda d: d.isoformat()),
        "league": st.sampled_from(["Tuesday", "Donnerstag"]),
        "table": st.sampled_from(["1", "B"]),
        "title": st.text("ab ", min_size=1, max_size=5).map(str.strip).filter(bool),
    },
)
FIRST_HAND = {"type": "leaster", "winner": "Ann", "dealer": "Ann"}
FIVE = ["Ann", "Bo", "Cy", "Di", "Ed"]
numbers = itertools.count(1)


def first_view(url: str) -> NightView | None:
    """What the app shows first (ui/app.py's open_first): the view read, if the open's
    check then finds the file sound."""
    first = read_view(url)
    return first.view if first is not None and sound(url) else None


def sqlite_read(path: Path) -> Any:
    """What `read_stored` reads through the standard library's driver, as the first
    screen reads it."""
    connection = sqlite3.connect(path)

    def fetch(sql: str, parameters: Mapping[str, Any]) -> Sequence[Sequence[Any]]:
        return connection.execute(sql, parameters).fetchall()

    return connection, fetch


@pytest.fixture
def league_file(tmp_path: Path) -> Iterator[tuple[Path, Database]]:
    path = tmp_path / "league.sqlite3"
    db = open_database(f"sqlite:///{path}")
    yield path, db
    db.dispose()


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No early check left over from another test."""
    monkeypatch.setattr(early_check, "_running", None)
    yield


def started(path: Path, db: Database) -> str:
    """The app started on PATH: the file closed by every program (as a usual start
    finds it), and the open's early check begun; its URL."""
    db.dispose()
    url = f"sqlite:///{path}"
    assert early_check.start(url) is not None
    return url


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    document=st.one_of(night_documents(max_hands=10), schafkopf_night_documents(max_hands=10)),
    filed=FILED,
)
def test_the_standard_library_reads_a_night_as_the_store_does(
    league_file: tuple[Path, Database], document: dict[str, Any], filed: dict[str, Any]
) -> None:
    path, db = league_file
    # A season only in a league; a title of its own, so no two examples are one night.
    extra = filed | {"title": f"{filed.get('title', 'night')} {next(numbers)}"}
    if "league" in filed:
        extra["season"] = "2026"
    night_id = import_night(db, document | extra)
    connection, fetch = sqlite_read(path)
    with contextlib.closing(connection):
        first = read_stored(fetch, night_id, counted=True)
    stored = night_as_stored(db, night_id=night_id)
    assert first == stored
    assert json.dumps(first.document) == json.dumps(stored.document)  # the same order too


def _five_hands(db: Database, *, closed: bool = False, league: str | None = None) -> int:
    night_id = import_night(
        db,
        {
            "format": "sheepshead-night/1",
            "rules": "classic-5",
            "players": FIVE,
            "hands": [FIRST_HAND],
            "payments": [{"from": "Bo", "to": "Ann", "cents": 125}],
        }
        | ({"league": league} if league else {}),
    )
    if closed:
        set_closed(db, night_id=night_id, closed=True)
    return night_id


def first_screen_of(path: Path, db: Database) -> tuple[int, str, NightView]:
    """A night of five filed, the app started on PATH: the night, the URL, and the
    first screen's view of it."""
    night_id = _five_hands(db)
    url = started(path, db)
    view = first_view(url)
    assert view is not None
    return night_id, url, view


def test_the_first_screen_is_the_night_to_reopen_as_the_store_shows_it(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    path, db = league_file
    open_night = _five_hands(db)
    _five_hands(db, closed=True)  # changed last, but closed: the open one is reopened
    assert night_to_reopen(db) == open_night
    view = first_view(started(path, db))
    assert view is not None and view == build_view(db, open_night)
    assert [p.cents for p in view.payments] == [125]


@pytest.mark.parametrize("league", [SAMPLE_LEAGUE, "Tuesday"])
def test_the_first_start_on_a_file_with_nights_shows_the_welcome_before_any_key(
    qapp: Any, qtbot: Any, league_file: tuple[Path, Database], checked: None, league: str
) -> None:
    """New settings, an old file (a trial): the welcome is up as the window is, before
    the event loop runs, so the first key typed reaches the welcome, never a hand in the
    entry form that the welcome would then take over; it speaks of the sample only where
    the file holds it, read with the first screen."""
    from PySide6.QtWidgets import QApplication, QLabel

    path, db = league_file
    night_id = _five_hands(db, league=league)
    window = the_app.show_first(started(path, db))
    qtbot.addWidget(window)
    assert window.session.view is not None and window.session.view.night_id == night_id
    welcome = window.welcome
    assert welcome is not None and welcome.isVisible()  # before any event is handled
    words = " ".join(label.text() for label in welcome.findChildren(QLabel))
    assert ("What you see now is a sample" in words) == (league == SAMPLE_LEAGUE)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    focus = QApplication.focusWidget()
    qtbot.keyClick(focus, "2")
    assert welcome.isAncestorOf(focus) and window.entry.picker.text() == ""
    welcome.reject()
    if window.session.opened:
        window.session.db.dispose()


def test_the_usual_open_runs_first_without_a_check_begun(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    path, db = league_file
    _five_hands(db)
    db.dispose()
    assert first_view(f"sqlite:///{path}") is None  # `python -m ui.app`: no early check


def test_the_usual_open_runs_first_on_an_older_schema(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    path, db = league_file
    _five_hands(db)
    db.dispose()
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE alembic_version SET version_num = '0015'")
    assert first_view(started(path, db)) is None  # migrated (and backed up) first


def test_the_usual_open_runs_first_on_a_damaged_file(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    path, db = league_file
    _five_hands(db)
    db.dispose()
    with path.open("r+b") as file:  # a page of the file overwritten
        file.seek(2 * 4096)
        file.write(b"\xff" * 4096)
    assert first_view(started(path, db)) is None  # refused, with its reason, by the open


def test_the_usual_open_runs_first_with_no_night(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    path, db = league_file
    assert first_view(started(path, db)) is None


def test_a_hand_written_by_another_program_meanwhile_is_shown_once_opened(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    path, db = league_file
    night_id, url, view = first_screen_of(path, db)
    assert len(view.lines) == 1
    append_hand(db, night_id=night_id, hand=FIRST_HAND | {"dealer": "Bo"})  # another table
    session = NightSession(lambda: open_database(url))
    session.show_first(view)
    session.open_database()
    assert session.view is not None and len(session.view.lines) == 2
    session.db.dispose()


def test_a_hand_saved_before_the_open_goes_after_what_another_program_wrote(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    """Enter pressed in the first second opens the database itself: the night is read
    again through the store before the hand is written, so the sheet shows every hand
    as stored, the other table's too."""
    path, db = league_file
    night_id, url, view = first_screen_of(path, db)
    append_hand(db, night_id=night_id, hand=FIRST_HAND | {"dealer": "Bo"})  # another table
    session = NightSession(lambda: open_database(url))
    session.show_first(view)
    session.record_hand(FIRST_HAND | {"dealer": "Cy"})
    shown = session.view
    assert shown is not None and shown == build_view(db, night_id)
    assert [line.record["dealer"] for line in shown.lines] == ["Ann", "Bo", "Cy"]
    session.db.dispose()


def test_a_hand_being_typed_is_kept_when_the_open_finds_the_night_changed(
    qapp: Any, qtbot: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    path, db = league_file
    night_id, url, view = first_screen_of(path, db)
    session = NightSession(lambda: open_database(url))
    session.show_first(view)
    window = the_app.MainWindow(session)
    qtbot.addWidget(window)
    window.show()
    window.entry.picker.setText("Bo")  # half a hand typed
    rows = window.model.rowCount()
    append_hand(db, night_id=night_id, hand=FIRST_HAND | {"dealer": "Bo"})  # another table
    session.open_database()
    assert window.entry.picker.text() == "Bo" and window.model.rowCount() == rows
    assert "Another program changed this night" in window.statusBar().currentMessage()
    # Ctrl+Z clears the hand being typed: now the night as stored.
    window.menu_actions["undo"].trigger()
    assert window.entry.picker.text() == "" and window.model.rowCount() == rows + 1
    session.db.dispose()


def test_a_night_gone_by_the_open_is_said_and_no_night_is_shown(
    qapp: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    from scorekeeper.store.night_history import set_deleted

    path, db = league_file
    night_id, url, view = first_screen_of(path, db)
    set_deleted(db, night_id=night_id, deleted=True)  # deleted in another program
    with contextlib.closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("DELETE FROM payment")  # ... and its night then gone whole
        connection.execute("DELETE FROM hand_points")
        connection.execute("DELETE FROM hand_score")
        connection.execute("DELETE FROM hand")
    said: list[str] = []
    session = NightSession(lambda: open_database(url))
    session.failed.connect(said.append)
    session.show_first(view)
    session.open_database()
    assert session.view is None and said != []
    session.db.dispose()


def test_a_refused_open_behind_the_first_screen_is_said_and_ends_the_app(
    qapp: Any,
    qtbot: Any,
    league_file: tuple[Path, Database],
    checked: None,
    shown_errors: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scorekeeper.store.errors import StorageError

    path, db = league_file
    _five_hands(db)
    view = first_view(started(path, db))
    assert view is not None

    def refused() -> Database:
        raise StorageError("the database is being restored")

    session = NightSession(refused)
    session.show_first(view)
    window = the_app.MainWindow(session)
    qtbot.addWidget(window)
    ended: list[int] = []
    monkeypatch.setattr(qapp, "exit", ended.append)
    the_app.open_behind(qapp, window)
    assert shown_errors == ["the database is being restored"] and ended == [2]
    shown_errors.clear()


def test_the_app_shows_the_real_night_before_importing_the_database_layer(
    league_file: tuple[Path, Database],
) -> None:
    """The real start (ui/start.py), in a process of its own: at its first paint the
    window shows the night to reopen, every hand, the focus in the entry form (the
    benchmark's probe checks it and fails otherwise), and neither SQLAlchemy nor the
    panels of the tabs not shown (the chart, the settlement) are imported yet."""
    path, db = league_file
    _five_hands(db)
    db.dispose()
    environment = os.environ | {"QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "probe_app.py"),
            "--database",
            f"sqlite:///{path}",
        ],
        capture_output=True,
        text=True,
        env=environment,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["database_layer_loaded"] is False
    assert found["hidden_tabs_loaded"] is False
    # The cycle collector is paused for the start, and runs again once it is painted.
    assert found["collector_at_paint"] is False
    assert found["collector_after_paint"] is True


def test_the_first_start_s_welcome_does_not_hold_back_the_database(
    qapp: Any, qtbot: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    """The welcome is shown whole before the event loop runs, so the work after the
    first paint goes on behind it (a dialog opened later holds it back): the database
    is open while the welcome is still up (a packaged build's self-check on a fresh
    profile waited for the welcome to close, for ever)."""
    path, db = league_file
    _five_hands(db, league=SAMPLE_LEAGUE)
    window = the_app.show_first(started(path, db))
    qtbot.addWidget(window)
    assert window.welcome is not None and not window.session.opened
    the_app.when_shown(qapp, window)
    qtbot.waitUntil(lambda: window.session.opened, timeout=20_000)
    assert window.welcome.isVisible()
    window.welcome.reject()
    window.session.db.dispose()


def test_the_panels_made_after_the_first_paint_leave_the_database_unopened(
    qapp: Any, qtbot: Any, league_file: tuple[Path, Database], checked: None
) -> None:
    """The chart and Settle up are made in a quiet turn after the first paint, before
    the database layer is imported: neither opens the database to read the league's
    roster (the players' colours) or its payments then; the chart reads the roster
    when next shown with the database open."""
    path, db = league_file
    night_id = _five_hands(db, league="Club")
    window = the_app.show_first(started(path, db))
    qtbot.addWidget(window)
    if window.welcome is not None:
        window.welcome.reject()
    window.make_panels()
    assert window.session.view is not None and window.session.view.night_id == night_id
    assert not window.session.opened
    window.session.open_database()
    window.tabs.setCurrentWidget(window.chart)
    players = list(window.chart.lines())
    roster = window.session.roster(window.session.view)
    assert roster is not None
    looks = player_looks(players, roster)
    assert [window.chart.look(p).color().name() for p in players] == [looks[p][0] for p in players]
    window.session.db.dispose()
