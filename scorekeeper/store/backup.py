"""Backups: SQLite's online backup for a file, a complete JSON dump for any database.

A SQLite backup is consistent while the app has the file open (SQLite's backup API
copies a snapshot).  The JSON dump holds every row of every table, so a PostgreSQL
league can be saved and restored the same way.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import datetime as dt
import errno
import itertools
import json
import os
import re
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, Connection, MetaData, String, Table, select
from sqlalchemy.exc import IntegrityError

from scorekeeper.i18n import N_, _
from scorekeeper.json_input import key_name, show_value

DUMP_FORMAT = "sheepshead-scorekeeper-dump/1"
SQLITE_MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite file


class WriteFailed(Exception):
    """A copy could not be written (a full disk, a read-only folder); no part of it was
    left behind.  The message says why in plain words."""


class BadDump(Exception):
    """A dump's rows do not fit the tables they claim to belong to."""


def timestamped_backup_path(path: Path, *, before: str = "") -> Path:
    """A new backup file's name beside PATH: scorekeeper.sqlite3.20261122-091500[.before-X].bak"""
    tag = f".before-{before}" if before else ""
    return unused_path(path.parent, f"{path.name}.", f"{tag}.bak")


def safe_label(label: str) -> str:
    """LABEL (a server, port and database, say) made safe for a file name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", label).strip("._") or "database"


def unused_path(folder: Path, start: str, end: str, moment: dt.datetime | None = None) -> Path:
    """FOLDER/START + the time stamp of MOMENT (this one by default, in UTC) + END, with
    a counter after the stamp when that name is taken."""
    stamp = (moment or dt.datetime.now(dt.UTC)).astimezone(dt.UTC).strftime("%Y%m%d-%H%M%S")
    candidate = folder / f"{start}{stamp}{end}"
    counter = 1
    while candidate.exists():
        counter += 1
        candidate = folder / f"{start}{stamp}-{counter}{end}"
    return candidate


SIDE_FILES = ("-wal", "-shm", "-journal")  # SQLite's files beside a database


def set_aside(path: Path, *, end: str) -> Path:
    """Move the SQLite file PATH (with its -wal, -shm and -journal) aside, to a new
    time-stamped name ending in END beside it; returns that name.  A rename in one
    folder: nothing is copied, so no disk space is needed."""
    kept = unused_path(path.parent, f"{path.name}.", end)
    for suffix in SIDE_FILES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.replace(kept.with_name(kept.name + suffix))
    path.replace(kept)
    return kept


def put_back(kept: Path, path: Path) -> None:
    """Undo `set_aside`: KEPT (and its side files) back to PATH."""
    for suffix in SIDE_FILES:
        side = kept.with_name(kept.name + suffix)
        if side.exists():
            side.replace(path.with_name(path.name + suffix))
    kept.replace(path)


def newest_backup(path: Path) -> Path | None:
    """The most recent backup file beside PATH, if any."""
    found = sorted(path.parent.glob(f"{path.name}.*.bak"), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None


def sqlite_backup(source: Path, target: Path) -> None:
    """Copy a SQLite database consistently, even while another program writes to it;
    the copy takes TARGET's name only when whole.  Raises `WriteFailed`."""
    partial = target.with_name(target.name + ".partial")
    with _whole_or_nothing(partial):
        target.parent.mkdir(parents=True, exist_ok=True)
        partial.unlink(missing_ok=True)
        _copy_pages(source, partial, standalone=True)
        partial.replace(target)


def sqlite_copy_into(source: Path, target: Path) -> None:
    """Replace the contents of the SQLite database TARGET with SOURCE's, atomically
    (SQLite's backup API writes all pages in one transaction).  Raises `WriteFailed`."""
    with _whole_or_nothing(None):
        _copy_pages(source, target, standalone=False)


def _copy_pages(source: Path, target: Path, *, standalone: bool) -> None:
    """SOURCE's pages into TARGET; a STANDALONE copy (a backup file) is switched out of
    WAL mode, so it is one file that opens even from a read-only folder."""
    src = sqlite3.connect(source, timeout=15)
    try:
        dst = sqlite3.connect(target, timeout=15)
        try:
            src.backup(dst)
            if standalone:
                dst.execute("PRAGMA journal_mode = DELETE")
        finally:
            dst.close()
    finally:
        src.close()


