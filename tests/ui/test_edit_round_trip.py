"""Every hand as it was recorded (issue 33): any valid hand of either game, under any
house rules, imported, opened in the real window with F2 and saved with Enter, is not
written again: the night's export is byte for byte the same, no revision or change is
added, and the status bar says that nothing changed.  And the form shows the whole hand:
what it would save, read as the core reads a hand, is the hand recorded (so an edit of
one field keeps every other)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from sqlalchemy import text

from scorekeeper.document import read_hand
from scorekeeper.store import night_import
from scorekeeper.store.database import Database, open_database
from tests.strategies import night_documents, schafkopf_night_documents
from tests.ui.conftest import retype
from ui.main_window import MainWindow
from ui.session import NightSession

EXAMPLES = 300


def written(db: Database) -> tuple[int, int]:
    """How many hand revisions and night changes the database holds."""
    with db.engine.connect() as connection:
        revisions = connection.execute(text("SELECT count(*) FROM hand_revision")).scalar_one()
        changes = connection.execute(text("SELECT count(*) FROM night_change")).scalar_one()
    return int(revisions), int(changes)


def as_read(record: dict[str, Any], view: Any, number: int) -> Any:
    """RECORD as the core reads a hand of this night (None when it cannot)."""
    hand = view.as_document_hand(record, number)
    parsed, problems = read_hand(hand, view.players, view.rules, number)
    assert not problems, problems
    return parsed


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    document=st.one_of(night_documents(max_hands=4), schafkopf_night_documents(max_hands=4)).filter(
        lambda d: d["hands"] and not d.get("closed")
    )
)
def test_a_hand_opened_with_f2_and_saved_unchanged_is_not_written_again(
    document: dict[str, Any], qtbot: Any, keyboard: Any
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = open_database(f"sqlite:///{Path(folder) / 'league.sqlite3'}")
        try:
            night_id = night_import.import_night(db, document)
            before = json.dumps(night_import.export_night(db, night_id=night_id))
            counts = written(db)
            session = NightSession(db)
            session.open(night_id)
            window = MainWindow(session)  # closed and deleted by each example itself
            window.show()
            window.activateWindow()
            qtbot.waitUntil(window.isActiveWindow)
            try:
                for row, line in enumerate(window.session.view.lines):
                    window.sheet.setCurrentIndex(window.model.index(row, 0))
                    window.menu_actions["edit_hand"].trigger()
                    form = window.entry
                    assert form.editing is not None and form.editing.number == line.number
                    view = window.session.view
                    shown = as_read(form.hand(), view, line.number)
                    assert shown == as_read(line.record, view, line.number), (
                        line.record,
                        form.hand(),
                    )
                    keyboard.enter()
                    assert form.editing is None, form.problems
                    assert "nothing was written" in window.statusBar().currentMessage()
                assert written(db) == counts
                after = json.dumps(night_import.export_night(db, night_id=night_id))
                assert after == before
            finally:
                window.close()
                window.deleteLater()
                QApplication.processEvents()
        finally:
            db.dispose()


def test_enter_on_an_unchanged_hand_says_so_and_a_changed_one_is_written(
    database: Database, open_window: Any, keyboard: Any
) -> None:
    """The guard is on what the form would save, not on keys: a field changed and
    changed back writes nothing; a field changed writes the hand."""
    hand = {"type": "pick", "picker": "Ann", "partners": ["Cal"], "points": 74, "tricks": 4}
    document = {
        "format": "sheepshead-night/1",
        "rules": "classic-5",
        "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
        "hands": [hand],
    }
    night_id = night_import.import_night(database, document)
    window = open_window(database, night_id)
    counts = written(database)
    window.sheet.setCurrentIndex(window.model.index(0, 0))
    keyboard.press(Qt.Key.Key_F2)
    window.entry.points.setFocus()
    keyboard.type("75")  # typed, then typed back: the hand is as recorded
    window.entry.points.setFocus()
    window.entry.points.selectAll()
    keyboard.type("74")
    keyboard.enter()
    assert written(database) == counts
    assert window.statusBar().currentMessage() == ("Hand 1 is as recorded: nothing was written.")
    retype(window, keyboard, 0, points="80")
    assert written(database) != counts
    assert night_import.export_night(database, night_id=night_id)["hands"][0]["points"] == 80


def test_an_early_hand_edited_after_a_player_joined_does_not_name_them(
    database: Database, open_window: Any, keyboard: Any
) -> None:
    """Fay sat down at hand 3: hand 1, opened and changed, is stored as typed, without
    Fay 'sitting out' (the night's document names her for hands before she came; the
    form showed that and wrote her into the hand, a review)."""
    from scorekeeper.store.seats import join_night

    win = {"type": "pick", "picker": "Ann", "partners": ["Cal"], "points": 74, "tricks": 4}
    document = {
        "format": "sheepshead-night/1",
        "rules": "classic-5",
        "players": ["Ann", "Bob", "Cal", "Dee", "Eve"],
        "hands": [win, win],
    }
    night_id = night_import.import_night(database, document)
    join_night(database, night_id=night_id, player="Fay")
    window = open_window(database, night_id)
    assert not window.entry.sitting_out.isVisibleTo(window.entry)
    retype(window, keyboard, 0, points="80")
    with database.engine.connect() as connection:
        stored = connection.execute(
            text("SELECT record FROM hand WHERE night_id = :n ORDER BY position"), {"n": night_id}
        ).scalars()
        records = [json.loads(r) if isinstance(r, str) else r for r in stored]
    assert "sitting_out" not in records[0] and records[0]["points"] == 80
