"""The storage error users see (kept apart so the command line can catch it cheaply)."""


class StorageError(Exception):
    """A problem with the database that the user must hear about in plain words."""


class Conflict(StorageError):
    """An undo or redo that no longer fits the database: another program changed the same
    hand, seat, payment or rules since this change was made (nothing was written)."""


class DamagedDatabase(StorageError):
    """A SQLite file that is damaged, cut short or not a database at all: nothing in it
    can be trusted, and `restore --force` may replace it (keeping it aside)."""
