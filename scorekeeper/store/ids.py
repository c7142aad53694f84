"""New rows' ids taken before the rows are written, so that they go in by a plain
executemany (no RETURNING to read back), and a hand's id never used twice.

On SQLite a table's next id is one past its greatest, so the id of a deleted hand (the
last one) would be given to the next hand recorded, in any night, while the deleted
hand's history (`hand_revision`) still names it: undoing an edit of the new hand found
the old hand's history, and restoring the old hand collided with the new.  Hands' ids
are therefore taken past every id the history names too.  On PostgreSQL a sequence
never gives an id twice, and a restore sets the hands' sequence past the history's ids
as well (`backup_commands._load_dump`).
"""

from __future__ import annotations

import functools
from typing import Any

from sqlalchemy import func, select, text
from sqlmodel import Session

from scorekeeper.store.tables import HandRevisionRow, HandRow, core_table


def new_ids(session: Session, table: Any, count: int, *, past: tuple[Any, ...] = ()) -> list[int]:
    """COUNT new ids for TABLE's rows, in order: on SQLite the ids after its greatest
    and the greatest of the columns PAST (which the write lock, held since the
    transaction began with BEGIN IMMEDIATE, keeps from any other program); on a
    server database the next values of the table's sequence."""
    if not count:
        return []
    core = core_table(table)
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        query = text(
            "SELECT nextval(pg_get_serial_sequence(:table, 'id')) FROM generate_series(1, :count)"
        )
        return sorted(connection.execute(query, {"table": core.name, "count": count}).scalars())
    greatest = 0
    for column in (core.c.id, *past):
        found = connection.execute(_greatest(column)).scalar_one()
        greatest = max(greatest, int(found))
    return list(range(greatest + 1, greatest + 1 + count))


@functools.cache
def _greatest(column: Any) -> Any:
    """The query for COLUMN's greatest value (0 in an empty table), built once: each
    hand recorded asks it twice."""
    return select(func.coalesce(func.max(column), 0))


def new_hand_ids(session: Session, count: int) -> list[int]:
    """COUNT ids for new hands, never an id a deleted hand's history names."""
    return new_ids(session, HandRow, count, past=(core_table(HandRevisionRow).c.hand_id,))
