"""`scorekeeper backup` and `restore`: whole-database copies that are never half-made.

SQLite is copied with SQLite's online backup (consistent while the app is open);
any database can also be saved as a JSON dump of every row (the way for PostgreSQL,
read in one REPEATABLE READ snapshot).  A backup never writes onto the database it
copies.  A restore is checked whole before it touches anything: the backup is loaded
into a scratch SQLite file, brought up to date, and every night in it is checked and
rescored as an import would be, every league's standings and money read; only then is
a copy of the database it replaces kept (beside a SQLite file, in the backups folder
for a server) and the checked rows copied in, in one transaction.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel

from scorekeeper.i18n import _
from scorekeeper.json_input import MiB, parse_json, read_limited, too_large
from scorekeeper.names import quoted
from scorekeeper.store import backup as files
from scorekeeper.store import summaries
from scorekeeper.store.backup_checks import (
    backup_rows,
    check_contents,
    check_rows,
    check_sqlite_backup,
    refuse_foreign,
)
from scorekeeper.store.database import (
    SCHEMA_HEAD,
    Database,
    check_whole,
    keep_copy,
    open_database,
)
from scorekeeper.store.engine import describe
from scorekeeper.store.errors import StorageError
from scorekeeper.store.open_lock import OpenLock, lock_path
from scorekeeper.store.state import holds_data

MAX_DUMP_BYTES = 4 * 1024 * MiB  # a league of a million hands dumps to about 1 GiB

logger = logging.getLogger(__name__)


def backup(db: Database, target: str, *, force: bool = False) -> str:
    """Copy the database to TARGET (an existing file only with FORCE); returns what
    kind of copy was made."""
    path = Path(target)
    if not target.strip():
        raise StorageError(_("the backup file: name it, e.g. league-backup.sqlite3"))
    if path.is_dir():
        raise StorageError(_("{file}: is a folder; name the backup file").format(file=target))
    _refuse_live_file(db, path)
    if path.exists() and not force:
        raise StorageError(
            _(
                "{file}: already exists; choose another name, or add --force to replace it. "
                "Nothing was written."
            ).format(file=target)
        )
    check_whole(db)  # a damaged database is refused, not copied as if whole
    source = db.sqlite_path
    with _writing(target):
        if source is not None and path.suffix.lower() != ".json":
            files.sqlite_backup(source, path)
            logger.info("backup of %s written to %s (SQLite)", describe(db.url), path)
            # Translators: said in brackets after "Backed up to FILE".
            return _("a SQLite copy")
        files.write_json(path, dump(db))
    logger.info("backup of %s written to %s (JSON)", describe(db.url), path)
    # Translators: said in brackets after "Backed up to FILE".
    return _("a JSON dump of every row")


def _refuse_live_file(db: Database, target: Path) -> None:
    """A backup onto the database itself (or its -wal, -shm, -journal or lock file)
    would overwrite what it copies while the app may be writing to it."""
    live = db.sqlite_path
    if live is None:
        return
    real = live.resolve()
    files_of_it = {real, lock_path(live)} | {
        real.with_name(real.name + suffix) for suffix in files.SIDE_FILES
    }
    same = target.resolve() in files_of_it
    with contextlib.suppress(OSError):
        same = same or (target.exists() and os.path.samefile(target, live))
    if same:
        raise StorageError(
            _(
                "{file}: is the database itself (or one of its files); a backup must go to "
                "another file. Nothing was written."
            ).format(file=target)
        )


@contextlib.contextmanager
def _writing(target: str) -> Iterator[None]:
    """Turn a failed write (a full disk, a read-only folder) into a clear message; the
    writers in `backup` leave no partial file behind."""
    try:
        yield
    except files.WriteFailed as error:
        raise StorageError(
            _("{file}: cannot write the backup ({error}); nothing was written").format(
                file=target, error=error
            )
        ) from None


def dump(db: Database) -> dict[str, Any]:
    """Every row of every table, read in one consistent snapshot."""
    with db.translate_errors(), db.engine.connect() as connection:
        if not db.is_sqlite:
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            return files.dump_rows(connection, SQLModel.metadata, SCHEMA_HEAD)


def restore(db: Database, source: str, *, force: bool) -> Path | None:
    """Replace the database's contents with the backup in SOURCE, once the backup has
    been checked whole; returns where the replaced database was kept (None when it was
    empty)."""
    path = Path(source)
    if not path.is_file():
        raise StorageError(_("{file}: no such backup file").format(file=source))
    lock = db.open_lock
    alone = lock.alone() if lock else contextlib.nullcontext()
    with (
        alone,  # no window goes on recording into nights the backup replaces
        tempfile.TemporaryDirectory(prefix="scorekeeper-restore-") as folder,
    ):
        check_whole(db)
        replacing = holds_data(db)
        if replacing and not force:
            raise StorageError(
                _(
                    "the database already holds nights and players; add --force to replace "
                    "them with the backup"
                )
            )
        checked = checked_copy(path, Path(folder))
        try:
            if replacing and not holds_data(checked):
                raise StorageError(
                    _(
                        "{file}: holds no nights and no players; restoring it would empty "
                        "the database. Nothing was changed."
                    ).format(file=source)
                )
            _fit_page_size(checked, db, source=path)
            kept = keep_copy(db, before="restore") if replacing else None
            _replace(db, checked, source=path, kept=kept)
        finally:
            checked.dispose()
    logger.info("%s restored from %s (what it held kept as %s)", describe(db.url), path, kept)
    return kept


def restore_over_damaged(database: Path, source: str) -> Path:
    """Put the backup in SOURCE where the damaged SQLite file DATABASE lies: the backup
    checked whole first, then the damaged file (with its -wal and -shm) moved aside,
    kept as DATABASE.STAMP.damaged, and a new database made from the checked backup.
    Returns where the damaged file was kept."""
    path = Path(source)
    if not path.is_file():
        raise StorageError(_("{file}: no such backup file").format(file=source))
    with (
        OpenLock(database).alone(),
        tempfile.TemporaryDirectory(prefix="scorekeeper-restore-") as folder,
    ):
        checked = checked_copy(path, Path(folder))
        scratch = checked.sqlite_path
        checked.dispose()
        assert scratch is not None
        try:
            kept = files.set_aside(database, end=".damaged")
        except OSError as error:
            raise StorageError(
                _(
                    "{file}: cannot be moved aside to make room for the backup "
                    "({error}); nothing was changed"
                ).format(file=database, error=error.strerror)
            ) from None
        try:
            files.sqlite_backup(scratch, database)
        except files.WriteFailed as error:
            files.put_back(kept, database)
            raise StorageError(
                _(
                    "{file}: cannot take in the backup {backup} ({error}); the damaged "
                    "database is left as it was"
                ).format(file=database, backup=source, error=error)
            ) from None
    logger.info("damaged %s set aside as %s and restored from %s", database, kept, path)
    return kept


def checked_copy(path: Path, folder: Path) -> Database:
    """The backup in PATH as an up-to-date scratch SQLite database in FOLDER, every
    night in it checked and rescored, its sums made again; raises `StorageError` naming
    the backup (never the scratch file) and the first thing wrong."""
    scratch = folder / "restore.sqlite3"
    try:
        try:
            copied = files.is_sqlite_file(path)
        except OSError as error:
            raise StorageError(
                _("{file}: cannot be read ({error}); nothing was changed").format(
                    file=path, error=error.strerror
                )
            ) from None
        if copied:
            _scratch_copy(path, scratch)
            check_sqlite_backup(scratch, source=path)
        else:
            rows = _read_dump(path)
            if rows["schema"] != SCHEMA_HEAD:  # an older version's: migrated on its way in
                _build_older(scratch, rows, source=path)
                copied = True  # from here on, a SQLite file of an older schema
        checked = open_database(f"sqlite:///{scratch}")
        try:
            if copied:
                refuse_foreign(checked, source=path)
                rows = backup_rows(checked, source=path)
                check_rows(checked, rows, source=path)
                # The file's sums and counts are not trusted: summed again from its
                # hands before they are checked.
                with checked.translate_errors(), checked.engine.begin() as connection:
                    summaries.write_for_all(connection)
            else:
                _load_dump(checked, rows, source=path)
            check_contents(checked, source=path)
        except (DBAPIError, sqlite3.Error) as error:  # what SQLite cannot read in the file
            checked.dispose()
            orig = error.orig if isinstance(error, DBAPIError) else error
            raise StorageError(
                _("{file}: cannot be read as a backup ({error})").format(
                    file=path, error=str(orig).splitlines()[0]
                )
            ) from None
        except StorageError:
            checked.dispose()
            raise
    except StorageError as error:
        message = str(error).replace(f"sqlite:///{scratch}", str(path))
        raise StorageError(message.replace(str(scratch), str(path))) from None
    return checked


def _scratch_copy(path: Path, scratch: Path) -> None:
    """The backup's bytes (and those of a write-ahead log left beside it) copied to
    SCRATCH: the backup itself is only read, so one in a read-only folder or on a
    read-only medium restores too."""
    try:
        shutil.copyfile(path, scratch)
        wal = path.with_name(path.name + "-wal")
        if wal.is_file():
            shutil.copyfile(wal, scratch.with_name(scratch.name + "-wal"))
    except OSError as error:
        raise StorageError(
            _(
                "{file}: cannot be copied to the temporary folder {folder} to "
                "be checked ({error}); nothing was changed"
            ).format(
                file=path, folder=tempfile.gettempdir(), error=files.why_not_written(error, scratch)
            )
        ) from None


def _read_dump(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            data = read_limited(handle, MAX_DUMP_BYTES)
    except OSError as error:
        raise StorageError(
            _("{file}: cannot be read ({error}); nothing was changed").format(
                file=path, error=error.strerror
            )
        ) from None
    if data is None:
        document, problems = None, [too_large(MAX_DUMP_BYTES)]
    else:
        document, problems = parse_json(data, limit=MAX_DUMP_BYTES)
    if problems:
        raise StorageError(
            _("{file}: is neither a SQLite backup nor a readable dump ({problem})").format(
                file=path, problem=problems[0]
            )
        )
    if not isinstance(document, dict) or document.get("format") != files.DUMP_FORMAT:
        raise StorageError(_("{file}: is not a Scorekeeper dump").format(file=path))
    schema = document.get("schema")
    if schema != SCHEMA_HEAD and schema not in _older_schemas():
        raise StorageError(
            _(
                "{file}: the dump has schema {schema}, which this version of the app does "
                "not know (it writes {head}); restore it with the newer version that made it"
            ).format(file=path, schema=quoted(str(schema)), head=quoted(SCHEMA_HEAD))
        )
    tables = document.get("tables")
    if schema != SCHEMA_HEAD:  # its tables are checked against its own schema's
        return document
    expected = {table.name for table in SQLModel.metadata.sorted_tables}
    if not isinstance(tables, dict) or not expected <= set(tables):
        missing = sorted(expected - set(tables if isinstance(tables, dict) else ()))
        raise StorageError(
            _(
                "{file}: is not a complete dump (no {tables}); a dump lists every "
                "table, even an empty one. Nothing was changed."
            ).format(file=path, tables=", ".join(missing))
        )
    return document


def _older_schemas() -> set[str]:
    """Every schema revision before this version's, as the migrations name them: a
    dump an older version wrote is migrated forward on its way in."""
    from alembic.script import ScriptDirectory

    from scorekeeper.store.database import alembic_config

    script = ScriptDirectory.from_config(alembic_config())
    return {revision.revision for revision in script.walk_revisions()} - {SCHEMA_HEAD}


def _build_older(scratch: Path, document: dict[str, Any], *, source: Path) -> None:
    """The dump DOCUMENT of an older schema as a SQLite file SCRATCH at that schema
    (the migrations up to it), its rows checked against the columns that schema has;
    opening it then migrates it to this version's, as any older database is."""
    from alembic import command
    from sqlalchemy import MetaData, create_engine

    from scorekeeper.store.database import alembic_config

    engine = create_engine(f"sqlite:///{scratch}")
    try:
        with engine.begin() as connection:
            config = alembic_config()
            config.attributes["connection"] = connection
            command.upgrade(config, document["schema"])
            metadata = MetaData()
            metadata.reflect(connection)
            metadata.remove(metadata.tables["alembic_version"])
            tables = document.get("tables")
            missing = sorted(set(metadata.tables) - set(tables if isinstance(tables, dict) else ()))
            if missing:
                raise StorageError(
                    _(
                        "{file}: is not a complete dump (no {tables}); a dump lists every "
                        "table, even an empty one. Nothing was changed."
                    ).format(file=source, tables=", ".join(missing))
                )
            files.load_rows(connection, metadata, document)
    except files.BadDump as error:
        raise StorageError(
            _("{file}: {problem}. Nothing was changed.").format(file=source, problem=error)
        ) from None
    finally:
        engine.dispose()


