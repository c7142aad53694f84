"""Names in the store: one stored form whichever way they were typed, refused names
never written (a NUL that PostgreSQL would refuse mid-write among them), and old
names brought to the stored form by migration 0008; one key for a name in any case and
composition (the canonical caseless match), old keys rewritten by migration 0013."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine

from scorekeeper.document import load_night
from scorekeeper.names import name_key
from scorekeeper.problems import InvalidNight
from scorekeeper.records import Night
from scorekeeper.store import night_import, night_reads
from scorekeeper.store.database import Database, open_database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.fingerprints import AlreadyStored, Duplicate
from scorekeeper.store.league import list_leagues, save_league, save_season
from scorekeeper.store.people import list_players, rename_player
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
        undo_0014(old)
        old.execute("UPDATE alembic_version SET version_num = '0007'")
    db = open_database(f"sqlite:///{path}")
    cal = "Cal\\x1b[2J" + "x" * 29 + "…"  # escaped, and shortened to 40 characters
    assert names(db) == ["Ann Smith", "Bob", cal, "Dee", "Eve"]
    night = night_reads.load_stored_night(db, night_id=night_id)
    assert night.players == ("Ann Smith", "Bob", cal, "Dee", "Eve")
    with pytest.raises(StorageError, match="Bob is already seated"):  # found by its key
        join_night(db, night_id=night_id, player="BOB\u3000")
    db.dispose()


GREEK, GREEK_CAPITALS = "Παΐσιος", "ΠΑΪ\u0301ΣΙΟΣ"  # one name: case folding alone decomposes ΐ


def test_a_name_in_any_case_and_composition_is_one_player_and_one_league(db: Database) -> None:
    night_import.import_night(
        db, document([GREEK, "Zo\u00eb", "Bob", "Cal", "Dee"], league=f"Λέσχη {GREEK}")
    )
    night_import.import_night(
        db,
        document(
            [GREEK_CAPITALS, "ZOE\u0308", "Bob", "Cal", "Dee"], league=f"ΛΈΣΧΗ {GREEK_CAPITALS}"
        ),
    )
    assert names(db) == ["Bob", "Cal", "Dee", "Zo\u00eb", GREEK]  # by key: Greek after Latin
    assert list_leagues(db) == [f"Λέσχη {GREEK}"]


def test_a_rename_finds_and_refuses_names_in_any_case_and_composition(db: Database) -> None:
    night_import.import_night(db, document([GREEK, "Zo\u00eb", "Bob", "Cal", "Dee"]))
    with pytest.raises(StorageError, match=f"^new name: there is already a player '{GREEK}'"):
        rename_player(db, old="Bob", new=GREEK_CAPITALS)
    renamed = rename_player(db, old="ZOE\u0308", new="zoe\u0308")  # Zoë, now in small letters
    assert renamed.name == "zo\u00eb" and names(db) == ["Bob", "Cal", "Dee", "zo\u00eb", GREEK]


TOURNAMENT_TABLES = (  # 0023's, the tables made after the others first
    "tournament_penalty",
    "tournament_seat",
    "tournament_table",
    "tournament_draw",
    "tournament_apart",
    "tournament_entry",
    "tournament",
)


def undo_0014(old: sqlite3.Connection) -> None:
    """OLD without the currencies 0014 added (a file from before it has none), nor the
    night summaries 0015 added, nor the league sums of 0017, nor 0018's index of the
    nights, nor 0019's counts of each night's outcomes, nor 0020's computers, nor
    0021's merges, nor 0022's league figures, nor 0023's tournaments."""
    for table in TOURNAMENT_TABLES:
        old.execute(f"DROP TABLE {table}")
    old.execute("DROP TABLE player_merge")
    old.execute("DROP TABLE league_figure")
    old.execute("DROP TABLE night_figure")
    old.execute("DROP INDEX ix_hand_figure_night")
    old.execute("DROP TABLE hand_figure")
    old.execute("ALTER TABLE hand_revision DROP COLUMN computer")
    old.execute("ALTER TABLE night_change DROP COLUMN computer")
    old.execute("DROP TABLE league_outcome")
    old.execute("DROP TABLE night_outcome")
    old.execute("DROP TABLE league_sums")
    old.execute("DROP TABLE league_nights")
    old.execute("DROP INDEX ix_night_newest")
    old.execute("DROP TABLE night_summary")
    old.execute("DROP TABLE night_total")
    old.execute("ALTER TABLE league DROP COLUMN currency")
    old.execute("ALTER TABLE night DROP COLUMN currency")


