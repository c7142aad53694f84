"""Who has a SQLite database open: a shared lock on a small file beside it.

Every program that opens a database file (the window, any command) holds a shared lock
on `FILE.lock` for as long as it has the database open; any number can.  A restore,
which replaces the whole contents under every reader, must hold it alone: it asks for
the lock exclusively and is refused while the window (or another command) has the file
open — that program would go on recording hands into nights the restore replaced.
The operating system drops the lock when a program ends, crashed or not, so a stale
lock cannot block anyone.  portalocker gives the same shared and exclusive locks on
Linux, macOS and Windows (docs/decisions.md, "Restore and an open window").
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import portalocker

from scorekeeper.i18n import _
from scorekeeper.store.errors import StorageError

_SHARED = portalocker.LockFlags.SHARED | portalocker.LockFlags.NON_BLOCKING
_ALONE = portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING


def lock_path(database: Path) -> Path:
    """The lock file of a database: beside the real file (a symbolic link followed), so
    every path to the same database finds the same lock."""
    real = database.resolve()
    return real.with_name(real.name + ".lock")


class OpenLock:
    """The shared lock a program holds on a database file while it has it open."""

    def __init__(self, database: Path) -> None:
        self._database = database
        self._handle: IO[bytes] | None = None

    def take(self) -> None:
        """Hold the shared lock; raises `StorageError` while a restore holds it alone.
        Where the file system cannot lock at all (some network mounts), the database
        opens without it, and `alone` refuses."""
        if self._handle is not None:
            return
        handle = _open(lock_path(self._database), self._database)
        if handle is None:
            return
        try:
            portalocker.lock(handle, _SHARED)
        except portalocker.AlreadyLocked:
            handle.close()
            raise StorageError(
                _(
                    "the database {database} is being restored from a backup by "
                    "another program; open it again when that has finished"
                ).format(database=self._database)
            ) from None
        except portalocker.LockException:
            handle.close()
            return
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file drops the lock
            self._handle = None

    @contextlib.contextmanager
    def alone(self) -> Iterator[None]:
        """Hold the lock exclusively to restore a backup (no other program has the file
        open), then shared again; raises `StorageError`, having changed nothing, when
        another program has it open or the lock cannot be had at all."""
        self.take()
        handle = self._handle
        if handle is None:
            raise StorageError(
                _(
                    "the database {database} cannot be locked (its folder or file "
                    "system allows no lock file), so restoring a backup cannot make sure no "
                    "other program has it open. Nothing was changed."
                ).format(database=self._database)
            )
        try:
            # Unlocked first: Windows grants no exclusive lock over its own shared one.
            portalocker.unlock(handle)
            portalocker.lock(handle, _ALONE)
        except portalocker.LockException:
            self._share_again(handle)
            raise StorageError(
                _(
                    "the database {database} is open in another program (the "
                    "Scorekeeper window, say); close it before restoring a backup. "
                    "Nothing was changed."
                ).format(database=self._database)
            ) from None
        try:
            yield
        finally:
            portalocker.unlock(handle)
            self._share_again(handle)

    def _share_again(self, handle: IO[bytes]) -> None:
        with contextlib.suppress(portalocker.LockException):
            portalocker.lock(handle, _SHARED)


def _open(path: Path, database: Path) -> IO[bytes] | None:
    """The lock file, made with the database's permissions; opened for reading when
    it may not be written (a lock needs no write access); None when neither works."""
    try:
        mode = database.stat().st_mode & 0o666
    except OSError:
        mode = 0o644
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), mode)
        return os.fdopen(descriptor, "r+b")
    except OSError:
        pass
    try:
        return path.open("rb")
    except OSError:
        return None
