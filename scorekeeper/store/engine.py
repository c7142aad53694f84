"""Where the data lives and how it is reached: the database URL, the engine, and a
database server's timeouts and failures in plain words.

By default a SQLite file in the user's data folder (WAL journal, foreign keys on, a busy
timeout, write transactions that take the lock up front); `--database URL` or
`SCOREKEEPER_DATABASE_URL` selects any SQLAlchemy URL, PostgreSQL included, whose
server is given a connect, statement and lock timeout.
"""

from __future__ import annotations

import functools
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from scorekeeper.i18n import _
from scorekeeper.store.errors import StorageError
from scorekeeper.store.location import ENV_URL, default_path
from scorekeeper.store.stored_json import stored_json

BUSY_TIMEOUT_MS = 15_000
# SQLite's own words for a schema it cannot read ("malformed" marks it as damage,
# `database._is_damage`), for a schema whose damage is bytes that are not UTF-8.
NOT_UTF8_SCHEMA = "malformed database schema (bytes that are not UTF-8 text in it)"
# A database server's limits, in whole seconds (docs/decisions.md, "Timeouts"): to
# answer a connection, to finish one statement, to wait for another program's lock.
# Each can be changed by its environment variable (the tests make them short).
CONNECT_TIMEOUT_S, STATEMENT_TIMEOUT_S, LOCK_TIMEOUT_S = 10, 30, 15
ENV_TIMEOUTS = {
    "connect": "SCOREKEEPER_CONNECT_TIMEOUT",
    "statement": "SCOREKEEPER_STATEMENT_TIMEOUT",
    "lock": "SCOREKEEPER_LOCK_TIMEOUT",
}
# The execution option of a SQLite connection that only reads and must not wait for the
# write lock (the checks made as a database opens, while another program may be
# migrating it): its transactions begin deferred.
READING_ONLY = "scorekeeper_reading_only"
# SQLSTATEs of a server transaction refused because another crossed it: a
# serialization failure and a deadlock; nothing of it was kept, so it may run again.
CROSSED = {"40001", "40P01"}


def resolve_url(url: str | None) -> str:
    """The database URL to use: the one given, else the environment's, else the default."""
    chosen = url or os.environ.get(ENV_URL) or ""
    return chosen or f"sqlite:///{default_path()}"


def describe(url: URL) -> str:
    """A database as a user may see it: a SQLite file by its path, any other by its URL
    without the password."""
    path = sqlite_file_named(url)
    return str(path) if path is not None else url.render_as_string(hide_password=True)


def sqlite_file_of(url: str | None) -> Path | None:
    """The SQLite file a database URL (or the default) names; None for any other."""
    try:
        return sqlite_file_named(make_url(resolve_url(url)))
    except ArgumentError:
        return None


def sqlite_file_named(url: URL) -> Path | None:
    """The SQLite file URL names; None for a server, or an in-memory SQLite database."""
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


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
        source = _("connect_timeout in the URL") if given else variable
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
        raise StorageError(
            _("{source}: {value} is not a whole number of seconds, {least} or more").format(
                source=source, value=repr(text), least=least
            )
        )
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
    engine = create_engine(
        url,
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000},
        json_deserializer=functools.partial(stored_json, where=describe(url)),
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control from pysqlite, so that BEGIN IMMEDIATE below holds the
        # write lock from a transaction's first read: two processes appending hands can
        # then never both read the same "last position".
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA foreign_keys = ON")
            if url.database and url.database != ":memory:":
                # WAL is switched on once the file is known to be ours (`_use_wal`): a
                # refused foreign or newer file is left exactly as it was.
                cursor.execute("PRAGMA synchronous = NORMAL")
        except UnicodeDecodeError:
            # SQLite's complaint about a damaged schema quotes the damage, and Python
            # cannot read a complaint that is not UTF-8: said as the damage it is, so
            # that it reaches the user as a damaged database (and `restore --force`).
            raise sqlite3.DatabaseError(NOT_UTF8_SCHEMA) from None
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        reading = connection.get_execution_options().get(READING_ONLY, False)
        connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")

    return engine


def server_words(url: URL, error: DBAPIError) -> str | None:
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
        return _(
            "the database server at {server} did not answer within {seconds} s; "
            "is it running, and is that its address? Nothing was read or written"
        ).format(server=where, seconds=limits.connect)
    if state in CROSSED:
        return _(
            "another program was writing the same thing to {database} at the same "
            "moment; try again (nothing was written)"
        ).format(database=describe(url))
    if state == "55P03":  # lock_not_available: lock_timeout
        return _(
            "the database {database} is busy: another program held what this "
            "needed for {seconds} s; try again (nothing was written)"
        ).format(database=describe(url), seconds=limits.lock)
    if state == "57014" and "statement timeout" in first:  # query_canceled
        return _(
            "the database server at {server} did not finish within {seconds} "
            "s (is it overloaded?); try again (nothing was written)"
        ).format(server=where, seconds=limits.statement)
    if "connection refused" in first.lower():
        return _(
            "the database server at {server} refused the connection; is it running, "
            "and is that its address?"
        ).format(server=where)
    return None
