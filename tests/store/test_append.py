"""Hands recorded at the end of a night are scored from the cached carry of the hand
before them; many nights imported at once.  Both must store exactly what a whole
rescore of each night stores."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select, update

from scorekeeper.problems import InvalidNight
from scorekeeper.store import hand_writes, night_import, night_reads
from scorekeeper.store.database import Database
from scorekeeper.store.tables import HandScoreRow, core_table
from tests.store.corpus import corpus


def cache(db: Database, night_id: int) -> list[tuple[Any, ...]]:
    """Every cached hand_score value of a night but the hand id, in order."""
    score = core_table(HandScoreRow).c
    columns = [c for c in core_table(HandScoreRow).c if c.name != "hand_id"]
    with db.engine.connect() as connection:
        rows = connection.execute(
            select(*columns).where(score.night_id == night_id).order_by(score.position)
        ).all()
    return [
        tuple(v for c, v in zip(columns, row, strict=True) if c.name != "night_id") for row in rows
    ]


def hand_by_hand(db: Database, document: dict[str, Any]) -> int:
    """The night started empty and each hand recorded at the end, as at the table."""
    empty = document | {"hands": []}
    night_id = night_import.import_night(db, empty)
    for hand in document["hands"]:
        hand_writes.record_hand(db, night_id=night_id, hand=hand)
    return night_id


@pytest.mark.parametrize("document", corpus(), ids=lambda d: d.get("title") or str(d["rules"]))
def test_recording_hand_by_hand_caches_what_a_whole_rescore_does(
    db: Database, document: dict[str, Any]
) -> None:
    appended = hand_by_hand(db, document)
    whole = night_import.import_night(db, document)
    assert cache(db, appended) == cache(db, whole)
    assert night_reads.cached_points(db, night_id=appended) == night_reads.cached_points(
        db, night_id=whole
    )


def test_a_night_cached_before_the_carry_was_kept_is_rescored_once(db: Database) -> None:
    document = next(d for d in corpus() if d["rules"] != "classic-5" and len(d["hands"]) > 3)
    first, last = document | {"hands": document["hands"][:-1]}, document["hands"][-1]
    night_id = night_import.import_night(db, first)
    with db.engine.begin() as connection:  # as a database migrated from 0005 has it
        connection.execute(update(core_table(HandScoreRow)).values(bock_pending=None))
    hand_writes.record_hand(db, night_id=night_id, hand=last)
    assert cache(db, night_id) == cache(db, night_import.import_night(db, document))


def test_a_bad_hand_at_the_end_is_refused_and_writes_nothing(db: Database) -> None:
    document = corpus()[0]
    night_id = night_import.import_night(db, document)
    before = cache(db, night_id)
    bad = dict(document["hands"][0]) | {"points": 130}
    with pytest.raises(InvalidNight) as refused:
        hand_writes.record_hand(db, night_id=night_id, hand=bad)
    assert f"hand {len(document['hands']) + 1}: points" in str(refused.value)
    assert cache(db, night_id) == before


def test_importing_many_nights_at_once_stores_what_one_by_one_does(db: Database) -> None:
    documents = corpus()
    together = night_import.import_nights(db, documents)
    alone = [night_import.import_night(db, d) for d in documents]
    for a, b in zip(together, alone, strict=True):
        assert night_import.export_night(db, night_id=a) == night_import.export_night(
            db, night_id=b
        )
        assert cache(db, a) == cache(db, b)
        assert night_reads.cached_points(db, night_id=a) == night_reads.cached_points(
            db, night_id=b
        )


def test_one_bad_night_among_many_imports_nothing(db: Database) -> None:
    documents = corpus()[:3]
    broken = documents[1] | {"hands": [dict(documents[1]["hands"][0]) | {"tricks": -1}]}
    with pytest.raises(InvalidNight) as refused:
        night_import.import_nights(db, [documents[0], broken, documents[2]])
    assert "night 2: " in str(refused.value) and "tricks" in str(refused.value)
    assert night_reads.list_nights(db) == []
