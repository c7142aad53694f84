"""Where the data lives: the database URL, the engine, migrations, and clear errors.

By default a SQLite file in the user's data folder (WAL journal, foreign keys on, a busy
timeout, write transactions that take the lock up front); `--database URL` or
`SCOREKEEPER_DATABASE_URL` selects any SQLAlchemy URL, PostgreSQL included.  Opening a
database brings its schema up to date with alembic, after copying a SQLite file to a
timestamped backup beside it; a database made by a newer version is refused untouched.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import platformdirs
from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError
from sqlmodel import Session

from scorekeeper.store import backup as backups
from scorekeeper.store.errors import DamagedDatabase, StorageError
from scorekeeper.store.open_lock import OpenLock

if TYPE_CHECKING:
    from alembic.config import Config

APP_NAME = "sheepshead-scorekeeper"
ENV_URL = "SCOREKEEPER_DATABASE_URL"
BUSY_TIMEOUT_MS = 15_000
# A database server's limits, in whole seconds (docs/decisions.md, "Timeouts"): to
# answer a connection, to finish one statement, to wait for another program's lock.
# Each can be changed by its environment variable (the tests make them short).
CONNECT_TIMEOUT_S, STATEMENT_TIMEOUT_S, LOCK_TIMEOUT_S = 10, 30, 15
ENV_TIMEOUTS = {
    "connect": "SCOREKEEPER_CONNECT_TIMEOUT",
    "statement": "SCOREKEEPER_STATEMENT_TIMEOUT",
    "lock": "SCOREKEEPER_LOCK_TIMEOUT",
}
MIGRATIONS = Path(__file__).with_name("migrations")
# The newest migration.  A database already at it opens without importing alembic (a
# second of the app's start); tests/store/test_migrations.py checks it is the head.
SCHEMA_HEAD = "0012"


def default_path() -> Path:
    """The default SQLite file, in the user's data folder."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "scorekeeper.sqlite3"


def resolve_url(url: str | None) -> str:
    """The database URL to use: the one given, else the environment's, else the default."""
    chosen = url or os.environ.get(ENV_URL) or ""
    return chosen or f"sqlite:///{default_path()}"


def describe(url: URL) -> str:
    """A database as a user may see it: a SQLite file by its path, any other by its URL
    without the password."""
    path = _sqlite_file(url)
    return str(path) if path is not None else url.render_as_string(hide_password=True)


def sqlite_file_of(url: str | None) -> Path | None:
    """The SQLite file a database URL (or the default) names; None for any other."""
    try:
        return _sqlite_file(make_url(resolve_url(url)))
    except ArgumentError:
        return None


def alembic_config() -> Config:
    """The migration environment of this package, for alembic's commands."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


@dataclass
class Database:
    """An open, up-to-date database: sessions for reading, transactions for writing."""

    engine: Engine
    url: URL
    open_lock: OpenLock | None = None  # held while a SQLite file is open (open_lock.py)

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite file, or None for a server database or an in-memory one."""
        return _sqlite_file(self.url)

    @property
    def is_sqlite(self) -> bool:
        return self.url.get_backend_name() == "sqlite"

    @contextlib.contextmanager
    def session(self) -> Iterator[Session]:
        """A session for reading (and for a write the caller commits itself)."""
        with self.translate_errors(), Session(self.engine, expire_on_commit=False) as session:
            yield session

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Session]:
        """One write transaction: committed when the block ends, rolled back on any error,
        so nothing is ever half-written."""
        with (
            self.translate_errors(),
            Session(self.engine, expire_on_commit=False) as session,
            session.begin(),
        ):
            yield session

    @contextlib.contextmanager
    def translate_errors(self) -> Iterator[None]:
        """Turn database failures into a `StorageError` that says what to do."""
        try:
            yield
        except DBAPIError as error:
            kind = DamagedDatabase if _is_damage(error) else StorageError
            raise kind(self.explain(error)) from error

    def explain(self, error: DBAPIError) -> str:
        """Plain words for a database failure, naming the newest backup where there is one."""
        server = _server_words(self.url, error)
        if server is not None:
            return server + self.backup_hint()
        text = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        lowered = text.lower()
        where = describe(self.url)
        if "disk is full" in lowered or "no space" in lowered:
            message = f"the disk holding {where} is full; nothing was written"
        elif _is_damage(error):
            message = f"the database {where} is damaged ({text}); nothing was changed"
        elif "locked" in lowered or "busy" in lowered:
            message = f"the database {where} is busy in another program; try again ({text})"
        elif "read-only" in lowered or "readonly" in lowered:
            message = f"the database {where} cannot be written ({text})"
        else:
            message = f"the database {where} failed: {text}"
        return message + self.backup_hint()

    def backup_hint(self) -> str:
        return backup_hint(self.sqlite_path)

    def dispose(self) -> None:
        """Close every connection and let go of the file."""
        self.engine.dispose()
        if self.open_lock is not None:
            self.open_lock.release()


