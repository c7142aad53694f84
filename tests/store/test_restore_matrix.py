"""The restore matrix (issue 34): a dump and a SQLite backup written at every schema
since the first, each restored into this version on SQLite and PostgreSQL, hold every
night scored exactly as the same rows migrated straight to this version's schema:
every hand's points and cents per player, role, outcome, level, multiplier, sentence
and carry, every night exported, every league's and season's standings and money.

The revisions are alembic's, so a new migration joins the matrix by itself.  The rows
are those the app wrote at schema 0009 (tests/data/schema-0009.sql, see
test_old_database.py): a database at an older schema is those rows taken down by the
migrations' own downgrades, one step at a time; at a newer one, brought up by the
upgrades.  The backups are written as the app writes them: a dump of every table the
database has at its schema (`dump_as_stored`, `write_json`; from a SQLite file its
moments carry no time zone, which a dump of this version's schema could not restore
before `backup._decode` read them as UTC), a SQLite copy through SQLite's backup
(`sqlite_backup`, what `backup` runs).  Of the rows' 118 nights, one of each kind is
kept (`SUBSET`): 80 restores of every night took 53 s of the test process's time,
of the 26 kept, 29 s (and 9 s of the server's).

A downgrade below 0009 drops what the older schema cannot hold; none of it is lost
here, so the comparison is of everything, with no exception:

- the score cache's later columns (a player's role 0002; a hand's call and a player's
  misplays 0004; the Schafkopf pot 0005; the Bock hands to come 0006) are rebuilt,
  since a restore rescores every night whole before it takes it in;
- a league's choice of standings (0004), a night discarded (0003) and a night's own
  history (0007, `night_change`) are real data, but data an app at those schemas could
  not write; the rows hold none of them (every league ranks by the default, no night
  is discarded, no rules were changed after a night started), which
  `test_the_rows_hold_nothing_an_older_schema_drops` keeps true.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine

from scorekeeper.store import league as leagues
from scorekeeper.store.backup import dump_as_stored, sqlite_backup, write_json
from scorekeeper.store.backup_commands import restore
from scorekeeper.store.database import SCHEMA_HEAD, Database, alembic_config, open_database
from scorekeeper.store.money import league_money
from tests.store.conftest import downgrade_to, upgrade_to
from tests.store.test_old_database import POINTS, ROWS, SCORES
from tests.store.test_restore import everything

# Every schema revision, the first first.
REVISIONS = [r.revision for r in ScriptDirectory.from_config(alembic_config()).walk_revisions()][
    ::-1
]
ROWS_AT = "0009"  # the schema the rows were written at
# A night of each kind the rows hold (each preset, in each league and season, open and
# closed) and the nights payments name: the matrix restores 40 backups into each kind
# of database (test_the_nights_kept_are_of_every_kind_the_rows_hold).
KEPT = """
CREATE TEMP TABLE kept AS
SELECT MIN(id) AS id FROM night
GROUP BY json_extract(rules, '$.preset'), league_id, season_id, closed_at IS NULL
UNION SELECT night_id FROM payment WHERE night_id IS NOT NULL
"""
NIGHTS_OF = ("hand_points", "hand_score", "hand_revision", "hand", "seat", "night_change")
SUBSET = [
    KEPT,
    *(f"DELETE FROM {table} WHERE night_id NOT IN (SELECT id FROM kept)" for table in NIGHTS_OF),
    "DELETE FROM night WHERE id NOT IN (SELECT id FROM kept)",
    "DROP TABLE kept",
]
KINDS = {"dump": ".json", "backup-file": ".sqlite3"}


def facts(db: Database) -> dict[str, Any]:
    """What a user would check after a restore: every night exported, every hand's
    score as the cache holds it (what the sheet, standings and statistics read), every
    league's and season's standings and money."""
    with db.engine.connect() as connection:
        scores = sorted(tuple(row) for row in connection.exec_driver_sql(SCORES))
        points = sorted(tuple(row) for row in connection.exec_driver_sql(POINTS))
        seasons = connection.exec_driver_sql(
            "SELECT l.name, s.name FROM season s JOIN league l ON l.id = s.league_id"
        ).fetchall()
    names = leagues.list_leagues(db)
    periods = [leagues.Period(name) for name in names]
    periods += [leagues.Period(league, season) for league, season in sorted(seasons)]
    return {
        "nights": everything(db),
        "scores": scores,
        "points": points,
        "standings": [(period, leagues.standings(db, period)) for period in periods],
        "money": [league_money(db, league=name) for name in names],
    }


def _write_backups(engine: Engine, path: Path, folder: Path, revision: str) -> None:
    """The dump and the SQLite backup of the database in PATH, at schema REVISION."""
    with engine.connect() as connection:
        write_json(folder / f"{revision}.json", dump_as_stored(connection, revision))
    sqlite_backup(path, folder / f"{revision}.sqlite3")


def _walk(folder: Path, steps: Sequence[str], move: Callable[[Engine, str], None]) -> None:
    """The rows at schema 0009 in a new database, moved (MOVE) through each of STEPS in
    turn (the first being 0009 itself), its backups written at each."""
    path = folder / f"walk-{steps[-1]}.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    try:
        upgrade_to(engine, ROWS_AT, [*ROWS.read_text("utf-8").splitlines(), *SUBSET])
        _write_backups(engine, path, folder, ROWS_AT)
        for revision in steps[1:]:
            move(engine, revision)
            _write_backups(engine, path, folder, revision)
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def matrix(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """A folder of backups, a dump and a SQLite file at each revision, and the facts of
    the rows migrated straight to this version's schema (opened by the app)."""
    folder = tmp_path_factory.mktemp("restore-matrix")
    at = REVISIONS.index(ROWS_AT)
    _walk(folder, REVISIONS[at::-1], downgrade_to)  # down one step at a time
    _walk(folder, REVISIONS[at:], upgrade_to)  # and up
    straight = folder / "straight" / "league.sqlite3"
    straight.parent.mkdir()
    shutil.copyfile(folder / f"{ROWS_AT}.sqlite3", straight)
    db = open_database(f"sqlite:///{straight}")
    try:
        return folder, facts(db)
    finally:
        db.dispose()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("revision", REVISIONS)
