"""The storage error users see (kept apart so the command line can catch it cheaply)."""

from __future__ import annotations

from typing import Literal

from scorekeeper.i18n import pgettext

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
    "note",
    "currency",
    "night",
    "table",
    "first hand",
    "last hand",
    "new name",
    "merged into",
    "database",
    "tournament",
    "session",
    "after",
    "sessions",
    "hands",
    "seed",
    "entry fee",
    "payout",
    "tie-breaks",
    "uneven",
    "rules",
    "points",
    "reason",
    "penalty",
]


def field_name(field: Field) -> str:
    """FIELD as the user reads it, in the language spoken now ("league": "Liga")."""
    names: dict[Field, str] = {
        "league": pgettext("field", "league"),
        "season": pgettext("field", "season"),
        "player": pgettext("field", "player"),
        "players": pgettext("field", "players"),
        "paid by": pgettext("field", "paid by"),
        "paid to": pgettext("field", "paid to"),
        "amount": pgettext("field", "amount"),
        "note": pgettext("field", "note"),
        "currency": pgettext("field", "currency"),
        "night": pgettext("field", "night"),
        "table": pgettext("field", "table"),
        "first hand": pgettext("field", "first hand"),
        "last hand": pgettext("field", "last hand"),
        "new name": pgettext("field", "new name"),
        "merged into": pgettext("field", "merged into"),
        "database": pgettext("field", "database"),
        "tournament": pgettext("field", "tournament"),
        "session": pgettext("field", "session"),
        "after": pgettext("field", "after session"),
        "sessions": pgettext("field", "sessions"),
        "hands": pgettext("field", "hands"),
        "seed": pgettext("field", "seed"),
        "entry fee": pgettext("field", "entry fee"),
        "payout": pgettext("field", "payout"),
        "tie-breaks": pgettext("field", "tie-breaks"),
        "uneven": pgettext("field", "uneven"),
        "rules": pgettext("field", "rules"),
        "points": pgettext("field", "points"),
        "reason": pgettext("field", "reason"),
        "penalty": pgettext("field", "penalty"),
    }
    return names[field]


class StorageError(Exception):
    """A problem with the database that the user must hear about in plain words.

    When it is about one thing the user gave, FIELD names that thing as the user sees
    it ("league", "paid to", "amount": a key, compared by the command line) and the
    error reads "FIELD: MESSAGE", the field in the user's language (`field_name`).  No
    message names a command-line flag: the window shows the error as it reads.
    """

    def __init__(self, message: str, *, field: Field | None = None) -> None:
        self.message = message
        self.field = field
        shown = message if field is None else f"{field_name(field)}: {message}"
        super().__init__(shown)


class Conflict(StorageError):
    """An undo or redo that no longer fits the database: another program changed the same
    hand, seat, payment or rules since this change was made (nothing was written)."""


class DamagedDatabase(StorageError):
    """A SQLite file that is damaged, cut short or not a database at all: nothing in it
    can be trusted, and `restore --force` may replace it (keeping it aside)."""