def backup_hint(path: Path | None) -> str:
    """'; the newest backup is FILE' for a SQLite file with a backup beside it, else ''
    (the folder is read only when a message needs it)."""
    newest = backups.newest_backup(path) if path else None
    return f"; the newest backup is {newest}" if newest else ""


def _is_damage(error: DBAPIError) -> bool:
    text = str(error.orig).lower() if error.orig else str(error).lower()
    return any(word in text for word in ("malformed", "not a database", "corrupt"))


@dataclass(frozen=True)
class ServerTimeouts:
    """How long a database server may take, in seconds: to answer a new connection, to
    finish one statement, and to wait for a lock another program holds."""

    connect: int = CONNECT_TIMEOUT_S
    statement: int = STATEMENT_TIMEOUT_S
    lock: int = LOCK_TIMEOUT_S


def server_timeouts(url: URL) -> ServerTimeouts:
    """The timeouts for URL: a `connect_timeout` in the URL itself, else the environment's
    (`ENV_TIMEOUTS`), else the defaults; raises `StorageError` for a value that is not
    a whole number of seconds."""
    chosen: dict[str, int] = {}
    for kind, variable in ENV_TIMEOUTS.items():
        given = url.query.get("connect_timeout") if kind == "connect" else None
        source = "connect_timeout in the URL" if given else variable
        text = given if isinstance(given, str) else os.environ.get(variable, "")
        if text.strip():
            chosen[kind] = _whole_seconds(text, source, least=2 if kind == "connect" else 1)
    return ServerTimeouts(**chosen)


def _whole_seconds(text: str, source: str, *, least: int) -> int:
    try:
        value = int(text.strip())
    except ValueError:
        value = least - 1
    if value < least:
        raise StorageError(f"{source}: {text!r} is not a whole number of seconds, {least} or more")
    return value


def server_address(url: URL) -> str:
    """HOST:PORT of a server database, as the user's URL names it."""
    port = url.port or (5432 if url.get_backend_name() == "postgresql" else None)
    host = url.host or "localhost"
    return f"{host}:{port}" if port else host


def server_connect_args(url: URL, timeouts: ServerTimeouts) -> dict[str, Any]:
    """psycopg's connection settings: the connect timeout, TCP keepalives (a vanished
    server is noticed), and the statement and lock timeouts as server options (before
    any `options` of the URL's own, which therefore win)."""
    if url.get_backend_name() != "postgresql":
        return {}
    limits = (
        f"-c statement_timeout={timeouts.statement * 1000} -c lock_timeout={timeouts.lock * 1000}"
    )
    own = url.query.get("options")
    return {
        "connect_timeout": timeouts.connect,
        "keepalives": 1,
        "keepalives_idle": 10,
        "keepalives_interval": 5,
        "keepalives_count": 3,
        "options": f"{limits} {own}" if isinstance(own, str) else limits,
    }