def test_a_backup_of_every_schema_restores_with_every_score_as_it_was(
    db: Database, matrix: tuple[Path, dict[str, Any]], revision: str, kind: str
) -> None:
    folder, expected = matrix
    backup = folder / f"{revision}{KINDS[kind]}"
    if kind == "backup-file":
        with sqlite3.connect(backup) as written:
            assert written.execute("SELECT version_num FROM alembic_version").fetchall() == [
                (revision,)
            ]

    restore(db, str(backup), force=True)

    restored = facts(db)
    assert len(restored["nights"]) == len(expected["nights"]) > 20
    for name in ("scores", "points", "nights", "standings", "money"):
        assert restored[name] == expected[name], name


def test_the_matrix_spans_every_schema_since_the_first() -> None:
    """The first revision is the first tables, the last this version's: no schema is
    left out of the matrix, whichever migrations come later."""
    assert REVISIONS[0] == "0001" and REVISIONS[-1] == SCHEMA_HEAD
    assert ROWS_AT in REVISIONS and len(set(REVISIONS)) == len(REVISIONS)


def test_the_rows_hold_nothing_an_older_schema_drops(
    matrix: tuple[Path, dict[str, Any]],
) -> None:
    """The matrix compares everything only because the rows hold nothing a downgrade
    below 0009 drops for good (see the module's docstring): no night discarded, no
    league's own choice of standings, no night's own history."""
    folder, _ = matrix
    with sqlite3.connect(folder / f"{ROWS_AT}.sqlite3") as rows:
        assert rows.execute(
            "SELECT COUNT(*) FROM night WHERE discarded_at IS NOT NULL"
        ).fetchall() == [(0,)]
        assert rows.execute(
            "SELECT COUNT(*) FROM league WHERE COALESCE(standings, 'null') <> 'null'"
        ).fetchall() == [(0,)]
        assert rows.execute("SELECT COUNT(*) FROM night_change").fetchall() == [(0,)]


def test_the_nights_kept_are_of_every_kind_the_rows_hold(
    matrix: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    """The subset of nights the matrix restores still holds every preset (so both
    games), every league and season, open and closed nights, and every payment."""
    folder, _ = matrix
    every = tmp_path / "every.sqlite3"
    engine = create_engine(f"sqlite:///{every}")
    upgrade_to(engine, ROWS_AT, ROWS.read_text("utf-8").splitlines())
    engine.dispose()
    kinds = (
        "SELECT DISTINCT json_extract(rules, '$.preset'), league_id, season_id, "
        "closed_at IS NULL FROM night ORDER BY 1, 2, 3, 4"
    )
    payments = "SELECT * FROM payment ORDER BY id"
    with sqlite3.connect(every) as rows, sqlite3.connect(folder / f"{ROWS_AT}.sqlite3") as kept:
        assert kept.execute(kinds).fetchall() == rows.execute(kinds).fetchall()
        assert kept.execute(payments).fetchall() == rows.execute(payments).fetchall()
        presets = {p for (p,) in kept.execute("SELECT json_extract(rules, '$.preset') FROM night")}
        assert {"classic-5", "schafkopf"} <= presets
        assert kept.execute("SELECT COUNT(*) FROM night").fetchone()[0] < 40
