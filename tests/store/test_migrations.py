"""Migrations: the schema of the models, upgrades with data and a backup, newer refused."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine
from sqlmodel import SQLModel

from scorekeeper.store import night_reads
from scorekeeper.store.database import SCHEMA_HEAD, alembic_config, open_database
from scorekeeper.store.errors import StorageError
from tests.store.conftest import drop_postgres, fresh_postgres_url, upgrade_to


def schema_differences(url: str) -> list:
    engine = create_engine(url)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    engine.dispose()
    return differences


def test_upgrading_an_empty_sqlite_file_gives_exactly_the_models(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    open_database(url).dispose()
    assert schema_differences(url) == []
    assert list(tmp_path.glob("*.bak")) == []  # nothing to back up in a new file


def test_upgrading_an_empty_postgres_database_gives_exactly_the_models(
    postgres_template: str,
) -> None:
    url = fresh_postgres_url(None)
    try:
        open_database(url).dispose()
        assert schema_differences(url) == []
    finally:
        drop_postgres(url)


FIRST_SCHEMA_ROWS = [
    "INSERT INTO player (id, name, name_key, retired, created_at) VALUES "
    "(1,'Ann','ann',0,'2026-01-01'),(2,'Bob','bob',0,'2026-01-01'),(3,'Cal','cal',0,'2026-01-01')",
    "INSERT INTO night (id, rules, created_at, updated_at) VALUES "
    "(1, '{\"preset\": \"three-handed\"}', '2026-01-01', '2026-01-01')",
    "INSERT INTO seat (night_id, player_id, position, first_hand) VALUES "
    "(1,1,1,1),(1,2,2,1),(1,3,3,1)",
    "INSERT INTO hand (id, night_id, position, record, revision, updated_at) VALUES "
    '(1, 1, 1, \'{"type": "pick", "picker": 2, "partners": [], "points": 70, '
    '"tricks": 5, "call": "alone"}\', 1, \'2026-01-01\')',
    "INSERT INTO hand_score VALUES (1, 1, 1, 'win', 'normal', 1, 'Bob took 70: a win.', 0)",
    "INSERT INTO hand_points (hand_id, player_id, night_id, points, cents) VALUES "
    "(1,1,1,-1,-5),(1,2,1,2,10),(1,3,1,-1,-5)",
    # A second night, thrown in for Ann's misplay (for 0004's misplay counts).
    "INSERT INTO night (id, rules, created_at, updated_at) VALUES "
    "(2, '{\"preset\": \"three-handed\"}', '2026-01-02', '2026-01-02')",
    "INSERT INTO seat (night_id, player_id, position, first_hand) VALUES "
    "(2,1,1,1),(2,2,2,1),(2,3,3,1)",
    "INSERT INTO hand (id, night_id, position, record, revision, updated_at) VALUES "
    '(2, 2, 1, \'{"type": "misplay", "misplays": [1]}\', 1, \'2026-01-02\')',
    "INSERT INTO hand_score VALUES (2, 2, 1, 'misplay', 'normal', 1, 'Ann misplayed.', 0)",
    "INSERT INTO hand_points (hand_id, player_id, night_id, points, cents) VALUES "
    "(2,1,2,-2,-10),(2,2,2,1,5),(2,3,2,1,5)",
]


def test_a_first_schema_database_with_data_upgrades_intact_with_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "league.sqlite3"
    engine = create_engine(f"sqlite:///{path}")
    upgrade_to(engine, "0001", FIRST_SCHEMA_ROWS)
    engine.dispose()

    db = open_database(f"sqlite:///{path}")
    (backup,) = tmp_path.glob("league.sqlite3.*.bak")
    with sqlite3.connect(backup) as old:
        assert old.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]
        assert old.execute("SELECT count(*) FROM hand_points").fetchone() == (6,)
    with sqlite3.connect(path) as new:
        version = new.execute("SELECT version_num FROM alembic_version").fetchall()
        roles = new.execute(
            "SELECT player_id, role, misplays FROM hand_points ORDER BY hand_id, player_id"
        )
        calls = new.execute("SELECT hand_id, call FROM hand_score ORDER BY hand_id")
        assert version == [(SCHEMA_HEAD,)]
        assert roles.fetchall() == [
            (1, "defender", 0),
            (2, "picker", 0),
            (3, "defender", 0),
            (1, "played", 1),
            (2, "played", 0),
            (3, "played", 0),
        ]
        assert calls.fetchall() == [(1, "alone"), (2, None)]
    assert night_reads.cached_points(db, night_id=1) == [{"Ann": -1, "Bob": 2, "Cal": -1}]
    assert night_reads.night_result(db, night_id=1).total_points == {"Ann": -1, "Bob": 2, "Cal": -1}
    db.dispose()


def test_a_database_from_a_newer_app_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "newer.sqlite3"
    open_database(f"sqlite:///{path}").dispose()
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999'")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(StorageError, match="newer version of Sheepshead Scorekeeper"):
        open_database(f"sqlite:///{path}")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
    assert list(tmp_path.glob("*.bak")) == []


def test_a_database_of_another_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
    with pytest.raises(StorageError, match="tables of another program"):
        open_database(f"sqlite:///{path}")


def test_the_head_the_app_checks_without_alembic_is_alembic_s_head() -> None:
    """A database at SCHEMA_HEAD opens without alembic; were it not the newest migration,
    a database left behind would open without being migrated."""
    from alembic.script import ScriptDirectory

    from scorekeeper.store.database import SCHEMA_HEAD

    assert ScriptDirectory.from_config(alembic_config()).get_current_head() == SCHEMA_HEAD