@contextlib.contextmanager
def _whole_or_nothing(partial: Path | None) -> Iterator[None]:
    """On any failure to write, remove PARTIAL and raise `WriteFailed` saying why."""
    try:
        yield
    except (OSError, sqlite3.Error) as error:
        if partial is not None:
            for suffix in ("", *SIDE_FILES):  # SQLite's own files beside it too
                with contextlib.suppress(OSError):
                    partial.with_name(partial.name + suffix).unlink(missing_ok=True)
        raise WriteFailed(why_not_written(error, partial)) from None


def why_not_written(error: OSError | sqlite3.Error, where: Path | None = None) -> str:
    """Plain words for a failed write: "the disk is full" when it is (SQLite may only
    say "disk I/O error" when the disk fills under its shared memory), else the
    system's words."""
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    if "full" in text.lower() or (isinstance(error, OSError) and error.errno == errno.ENOSPC):
        return _("the disk is full")
    if where is not None and "i/o error" in text.lower():
        with contextlib.suppress(OSError):
            if shutil.disk_usage(where.parent).free < 1024 * 1024:
                return _("the disk is full")
    return text


def is_sqlite_file(path: Path) -> bool:
    """True when PATH starts with SQLite's header."""
    with path.open("rb") as handle:
        return handle.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC


def _encode(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date):
        return {"$date": value.isoformat()}
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode()}
    return value


def _decode(value: Any, column: Any) -> Any:
    """A dumped value back as its column holds it (a JSON column's value is left as is,
    even an object with a "$date" key).  A moment without a time zone, as a SQLite file
    keeps it and a dump of its tables as stored writes it, is UTC, as the app reads
    such a moment from the file (`tables.UTCDateTime`)."""
    if not isinstance(value, dict) or len(value) != 1:
        return value
    expected = python_type(column)
    if "$date" in value and expected in (dt.datetime, dt.date):
        text = value["$date"]
        if "T" not in text:
            return dt.date.fromisoformat(text)
        moment = dt.datetime.fromisoformat(text)
        zoned = getattr(getattr(column.type, "impl_instance", column.type), "timezone", False)
        return moment.replace(tzinfo=dt.UTC) if zoned and moment.tzinfo is None else moment
    if "$bytes" in value and expected is bytes:
        return base64.b64decode(value["$bytes"], validate=True)
    return value


def dump_rows(connection: Connection, metadata: MetaData, schema: str) -> dict[str, Any]:
    """Every row of every table, as a JSON-ready document."""
    tables = {table.name: table_rows(connection, table) for table in metadata.sorted_tables}
    return {"format": DUMP_FORMAT, "schema": schema, "tables": tables}


def table_rows(connection: Connection, table: Table) -> list[dict[str, Any]]:
    """Every row of TABLE, in the order of its key, as a dump holds them."""
    rows = connection.execute(select(table).order_by(*table.primary_key.columns))
    return [{key: _encode(value) for key, value in row._mapping.items()} for row in rows]


def dump_as_stored(connection: Connection, schema: str) -> dict[str, Any]:
    """Every row of every table the database really has (read from the database, not
    from this version's models), for a database at schema revision SCHEMA: so a
    database about to be migrated is dumped as it was, and `restore` by the version of
    the app that writes SCHEMA can load it."""
    metadata = MetaData()
    metadata.reflect(connection)
    if "alembic_version" in metadata.tables:
        metadata.remove(metadata.tables["alembic_version"])
    return dump_rows(connection, metadata, schema)


def load_rows(connection: Connection, metadata: MetaData, dump: dict[str, Any]) -> None:
    """Insert a dump's rows into empty tables (inside the caller's transaction), each
    value checked against its column first; raises `BadDump` naming the first misfit."""
    for table in metadata.sorted_tables:
        rows = dump["tables"].get(table.name, [])
        if not isinstance(rows, list):
            raise BadDump(_("table {table}: is not a list of rows").format(table=table.name))
        decoded = [_row(table, number, row) for number, row in enumerate(rows, start=1)]
        try:
            # Rows of the same columns together: a column a row leaves out takes its
            # default (`_may_be_left_out`).
            for _columns, alike in itertools.groupby(decoded, key=frozenset):
                connection.execute(table.insert(), list(alike))
        except IntegrityError as error:
            first = str(error.orig).splitlines()[0]
            raise BadDump(
                _("table {table}: the rows do not fit together ({error})").format(
                    table=table.name, error=first
                )
            ) from None


