"""A database from before the result hand, the second round of house rules and a
night's money in its document (schema 0009, its rows in tests/data/schema-0009.sql, made
by that version's code: tests/store/make_old_database.py) opens, migrates with a backup
first, and scores every night exactly as that version did: every hand's points, cents,
outcome, level, multiplier, sentence, roles and carry, and the league's standings and
money."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine

from scorekeeper.night import score_night
from scorekeeper.store import league as leagues
from scorekeeper.store.database import SCHEMA_HEAD, open_database
from scorekeeper.store.money import league_money
from scorekeeper.store.night_reads import load_stored_night
from tests.store.conftest import upgrade_to

ROWS = Path(__file__).resolve().parents[1] / "data" / "schema-0009.sql"

SCORES = """
    SELECT s.night_id, s.position, s.outcome, s.level, s.multiplier, s.explanation,
           s.doublers_pending, s.call, s.pot, s.pot_cents, s.bock_pending
    FROM hand_score s ORDER BY s.night_id, s.position
"""
POINTS = """
    SELECT p.night_id, s.position, pl.name, p.points, p.cents, p.role, p.misplays
    FROM hand_points p
    JOIN hand_score s ON s.hand_id = p.hand_id
    JOIN player pl ON pl.id = p.player_id
    ORDER BY p.night_id, s.position, pl.name
"""


def cached(path: Path) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    with sqlite3.connect(path) as connection:
        return connection.execute(SCORES).fetchall(), connection.execute(POINTS).fetchall()


def rescored(db: Any, night_ids: list[int]) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every night read back and scored again by this version, as the cache's rows."""
    scores, points = [], []
    for night_id in night_ids:
        night = load_stored_night(db, night_id=night_id)
        stake = night.rules.stake_cents
        for record, hand in zip(night.hands, score_night(night).hands, strict=True):
            carry = (hand.doublers_pending, hand.call, hand.pot_change, hand.pot_change * stake)
            said = (hand.outcome, hand.level, hand.multiplier, hand.explanation)
            scores.append((night_id, hand.number, *said, *carry, hand.bock_pending))
            for p in hand.active:
                scored = (hand.points[p], hand.cents[p], hand.roles[p], record.misplays.count(p))
                points.append((night_id, hand.number, p, *scored))
    return scores, sorted(points)


def test_an_old_database_migrates_and_scores_every_night_as_before(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_to(engine, "0009", ROWS.read_text("utf-8").splitlines())
    engine.dispose()
    before = cached(path)
    with sqlite3.connect(path) as old:
        nights = [n for (n,) in old.execute("SELECT id FROM night ORDER BY id")]
        leagues_named = [n for (n,) in old.execute("SELECT name FROM league ORDER BY name")]
    assert len(nights) > 100 and len(before[0]) > 300

    db = open_database(f"sqlite:///{path}")
    try:
        (backup,) = tmp_path.glob("league.sqlite3.*.bak")
        with sqlite3.connect(backup) as kept:
            assert kept.execute("SELECT version_num FROM alembic_version").fetchall() == [("0009",)]
        with sqlite3.connect(path) as new:
            assert new.execute("SELECT version_num FROM alembic_version").fetchall() == [
                (SCHEMA_HEAD,)
            ]
            assert new.execute("SELECT DISTINCT hands FROM hand_score").fetchall() == [(1,)]
        assert cached(path) == before  # the migration left the cache as it was
        scores, points = before
        assert rescored(db, nights) == (scores, sorted(points))
        for name in leagues_named:
            mine = _of(path, name)
            table = leagues.standings(db, leagues.Period(name))
            for standing in table.everyone:
                rows = [p for p in points if p[2] == standing.player and p[0] in mine]
                sums = (sum(p[3] for p in rows), sum(p[4] for p in rows), len(rows))
                assert (standing.points, standing.cents, standing.hands) == sums
            closed = _of(path, name, closed=True)
            owed: Counter[str] = Counter()
            for debt in league_money(db, league=name).debts:
                owed[debt.creditor] += debt.cents
                owed[debt.debtor] -= debt.cents
            won: Counter[str] = Counter()
            for night, _, player, _, cents, _, _ in points:
                if night in closed:
                    won[player] += cents
            assert +owed == +won and -owed == -won  # each closed night settled as before
    finally:
        db.dispose()


def _of(path: Path, league: str, *, closed: bool = False) -> set[int]:
    """The ids of LEAGUE's nights (the CLOSED ones only, when asked)."""
    query = (
        "SELECT n.id FROM night n JOIN league l ON l.id = n.league_id "
        "WHERE l.name = ? AND n.discarded_at IS NULL"
    )
    if closed:
        query += " AND n.closed_at IS NOT NULL"
    with sqlite3.connect(path) as connection:
        return {n for (n,) in connection.execute(query, (league,))}


def test_the_rows_are_those_of_schema_0009() -> None:
    tables = Counter(line.split('"')[1] for line in ROWS.read_text("utf-8").splitlines())
    assert set(tables) <= {
        *("player", "league", "season", "night", "seat", "hand", "hand_revision"),
        *("night_change", "hand_score", "hand_points", "payment"),
    }
    assert tables["hand"] == tables["hand_score"] == tables["hand_revision"] > 300


def test_a_dump_of_schema_0009_restores_into_this_version(db: Any, tmp_path: Path) -> None:
    """Issue 34, point 3: a dump an older version wrote (a server league's daily or
    pre-migration copy: `dump_as_stored`) is migrated forward on its way in, on SQLite
    and PostgreSQL alike, and holds what the old database migrated holds, every night
    scored as before; a dump of a schema this version does not know is refused, named."""
    import json

    from scorekeeper.store.backup import dump_as_stored, write_json
    from scorekeeper.store.backup_commands import restore
    from scorekeeper.store.errors import StorageError
    from tests.store.test_restore import everything

    path = tmp_path / "old.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_to(engine, "0009", ROWS.read_text("utf-8").splitlines())
    with engine.connect() as connection:
        dumped = dump_as_stored(connection, "0009")
    engine.dispose()
    dump = tmp_path / "old.json"
    write_json(dump, dumped)
    migrated = open_database(f"sqlite:///{path}")
    try:
        expected = everything(migrated)
    finally:
        migrated.dispose()

    restore(db, str(dump), force=True)
    assert everything(db) == expected
    night_ids = sorted(n for (n, *_rest) in (tuple(s) for s in cached(path)[0]))
    assert rescored(db, sorted(set(night_ids)))[0] == cached(path)[0]

    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({**dumped, "schema": "9999"}))
    with pytest.raises(StorageError, match="schema '9999', which this version of the app"):
        restore(db, str(newer), force=True)
