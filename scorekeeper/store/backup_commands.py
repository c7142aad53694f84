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

from sqlalchemy import select, text
from sqlmodel import SQLModel, col

from scorekeeper.json_input import MiB, parse_json
from scorekeeper.problems import InvalidNight
from scorekeeper.store import backup as files
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
from scorekeeper.store.tables import LeagueRow, NightRow

MAX_DUMP_BYTES = 4 * 1024 * MiB  # a league of a million hands dumps to about 1 GiB

logger = logging.getLogger(__name__)


def backup(db: Database, target: str, *, force: bool = False) -> str:
    """Copy the database to TARGET (an existing file only with FORCE); returns what
    kind of copy was made."""
    path = Path(target)
    if not target.strip():
        raise StorageError("the backup file: name it, e.g. league-backup.sqlite3")
    if path.is_dir():
        raise StorageError(f"{target}: is a folder; name the backup file")
    _refuse_live_file(db, path)
    if path.exists() and not force:
        raise StorageError(
            f"{target}: already exists; choose another name, or add --force to replace it. "
            "Nothing was written."
        )
    check_whole(db)  # a damaged database is refused, not copied as if whole
    source = db.sqlite_path
    with _writing(target):
        if source is not None and path.suffix.lower() != ".json":
            files.sqlite_backup(source, path)
            logger.info("backup of %s written to %s (SQLite)", describe(db.url), path)
            return "a SQLite copy"
        files.write_json(path, dump(db))
    logger.info("backup of %s written to %s (JSON)", describe(db.url), path)
    return "a JSON dump of every row"


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
            f"{target}: is the database itself (or one of its files); a backup must go to "
            "another file. Nothing was written."
        )


@contextlib.contextmanager
def _writing(target: str) -> Iterator[None]:
    """Turn a failed write (a full disk, a read-only folder) into a clear message; the
    writers in `backup` leave no partial file behind."""
    try:
        yield
    except files.WriteFailed as error:
        raise StorageError(
            f"{target}: cannot write the backup ({error}); nothing was written"
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
        raise StorageError(f"{source}: no such backup file")
    lock = db.open_lock
    alone = lock.alone("restoring a backup") if lock else contextlib.nullcontext()
    with (
        alone,  # no window goes on recording into nights the backup replaces
        tempfile.TemporaryDirectory(prefix="scorekeeper-restore-") as folder,
    ):
        check_whole(db)
        replacing = holds_data(db)
        if replacing and not force:
            raise StorageError(
                "the database already holds nights and players; add --force to replace "
                "them with the backup"
            )
        checked, rows = _checked_copy(path, Path(folder))
        try:
            if replacing and not holds_data(checked):
                raise StorageError(
                    f"{source}: holds no nights and no players; restoring it would empty "
                    "the database. Nothing was changed."
                )
            _fit_page_size(checked, db, source=path)
            kept = (
                keep_copy(db, before="restore", purpose="restoring a backup over it")
                if replacing
                else None
            )
            _replace(db, checked, rows, source=path, kept=kept)
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
        raise StorageError(f"{source}: no such backup file")
    with (
        OpenLock(database).alone("restoring a backup"),
        tempfile.TemporaryDirectory(prefix="scorekeeper-restore-") as folder,
    ):
        checked, _ = _checked_copy(path, Path(folder))
        scratch = checked.sqlite_path
        checked.dispose()
        assert scratch is not None
        try:
            kept = files.set_aside(database, end=".damaged")
        except OSError as error:
            raise StorageError(
                f"{database}: cannot be moved aside to make room for the backup "
                f"({error.strerror}); nothing was changed"
            ) from None
        try:
            files.sqlite_backup(scratch, database)
        except files.WriteFailed as error:
            files.put_back(kept, database)
            raise StorageError(
                f"{database}: cannot take in the backup {source} ({error}); the damaged "
                "database is left as it was"
            ) from None
    logger.info("damaged %s set aside as %s and restored from %s", database, kept, path)
    return kept


def _checked_copy(path: Path, folder: Path) -> tuple[Database, dict[str, Any]]:
    """The backup in PATH as an up-to-date scratch SQLite database in FOLDER, every
    night in it checked and rescored, with all its rows; raises `StorageError` naming
    the backup (never the scratch file) and the first thing wrong."""
    scratch = folder / "restore.sqlite3"
    try:
        try:
            copied = files.is_sqlite_file(path)
        except OSError as error:
            raise StorageError(
                f"{path}: cannot be read ({error.strerror}); nothing was changed"
            ) from None
        if copied:
            _scratch_copy(path, scratch)
            _check_sqlite_backup(scratch, source=path)
        else:
            rows = _read_dump(path)
        checked = open_database(f"sqlite:///{scratch}")
        try:
            if copied:
                rows = dump(checked)
                _check_rows(checked, rows, source=path)
            else:
                _load_dump(checked, rows, source=path)
            _check_contents(checked, source=path)
        except StorageError:
            checked.dispose()
            raise
    except StorageError as error:
        message = str(error).replace(f"sqlite:///{scratch}", str(path))
        raise StorageError(message.replace(str(scratch), str(path))) from None
    return checked, rows


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
            f"{path}: cannot be copied to the temporary folder {tempfile.gettempdir()} to "
            f"be checked ({files.why_not_written(error, scratch)}); nothing was changed"
        ) from None