def aged_to_0012(path: Path, rows: list[tuple[str, str]]) -> None:
    """PATH's players given the names and keys as version 0012 stored them (the key the
    name case-folded), and its schema record put back to 0012."""
    with sqlite3.connect(path) as old:
        old.execute("DELETE FROM player")
        old.executemany(
            "INSERT INTO player (name, name_key, retired, created_at) VALUES (?, ?, 0, ?)",
            [(name, key, "2026-11-01") for name, key in rows],
        )
        undo_0014(old)
        old.execute("UPDATE alembic_version SET version_num = '0012'")


def test_migration_0013_gives_old_names_their_new_keys(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    open_database(f"sqlite:///{path}").dispose()
    aged_to_0012(path, [(GREEK, GREEK.casefold()), ("Zo\u00eb", "zo\u00eb"), ("Ann", "ann")])
    assert GREEK.casefold() != name_key(GREEK)  # the key this migration rewrites

    db = open_database(f"sqlite:///{path}")
    try:
        assert db.backup is not None and db.backup.exists()
        with sqlite3.connect(path) as new:
            keys = dict(new.execute("SELECT name, name_key FROM player"))
        assert keys == {GREEK: name_key(GREEK), "Zo\u00eb": "zo\u00eb", "Ann": "ann"}
        night_import.import_night(db, document([GREEK_CAPITALS, "Zoe\u0308", "ANN", "Cal", "Dee"]))
        assert names(db) == ["Ann", "Cal", "Dee", "Zo\u00eb", GREEK]
    finally:
        db.dispose()


def test_migration_0013_refuses_two_players_it_would_make_one(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    open_database(f"sqlite:///{path}").dispose()
    old_keys = [(GREEK, GREEK.casefold()), (GREEK_CAPITALS, GREEK_CAPITALS.casefold())]
    aged_to_0012(path, old_keys)

    with pytest.raises(StorageError) as refused:
        open_database(f"sqlite:///{path}")
    assert f"the players '{GREEK}' and '{GREEK_CAPITALS}' are one name" in str(refused.value)
    assert "Nothing was changed" in str(refused.value)
    with sqlite3.connect(path) as still:
        assert still.execute("SELECT version_num FROM alembic_version").fetchall() == [("0012",)]
        assert still.execute("SELECT name, name_key FROM player ORDER BY id").fetchall() == old_keys
    assert len(list(tmp_path.glob("old.sqlite3.*.bak"))) == 1  # taken before, and kept


def loaded(document: dict) -> Night:
    night, problems = load_night(document)
    assert night is not None, problems
    return night


def test_a_night_imported_before_0013_is_found_again_in_any_case_and_composition(
    tmp_path: Path,
) -> None:
    """A kept fingerprint names players by id, not by key: the keys 0013 rewrites change
    none, and a file spelling the same players in another case or composition is the
    night stored already (before 0013 its Greek name was another player's)."""
    path = tmp_path / "old.sqlite3"
    url = f"sqlite:///{path}"
    first = document([GREEK, "Zo\u00eb", "Bob", "Cal", "Dee"], date="2026-11-03")
    db = open_database(url)
    (night_id,) = night_import.file_nights(db, [loaded(first)])
    db.dispose()
    with sqlite3.connect(path) as old:  # the keys as 0012 kept them: the names case-folded
        old.execute("UPDATE player SET name_key = ? WHERE name = ?", (GREEK.casefold(), GREEK))
        undo_0014(old)
        old.execute("UPDATE alembic_version SET version_num = '0012'")

    db = open_database(url)
    try:
        assert db.backup is not None  # migrated
        again = document([GREEK_CAPITALS, "ZOE\u0308", "bob", "CAL", "Dee"], date="2026-11-03")
        for file in (first, again):
            with pytest.raises(AlreadyStored) as refused:
                night_import.file_nights(db, [loaded(file)])
            assert refused.value.duplicates == (Duplicate(0, night_id=night_id),)
        assert names(db) == ["Bob", "Cal", "Dee", "Zo\u00eb", GREEK]
        assert len(night_reads.list_nights(db)) == 1
    finally:
        db.dispose()