def make_engine(url: URL) -> Engine:
    """An engine set up for this app: SQLite pragmas and locking, or a server pool with
    timeouts (`server_timeouts`), so an unresponsive server is an error, not a hang."""
    if url.get_backend_name() != "sqlite":
        args = server_connect_args(url, server_timeouts(url))
        return create_engine(url, pool_pre_ping=True, connect_args=args)
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control from pysqlite, so that BEGIN IMMEDIATE below holds the
        # write lock from a transaction's first read: two processes appending hands can
        # then never both read the same "last position".
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys = ON")
        if url.database and url.database != ":memory:":
            # WAL is switched on once the file is known to be ours (`_use_wal`): a
            # refused foreign or newer file is left exactly as it was.
            cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _server_words(url: URL, error: DBAPIError) -> str | None:
    """Plain words for a server that did not answer, timed out or refused; None for any
    other failure.  Known by the driver's error class and SQLSTATE (its words only tell a
    statement timeout from a cancel, and show a refusal)."""
    if url.get_backend_name() == "sqlite" or error.orig is None:
        return None
    kinds = {kind.__name__ for kind in type(error.orig).__mro__}
    state = getattr(error.orig, "sqlstate", None)
    first = str(error.orig).strip().splitlines()[0] if str(error.orig).strip() else ""
    where, limits = server_address(url), server_timeouts(url)
    if "ConnectionTimeout" in kinds:
        return (
            f"the database server at {where} did not answer within {limits.connect} s; "
            "is it running, and is that its address? Nothing was read or written"
        )
    if state == "55P03":  # lock_not_available: lock_timeout
        return (
            f"the database {describe(url)} is busy: another program held what this "
            f"needed for {limits.lock} s; try again (nothing was written)"
        )
    if state == "57014" and "statement timeout" in first:  # query_canceled
        return (
            f"the database server at {where} did not finish within {limits.statement} "
            "s (is it overloaded?); try again (nothing was written)"
        )
    if "connection refused" in first.lower():
        return (
            f"the database server at {where} refused the connection; is it running, "
            "and is that its address?"
        )
    return None


def open_database(url: str | None = None, *, upgrade: bool = True) -> Database:
    """Open (creating if need be) and migrate the database; raises `StorageError`."""
    try:
        parsed = make_url(resolve_url(url))
    except ArgumentError:
        raise StorageError(f"{url!r} is not a database URL", field="database") from None
    path = _sqlite_file(parsed)
    lock = None
    if path is not None:
        _check_sqlite_file(path)
        lock = OpenLock(path)
        lock.take()
    try:
        engine = make_engine(parsed)
    except (NoSuchModuleError, ModuleNotFoundError) as error:
        raise StorageError(
            f"no driver for {describe(parsed)} ({error})", field="database"
        ) from None
    database = Database(engine=engine, url=parsed, open_lock=lock)
    try:
        with database.translate_errors():
            _bring_up_to_date(database, upgrade=upgrade)
    except StorageError:
        database.dispose()
        raise
    except SQLAlchemyError as error:
        database.dispose()
        raise StorageError(f"cannot open {describe(parsed)}: {error}") from error
    return database


def _sqlite_file(url: URL) -> Path | None:
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def _check_sqlite_file(path: Path) -> None:
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a database file")
    if not path.exists():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StorageError(f"cannot create the folder for {path}: {error}") from None
        return
    with path.open("rb") as handle:
        head = handle.read(len(backups.SQLITE_MAGIC))
    if head and head != backups.SQLITE_MAGIC:
        raise DamagedDatabase(
            f"{path} is not a Scorekeeper database (not a SQLite file){backup_hint(path)}. "
            "Nothing was changed."
        )
    wal = path.with_name(path.name + "-wal")
    if not head and not (wal.exists() and wal.stat().st_size):
        raise DamagedDatabase(
            f"the database {path} is empty (0 bytes): whatever it held is gone"
            f"{backup_hint(path)}. "
            "Nothing was changed; to start a new database there, delete the file."
        )
    _check_writable(path)


def _check_writable(path: Path) -> None:
    """Refuse a read-only database file before SQLite opens it: SQLite would make its
    -shm file read-only too, and that file would block every later open even after the
    database is made writable.  Such a -shm left by an earlier version is repaired."""
    fix = f"make it writable (chmod u+w '{path}'). Nothing was changed."
    if _on_read_only_disk(path):
        raise StorageError(
            f"the database {path} is on a read-only disk or folder; copy it to a writable "
            "folder (or make the disk writable) to open it. Nothing was changed."
        )
    if not os.access(path, os.R_OK | os.W_OK):
        raise StorageError(f"the database {path} is a read-only file; {fix}")
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise StorageError(f"the folder holding the database {path} is read-only; {fix}")
    for suffix in ("-shm", "-wal"):
        extra = path.with_name(path.name + suffix)
        if extra.exists() and not os.access(extra, os.R_OK | os.W_OK):
            try:
                extra.chmod(path.stat().st_mode & 0o666)
            except OSError:
                raise StorageError(
                    f"{extra} is read-only (left from a read-only database); make it "
                    f"writable (chmod u+w '{extra}'). Nothing was changed."
                ) from None


