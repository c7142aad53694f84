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
import glob
import logging
import re
from pathlib import Path

from scorekeeper.store import backup as backups
from scorekeeper.store.database import Database, copies_place, write_copy
from scorekeeper.store.engine import describe
from scorekeeper.store.errors import StorageError

KEEP = 14  # daily copies kept unless the user chooses another number
MARK = ".daily"  # what tells a daily copy from the copies kept before a change
_STAMP = r"(\d{8}-\d{6})(?:-\d+)?\.daily\.(?:bak|json)"  # after the database's name

logger = logging.getLogger(__name__)


def daily_copies(db: Database) -> list[Path]:
    """The database's daily copies, oldest first (only its own: a name that merely
    starts like it, `league.sqlite3.2025`'s copies beside `league.sqlite3`, is not)."""
    folder, start = copies_place(db)
    found = [
        (stamp, path)
        for path in folder.glob(f"{glob.escape(start)}*{MARK}.*")
        if (stamp := _stamp(path, start)) is not None
    ]
    return [path for _, path in sorted(found)]


def daily_backup(db: Database, *, keep: int = KEEP, now: dt.datetime | None = None) -> Path | None:
    """Today's copy of DB, unless one was made today already (by the local calendar of
    NOW) or KEEP is 0; then only the newest KEEP daily copies are kept.  Returns the
    copy made, or None.  Raises StorageError, having written nothing, when the copy
    cannot be made."""
    if keep <= 0 or (db.is_sqlite and db.sqlite_path is None):
        return None
    moment = (now or dt.datetime.now(dt.UTC)).astimezone()
    folder, start = copies_place(db)
    copies = daily_copies(db)
    if any((s := _stamp(p, start)) and s.astimezone().date() == moment.date() for p in copies):
        return None
    ending = f"{MARK}.bak" if db.sqlite_path is not None else f"{MARK}.json"
    target = backups.unused_path(folder, start, ending, moment)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for left in folder.glob(f"{glob.escape(start)}*{MARK}.*.partial"):
            left.unlink(missing_ok=True)  # a copy cut short (the app quit mid-copy)
        with db.translate_errors():
            write_copy(db, target)
        logger.info("daily backup of %s written to %s", describe(db.url), target)
        for old in daily_copies(db)[:-keep]:
            old.unlink(missing_ok=True)
            logger.info("daily backup %s deleted (the newest %d kept)", old, keep)
    except (backups.WriteFailed, OSError) as error:
        logger.warning("daily backup of %s not made: %s", describe(db.url), error)
        raise StorageError(
            f"cannot make today's backup of {describe(db.url)} in {folder} ({error})"
        ) from None
    return target


def _stamp(path: Path, start: str) -> dt.datetime | None:
    """When the daily copy PATH of the database whose copies' names begin with START
    was made; None for any other file."""
    found = re.fullmatch(re.escape(start) + _STAMP, path.name)
    if found is None:
        return None
    return dt.datetime.strptime(found.group(1), "%Y%m%d-%H%M%S").replace(tzinfo=dt.UTC)