def _check_rows(db: Database, rows: dict[str, Any], *, source: Path) -> None:
    """A SQLite backup's ROWS held to what a dump's are: every value against its column
    (`backup.check_rows`) and every reference to a row that exists."""
    try:
        files.check_rows(SQLModel.metadata, rows)
    except files.BadDump as error:
        raise StorageError(f"{source}: {error}. Nothing was changed.") from None
    with db.engine.connect() as connection:
        dangling = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if dangling:
        table, row, parent = dangling[0][0], dangling[0][1], dangling[0][2]
        raise StorageError(
            f"{source}: table {table}, row id {row}: refers to a {parent} that is not in the "
            "backup. Nothing was changed."
        )


def _check_sqlite_backup(path: Path, *, source: Path) -> None:
    """The scratch copy PATH of the SQLite backup SOURCE must be whole
    (`integrity_check`) and a Scorekeeper database."""
    try:
        with contextlib.closing(sqlite3.connect(path)) as con:
            damage = con.execute("PRAGMA integrity_check").fetchall()
            has_schema = con.execute(
                "SELECT 1 FROM sqlite_master WHERE name = 'alembic_version'"
            ).fetchall()
    except sqlite3.Error as error:
        raise StorageError(f"{source}: cannot be read as a backup ({error})") from None
    if damage != [("ok",)]:
        raise StorageError(f"{source}: the backup is damaged ({damage[0][0]}); nothing was changed")
    if not has_schema:
        raise StorageError(f"{source}: is not a Scorekeeper backup (no schema in it)")


def _read_dump(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_DUMP_BYTES + 1)
    except OSError as error:
        raise StorageError(
            f"{path}: cannot be read ({error.strerror}); nothing was changed"
        ) from None
    document, problems = parse_json(data, limit=MAX_DUMP_BYTES)
    if problems:
        raise StorageError(
            f"{path}: is neither a SQLite backup nor a readable dump ({problems[0]})"
        )
    if not isinstance(document, dict) or document.get("format") != files.DUMP_FORMAT:
        raise StorageError(f"{path}: is not a Scorekeeper dump")
    if document.get("schema") != SCHEMA_HEAD:
        raise StorageError(
            f"{path}: the dump has schema {document.get('schema')!r} but this app writes "
            f"{SCHEMA_HEAD!r}; restore it with the version of the app that made it"
        )
    tables = document.get("tables")
    expected = {table.name for table in SQLModel.metadata.sorted_tables}
    if not isinstance(tables, dict) or not expected <= set(tables):
        missing = sorted(expected - set(tables if isinstance(tables, dict) else ()))
        raise StorageError(
            f"{path}: is not a complete dump (no {', '.join(missing)}); a dump lists every "
            "table, even an empty one. Nothing was changed."
        )
    return document


def _check_contents(db: Database, *, source: Path) -> None:
    """Every night checked and rescored as an import is, every league's standings and
    money read: what the restored database will be asked, asked first."""
    from scorekeeper.store.league import Period, standings
    from scorekeeper.store.money import league_money
    from scorekeeper.store.night_history import rescore_whole

    with db.session() as session:
        ids = session.scalars(select(col(NightRow.id)).order_by(col(NightRow.id)))
        night_ids = [i for i in ids if i is not None]
        leagues = list(session.scalars(select(col(LeagueRow.name))))
    # The rows are untrusted: whatever goes wrong while reading them means "refuse".
    for night_id in night_ids:
        try:
            rescore_whole(db, night_id=night_id)
        except Exception as error:
            raise StorageError(
                f"{source}: night {night_id} in the backup {_refusal(error)}"
            ) from None
    for league in leagues:
        try:
            standings(db, Period(league=league))
            league_money(db, league=league)
        except Exception as error:
            raise StorageError(
                f"{source}: league {league!r} in the backup {_refusal(error)}"
            ) from None


def _refusal(error: Exception) -> str:
    if isinstance(error, InvalidNight | StorageError):
        return f"is wrong: {str(error).splitlines()[0]}. Nothing was changed."
    return f"cannot be read ({type(error).__name__}: {error}). Nothing was changed."


def _replace(
    db: Database, checked: Database, rows: dict[str, Any], *, source: Path, kept: Path | None
) -> None:
    """Put the checked scratch database's ROWS in place of DB's, all or nothing."""
    target = db.sqlite_path
    scratch = checked.sqlite_path
    assert scratch is not None
    if target is None:
        _load_dump(db, rows, source=source)
        return
    db.engine.dispose()
    checked.dispose()
    # Through SQLite's backup API into the live file (never a file swap, which would
    # leave the old write-ahead log beside the new data): all pages or none.
    try:
        files.sqlite_copy_into(scratch, target)
    except files.WriteFailed as error:
        copy = f"; the database as it was is also kept in {kept}" if kept else ""
        raise StorageError(
            f"{target}: cannot take in the backup {source} ({error}); the database is as "
            f"it was{copy}"
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
            f"{source}: cannot be rebuilt at the database's page size ({why}); nothing was changed"
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
            raise StorageError(f"{source}: {error}. Nothing was changed.") from None
        if db.url.get_backend_name() == "postgresql":
            for table in metadata.sorted_tables:
                if "id" in table.c and table.c.id.autoincrement is not False:
                    connection.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
                        )
                    )