def _on_read_only_disk(path: Path) -> bool:
    """True when PATH lies on a file system mounted read-only (no chmod can help)."""
    if not hasattr(os, "statvfs"):
        return False
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _bring_up_to_date(database: Database, *, upgrade: bool) -> None:
    with database.engine.connect() as connection:
        if database.is_sqlite:
            _open_check(database, connection)
        stored = _stored_revision(connection)
    if stored != SCHEMA_HEAD:
        _migrate(database, upgrade=upgrade)
    if database.sqlite_path is not None and upgrade:
        _use_wal(database)


def _use_wal(database: Database) -> None:
    """Write-ahead logging: readers never wait for a writer (kept in the file, so this
    writes only the first time)."""
    raw = database.engine.raw_connection()  # outside SQLAlchemy's BEGIN IMMEDIATE
    try:
        cursor = raw.cursor()
        if str(cursor.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.close()
    except sqlite3.Error as error:
        path = database.sqlite_path
        why = backups.why_not_written(error, path)
        raise StorageError(
            f"the database {describe(database.url)} cannot be opened for writing ({why}); "
            "nothing was changed"
        ) from None
    finally:
        raw.close()


def _stored_revision(connection: Any) -> str | None:
    """The schema revision alembic recorded, read without alembic (None when there is
    no one revision recorded)."""
    recorded = _recorded_revisions(connection)
    return recorded[0] if recorded is not None and len(recorded) == 1 else None


def _recorded_revisions(connection: Any) -> list[Any] | None:
    """Every row of `alembic_version`, or None when the table is not there."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return list(connection.execute(text("SELECT version_num FROM alembic_version")).scalars())


def _migrate(database: Database, *, upgrade: bool) -> None:
    """Refuse a foreign or newer database; else back up and migrate to the head."""
    from alembic import command
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    with database.engine.connect() as connection:
        recorded = _recorded_revisions(connection)
        tables = set(inspect(connection).get_table_names())
    if not recorded and tables - {"alembic_version"}:
        raise StorageError(
            f"{describe(database.url)} holds tables of another program, not a Scorekeeper "
            "database; choose another file or database. Nothing was changed."
        )
    known = {rev.revision for rev in script.walk_revisions()}
    current = _known_revision(database, recorded or [], known, head or "")
    if current == head or not upgrade:
        return
    if database.is_sqlite and current is not None:
        with database.engine.connect() as connection:
            _integrity_check(database, connection, full=True)
    before = _backup_before_migration(database, current, head or "")
    config = alembic_config()
    try:
        with database.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except DBAPIError as error:
        if before is None or database.is_sqlite:
            raise  # a SQLite failure names its newest backup (`Database.explain`)
        raise StorageError(
            f"{database.explain(error)}; the migration to schema {head} was undone, and "
            f"the backup taken before it is {before}"
        ) from error


def _known_revision(
    database: Database, recorded: list[Any], known: set[str], head: str
) -> str | None:
    """The one schema revision recorded, if this app knows it; else a `StorageError`
    that tells a newer database from a damaged record."""
    where = describe(database.url)
    if not recorded:
        return None
    if len(recorded) > 1 or not isinstance(recorded[0], str):
        shown = ", ".join(repr(r) for r in recorded)
        raise DamagedDatabase(
            f"{where} has a damaged schema record (alembic_version holds {shown}, not one "
            f"revision); it cannot be opened safely. Nothing was changed.{database.backup_hint()}"
        )
    current: str = recorded[0]
    if current in known:
        return current
    if current.isdigit() and head.isdigit() and int(current) > int(head):
        raise StorageError(
            f"{where} was made by a newer version of Sheepshead Scorekeeper "
            f"(schema {current}); update the app to open it. Nothing was changed."
        )
    raise DamagedDatabase(
        f"{where} has a schema record this app never wrote ({current!r}): it is damaged "
        f"or not a Scorekeeper database. Nothing was changed.{database.backup_hint()}"
    )


def backup_folder() -> Path:
    """Where the backups taken before migrating a server database go: the user's data
    folder (a SQLite file's backups go beside it)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "backups"


def _backup_before_migration(database: Database, current: str | None, head: str) -> Path | None:
    """Back up a database at schema CURRENT before it is migrated to HEAD (None for a
    new or in-memory database: nothing to keep); raises `StorageError` when the backup
    cannot be written, and then nothing is migrated."""
    if current is None or (database.is_sqlite and database.sqlite_path is None):
        return None
    return keep_copy(
        database, before=head, schema=current, purpose=f"migrating it to schema {head}"
    )


def keep_copy(database: Database, *, before: str, purpose: str, schema: str = SCHEMA_HEAD) -> Path:
    """A copy of the whole database before something changes or replaces it: a SQLite
    file copied beside itself, any other database dumped to JSON (every table it really
    has, at schema revision SCHEMA) in `backup_folder()`.  Raises `StorageError`, having
    written nothing, when the copy cannot be made."""
    path = database.sqlite_path
    if path is not None:
        target = backups.timestamped_backup_path(path, before=before)
    else:
        label = f"{server_address(database.url)}-{database.url.database or ''}"
        target = backups.timestamped_dump_path(backup_folder(), label, before=before)
    try:
        if path is not None:
            backups.sqlite_backup(path, target)
        else:
            backups.write_json(target, _dump_as_stored(database, schema))
    except backups.WriteFailed as error:
        raise StorageError(
            f"cannot back up {describe(database.url)} to {target} before {purpose} ({error}); "
            "nothing was changed"
        ) from None
    return target


def write_copy(database: Database, target: Path) -> None:
    """Copy the whole database to TARGET: a SQLite file by SQLite's online backup, any
    other database as a JSON dump of every row.  Raises `backups.WriteFailed`."""
    path = database.sqlite_path
    if path is not None:
        backups.sqlite_backup(path, target)
    else:
        backups.write_json(target, _dump_as_stored(database, SCHEMA_HEAD))


def _dump_as_stored(database: Database, current: str) -> dict[str, Any]:
    """Every row of a server database as it is, read in one consistent snapshot."""
    with database.engine.connect() as connection:
        snapshot = connection.execution_options(isolation_level="REPEATABLE READ")
        with snapshot.begin():
            return backups.dump_as_stored(snapshot, current)


# Above this size the check made at every open is SQLite's quick_check, which reads
# every page but does not compare indexes with their tables (0.2 s against 0.65 s for
# the full check on the 87 MB benchmark league); the full check still runs before any
# write after an unclean shutdown, before a migration, a backup, a restore or an import.
FULL_CHECK_BYTES = 32 * 1024 * 1024


def _open_check(database: Database, connection: Any) -> None:
    """The check made at every open of a SQLite file: the full `integrity_check` for a
    small file or after an unclean shutdown (a write-ahead log left behind), else
    `quick_check`."""
    path = database.sqlite_path
    full = path is None or not path.exists() or path.stat().st_size <= FULL_CHECK_BYTES
    wal = path.with_name(path.name + "-wal") if path is not None else None
    if wal is not None and wal.exists() and wal.stat().st_size > 0:
        full = True
    _integrity_check(database, connection, full=full)


def check_whole(database: Database) -> None:
    """SQLite's full `integrity_check` (indexes compared with their tables), before a
    command writes much or copies the database; a server database checks itself."""
    if database.is_sqlite:
        with database.translate_errors(), database.engine.connect() as connection:
            _integrity_check(database, connection, full=True)


def _integrity_check(database: Database, connection: Any, *, full: bool) -> None:
    pragma = "integrity_check(1)" if full else "quick_check(1)"
    try:
        rows = connection.exec_driver_sql(f"PRAGMA {pragma}").fetchall()
    except DBAPIError as error:
        raise StorageError(database.explain(error)) from None
    if [tuple(r) for r in rows] != [("ok",)]:
        found = str(rows[0][0]) if rows else "no answer"
        found = " ".join(found.replace("*** in database main ***", "").split())
        raise DamagedDatabase(
            f"the database {describe(database.url)} is damaged (SQLite's check found: "
            f"{found}); nothing was changed" + database.backup_hint()
        )
