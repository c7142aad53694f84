"""The daily backup: on the first start of each day the app copies the whole database,
and keeps the newest few such copies (14 unless the user chose otherwise; 0 turns them
off).

A SQLite file is copied beside itself (`scorekeeper.sqlite3.20261123-091500.daily.bak`,
by SQLite's online backup, safe while the file is in use); a server database is dumped
to JSON in the user's data folder (`backup_folder()`), as before a migration.  Only the
daily copies are ever deleted, never the copies kept before a migration or a restore.
Whether today's copy exists is read from the copies' names (each stamped with the UTC
moment it was made), so nothing is stored for it.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from scorekeeper.store import backup as backups
from scorekeeper.store.database import (
    Database,
    backup_folder,
    describe,
    server_address,
    write_copy,
)
from scorekeeper.store.errors import StorageError

KEEP = 14  # daily copies kept unless the user chooses another number
MARK = ".daily"  # what tells a daily copy from the copies kept before a change
_STAMP = re.compile(r"\.(\d{8}-\d{6})(?:-\d+)?\.daily\.(?:bak|json)$")


def daily_copies(db: Database) -> list[Path]:
    """The database's daily copies, oldest first."""
    folder, start = _where(db)
    found = [
        path
        for path in folder.glob(f"{glob_escape(start)}*{MARK}.*")
        if _STAMP.search(path.name) and path.name.startswith(start)
    ]
    return sorted(found, key=lambda p: _stamp(p) or dt.datetime.min.replace(tzinfo=dt.UTC))


def daily_backup(db: Database, *, keep: int = KEEP, now: dt.datetime | None = None) -> Path | None:
    """Today's copy of DB, unless one was made today already (by the local calendar of
    NOW) or KEEP is 0; then only the newest KEEP daily copies are kept.  Returns the
    copy made, or None.  Raises StorageError, having written nothing, when the copy
    cannot be made."""
    if keep <= 0 or (db.is_sqlite and db.sqlite_path is None):
        return None
    moment = (now or dt.datetime.now(dt.UTC)).astimezone()
    copies = daily_copies(db)
    if any((s := _stamp(p)) is not None and s.astimezone().date() == moment.date() for p in copies):
        return None
    folder, start = _where(db)
    folder.mkdir(parents=True, exist_ok=True)
    ending = f"{MARK}.bak" if db.sqlite_path is not None else f"{MARK}.json"
    target = backups.unused_path(folder, start, ending, moment)
    try:
        write_copy(db, target)
    except backups.WriteFailed as error:
        raise StorageError(
            f"cannot make today's backup of {describe(db.url)} in {folder} ({error})"
        ) from None
    for old in daily_copies(db)[:-keep]:
        old.unlink(missing_ok=True)
    return target


def _where(db: Database) -> tuple[Path, str]:
    """The folder of DB's daily copies and how each copy's name starts."""
    path = db.sqlite_path
    if path is not None:
        return path.parent, f"{path.name}."
    label = f"{server_address(db.url)}-{db.url.database or ''}"
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", label).strip("._") or "database"
    return backup_folder(), f"{safe}."


def _stamp(path: Path) -> dt.datetime | None:
    found = _STAMP.search(path.name)
    if found is None:
        return None
    return dt.datetime.strptime(found.group(1), "%Y%m%d-%H%M%S").replace(tzinfo=dt.UTC)


def glob_escape(text: str) -> str:
    """TEXT with glob's special characters taken literally."""
    return re.sub(r"([*?\[])", r"[\1]", text)
