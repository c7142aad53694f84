"""An open database: sessions and write transactions, failures in plain words, and
opening, which brings the schema up to date.

Opening a database (`open_database`, the URL and engine from `store.engine`) makes a
new SQLite file whole (`store.sqlite_file`) or migrates an older schema with alembic,
one program at a time, after copying the database to a timestamped backup; a database
made by a newer version is refused untouched.
"""

from __future__ import annotations

import contextlib
import glob
import logging
import os
import random
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import platformdirs
from sqlalchemy import Engine, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError, SQLAlchemyError
from sqlmodel import Session

from scorekeeper.i18n import _
from scorekeeper.store import backup as backups
from scorekeeper.store import early_check, sqlite_file
from scorekeeper.store.engine import (
    BUSY_TIMEOUT_MS,
    CROSSED,
    NOT_UTF8_SCHEMA,
    READING_ONLY,
    describe,
    make_engine,
    resolve_url,
    server_address,
    server_words,
    sqlite_file_named,
)
from scorekeeper.store.errors import DamagedDatabase, StorageError
from scorekeeper.store.location import APP_NAME, ENV_URL
from scorekeeper.store.open_lock import OpenLock
from scorekeeper.store.schema import SCHEMA_HEAD as SCHEMA_HEAD
from scorekeeper.store.sqlite_file import backup_hint

if TYPE_CHECKING:
    from alembic.config import Config

logger = logging.getLogger(__name__)

# One write tried again when a database server refused it only because another
# program's write crossed it, at most this many times in all, after a random pause of
# up to RETRY_PAUSE_S times the tries so far (docs/decisions.md, "Writers at once").
WRITE_TRIES, RETRY_PAUSE_S = 10, 0.05
# How long a program opening a database waits while another migrates it, and the key
# of the PostgreSQL advisory lock the migrating one holds (docs/decisions.md, "One
# migration at a time"): "SKMIGRAT" in ASCII.
MIGRATION_WAIT_S = 120
MIGRATION_LOCK_KEY = 0x534B_4D49_4752_4154
MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config() -> Config:
    """The migration environment of this package, for alembic's commands."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


T = TypeVar("T")


@dataclass
class Database:
    """An open, up-to-date database: sessions for reading, transactions for writing."""

    engine: Engine
    url: URL
    open_lock: OpenLock | None = None  # held while a SQLite file is open (open_lock.py)
    created: bool = False  # this program made it: a new file, or a server database's tables
    backup: Path | None = None  # the copy this program kept before migrating it

    @property
    def sqlite_path(self) -> Path | None:
        """The SQLite file, or None for a server database or an in-memory one."""
        return sqlite_file_named(self.url)

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

    def write(self, work: Callable[[Session], T]) -> T:
        """WORK(session) in one write transaction (`transaction`), run again from the
        start when a database server refused it only because another program's write
        crossed it (a serialization failure or a deadlock: nothing of it was kept), up
        to WRITE_TRIES times in all.  For writes that create what other programs may
        create at the same moment: a league, a season, players, a night."""
        for tries in range(1, WRITE_TRIES + 1):
            try:
                with self.transaction() as session:
                    return work(session)
            except StorageError as error:
                if tries == WRITE_TRIES or not _crossed(error.__cause__):
                    raise
            time.sleep(random.uniform(0, RETRY_PAUSE_S * tries))
        raise AssertionError("the last try returns or raises")

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
        server = server_words(self.url, error)
        if server is not None:
            return server + self.backup_hint()
        text = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        lowered = text.lower()
        where = describe(self.url)
        if "disk is full" in lowered or "no space" in lowered:
            message = _("the disk holding {database} is full; nothing was written")
        elif _is_unique_violation(error):
            message = _(
                "another program stored the same name or number in {database} at the same "
                "moment; try again (nothing was written)"
            )
        elif "could not decode to utf-8" in lowered:  # a value, not the schema
            found = re.search(r"column '([^']*)'", text)
            message = _(
                "the database {database} is damaged: a value in its column {column} is not "
                "UTF-8 text; nothing was changed"
            )
            return (
                message.format(database=where, column=found[1] if found else "?")
                + self.backup_hint()
            )
        elif NOT_UTF8_SCHEMA in text:
            message = _(
                "the database {database} is damaged (its schema holds bytes that are not "
                "UTF-8 text); nothing was changed"
            )
        elif _is_damage(error):
            message = _("the database {database} is damaged ({error}); nothing was changed")
        elif "locked" in lowered or "busy" in lowered:
            message = _("the database {database} is busy in another program; try again ({error})")
        elif "read-only" in lowered or "readonly" in lowered:
            message = _("the database {database} cannot be written ({error})")
        else:
            message = _("the database {database} failed: {error}")
        return message.format(database=where, error=text) + self.backup_hint()

    def backup_hint(self) -> str:
        return backup_hint(self.sqlite_path)

    def dispose(self) -> None:
        """Close every connection and let go of the file."""
        self.engine.dispose()
        if self.open_lock is not None:
            self.open_lock.release()


def _crossed(error: BaseException | None) -> bool:
    """True for a server's refusal of a transaction another one crossed (`CROSSED`)."""
    orig = error.orig if isinstance(error, DBAPIError) else None
    return getattr(orig, "sqlstate", None) in CROSSED