def _replace(db: Database, checked: Database, *, source: Path, kept: Path | None) -> None:
    """Put the checked scratch database's rows in place of DB's, all or nothing: a
    server takes them as checked (its score cache rescored by the
    check, not the backup's as read)."""
    target = db.sqlite_path
    scratch = checked.sqlite_path
    assert scratch is not None
    if target is None:
        _load_dump(db, dump(checked), source=source)
        return
    db.engine.dispose()
    checked.dispose()
    # Through SQLite's backup API into the live file (never a file swap, which would
    # leave the old write-ahead log beside the new data): all pages or none.
    try:
        files.sqlite_copy_into(scratch, target)
    except files.WriteFailed as error:
        if kept:
            message = _(
                "{file}: cannot take in the backup {backup} ({error}); the database is as "
                "it was; the database as it was is also kept in {kept}"
            )
        else:
            message = _(
                "{file}: cannot take in the backup {backup} ({error}); the database is as it was"
            )
        raise StorageError(
            message.format(file=target, backup=source, error=error, kept=kept)
        ) from None


def _fit_page_size(checked: Database, db: Database, *, source: Path) -> None:
    """The checked scratch copy rebuilt at the live SQLite file's page size, before
    anything is kept or copied (`_match_page_size`)."""
    scratch, target = checked.sqlite_path, db.sqlite_path
    if scratch is None or target is None:
        return
    checked.dispose()
    try:
        _match_page_size(scratch, target)
    except sqlite3.Error as error:
        why = files.why_not_written(error, scratch)
        raise StorageError(
            _(
                "{file}: cannot be rebuilt at the database's page size ({why}); nothing was changed"
            ).format(file=source, why=why)
        ) from None


