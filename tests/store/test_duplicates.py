"""An import that would store a night twice is recognised (`file_nights`): the same
document imported again, or a night the database holds now (started in the app, or
stored before fingerprints were kept), on SQLite and PostgreSQL; refused with the
stored night's id and nothing written, or left out with skip_existing."""

from __future__ import annotations

import contextlib
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from scorekeeper.document import load_night
from scorekeeper.records import Night
from scorekeeper.store import fingerprints
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.fingerprints import AlreadyStored, Duplicate
from scorekeeper.store.hand_writes import edit_hand, record_hand
from scorekeeper.store.night_history import set_deleted
from scorekeeper.store.night_import import create_night, export_night, file_nights, import_night
from scorekeeper.store.night_reads import hand_ids, list_nights
from scorekeeper.store.people import list_players
from scorekeeper.store.seats import join_night
from tests.sheet import leaster, night_doc, pick
from tests.store.conftest import upgrade_to
from tests.store.test_old_database import ROWS


def played(date: str | None, *hands: dict[str, Any], **more: Any) -> dict[str, Any]:
    document = {**night_doc("classic-5", list(hands)), "league": "Club", **more}
    return document | ({"date": date} if date else {})


def night(document: dict[str, Any]) -> Night:
    loaded, problems = load_night(document)
    assert loaded is not None, problems
    return loaded


TUESDAY = played("2026-11-03", pick("Bob", "Dee", points=74, tricks=4), leaster("Cal"))


def count(db: Database) -> int:
    return len(list_nights(db))


def test_the_same_document_again_is_refused_with_the_stored_night_s_id(db: Database) -> None:
    (first,) = file_nights(db, [night(TUESDAY)])
    assert isinstance(first, int)
    with pytest.raises(AlreadyStored) as refused:
        file_nights(db, [night(played("2026-11-10")), night(TUESDAY)])
    assert refused.value.duplicates == (Duplicate(1, night_id=first),)
    assert str(refused.value) == (
        f"night 2: already stored as “Club · 11/3/26” (night {first}: the same date, players, "
        "rules and hands); nothing was imported"
    )
    assert count(db) == 1  # not even the new night of the 10th


def test_skip_existing_leaves_out_what_is_stored_and_files_the_rest(db: Database) -> None:
    (first,) = file_nights(db, [night(TUESDAY)])
    other = night(played("2026-11-10", pick("Ann", points=61, tricks=3)))
    result = file_nights(db, [night(TUESDAY), other, night(TUESDAY)], skip_existing=True)
    assert result[0] == Duplicate(0, night_id=first)
    assert isinstance(result[1], int) and result[1] != first
    assert result[2] == Duplicate(2, night_id=first)
    assert count(db) == 2


def test_a_night_left_out_makes_nobody_its_payments_name(db: Database) -> None:
    (first,) = file_nights(db, [night(TUESDAY)])
    paid = {**TUESDAY, "payments": [{"from": "Zed", "to": "Bob", "cents": 125}]}
    other = played("2026-11-10", pick("Ann", points=61, tricks=3))
    other["payments"] = [{"from": "Yul", "to": "Ann", "cents": 50}]
    result = file_nights(db, [night(paid), night(other)], skip_existing=True)
    assert result[0] == Duplicate(0, night_id=first) and isinstance(result[1], int)
    assert [p.name for p in list_players(db)] == ["Ann", "Bob", "Cal", "Dee", "Eve", "Yul"]


def test_one_night_twice_in_one_import_is_named(db: Database) -> None:
    with pytest.raises(AlreadyStored) as refused:
        file_nights(db, [night(TUESDAY), night(played("2026-11-10")), night(TUESDAY)])
    assert refused.value.duplicates == (Duplicate(2, same_as=0),)
    assert "night 3: the same night as night 1" in str(refused.value)
    assert count(db) == 0
    filed = file_nights(db, [night(TUESDAY), night(TUESDAY)], skip_existing=True)
    assert isinstance(filed[0], int) and filed[1] == Duplicate(1, same_as=0)


@pytest.mark.parametrize(
    "other",
    [
        played("2026-11-04", pick("Bob", "Dee", points=74, tricks=4), leaster("Cal")),
        played(None, pick("Bob", "Dee", points=74, tricks=4), leaster("Cal")),
        played("2026-11-03", pick("Bob", "Dee", points=75, tricks=4), leaster("Cal")),
        played("2026-11-03", pick("Bob", "Dee", points=74, tricks=4)),
        {**TUESDAY, "rules": {"preset": "classic-5", "stake_cents": 10}},
        {**TUESDAY, "players": ["Bob", "Ann", "Cal", "Dee", "Eve"]},
    ],
    ids=["another date", "no date", "a hand differs", "a hand fewer", "rules", "seats"],
)
def test_a_night_that_differs_in_anything_played_is_another_night(
    db: Database, other: dict[str, Any]
) -> None:
    file_nights(db, [night(TUESDAY)])
    file_nights(db, [night(other)])
    assert count(db) == 2


def test_where_a_night_is_filed_and_its_money_are_not_what_was_played(db: Database) -> None:
    (first,) = file_nights(db, [night(TUESDAY)])
    elsewhere = {**TUESDAY, "league": "Other Club", "table": "2", "title": "x", "closed": True}
    with pytest.raises(AlreadyStored) as refused:
        file_nights(db, [night(elsewhere)])
    assert refused.value.duplicates == (Duplicate(0, night_id=first),)


