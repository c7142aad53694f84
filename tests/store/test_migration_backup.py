"""Before a PostgreSQL database is migrated, every row is dumped to JSON as the database
was (its own tables, its own schema revision); no dump, no migration; a failed migration
names the dump.  On the real test server, with the user's data folder in tmp_path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import MetaData, create_engine, func, select
from sqlalchemy.engine import make_url
from sqlmodel import SQLModel

from scorekeeper.store import backup, night_import, night_reads
from scorekeeper.store.database import SCHEMA_HEAD, Database, open_database
from scorekeeper.store.engine import make_engine
from scorekeeper.store.errors import StorageError
from tests.store.conftest import downgrade_to, drop_postgres, fresh_postgres_url, upgrade_to
from tests.store.corpus import written

OLD = "0007"


def revision_of(url: str) -> str:
    engine = create_engine(url)
    with engine.connect() as connection:
        (found,) = connection.exec_driver_sql("SELECT version_num FROM alembic_version").one()
    engine.dispose()
    return str(found)


def row_counts(url: str) -> dict[str, int]:
    """How many rows each of the database's own tables holds (alembic's left out)."""
    engine = create_engine(url)
    metadata = MetaData()
    with engine.connect() as connection:
        metadata.reflect(connection)
        counts = {
            name: connection.execute(select(func.count()).select_from(table)).scalar_one()
            for name, table in metadata.tables.items()
            if name != "alembic_version"
        }
    engine.dispose()
    return counts


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data folder (platformdirs reads XDG_DATA_HOME) inside tmp_path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "sheepshead-scorekeeper"


@pytest.fixture
def old_league(postgres_template: str) -> Iterator[str]:
    """A PostgreSQL database at schema 0007 holding nights, hands, revisions and the cache
    (written by this version's code at its own schema, then taken down to 0007 by the
    migrations' downgrades: the width of the integers, the cache's count of hands)."""
    url = fresh_postgres_url(None)
    engine = make_engine(make_url(url))
    upgrade_to(engine, SCHEMA_HEAD)
    current = Database(engine=engine, url=make_url(url))
    for document in written():
        night_import.import_night(current, document)
    downgrade_to(engine, OLD)
    engine.dispose()
    yield url
    drop_postgres(url)


@pytest.mark.postgres
def test_a_dump_of_the_old_database_is_written_before_migrating(
    old_league: str, data_folder: Path, postgres_template: str
) -> None:
    before = row_counts(old_league)
    assert before["hand"] > 0 and before["hand_points"] > 0

    open_database(old_league).dispose()

    (dump,) = (data_folder / "backups").iterdir()
    name = make_url(old_league).database
    assert dump.name.startswith(f"127.0.0.1_{make_url(old_league).port}-{name}.")
    assert dump.name.endswith(f".before-{SCHEMA_HEAD}.json")
    document = json.loads(dump.read_text("utf-8"))
    assert document["format"] == backup.DUMP_FORMAT and document["schema"] == OLD
    assert {table: len(rows) for table, rows in document["tables"].items()} == before
    assert revision_of(old_league) == SCHEMA_HEAD
    assert_loads_back(document, old_league, postgres_template)


def assert_loads_back(document: dict, source: str, template: str) -> None:
    """The dump's rows, loaded into a new database, give back every night as stored."""
    url = fresh_postgres_url(template)
    copy, migrated = open_database(url), open_database(source)
    try:
        with copy.engine.begin() as connection:
            backup.load_rows(connection, SQLModel.metadata, document)
        stored = [night.id for night in night_reads.list_nights(migrated)]
        assert [night.id for night in night_reads.list_nights(copy)] == stored != []
        for night_id in stored:
            assert night_import.export_night(copy, night_id=night_id) == night_import.export_night(
                migrated, night_id=night_id
            )
    finally:
        copy.dispose()
        migrated.dispose()
        drop_postgres(url)


@pytest.mark.postgres
def test_no_dump_no_migration(old_league: str, data_folder: Path) -> None:
    data_folder.mkdir(parents=True)
    (data_folder / "backups").write_text("a file where the backups folder would go")
    with pytest.raises(StorageError) as refused:
        open_database(old_league)
    assert str(refused.value).startswith(f"cannot back up {make_url(old_league)} to ")
    assert str(refused.value).endswith(
        f"before migrating it to schema {SCHEMA_HEAD} (File exists); nothing was changed"
    )
    assert revision_of(old_league) == OLD


@pytest.mark.postgres
def test_a_failed_migration_names_the_dump_taken_before_it(
    old_league: str, data_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SCOREKEEPER_LOCK_TIMEOUT", "1")
    dsn = make_url(old_league).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn) as other:
        other.execute("LOCK TABLE hand_points IN SHARE MODE")  # reads go on; no ALTER
        with pytest.raises(StorageError) as failed:
            open_database(old_league)
        other.rollback()
    (dump,) = (data_folder / "backups").iterdir()
    assert str(failed.value).endswith(
        f"is busy: another program held what this needed for 1 s; try again (nothing was "
        f"written); the migration to schema {SCHEMA_HEAD} was undone, and the backup taken "
        f"before it is {dump}"
    )
    assert revision_of(old_league) == OLD
    assert json.loads(dump.read_text("utf-8"))["schema"] == OLD


def test_a_dump_is_written_whole_or_not_at_all(tmp_path: Path) -> None:
    target = tmp_path / "league.json"
    (tmp_path / "league.json.partial").symlink_to("/dev/full")  # a disk that is full
    with pytest.raises(backup.WriteFailed, match="the disk is full"):
        backup.write_json(target, {"format": backup.DUMP_FORMAT, "tables": {}})
    assert list(tmp_path.iterdir()) == []