def _is_unique_violation(error: DBAPIError) -> bool:
    """True when a row would have had the name or number another row holds: PostgreSQL's
    unique_violation, SQLite's UNIQUE constraint."""
    if getattr(error.orig, "sqlstate", None) == "23505":
        return True
    return "unique constraint failed" in str(error.orig).lower()


def _is_damage(error: DBAPIError) -> bool:
    text = str(error.orig).lower() if error.orig else str(error).lower()
    words = ("malformed", "not a database", "corrupt", "could not decode to utf-8")
    return any(word in text for word in words)


def open_database(url: str | None = None, *, upgrade: bool = True) -> Database:
    """Open (creating if need be) and migrate the database; raises `StorageError`."""
    try:
        parsed = make_url(resolve_url(url))
    except ArgumentError:
        raise StorageError(
            _("{url} is not a database URL").format(url=repr(url)), field="database"
        ) from None
    path = sqlite_file_named(parsed)
    lock = None
    if path is not None:
        given = url or os.getenv(ENV_URL)
        sqlite_file.check(path, make_folder=not given, field="database" if url else None)
        lock = OpenLock(path)
        lock.take()
    # Taken before any connection: taking it reads the file's header, and closing a file
    # this process opened drops every POSIX lock the process holds on it, SQLite's own
    # (another program's reader would then delete the log this process still writes).
    early = early_check.answer(path) if path is not None else None
    try:
        engine = make_engine(parsed)
    except (NoSuchModuleError, ModuleNotFoundError) as error:
        raise StorageError(
            _("no driver for {database} ({error})").format(database=describe(parsed), error=error),
            field="database",
        ) from None
    database = Database(engine=engine, url=parsed, open_lock=lock)
    try:
        with database.translate_errors():
            if path is not None and upgrade and not path.exists():
                database.created = sqlite_file.make_new(path, lambda new: _build(parsed, new))
            _bring_up_to_date(database, upgrade=upgrade, early=early)
    except StorageError:
        database.dispose()
        raise
    except SQLAlchemyError as error:
        database.dispose()
        raise StorageError(
            _("cannot open {database}: {error}").format(database=describe(parsed), error=error)
        ) from error
    logger.info("database %s %s", "made" if database.created else "opened", describe(parsed))
    return database