def _match_page_size(scratch: Path, target: Path) -> None:
    """SQLite copies into a database in WAL mode only pages of its own size: a backup
    made with another page size (by another program, or an older SQLite) is rebuilt
    at the live file's page size first."""
    with contextlib.closing(sqlite3.connect(target)) as live:
        size = live.execute("PRAGMA page_size").fetchone()[0]
    with contextlib.closing(sqlite3.connect(scratch, isolation_level=None)) as copy:
        if copy.execute("PRAGMA page_size").fetchone()[0] != size:
            copy.execute("PRAGMA journal_mode = DELETE")
            copy.execute(f"PRAGMA page_size = {int(size)}")
            copy.execute("VACUUM")


def _load_dump(db: Database, document: dict[str, Any], *, source: Path) -> None:
    metadata = SQLModel.metadata
    with db.translate_errors(), db.engine.begin() as connection:
        if db.url.get_backend_name() == "postgresql":  # no other writer in between
            names = ", ".join(table.name for table in metadata.sorted_tables)
            connection.execute(text(f"LOCK TABLE {names} IN ACCESS EXCLUSIVE MODE"))
        for table in reversed(metadata.sorted_tables):
            connection.execute(table.delete())
        try:
            files.load_rows(connection, metadata, document)
        except files.BadDump as error:
            raise StorageError(
                _("{file}: {problem}. Nothing was changed.").format(file=source, problem=error)
            ) from None
        summaries.write_for_all(connection)  # from the cache loaded, whatever the dump held
        if db.url.get_backend_name() == "postgresql":
            for table in metadata.sorted_tables:
                if "id" in table.c and table.c.id.autoincrement is not False:
                    greatest = f"SELECT MAX(id) FROM {table.name}"
                    if table.name == "hand":  # past a deleted hand's id too (store/ids.py)
                        greatest = (
                            "SELECT GREATEST((SELECT MAX(id) FROM hand), "
                            "(SELECT MAX(hand_id) FROM hand_revision))"
                        )
                    connection.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"COALESCE(({greatest}), 0) + 1, false)"
                        )
                    )
