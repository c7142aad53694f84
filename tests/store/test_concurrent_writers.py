"""Many tables, one league, at once: real processes (multiprocessing, spawn) released
together by one barrier, on a real SQLite file and the real test PostgreSQL server.

Tables filing the first night of a new league and season at the same moment all
succeed, and there is one league, one season and one of each player afterwards; programs
opening an empty or an old database at the same moment all open it, after one migration
(and one backup before it)."""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from scorekeeper.names import name_key
from scorekeeper.store import database, night_import, night_reads, people
from scorekeeper.store.database import SCHEMA_HEAD, open_database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.league import league_info, list_leagues
from tests.store import racer
from tests.store.conftest import drop_postgres, fresh_postgres_url, upgrade_to

SPAWN = multiprocessing.get_context("spawn")
TIMEOUT_S = 240  # for every process to report; they finish in a few seconds


def race(target: Callable[..., None], arguments: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Run TARGET in one process for each ARGUMENTS, all released by one barrier; what
    each sent back, in the order they finished."""
    barrier = SPAWN.Barrier(len(arguments))
    results = SPAWN.Queue()
    processes = [SPAWN.Process(target=target, args=(*a, barrier, results)) for a in arguments]
    for process in processes:
        process.start()
    try:
        return [results.get(timeout=TIMEOUT_S) for _ in processes]
    finally:
        for process in processes:
            process.join(timeout=TIMEOUT_S)
            if process.is_alive():
                process.kill()


@pytest.fixture(params=[("sqlite", 4), ("postgresql", 8)], ids=["sqlite-4", "postgresql-8"])
def new_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, int]]:
    """A URL where nothing is stored yet and how many tables race on it: a SQLite file
    not made yet (four tables), a migrated PostgreSQL database (eight)."""
    kind, tables = request.param
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'league.sqlite3'}", tables
        return
    url = fresh_postgres_url(request.getfixturevalue("postgres_template"))
    yield url, tables
    drop_postgres(url)


def test_tables_filing_the_first_night_of_a_new_league_and_season_at_once(
    new_database: tuple[str, int], tmp_path: Path
) -> None:
    url, tables = new_database
    documents = []
    for table in range(tables):
        path = tmp_path / f"table-{table + 1}.json"
        path.write_text(json.dumps(racer.table_night(table), ensure_ascii=False), "utf-8")
        documents.append((url, path))

    said = race(racer.file_by_command_line, documents)

    assert [(status, err) for status, _out, err in said if status != 0] == []
    night_ids = sorted(int(out) for _status, out, _err in said)
    assert len(set(night_ids)) == tables
    db = open_database(url)
    try:
        assert list_leagues(db) == [racer.LEAGUE]
        assert league_info(db, league=racer.LEAGUE).seasons == (racer.SEASON,)
        nights = night_reads.list_nights(db)
        assert sorted(n.id for n in nights) == night_ids
        assert {(n.league, n.season) for n in nights} == {(racer.LEAGUE, racer.SEASON)}
        seated = {name_key(p) for t in range(tables) for p in racer.table_night(t)["players"]}
        assert sorted(name_key(p.name) for p in people.list_players(db)) == sorted(seated)
    finally:
        db.dispose()


def test_crossing_filings_on_a_serializable_server_are_filed_again(
    postgres_template: str, tmp_path: Path
) -> None:
    """A server whose transactions are all SERIALIZABLE (a setting of its administrator's)
    refuses the filings that cross another (a serialization failure); each is filed
    again (`Database.write`), and all eight succeed."""
    url = fresh_postgres_url(postgres_template)
    try:
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            name = make_url(url).database
            connection.exec_driver_sql(
                f"ALTER DATABASE {name} SET default_transaction_isolation = 'serializable'"
            )
        admin.dispose()
        paths = []
        for table in range(8):
            path = tmp_path / f"table-{table + 1}.json"
            path.write_text(json.dumps(racer.table_night(table), ensure_ascii=False), "utf-8")
            paths.append((url, path))

        said = race(racer.file_by_command_line, paths)

        assert [(status, err) for status, _out, err in said if status != 0] == []
        db = open_database(url)
        try:
            assert list_leagues(db) == [racer.LEAGUE]
            assert len(night_reads.list_nights(db)) == 8
        finally:
            db.dispose()
    finally:
        drop_postgres(url)


def test_a_new_sqlite_file_made_by_four_at_once_is_made_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    said = race(racer.open_at_once, [(url,)] * 4)

    assert [kind for kind, _ in said] == ["opened"] * 4, said
    assert sorted(json.loads(s)["created"] for _, s in said) == [False, False, False, True]
    assert_at_head(url)


def test_an_empty_postgres_database_opened_by_four_at_once_is_migrated_once(
    postgres_template: str,
) -> None:
    url = fresh_postgres_url(None)
    try:
        said = race(racer.open_at_once, [(url,)] * 4)

        assert [kind for kind, _ in said] == ["opened"] * 4, said
        assert sorted(json.loads(s)["created"] for _, s in said) == [False, False, False, True]
        assert_at_head(url)
    finally:
        drop_postgres(url)


@pytest.fixture
def old_database(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[str, Path]]:
    """A database at schema 0009 (an older version's) of each kind, and the folder its
    backups go to: beside a SQLite file, the user's data folder's backups/ for a server."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    if database_url.startswith("sqlite"):
        path = tmp_path / "old.sqlite3"
        url, backups = f"sqlite:///{path}", tmp_path
    else:
        url = fresh_postgres_url(None)
        backups = tmp_path / "data" / "sheepshead-scorekeeper" / "backups"
    engine = create_engine(url)
    upgrade_to(engine, "0009")
    engine.dispose()
    yield url, backups
    if not url.startswith("sqlite"):
        drop_postgres(url)


def test_an_old_database_opened_by_four_at_once_is_backed_up_and_migrated_once(
    old_database: tuple[str, Path],
) -> None:
    url, backups = old_database
    said = race(racer.open_at_once, [(url,)] * 4)

    assert [kind for kind, _ in said] == ["opened"] * 4, said
    taken = [json.loads(s)["backup"] for _, s in said]
    assert len([b for b in taken if b is not None]) == 1
    assert sorted(str(p) for p in backups.glob("*") if p.suffix in (".bak", ".json")) == [
        b for b in taken if b is not None
    ]
    assert_at_head(url)


def test_a_program_that_waits_too_long_for_another_s_migration_says_so(
    old_database: tuple[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program holds the migration lock (SQLite's write lock; the server's
    advisory lock) and does not let go: after MIGRATION_WAIT_S the open is refused in
    words, nothing backed up or migrated."""
    url, backups = old_database
    monkeypatch.setattr(database, "MIGRATION_WAIT_S", 1)
    holder = create_engine(url)
    with holder.connect() as connection:
        if url.startswith("sqlite"):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            key = {"key": database.MIGRATION_LOCK_KEY}
            connection.execute(text("SELECT pg_advisory_lock(:key)"), key)
        with pytest.raises(
            StorageError,
            match="^another program has been bringing .* up to date "
            r"for 1 s and has not finished; open it again once it has",
        ):
            open_database(url)
    holder.dispose()
    assert [p for p in backups.glob("*") if p.suffix in (".bak", ".json")] == []
    db = open_database(url)  # the lock let go: migrated now
    db.dispose()
    assert_at_head(url)


def test_a_new_sqlite_file_is_made_where_no_hard_link_can_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file system without hard links (FAT): the name is claimed by an exclusive
    create and the new database copied in; nothing is left beside it."""

    def no_links(_source: object, _target: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "stick.sqlite3"
    db = open_database(f"sqlite:///{path}")
    assert db.created
    db.dispose()
    assert_at_head(f"sqlite:///{path}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["stick.sqlite3", "stick.sqlite3.lock"]


def test_a_new_sqlite_file_another_program_made_first_is_opened_not_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "league.sqlite3"
    made_first = open_database(f"sqlite:///{path}")
    night_import.import_night(made_first, racer.table_night(0))
    made_first.dispose()
    real_exists = Path.exists

    def not_yet(self: Path) -> bool:  # this program looked before the other made it
        return False if self == path else real_exists(self)

    monkeypatch.setattr(Path, "exists", not_yet)
    db = open_database(f"sqlite:///{path}")
    monkeypatch.undo()
    try:
        assert not db.created
        assert len(night_reads.list_nights(db)) == 1
        assert [p.name for p in tmp_path.iterdir() if p.suffix == ".new"] == []
    finally:
        db.dispose()


def assert_at_head(url: str) -> None:
    engine = create_engine(url)
    with engine.connect() as connection:
        found = connection.exec_driver_sql("SELECT version_num FROM alembic_version").all()
    engine.dispose()
    assert [tuple(row) for row in found] == [(SCHEMA_HEAD,)]
