"""Backups: SQLite's online backup for a file, a complete JSON dump for any database.

A SQLite backup is consistent while the app has the file open (SQLite's backup API
copies a snapshot).  The JSON dump holds every row of every table, so a PostgreSQL
league can be saved and restored the same way.
"""

from __future__ import annotations

import base64
import datetime as dt
import json
import os
import re
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, MetaData, select

DUMP_FORMAT = "sheepshead-scorekeeper-dump/1"


def timestamped_backup_path(path: Path, *, before: str = "") -> Path:
    """A new backup file's name beside PATH: scorekeeper.sqlite3.20261122-091500[.before-X].bak"""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    tag = f".before-{before}" if before else ""
    candidate = path.with_name(f"{path.name}.{stamp}{tag}.bak")
    counter = 1
    while candidate.exists():
        counter += 1
        candidate = path.with_name(f"{path.name}.{stamp}-{counter}{tag}.bak")
    return candidate


def timestamped_dump_path(folder: Path, label: str, *, before: str) -> Path:
    """A new JSON dump's name in FOLDER: LABEL.20261122-091500.before-0008.json, with
    LABEL (a server, port and database, say) made safe for a file name."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", label).strip("._") or "database"
    candidate = folder / f"{safe}.{stamp}.before-{before}.json"
    counter = 1
    while candidate.exists():
        counter += 1
        candidate = folder / f"{safe}.{stamp}-{counter}.before-{before}.json"
    return candidate


def newest_backup(path: Path) -> Path | None:
    """The most recent backup file beside PATH, if any."""
    found = sorted(path.parent.glob(f"{path.name}.*.bak"), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None


def sqlite_backup(source: Path, target: Path) -> None:
    """Copy a SQLite database consistently, even while another program writes to it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    with sqlite3.connect(source, timeout=15) as src, sqlite3.connect(partial) as dst:
        src.backup(dst)
    dst.close()
    src.close()
    partial.replace(target)


def sqlite_copy_into(source: Path, target: Path) -> None:
    """Replace the contents of the SQLite database TARGET with SOURCE's, atomically."""
    with sqlite3.connect(source, timeout=15) as src, sqlite3.connect(target, timeout=15) as dst:
        src.backup(dst)
    dst.close()
    src.close()


def is_sqlite_file(path: Path) -> bool:
    """True when PATH starts with SQLite's header."""
    with path.open("rb") as handle:
        return handle.read(16) == b"SQLite format 3\x00"


def _encode(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date):
        return {"$date": value.isoformat()}
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode()}
    return value


def _decode(value: Any, column: Any) -> Any:
    if isinstance(value, dict) and "$date" in value:
        text = value["$date"]
        return dt.datetime.fromisoformat(text) if "T" in text else dt.date.fromisoformat(text)
    if isinstance(value, dict) and "$bytes" in value:
        return base64.b64decode(value["$bytes"])
    return value


def dump_rows(connection: Connection, metadata: MetaData, schema: str) -> dict[str, Any]:
    """Every row of every table, as a JSON-ready document."""
    tables: dict[str, list[dict[str, Any]]] = {}
    for table in metadata.sorted_tables:
        rows = connection.execute(select(table).order_by(*table.primary_key.columns))
        tables[table.name] = [
            {key: _encode(value) for key, value in row._mapping.items()} for row in rows
        ]
    return {"format": DUMP_FORMAT, "schema": schema, "tables": tables}


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
    """Insert a dump's rows into empty tables (inside the caller's transaction)."""
    for table in metadata.sorted_tables:
        rows = dump["tables"].get(table.name, [])
        if rows:
            decoded = [
                {k: _decode(v, table.c[k]) for k, v in row.items() if k in table.c} for row in rows
            ]
            connection.execute(table.insert(), decoded)


def write_json(path: Path, document: dict[str, Any]) -> None:
    """Write a dump whole or not at all: written to PATH.partial and flushed to the disk,
    then renamed; on any failure the partial file is removed and the error raised."""
    text = json.dumps(document, ensure_ascii=False)
    partial = path.with_name(path.name + ".partial")
    try:
        with partial.open("w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        partial.replace(path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
