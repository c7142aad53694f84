"""Names in the store: one stored form whichever way they were typed, refused names
never written (a NUL that PostgreSQL would refuse mid-write among them), and old
names brought to the stored form by migration 0008."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from scorekeeper.problems import InvalidNight
from scorekeeper.store import night_import, night_reads
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league import list_leagues, save_league, save_season
from scorekeeper.store.people import list_players
from scorekeeper.store.seats import join_night
from tests.sheet import pick
from tests.store.conftest import upgrade_to


def document(players: list[str], **info: str) -> dict:
    return {
        "format": "sheepshead-night/1",
        "rules": "classic-5",
        "players": players,
        "hands": [pick(players[1], players[3], points=74, tricks=4)],
        **info,
    }


def names(db: Database) -> list[str]:
    return [p.name for p in list_players(db)]


def test_a_name_typed_two_ways_is_one_player(db: Database) -> None:
    night_import.import_night(
        db,
        document(
            ["\uff21\uff4e\uff4e", "Zoe\u0308", "Bob  Smith", "Cal", "Dee"],
            league="Tuesday\u00a0League",
        ),
    )
    night_id = night_import.import_night(
        db, document(["ann", "Zo\u00eb", "Bob Smith", "Cal", "Dee"], league="tuesday league")
    )
    assert names(db) == ["Ann", "Bob Smith", "Cal", "Dee", "Zo\u00eb"]
    assert list_leagues(db) == ["Tuesday League"]
    assert night_reads.load_stored_night(db, night_id=night_id).players[:2] == ("Ann", "Zo\u00eb")


@pytest.mark.parametrize("bad", ["Ann\x00", "Ann\x1b[2J", "Ann\u200b", "x" * 41])
def test_a_refused_name_writes_nothing(db: Database, bad: str) -> None:
    with pytest.raises(InvalidNight) as refused:
        night_import.import_night(db, document([bad, "Bob", "Cal", "Dee", "Eve"]))
    assert [p.field for p in refused.value.problems] == ["players"]
    assert names(db) == []


def test_leagues_seasons_and_joining_players_are_refused_by_the_field(db: Database) -> None:
    with pytest.raises(StorageError, match=r"^league: 'Tue\\x1b\[2J' contains a control"):
        save_league(db, name="Tue\x1b[2J")
    save_league(db, name=" Tuesday ")
    with pytest.raises(StorageError, match=r"^season: 'Fall\\u200b' contains an invisible"):
        save_season(db, league="Tuesday", name="Fall\u200b")
    night_id = night_import.import_night(db, document(["Ann", "Bob", "Cal", "Dee", "Eve"]))
    with pytest.raises(StorageError, match=r"^player: 'Fay\\x00' contains a control"):
        join_night(db, night_id=night_id, player="Fay\x00")
    join_night(db, night_id=night_id, player="\uff26\uff41\uff59")
    assert list_leagues(db) == ["Tuesday"] and "Fay" in names(db)


def test_migration_0008_folds_old_names_and_their_nights_still_open(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_to(engine, "0007")
    engine.dispose()
    db = open_database(f"sqlite:///{path}")  # at 0008 now: file a night, then age it
    night_id = night_import.import_night(db, document(["Ann Smith", "Bob", "Cal", "Dee", "Eve"]))
    db.dispose()
    with sqlite3.connect(path) as old:
        old.execute(
            "UPDATE player SET name = 'Ann\u00a0 Smith', name_key = 'ann\u00a0 smith' "
            "WHERE name = 'Ann Smith'"
        )
        old.execute(
            "UPDATE player SET name = '\uff22\uff4f\uff42', name_key = '\uff42\uff4f"
            "\uff42' WHERE name = 'Bob'"
        )
        old.execute("UPDATE player SET name = 'Cal\x1b[2J' || ? WHERE name = 'Cal'", ("x" * 40,))
        old.execute("ALTER TABLE hand_score DROP COLUMN hands")  # 0010's: a 0007 file has none
        old.execute("DROP INDEX ix_night_fingerprint")  # and 0012's
        old.execute("ALTER TABLE night DROP COLUMN fingerprint")
        old.execute("UPDATE alembic_version SET version_num = '0007'")
    db = open_database(f"sqlite:///{path}")
    cal = "Cal\\x1b[2J" + "x" * 29 + "…"  # escaped, and shortened to 40 characters
    assert names(db) == ["Ann Smith", "Bob", cal, "Dee", "Eve"]
    night = night_reads.load_stored_night(db, night_id=night_id)
    assert night.players == ("Ann Smith", "Bob", cal, "Dee", "Eve")
    with pytest.raises(StorageError, match="Bob is already seated"):  # found by its key
        join_night(db, night_id=night_id, player="BOB\u3000")
    db.dispose()