def _bring_up_to_date(
    database: Database, *, upgrade: bool, early: list[tuple[object, ...]] | None
) -> None:
    """The open's checks and the schema record, read without SQLite's write lock (so
    that they do not wait while another program migrates: only `_migrate` waits, for
    as long as a migration may take), then the migration when the schema is not at the
    head, and WAL."""
    with database.engine.connect() as connection:
        connection.execution_options(**{READING_ONLY: True})
        if database.is_sqlite:
            _open_check(database, connection, early)
        stored = _stored_revision(connection)
    if stored != SCHEMA_HEAD:
        _migrate(database, upgrade=upgrade)
    if database.sqlite_path is not None and upgrade:
        _use_wal(database.engine, database.url)


def _build(url: URL, path: Path) -> None:
    """A new SQLite database made whole at PATH (a scratch file `sqlite_file.make_new`
    links into place): every table, in WAL mode."""
    engine = make_engine(url.set(database=str(path)))
    try:
        with engine.begin() as connection:
            _upgrade(connection)
        _use_wal(engine, url)
    finally:
        engine.dispose()


def _use_wal(engine: Engine, url: URL) -> None:
    """Write-ahead logging: readers never wait for a writer (kept in the file, so this
    writes only the first time).  The switch needs the file to itself: while another
    program is in a transaction on it (a file an older program made, opened by several
    at once) it is left to a later open."""
    raw = engine.raw_connection()  # outside SQLAlchemy's BEGIN IMMEDIATE
    try:
        cursor = raw.cursor()
        if str(cursor.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.close()
    except sqlite3.OperationalError as error:
        if "locked" not in str(error).lower():
            _not_writable(error, url)
    except sqlite3.Error as error:
        _not_writable(error, url)
    finally:
        raw.close()


def _not_writable(error: sqlite3.Error, url: URL) -> NoReturn:
    why = backups.why_not_written(error, sqlite_file_named(url))
    raise StorageError(
        _(
            "the database {database} cannot be opened for writing ({why}); nothing was changed"
        ).format(database=describe(url), why=why)
    ) from None


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
    """Refuse a foreign or newer database; else back up and migrate it to the head, one
    program at a time (`_alone_to_migrate`): the one that migrates backs up first, and
    the others, having waited, find it at the head and open it."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head() or ""
    known = {rev.revision for rev in script.walk_revisions()}
    with database.engine.connect() as connection, _alone_to_migrate(database, connection):
        recorded = _recorded_revisions(connection)
        tables = set(inspect(connection).get_table_names())
        if not recorded and tables - {"alembic_version"}:
            raise StorageError(
                _(
                    "{database} holds tables of another program, not a "
                    "Scorekeeper database; choose another file or database. Nothing was changed."
                ).format(database=describe(database.url))
            )
        current = _known_revision(database, recorded or [], known, head)
        if current == head or not upgrade:
            return
        if database.is_sqlite and current is not None:
            _integrity_check(database, connection, full=True)
        database.backup = _backup_before_migration(database, current, head)
        database.created = current is None
        logger.info(
            "migrating %s from schema %s to %s", describe(database.url), current or "none", head
        )
        try:
            _upgrade(connection)
        except DBAPIError as error:
            if database.backup is None or database.is_sqlite:
                raise  # a SQLite failure names its newest backup (`Database.explain`)
            raise StorageError(
                _(
                    "{failure}; the migration to schema {schema} was undone, "
                    "and the backup taken before it is {backup}"
                ).format(failure=database.explain(error), schema=head, backup=database.backup)
            ) from error
        logger.info("migrated %s to schema %s", describe(database.url), head)


def _upgrade(connection: Any) -> None:
    """Alembic's upgrade to the head, in CONNECTION's transaction."""
    from alembic import command

    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


@contextlib.contextmanager
def _alone_to_migrate(database: Database, connection: Any) -> Iterator[None]:
    """A transaction on CONNECTION in which this program alone may migrate the
    database: SQLite's write lock (BEGIN IMMEDIATE), a server's advisory lock (held to
    the transaction's end), each waited for up to MIGRATION_WAIT_S while another
    program migrates it; a `StorageError` when that is not long enough."""
    waited = _(
        "another program has been bringing {database} up to date for "
        "{seconds} s and has not finished; open it again once it has "
        "(nothing was changed)"
    ).format(database=describe(database.url), seconds=MIGRATION_WAIT_S)
    logger.debug("waiting to be the one program migrating %s", describe(database.url))
    if database.is_sqlite:
        raw = connection.connection.driver_connection
        raw.execute(f"PRAGMA busy_timeout = {MIGRATION_WAIT_S * 1000}")
        try:
            transaction = connection.begin()  # BEGIN IMMEDIATE: waits for the lock
        except DBAPIError as error:
            if "locked" in str(error.orig).lower():
                raise StorageError(waited) from error
            raise
        finally:
            raw.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        with transaction:
            yield
        return
    with connection.begin():
        if database.url.get_backend_name() == "postgresql":
            _advisory_lock(connection, waited)
        yield


def _advisory_lock(connection: Any, waited: str) -> None:
    """PostgreSQL's advisory lock on MIGRATION_LOCK_KEY, for the transaction, waited for
    up to MIGRATION_WAIT_S (the session's own timeouts back in force once it is held)."""
    limits = "SELECT current_setting('lock_timeout'), current_setting('statement_timeout')"
    lock, statement = connection.execute(text(limits)).one()
    setting = text(
        "SELECT set_config('lock_timeout', :lock, true), "
        "set_config('statement_timeout', :statement, true)"
    )
    wait = f"{MIGRATION_WAIT_S}s"
    connection.execute(setting, {"lock": wait, "statement": wait})
    try:
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK_KEY})
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) in ("55P03", "57014"):
            raise StorageError(waited) from error
        raise
    connection.execute(setting, {"lock": lock, "statement": statement})


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
            _(
                "{database} has a damaged schema record (alembic_version holds {found}, not one "
                "revision); it cannot be opened safely. Nothing was changed.{backup_hint}"
            ).format(database=where, found=shown, backup_hint=database.backup_hint())
        )
    current: str = recorded[0]
    if current in known:
        return current
    if current.isdigit() and head.isdigit() and int(current) > int(head):
        raise StorageError(
            _(
                "{database} was made by a newer version of Sheepshead Scorekeeper "
                "(schema {schema}); update the app to open it. Nothing was changed."
            ).format(database=where, schema=current)
        )
    raise DamagedDatabase(
        _(
            "{database} has a schema record this app never wrote ({found}): it is damaged "
            "or not a Scorekeeper database. Nothing was changed.{backup_hint}"
        ).format(database=where, found=repr(current), backup_hint=database.backup_hint())
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
    return keep_copy(database, before=head, schema=current)


def keep_copy(database: Database, *, before: str, schema: str = SCHEMA_HEAD) -> Path:
    """A copy of the whole database before something changes or replaces it (BEFORE:
    "restore", or the schema revision it is migrated to): a SQLite file copied beside
    itself, any other database dumped to JSON (every table it really has, at schema
    revision SCHEMA) in `backup_folder()`.  Raises `StorageError`, having written
    nothing, when the copy cannot be made."""
    folder, start = copies_place(database)
    kind = "bak" if database.sqlite_path is not None else "json"
    target = backups.unused_path(folder, start, f".before-{before}.{kind}")
    # A copy killed half made (its .partial, with SQLite's -journal beside it) is never
    # finished: each copy is made by the one program that has the database alone (a
    # migration, a restore), so any such file left is from one that was stopped.
    for stale in folder.glob(f"{glob.escape(start)}*.before-*.{kind}.partial*"):
        stale.unlink(missing_ok=True)
    try:
        write_copy(database, target, schema)
    except backups.WriteFailed as error:
        logger.warning("no copy of %s written to %s: %s", describe(database.url), target, error)
        if before == "restore":
            message = _(
                "cannot back up {database} to {target} before restoring a backup over it "
                "({error}); nothing was changed"
            )
        else:
            message = _(
                "cannot back up {database} to {target} before migrating it to schema "
                "{schema} ({error}); nothing was changed"
            )
        raise StorageError(
            message.format(
                database=describe(database.url), target=target, schema=before, error=error
            )
        ) from None
    purpose = (
        "restoring a backup over it" if before == "restore" else f"migrating it to schema {before}"
    )
    logger.info("copy of %s written to %s before %s", describe(database.url), target, purpose)
    return target


def copies_place(database: Database) -> tuple[Path, str]:
    """Where copies of DATABASE go, and how their names begin: beside a SQLite file
    ('scorekeeper.sqlite3.'), else in `backup_folder()` under its server, port and
    database, made safe for a file name ('127.0.0.1_5432-league.')."""
    path = database.sqlite_path
    if path is not None:
        return path.parent, f"{path.name}."
    label = f"{server_address(database.url)}-{database.url.database or ''}"
    return backup_folder(), f"{backups.safe_label(label)}."


def write_copy(database: Database, target: Path, schema: str = SCHEMA_HEAD) -> None:
    """Copy the whole database to TARGET: a SQLite file by SQLite's online backup, any
    other database as a JSON dump of every row (every table it really has, at schema
    revision SCHEMA).  Raises `backups.WriteFailed`."""
    path = database.sqlite_path
    if path is not None:
        backups.sqlite_backup(path, target)
    else:
        backups.write_json(target, _dump_as_stored(database, schema))


def _dump_as_stored(database: Database, current: str) -> dict[str, Any]:
    """Every row of a server database as it is, read in one consistent snapshot."""
    with database.engine.connect() as connection:
        snapshot = connection.execution_options(isolation_level="REPEATABLE READ")
        with snapshot.begin():
            return backups.dump_as_stored(snapshot, current)


def _open_check(
    database: Database, connection: Any, early: list[tuple[object, ...]] | None
) -> None:
    """The check made at every open of a SQLite file (`early_check.pragma_for`: the
    full `integrity_check` for a small file or after an unclean shutdown, else
    `quick_check`); EARLY, the answer of the check the start began before the database
    layer was imported, when that was of this very file (store/early_check.py)."""
    path = database.sqlite_path
    if early is not None and path is not None:
        _judge(database, early_check.pragma_for(path), early)
        return
    full = early_check.pragma_for(path).startswith("integrity")
    _integrity_check(database, connection, full=full)


def check_whole(database: Database) -> None:
    """SQLite's full `integrity_check` (indexes compared with their tables), before a
    command writes much or copies the database; a server database checks itself."""
    if database.is_sqlite:
        with database.translate_errors(), database.engine.connect() as connection:
            _integrity_check(database, connection, full=True)


def _integrity_check(database: Database, connection: Any, *, full: bool) -> None:
    pragma = "integrity_check(1)" if full else "quick_check(1)"
    logger.debug("%s of %s", pragma, describe(database.url))
    try:
        rows = connection.exec_driver_sql(f"PRAGMA {pragma}").fetchall()
    except DBAPIError as error:
        raise StorageError(database.explain(error)) from None
    _judge(database, pragma, [tuple(r) for r in rows])


def _judge(database: Database, pragma: str, rows: Sequence[tuple[object, ...]]) -> None:
    """Refuse the database when SQLite's check (PRAGMA) found anything."""
    if [tuple(r) for r in rows] != [("ok",)]:
        found = str(rows[0][0]) if rows else _("no answer")
        found = " ".join(found.replace("*** in database main ***", "").split())
        logger.warning("%s failed on %s: %s", pragma, describe(database.url), found)
        raise DamagedDatabase(
            _(
                "the database {database} is damaged (SQLite's check found: "
                "{found}); nothing was changed"
            ).format(database=describe(database.url), found=found)
            + database.backup_hint()
        )
