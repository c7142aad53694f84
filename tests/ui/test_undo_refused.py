"""An undo or redo the database refuses (busy in another program, or the change already
undone or overtaken there) changes nothing: the undo list and the database stay in
step, and the person is told why in one sentence.

The other program is real: a second connection to the same SQLite file, holding its
write lock, or changing the hand through the store as another copy of the app would."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from scorekeeper.store import engine as engine_module
from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.money import league_money
from scorekeeper.store.seed import seed_sample_league
from tests.sheet import night_doc, pick
from ui.league.window import LeagueWindow

HAND = pick("Bob", "Dee", points=74, tricks=4)
EDITED = pick("Cal", "Eve", points=95, tricks=5)
THEIRS = pick("Ann", "Bob", points=31, tricks=2)

pytestmark = pytest.mark.expects_errors
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def quick_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    """A SQLite file whose connections give up on a held lock after 50 ms (not 15 s), so
    a busy database is refused at once."""
    monkeypatch.setattr(engine_module, "BUSY_TIMEOUT_MS", 50)
    db = open_database(f"sqlite:///{tmp_path / 'night.sqlite3'}")
    yield db
    db.dispose()


@contextmanager
def another_program_writing(db: Database) -> Iterator[None]:
    """Another program holds the file's write lock (a real second connection)."""
    path = db.sqlite_path
    assert path is not None
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


@contextmanager
def another_program(db: Database) -> Iterator[Database]:
    """The same database opened by another program (its own engine and connections)."""
    other = open_database(str(db.url))
    try:
        yield other
    finally:
        other.dispose()


def another_process_records(db: Database, night_id: int, hand: dict[str, Any]) -> None:
    """Another program (a process of its own) records HAND at the end of the night."""
    script = (
        "import json, sys\n"
        "from scorekeeper.store import hand_writes\n"
        "from scorekeeper.store.database import open_database\n"
        "db = open_database(sys.argv[1])\n"
        "hand_writes.record_hand(db, night_id=int(sys.argv[2]), hand=json.loads(sys.argv[3]))\n"
    )
    url, hand_json = str(db.url), json.dumps(hand)
    command = [sys.executable, "-c", script, url, str(night_id), hand_json]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True, timeout=60)


def menu(window: Any) -> tuple[str, str]:
    """What the Edit menu offers to undo and redo."""
    return window.undo_action.text(), window.redo_action.text()


def sheet(window: Any) -> list[int]:
    """The points each hand on the sheet gave its picker's side (what the person sees)."""
    return [line.record["points"] for line in window.session.view.lines]


def stored(db: Database, night_id: int) -> list[int]:
    hands = night_import.export_night(db, night_id=night_id)["hands"]
    return [hand["points"] for hand in hands]


@pytest.fixture
def night(quick_database: Database, open_window: Any) -> tuple[Any, int]:
    night_id = night_import.import_night(quick_database, night_doc("classic-5", [HAND]))
    return open_window(quick_database, night_id), night_id


def test_an_undo_refused_by_a_busy_database_undoes_nothing_and_can_be_tried_again(
    night, quick_database, keyboard, shown_errors
) -> None:
    window, night_id = night
    window.session.record_hand(EDITED)
    assert menu(window) == ("&Undo: hand 2 recorded", "&Redo")
    with another_program_writing(quick_database):
        keyboard.ctrl(Qt.Key.Key_Z)
        assert menu(window) == ("&Undo: hand 2 recorded", "&Redo")
        assert sheet(window) == [74, 95]
    assert stored(quick_database, night_id) == [74, 95]
    (message,) = shown_errors
    assert message.startswith("Could not undo “hand 2 recorded”: ")
    assert "busy in another program" in message and "\n" not in message

    keyboard.ctrl(Qt.Key.Key_Z)  # the lock is gone: the same undo now works
    assert sheet(window) == stored(quick_database, night_id) == [74]
    assert menu(window) == ("&Undo", "&Redo: hand 2 recorded")
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert sheet(window) == stored(quick_database, night_id) == [74, 95]
    assert len(shown_errors) == 1


def test_a_redo_refused_by_a_busy_database_redoes_nothing_and_undoes_nothing_again(
    night, quick_database, keyboard, shown_errors
) -> None:
    window, night_id = night
    hand_id = window.session.record_hand(EDITED)
    keyboard.ctrl(Qt.Key.Key_Z)
    assert sheet(window) == [74]
    history = night_reads.hand_history(quick_database, hand_id=hand_id)
    with another_program_writing(quick_database):
        keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    (message,) = shown_errors  # one sentence, not one for the redo and one for an undo
    assert message.startswith("Could not redo “hand 2 recorded”: ")
    assert menu(window) == ("&Undo", "&Redo: hand 2 recorded")
    assert sheet(window) == stored(quick_database, night_id) == [74]
    assert night_reads.hand_history(quick_database, hand_id=hand_id) == history  # nothing rerun

    keyboard.ctrl(Qt.Key.Key_Z, shift=True)
    assert sheet(window) == stored(quick_database, night_id) == [74, 95]
    assert night_reads.hand_ids(quick_database, night_id=night_id)[1] == hand_id
    keyboard.ctrl(Qt.Key.Key_Z)
    assert sheet(window) == stored(quick_database, night_id) == [74]


