"""A JSON column's value as SQLite keeps it, read back (kept apart from the engine so
that reading a night needs no database library: the first screen imports it)."""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.i18n import _
from scorekeeper.json_input import why_not_json
from scorekeeper.store.errors import DamagedDatabase


def stored_json(value: str | bytes, *, where: str | None = None) -> Any:
    """A JSON value as SQLite keeps it, read back; a value that is not JSON (a file
    changed by hand, or damaged) is a `DamagedDatabase` naming the database WHERE,
    never a decoder's exception (a server checks its JSON columns itself)."""
    try:
        return json.loads(value.decode("utf-8") if isinstance(value, bytes) else value)
    except ValueError as error:  # UnicodeDecodeError is one
        found = why_not_json(error)
        message = (
            _("the database is damaged: a value in it is not JSON ({error})")
            if where is None
            else _("the database {database} is damaged: a value in it is not JSON ({error})")
        )
        raise DamagedDatabase(message.format(database=where, error=found)) from None
