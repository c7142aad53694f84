"""The storage error users see (kept apart so the command line can catch it cheaply)."""


class StorageError(Exception):
    """A problem with the database that the user must hear about in plain words."""
