"""The score cache goes in by the driver's own executemany (`tables.insert_rows`): what
is stored is exactly what the core scored, on SQLite and PostgreSQL, whatever the
sentence holds (quotes, the drivers' own placeholders, letters beyond ASCII)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from scorekeeper.document import load_night
from scorekeeper.night import score_night
from scorekeeper.store import night_import, night_reads
from scorekeeper.store.database import Database
from scorekeeper.store.tables import HandRow, HandScoreRow, core_table, insert_rows
from tests.sheet import night_doc, pick

# Names a sentence repeats: a quote, both drivers' placeholders, a percent sign.
PLAYERS = ["O'Neil", "Ann %s", "Bo ?", "Zoë %(x)s", "Dee 100%"]


def test_awkward_names_reach_the_cached_sentence_and_points_as_scored(db: Database) -> None:
    document = night_doc("classic-5", [pick("O'Neil", "Zoë %(x)s", points=91, tricks=5)], PLAYERS)
    night, _ = load_night(document)
    assert night is not None
    scored = score_night(night).hands[0]
    assert "O'Neil and Zoë %(x)s took 91" in scored.explanation
    night_id = night_import.import_night(db, document)
    with db.engine.connect() as connection:
        table = core_table(HandScoreRow)
        stored = connection.execute(
            select(table.c.explanation, table.c.multiplier).where(table.c.night_id == night_id)
        ).one()
    assert tuple(stored) == (scored.explanation, scored.multiplier)
    assert night_reads.cached_points(db, night_id=night_id) == [scored.points]


def test_a_column_the_database_layer_must_convert_is_refused(db: Database) -> None:
    """A hand's record is JSON and its moment a timezone-aware time: SQLAlchemy writes
    those, so `insert_rows` will not pass them to the driver as they are."""
    with db.engine.connect() as connection, pytest.raises(ValueError, match=r"hand\.record"):
        insert_rows(connection, core_table(HandRow), [{"id": 1, "record": {"type": "pick"}}])
