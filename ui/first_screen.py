"""The night the app opens on, read before the database layer is imported (issue 20).

Importing SQLAlchemy, sqlmodel and pydantic is about half of a start.  The first screen
needs none of it: when the database is a SQLite file that the open's early check
(store/early_check.py) found sound and that is at this version's schema, the night to
reopen is read here with the standard library's `sqlite3`, through the same plain-SQL
read the store uses (store/stored_night.py), and scored by the core.  The window shows
it at once; the database layer is imported and the database opened once it is up
(`NightSession.open_database`), which then reads the night again through the store
and shows that if anything differs.  The same read says whether the sample league is
there, so that the first start's welcome is shown with the window, before any key is
typed (`FirstScreen.sample`).

Anything else (a server database, a new or damaged file, an older schema, no night
yet) is left to the usual open, which makes, migrates, seeds or refuses as it always
did: None here.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from scorekeeper.problems import InvalidNight
from scorekeeper.sample import SAMPLE_LEAGUE
from scorekeeper.store import early_check
from scorekeeper.store.errors import StorageError
from scorekeeper.store.schema import SCHEMA_HEAD
from scorekeeper.store.stored_night import (
    PartialNight,
    StoredNight,
    has_league,
    night_to_reopen,
    read_stored,
)

from .session import NightView, view_of

logger = logging.getLogger(__name__)
# What reading a file not yet found sound may raise: the usual open then says why.
UNREADABLE = (
    sqlite3.Error,
    OSError,
    StorageError,
    InvalidNight,
    PartialNight,
    ValueError,
    KeyError,
)


@dataclass(frozen=True)
class FirstScreen:
    """What the first screen read: the night to reopen, as the night screen shows it,
    and whether the sample league is there (what the first start's welcome says)."""

    view: NightView
    sample: bool


def read_view(url: str | None) -> FirstScreen | None:
    """The night screen's view of the night to reopen in the SQLite file URL names (None:
    the default file), read without the database layer and without waiting for the
    open's check (it must have been begun): the app builds its window meanwhile and
    shows it only if `sound` then says so.  None when the usual open must run first."""
    path = early_check.file_of(url)
    if path is None or not early_check.begun(path):
        return None
    try:
        read = read_first(path)
        return None if read is None else FirstScreen(view_of(read[0]), read[1])
    except UNREADABLE as error:
        logger.info("the first screen waits for the database layer: %s", error)
        return None


def sound(url: str | None) -> bool:
    """True once the open's check, begun before the imports, found the SQLite file URL
    names sound and unchanged since (waited for)."""
    path = early_check.file_of(url)
    return path is not None and early_check.passed(path)


def read_first(path: Path) -> tuple[StoredNight, bool] | None:
    """The night to reopen in the SQLite file PATH, and whether the sample league is
    there, read in one read transaction of a read-only connection; None when the file
    is not at this version's schema or holds no night."""
    location = f"file:{quote(str(path))}?mode=ro"
    with contextlib.closing(sqlite3.connect(location, uri=True, isolation_level=None)) as db:

        def fetch(sql: str, parameters: Mapping[str, Any]) -> Sequence[Sequence[Any]]:
            return db.execute(sql, parameters).fetchall()

        db.execute("BEGIN")
        if fetch("SELECT version_num FROM alembic_version", {}) != [(SCHEMA_HEAD,)]:
            return None
        night_id = night_to_reopen(fetch)
        if night_id is None:
            return None
        return read_stored(fetch, night_id, counted=True), has_league(fetch, SAMPLE_LEAGUE)
