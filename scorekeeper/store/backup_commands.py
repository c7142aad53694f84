"""`scorekeeper backup` and `restore`: whole-database copies that are never half-made.

SQLite is copied with SQLite's online backup (consistent while the app is open);
any database can also be saved as a JSON dump of every row (the way for PostgreSQL,
read in one REPEATABLE READ snapshot).  A restore refuses to overwrite a database that
holds data unless forced, and even then first backs up a SQLite file it replaces.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import func, select, text
from sqlmodel import SQLModel

from scorekeeper.store import backup as files
from scorekeeper.store.database import Database, alembic_config, open_database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tables import NightRow, PlayerRow


def head_revision() -> str:
    """The schema revision this version of the app writes."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head() or ""


def backup(db: Database, target: str) -> str:
    """Copy the database to TARGET; returns what kind of copy was made."""
    path = Path(target)
    if path.is_dir():
        raise StorageError(f"{target}: is a folder; name the backup file")
    source = db.sqlite_path
    try:
        if source is not None and path.suffix.lower() != ".json":
            files.sqlite_backup(source, path)
            return "a SQLite copy"
        files.write_json(path, dump(db))
    except OSError as error:
        raise StorageError(f"{target}: cannot write the backup ({error.strerror})") from None
    return "a JSON dump of every row"


def dump(db: Database) -> dict[str, Any]:
    """Every row of every table, read in one consistent snapshot."""
    with db.translate_errors(), db.engine.connect() as connection:
        if not db.is_sqlite:
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            return files.dump_rows(connection, SQLModel.metadata, head_revision())


def has_data(db: Database) -> bool:
    """True when the database holds any player or night."""
    with db.translate_errors(), db.engine.connect() as connection:
        players = connection.execute(select(func.count()).select_from(PlayerRow)).scalar()
        nights = connection.execute(select(func.count()).select_from(NightRow)).scalar()
    return bool(players or nights)


def restore(db: Database, source: str, *, force: bool) -> None:
    """Replace the database's contents with the backup in SOURCE."""
    path = Path(source)
    if not path.is_file():
        raise StorageError(f"{source}: no such backup file")
    if has_data(db) and not force:
        raise StorageError(
            "the database already holds nights and players; add --force to replace them "
            "with the backup"
        )
    if files.is_sqlite_file(path):
        _check_sqlite_backup(path)
        if db.sqlite_path is not None:
            _restore_sqlite_file(db, path)
            return
        document = dump(open_database(f"sqlite:///{path}", upgrade=False))
    else:
        document = _read_dump(path)
    _load_dump(db, document)


def _check_sqlite_backup(path: Path) -> None:
    backup_db = open_database(f"sqlite:///{path}", upgrade=False)
    try:
        with backup_db.engine.connect() as connection:
            current = MigrationContext.configure(connection).get_current_revision()
    finally:
        backup_db.dispose()
    if current is None:
        raise StorageError(f"{path}: is not a Scorekeeper backup (no schema in it)")


def _restore_sqlite_file(db: Database, path: Path) -> None:
    target = db.sqlite_path
    assert target is not None
    db.dispose()
    if target.exists() and target.stat().st_size:
        files.sqlite_backup(target, files.timestamped_backup_path(target, before="restore"))
    # Through SQLite's backup API into the live file (never a file swap, which would
    # leave the old write-ahead log beside the new data): all pages or none.
    files.sqlite_copy_into(path, target)
    open_database(f"sqlite:///{target}").dispose()  # brings an older backup up to date


def _read_dump(path: Path) -> dict[str, Any]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise StorageError(f"{path}: is neither a SQLite backup nor a JSON dump") from None
    if not isinstance(document, dict) or document.get("format") != files.DUMP_FORMAT:
        raise StorageError(f"{path}: is not a Scorekeeper dump")
    return document


def _load_dump(db: Database, document: dict[str, Any]) -> None:
    if document.get("schema") != head_revision():
        raise StorageError(
            f"the dump has schema {document.get('schema')!r} but this app writes "
            f"{head_revision()!r}; restore it with the version of the app that made it"
        )
    metadata = SQLModel.metadata
    with db.translate_errors(), db.engine.begin() as connection:
        for table in reversed(metadata.sorted_tables):
            connection.execute(table.delete())
        files.load_rows(connection, metadata, document)
        if db.url.get_backend_name() == "postgresql":
            for table in metadata.sorted_tables:
                if "id" in table.c and table.c.id.autoincrement is not False:
                    connection.execute(text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
                    ))  # fmt: skip