def test_undo_never_overwrites_a_hand_another_program_changed_since(
    night, quick_database, keyboard, shown_errors
) -> None:
    window, night_id = night
    first = night_reads.hand_ids(quick_database, night_id=night_id)[0]
    window.session.edit_hand(first, EDITED)
    window.session.record_hand(HAND)
    with another_program(quick_database) as other:
        hand_writes.edit_hand(other, hand_id=first, hand=THEIRS)
    keyboard.ctrl(Qt.Key.Key_Z)  # hand 2 recorded: nobody else touched it
    assert sheet(window) == [31]  # and the other program's change is on the sheet
    keyboard.ctrl(Qt.Key.Key_Z)  # hand 1 changed: but not what it is now
    (message,) = shown_errors
    assert message.startswith("Could not undo “hand 1 changed”: ")
    assert "another program" in message and "\n" not in message
    assert sheet(window) == stored(quick_database, night_id) == [31]  # theirs stands
    assert menu(window) == ("&Undo", "&Redo: hand 2 recorded")  # the dead change is gone


def test_undoing_a_hand_another_program_deleted_says_so_and_drops_the_change(
    night, quick_database, keyboard, shown_errors
) -> None:
    window, night_id = night
    hand_id = window.session.record_hand(EDITED)
    with another_program(quick_database) as other:
        hand_writes.delete_hand(other, hand_id=hand_id)
    keyboard.ctrl(Qt.Key.Key_Z)
    (message,) = shown_errors
    assert message.startswith("Could not undo “hand 2 recorded”: ")
    assert "another program" in message
    assert sheet(window) == stored(quick_database, night_id) == [74]
    assert menu(window) == ("&Undo", "&Redo")
    keyboard.ctrl(Qt.Key.Key_Z, shift=True)  # nothing comes back from nowhere
    assert stored(quick_database, night_id) == [74]
    assert len(shown_errors) == 1


def test_a_seat_change_is_not_undone_under_hands_another_program_recorded_since(
    night, quick_database, keyboard, shown_errors
) -> None:
    window, night_id = night
    window.session.join("Fay", after="Cal")
    theirs = pick("Bob", "Dee", points=74, tricks=4, dealer="Ann")  # Ann sits out
    another_process_records(quick_database, night_id, theirs)
    keyboard.ctrl(Qt.Key.Key_Z)  # Fay's seat would go from under their hand 2
    (message,) = shown_errors
    assert message.startswith("Could not undo “Fay joined”: ")
    assert "another program recorded or took back hands" in message
    view = window.session.view
    assert view.seated_at(2) == ("Ann", "Bob", "Cal", "Fay", "Dee", "Eve")
    assert view.lines[1].result.points["Ann"] == 0  # their hand scores as they recorded it
    assert menu(window) == ("&Undo", "&Redo")


def test_a_league_payment_whose_undo_is_refused_stays_paid_once(quick_database, qtbot) -> None:
    seed_sample_league(quick_database)
    league = "Tuesday Night League"
    window = LeagueWindow(quick_database, league)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.tabs.setCurrentIndex(2)
    window.money_tab.pay_selected()
    (paid,) = league_money(quick_database, league=league).payments
    words = f"payment: {paid.payer} paid {paid.payee}"

    def keys(*modifiers: Qt.KeyboardModifier) -> None:
        held = Qt.KeyboardModifier.ControlModifier
        for modifier in modifiers:
            held |= modifier
        qtbot.keyClick(window.money_tab.payments_view, Qt.Key.Key_Z, held)

    with another_program_writing(quick_database):
        keys()  # Ctrl+Z
    assert window.problem.isVisible()
    assert window.problem.text().startswith(f"Could not undo “{words}")
    assert "busy in another program" in window.problem.text()
    assert league_money(quick_database, league=league).payments == (paid,)
    keys(Qt.KeyboardModifier.ShiftModifier)  # Ctrl+Shift+Z: nothing was undone to redo
    assert league_money(quick_database, league=league).payments == (paid,)
    keys()  # and the undo, tried again, takes the payment back
    assert league_money(quick_database, league=league).payments == ()
    assert not window.problem.isVisible()
