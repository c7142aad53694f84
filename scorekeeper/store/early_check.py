"""The check every open makes of a SQLite file, started before the database layer is
imported, so that the two run at once (issue 20).

The app's start spends about half a second importing SQLAlchemy, sqlmodel and the
tables, and SQLite's `quick_check` of a league's file takes 0.2 s when the file is in
the page cache (about a second when it is not).  SQLite checks without holding the
interpreter's lock, so the check runs in a thread of its own, on a read-only
connection of the standard library's `sqlite3`, while the main thread imports.  The
open (`database._open_check`) then takes its answer instead of checking again: the
same pragma, the same rule for which one (`pragma_for`), the same refusal.  It takes it
only for the same file, unchanged since the check began (its size, time and inode);
otherwise, or when the early check could not run, the open checks as it always did.

Nothing here imports SQLAlchemy: `start` runs before it is imported.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from scorekeeper.store.location import ENV_URL, default_path

logger = logging.getLogger(__name__)

# Above this size the check made at every open is SQLite's quick_check, which reads
# every page but does not compare indexes with their tables (0.2 s against 0.65 s for
# the full check on the 87 MB benchmark league); the full check still runs before any
# write after an unclean shutdown, before a migration, a backup, a restore or an import.
FULL_CHECK_BYTES = 32 * 1024 * 1024


def pragma_for(path: Path | None) -> str:
    """The check made at every open of the SQLite file PATH: the full
    `integrity_check` for a small file or after an unclean shutdown (a write-ahead log
    left behind), else `quick_check`."""
    full = path is None or not path.exists() or path.stat().st_size <= FULL_CHECK_BYTES
    wal = path.with_name(path.name + "-wal") if path is not None else None
    if wal is not None and wal.exists() and wal.stat().st_size > 0:
        full = True
    return "integrity_check(1)" if full else "quick_check(1)"


Stamp = tuple[int, int, int, bytes, int]


def _stamp(path: Path) -> Stamp:
    """What would show that PATH (or its write-ahead log) changed since: its inode,
    size and time, SQLite's header (whose change counter every commit outside WAL mode
    moves, so a same-size write within one tick of the clock shows too), and the size
    of its log (never 0 after a commit in WAL mode)."""
    status = path.stat()
    with path.open("rb") as file:
        header = file.read(100)
    wal = path.with_name(path.name + "-wal")
    wal_size = wal.stat().st_size if wal.exists() else 0
    return status.st_ino, status.st_size, status.st_mtime_ns, header, wal_size


@dataclass
class EarlyCheck:
    """A check of PATH running (or run) in its own thread."""

    path: Path
    pragma: str
    stamp: Stamp
    rows: list[tuple[object, ...]] | None = None  # SQLite's answer; None: no answer
    done: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        try:
            # Read as it lies: no lock, no -shm or -wal made beside it (there is no
            # log to read: `start` leaves a file with one to the open's own check).
            location = f"file:{quote(str(self.path))}?mode=ro&immutable=1"
            with contextlib.closing(sqlite3.connect(location, uri=True)) as connection:
                self.rows = connection.execute(f"PRAGMA {self.pragma}").fetchall()
        except (sqlite3.Error, OSError) as error:  # the open checks again and says why
            logger.debug("early %s of %s gave no answer: %s", self.pragma, self.path, error)
        finally:
            self.done.set()


_running: EarlyCheck | None = None


def database_argument(argv: Sequence[str]) -> str | None:
    """The URL `--database URL` (or `--database=URL`) gives in ARGV, else the
    environment's, else None (the default file)."""
    for index, argument in enumerate(argv):
        if argument == "--database" and index + 1 < len(argv):
            return argv[index + 1]
        if argument.startswith("--database="):
            return argument.partition("=")[2]
    return os.environ.get(ENV_URL) or None


def file_of(url: str | None) -> Path | None:
    """The SQLite file URL names, when it is plainly one (`sqlite:///path`, nothing
    after the path), or the default file; None for anything else."""
    if not url:
        return default_path()
    prefix = "sqlite:///"
    if not url.startswith(prefix) or "?" in url or len(url) == len(prefix):
        return None
    return Path(url[len(prefix) :])


def start(url: str | None) -> EarlyCheck | None:
    """Begin the open's check of the SQLite file URL names (None: the default), in a
    thread; nothing when there is no such file yet, or URL names a server."""
    global _running
    try:
        path = file_of(url)
        if path is None or not path.is_file():
            return None
        path = path.resolve()
        stamp = _stamp(path)
        pragma = pragma_for(path)
    except (OSError, ValueError, RuntimeError):  # the open says what is wrong, if anything
        return None
    if stamp[-1]:  # a write-ahead log left behind: the open checks file and log itself
        return None
    check = EarlyCheck(path, pragma, stamp)
    threading.Thread(target=check.run, name="open-check", daemon=True).start()
    _running = check
    return check


def begun(path: Path) -> bool:
    """True when a check was begun for the file PATH (it may still be running)."""
    return _begun_for(path) is not None


def passed(path: Path) -> bool:
    """True when the check begun for the file PATH found it sound and the file has not
    changed since (waited for; the answer stays for the open to take).  False when no
    check was begun for it, it found a fault, or the file changed: the open then checks
    and says what is wrong."""
    check = _begun_for(path)
    try:
        if check is None:
            return False
        check.done.wait()
        return check.rows == [("ok",)] and _stamp(check.path) == check.stamp
    except (OSError, ValueError, RuntimeError):
        return False


def _begun_for(path: Path) -> EarlyCheck | None:
    """The check begun for the file PATH, if the one begun is for it."""
    check = _running
    try:
        return check if check is not None and path.resolve() == check.path else None
    except (OSError, ValueError, RuntimeError):
        return None


def answer(path: Path) -> list[tuple[object, ...]] | None:
    """SQLite's answer to the open's check of PATH, waited for, if one was started for
    that very file and it has not changed since; else None (check it now).  An answer
    is given once."""
    global _running
    check, _running = _begun_for(path), None
    try:
        if check is None:
            return None
        check.done.wait()
        if _stamp(check.path) != check.stamp or pragma_for(check.path) != check.pragma:
            return None
    except (OSError, ValueError, RuntimeError):
        return None
    return check.rows
