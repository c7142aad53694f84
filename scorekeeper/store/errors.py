"""The storage error users see (kept apart so the command line can catch it cheaply)."""

from __future__ import annotations

from typing import Literal

# What the user gave that a StorageError can be about, in the words the window uses
# for it.  The command line names the flag it was given by instead (cli.FIELD_FLAGS).
Field = Literal[
    "league",
    "season",
    "player",
    "players",
    "paid by",
    "paid to",
    "amount",
    "currency",
    "night",
    "first hand",
    "last hand",
    "new name",
    "database",
]


class StorageError(Exception):
    """A problem with the database that the user must hear about in plain words.

    When it is about one thing the user gave, FIELD names that thing as the user sees
    it ("league", "paid to", "amount") and the error reads "FIELD: MESSAGE".  No
    message names a command-line flag: the window shows the error as it reads.
    """

    def __init__(self, message: str, *, field: Field | None = None) -> None:
        self.message = message
        self.field = field
        super().__init__(f"{field}: {message}" if field is not None else message)


class Conflict(StorageError):
    """An undo or redo that no longer fits the database: another program changed the same
    hand, seat, payment or rules since this change was made (nothing was written)."""


class DamagedDatabase(StorageError):
    """A SQLite file that is damaged, cut short or not a database at all: nothing in it
    can be trusted, and `restore --force` may replace it (keeping it aside)."""
