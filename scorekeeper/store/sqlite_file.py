"""A SQLite database file before SQLite opens it: refused when it cannot be the user's
database, and made whole when it is new.

`check` refuses, touching nothing, a path that is a folder, a file that is not SQLite
or has been cut to nothing, a read-only file or folder, and a path whose folder does
not exist (a mistyped `--database` would otherwise make a new, empty database in new
folders and hide the real one).  `make_new` makes a new database under a scratch name
beside the file and links it into place only when whole and only if no other program
did first: a database file is never seen half made, and of several programs opening a
new file at once exactly one makes it (the others open the one it made).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from scorekeeper.i18n import _
from scorekeeper.store import backup as backups
from scorekeeper.store.errors import DamagedDatabase, Field, StorageError


def backup_hint(path: Path | None) -> str:
    """'; the newest backup is FILE' for a SQLite file with a backup beside it, else ''
    (the folder is read only when a message needs it)."""
    newest = backups.newest_backup(path) if path else None
    # Translators: added to the end of a clause about a damaged or failing database.
    return _("; the newest backup is {file}").format(file=newest) if newest else ""


def check(path: Path, *, make_folder: bool, field: Field | None) -> None:
    """Refuse PATH, having changed nothing, when it cannot be opened as the user's
    database.  Its folder is made if MAKE_FOLDER (the default database, in the user's
    data folder), else it must exist (a path the user gave, by FIELD if named)."""
    if path.is_dir():
        raise StorageError(_("{path} is a folder, not a database file").format(path=path))
    if not path.exists():
        _check_folder(path, make=make_folder, field=field)
        return
    with path.open("rb") as handle:
        head = handle.read(len(backups.SQLITE_MAGIC))
    if head and head != backups.SQLITE_MAGIC:
        raise DamagedDatabase(
            _(
                "{path} is not a Scorekeeper database (not a SQLite file){backup_hint}. "
                "Nothing was changed."
            ).format(path=path, backup_hint=backup_hint(path))
        )
    wal = path.with_name(path.name + "-wal")
    if not head and not (wal.exists() and wal.stat().st_size):
        raise DamagedDatabase(
            _(
                "the database {path} is empty (0 bytes): whatever it held is gone"
                "{backup_hint}. "
                "Nothing was changed; to start a new database there, delete the file."
            ).format(path=path, backup_hint=backup_hint(path))
        )
    _check_writable(path)


def _check_folder(path: Path, *, make: bool, field: Field | None) -> None:
    folder = path.parent
    if folder.is_dir():
        return
    if not make:
        if folder.exists():
            message = _(
                "the folder {folder} is not a folder, so there is no database {name} in it; "
                "check the path (a new database is made only in a folder that exists). "
                "Nothing was created."
            )
        else:
            message = _(
                "the folder {folder} does not exist, so there is no database {name} in it; "
                "check the path (a new database is made only in a folder that exists). "
                "Nothing was created."
            )
        raise StorageError(message.format(folder=folder, name=path.name), field=field)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StorageError(
            _("cannot create the folder for {path}: {error}").format(path=path, error=error)
        ) from None


def make_new(path: Path, build: Callable[[Path], None]) -> bool:
    """Make a new database at PATH: BUILD makes it whole in a scratch file beside PATH,
    which then takes PATH's name unless another program's database did first.  True
    when this program made the database at PATH; raises `StorageError` when the folder
    takes no new file."""
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".new", dir=path.parent)
    except OSError as error:
        why = error.strerror or str(error)
        raise StorageError(
            _("cannot make the new database {path} ({why}); nothing was created").format(
                path=path, why=why
            )
        ) from None
    os.close(handle)
    scratch = Path(name)
    try:
        build(scratch)
        return _link_into_place(scratch, path)
    finally:
        for suffix in ("", "-wal", "-shm"):
            leftover = scratch.with_name(scratch.name + suffix)
            with contextlib.suppress(OSError):
                leftover.unlink()


def _link_into_place(scratch: Path, path: Path) -> bool:
    """Give SCRATCH's file the name PATH unless a file has it already (a hard link is
    made only where no file is, atomically); True when it was given.  A file system
    without hard links (FAT) has the name claimed by an exclusive create, then filled."""
    try:
        os.link(scratch, path)
        return True
    except FileExistsError:
        return False
    except OSError:
        pass
    try:
        with path.open("xb") as target, scratch.open("rb") as source:
            shutil.copyfileobj(source, target)
            target.flush()
            os.fsync(target.fileno())
    except FileExistsError:
        return False
    return True


def _check_writable(path: Path) -> None:
    """Refuse a read-only database file before SQLite opens it: SQLite would make its
    -shm file read-only too, and that file would block every later open even after the
    database is made writable.  Such a -shm left by an earlier version is repaired."""
    if _on_read_only_disk(path):
        raise StorageError(
            _(
                "the database {path} is on a read-only disk or folder; copy it to a writable "
                "folder (or make the disk writable) to open it. Nothing was changed."
            ).format(path=path)
        )
    if not os.access(path, os.R_OK | os.W_OK):
        raise StorageError(
            _(
                "the database {path} is a read-only file; make it writable "
                "(chmod u+w '{path}'). Nothing was changed."
            ).format(path=path)
        )
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise StorageError(
            _(
                "the folder holding the database {path} is read-only; make it writable "
                "(chmod u+w '{path}'). Nothing was changed."
            ).format(path=path)
        )
    for suffix in ("-shm", "-wal"):
        extra = path.with_name(path.name + suffix)
        if extra.exists() and not os.access(extra, os.R_OK | os.W_OK):
            try:
                extra.chmod(path.stat().st_mode & 0o666)
            except OSError:
                raise StorageError(
                    _(
                        "{path} is read-only (left from a read-only database); make it "
                        "writable (chmod u+w '{path}'). Nothing was changed."
                    ).format(path=extra)
                ) from None


def _on_read_only_disk(path: Path) -> bool:
    """True when PATH lies on a file system mounted read-only (no chmod can help)."""
    if not hasattr(os, "statvfs"):
        return False
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False