def test_a_night_played_in_the_app_and_exported_is_recognised(db: Database) -> None:
    night_id = create_night(
        db, players=["Ann", "Bob", "Cal", "Dee", "Eve"], rules=night(TUESDAY).rules, league="Club"
    )
    record_hand(db, night_id=night_id, hand={"type": "leaster", "winner": "Cal"})
    join_night(db, night_id=night_id, player="Fay")  # a seat changed mid-night: six
    record_hand(db, night_id=night_id, hand=pick("Bob", "Dee", points=74, tricks=4, dealer="Fay"))
    exported = export_night(db, night_id=night_id)
    assert exported["hands"][0]["sitting_out"] == ["Fay"]
    with pytest.raises(AlreadyStored) as refused:
        file_nights(db, [night(exported)])
    assert refused.value.duplicates == (Duplicate(0, night_id=night_id),)


def test_a_night_stored_without_a_fingerprint_is_compared_by_what_it_holds(db: Database) -> None:
    night_id = import_night(db, TUESDAY)  # import_night keeps none, as before 0012
    with db.session() as session:
        kept = session.execute(text("SELECT fingerprint FROM night")).scalar_one()
    assert kept is None
    with pytest.raises(AlreadyStored) as refused:
        file_nights(db, [night(TUESDAY)])
    assert refused.value.duplicates == (Duplicate(0, night_id=night_id),)


def test_a_night_changed_since_it_came_in_is_still_the_document_it_came_in_as(
    db: Database,
) -> None:
    (night_id,) = file_nights(db, [night(TUESDAY)])
    assert isinstance(night_id, int)
    edit_hand(db, hand_id=hand_ids(db, night_id=night_id)[0], hand=pick("Bob", points=74, tricks=4))
    with pytest.raises(AlreadyStored) as refused:
        file_nights(db, [night(TUESDAY)])  # the file it came in as
    assert refused.value.duplicates == (Duplicate(0, night_id=night_id),)
    with pytest.raises(AlreadyStored):  # and what it holds now
        file_nights(db, [night(export_night(db, night_id=night_id))])


def test_a_deleted_night_may_be_imported_again(db: Database) -> None:
    (night_id,) = file_nights(db, [night(TUESDAY)])
    assert isinstance(night_id, int)
    set_deleted(db, night_id=night_id, deleted=True)
    (again,) = file_nights(db, [night(TUESDAY)])
    assert isinstance(again, int) and again != night_id


def test_a_player_renamed_since_keeps_the_stored_fingerprint_true(db: Database) -> None:
    from scorekeeper.store.people import rename_player

    (night_id,) = file_nights(db, [night(TUESDAY)])
    rename_player(db, old="Bob", new="Robert")
    exported = export_night(db, night_id=night_id)
    with db.session() as session:
        assert (
            fingerprints.stored_fingerprint(session, night_id)
            == session.execute(text("SELECT fingerprint FROM night")).scalar_one()
        )
    with pytest.raises(AlreadyStored):
        file_nights(db, [night(exported)])


def test_two_imports_of_one_night_at_once_store_it_once(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each import looks for the night and, not finding it, waits (up to 2 s) for the
    other to look too before it writes: only the import lock (PostgreSQL's advisory
    lock, SQLite's BEGIN IMMEDIATE) keeps the second from looking before the first has
    written, and so from filing the night twice."""
    looked = threading.Barrier(2, timeout=2)
    found = fingerprints.duplicates

    def look_then_wait(*args: Any) -> list[Duplicate]:
        result = found(*args)
        with contextlib.suppress(threading.BrokenBarrierError):
            looked.wait()
        return result

    outcomes: list[object] = []

    def import_once() -> None:
        db = open_database(database_url)
        try:
            outcomes.append(file_nights(db, [night(TUESDAY)])[0])
        except AlreadyStored as error:
            outcomes.append(error.duplicates)
        finally:
            db.dispose()

    before = open_database(database_url)  # migrated, and the players and league known,
    file_nights(before, [night(played("2026-11-10"))])  # so that nothing else waits
    before.dispose()
    # Only now: the setup's own look must not break the barrier the two imports meet at.
    monkeypatch.setattr("scorekeeper.store.night_import.duplicates", look_then_wait)
    threads = [threading.Thread(target=import_once) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    filed = [o for o in outcomes if isinstance(o, int)]
    assert len(filed) == 1, outcomes
    assert outcomes.count((Duplicate(0, night_id=filed[0]),)) == 1


def test_every_night_of_a_database_from_before_fingerprints_is_recognised(
    tmp_path: Path,
) -> None:
    path = tmp_path / "league.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_to(engine, "0009", ROWS.read_text("utf-8").splitlines())
    engine.dispose()
    db = open_database(f"sqlite:///{path}")  # migrated to the head: no fingerprint kept
    try:
        ids = sorted(n.id for n in list_nights(db))
        documents = [export_night(db, night_id=n) for n in ids]
        result = file_nights(db, [night(d) for d in documents], skip_existing=True)
        # Each is found as itself, or as the first night that holds the same (this
        # database holds a few twice: an empty night without a date, filed again).
        first: dict[str, int] = {}
        for night_id, document in zip(ids, documents, strict=True):
            played = {k: document.get(k) for k in ("date", "rules", "players", "hands")}
            first.setdefault(json.dumps(played, sort_keys=True), night_id)
        expected = [
            first[
                json.dumps(
                    {k: d.get(k) for k in ("date", "rules", "players", "hands")}, sort_keys=True
                )
            ]
            for d in documents
        ]
        assert result == [Duplicate(i, night_id=n) for i, n in enumerate(expected)]
        assert sum(1 for i, n in zip(ids, expected, strict=True) if i != n) < 5
        assert sorted(n.id for n in list_nights(db)) == ids
    finally:
        db.dispose()