def check_rows(metadata: MetaData, dump: dict[str, Any]) -> None:
    """Every row of a dump checked against its column, as `load_rows` checks them;
    raises `BadDump` naming the first misfit."""
    for table in metadata.sorted_tables:
        for number, row in enumerate(dump["tables"].get(table.name, []), start=1):
            _row(table, number, row)


def _row(table: Any, number: int, row: Any) -> dict[str, Any]:
    if not isinstance(row, dict):
        raise BadDump(
            _("table {table}, row {row}: is not an object").format(table=table.name, row=number)
        )
    unknown = sorted(set(row) - set(table.c.keys()))
    if unknown:
        raise BadDump(
            _("table {table}, row {row}: {key} is not a column of {table}").format(
                table=table.name, row=number, key=key_name(unknown[0])
            )
        )
    needed = [c.key for c in table.columns if c.key not in row and not _may_be_left_out(c, table)]
    if needed:
        raise BadDump(
            _("table {table}, row {row}: has no {column}, which has no default").format(
                table=table.name, row=number, column=needed[0]
            )
        )
    decoded = {}
    for key, value in row.items():
        column = table.c[key]
        try:
            decoded[key] = _decode(value, column)
        except (ValueError, TypeError, binascii.Error):
            message = _("table {table}, row {row}, {column}: {value} is not a stored value")
            raise BadDump(
                message.format(table=table.name, row=number, column=key, value=show_value(value))
            ) from None
        problem = _misfit(decoded[key], column)
        if problem:
            raise BadDump(
                _("table {table}, row {row}, {column}: {problem}").format(
                    table=table.name, row=number, column=key, problem=problem
                )
            )
    return decoded


def is_text(column: Any) -> bool:
    """Whether COLUMN keeps text (through a type decorator)."""
    return isinstance(getattr(column.type, "impl_instance", column.type), String)


def _may_be_left_out(column: Any, table: Any) -> bool:
    """Whether a dump's row may leave COLUMN out: it has a default (an older version's
    dump lacks the newer columns), may be empty, or is the table's counter (an id)."""
    if column is table.autoincrement_column:
        return True
    if column.default is not None or column.server_default is not None:
        return True
    return bool(column.nullable) and not column.primary_key


def is_json(column: Any) -> bool:
    """Whether COLUMN keeps JSON (through a type decorator): an object, in every JSON
    column the app writes."""
    return isinstance(getattr(column.type, "impl_instance", column.type), JSON)


def python_type(column: Any) -> type | None:
    """The Python type of a column's values (through a type decorator), None for any."""
    kind = column.type
    kind = getattr(kind, "impl_instance", kind)
    try:
        return kind.python_type  # type: ignore[no-any-return]
    except NotImplementedError:
        return None


def _misfit(value: Any, column: Any) -> str | None:
    """What is wrong with VALUE for COLUMN, or None (a JSON column holds an object, as
    the app writes in every one)."""
    if value is None:
        return None if column.nullable or column.primary_key else _("may not be empty")
    expected = python_type(column)
    if is_json(column):
        return (
            None
            if isinstance(value, dict)
            else _("{value} is not a JSON object").format(value=show_value(value))
        )
    if expected is None or expected is list:
        return None
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        return _("{value} is not a whole number").format(value=show_value(value))
    if not isinstance(value, expected):
        return _("{value} is not {kind}").format(
            value=show_value(value), kind=_(_KINDS.get(expected, _OTHER_KIND))
        )
    return None


# What a column of each Python type holds, as a dump's message says it (in JSON's words,
# never Python's type names).
_KINDS: dict[type, str] = {
    str: N_("text"),
    float: N_("a number"),
    bool: N_("true or false"),
    dt.datetime: N_('a moment ({"$date": "2026-11-22T21:15:00+00:00"})'),
    dt.date: N_('a date ({"$date": "2026-11-22"})'),
    bytes: N_('bytes ({"$bytes": "..."} in base64)'),
}
_OTHER_KIND = N_("what its column holds")


def write_json(path: Path, document: dict[str, Any]) -> None:
    """Write a dump atomically: a half-written file never takes the name, and a failed
    write leaves nothing behind.  Raises `WriteFailed`."""
    partial = path.with_name(path.name + ".partial")
    with _whole_or_nothing(partial):
        text = json.dumps(document, ensure_ascii=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        with partial.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        partial.replace(path)
