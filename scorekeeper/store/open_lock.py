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
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import portalocker

from scorekeeper.store.errors import StorageError

_SHARED = portalocker.LockFlags.SHARED | portalocker.LockFlags.NON_BLOCKING
_ALONE = portalocker.LockFlags.EXCLUSIVE | portalocker.LockFlags.NON_BLOCKING


def lock_path(database: Path) -> Path:
    return database.with_name(database.name + ".lock")


class OpenLock:
    """The shared lock a program holds on a database file while it has it open."""

    def __init__(self, database: Path) -> None:
        self._database = database
        self._handle: IO[bytes] | None = None

    def take(self) -> None:
        """Hold the shared lock; raises `StorageError` while a restore holds it alone."""
        if self._handle is not None:
            return
        try:
            handle = lock_path(self._database).open("ab")
        except OSError:
            return  # a folder we may read but not write: nothing can replace it either
        try:
            portalocker.lock(handle, _SHARED)
        except portalocker.LockException:
            handle.close()
            raise StorageError(
                f"the database {self._database} is being restored from a backup by "
                "another program; open it again when that has finished"
            ) from None
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()  # closing the file drops the lock
            self._handle = None

    @contextlib.contextmanager
    def alone(self, doing: str) -> Iterator[None]:
        """Hold the lock exclusively for DOING (no other program has the file open),
        then shared again; raises `StorageError`, having changed nothing, when another
        program has it open."""
        self.take()
        handle = self._handle
        if handle is None:
            yield
            return
        try:
            portalocker.lock(handle, _ALONE)
        except portalocker.LockException:
            self._share_again(handle)
            raise StorageError(
                f"the database {self._database} is open in another program (the "
                f"Scorekeeper window, say); close it before {doing}. Nothing was changed."
            ) from None
        try:
            yield
        finally:
            self._share_again(handle)

    def _share_again(self, handle: IO[bytes]) -> None:
        with contextlib.suppress(portalocker.LockException):
            portalocker.lock(handle, _SHARED)
