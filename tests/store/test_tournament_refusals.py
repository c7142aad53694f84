"""What a tournament refuses, on SQLite and PostgreSQL: a session number outside the
day, each naming its field and writing nothing."""

from __future__ import annotations

import pytest

from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tournament_draw import draw_session, drawn_session, start_round
from scorekeeper.store.tournament_results import (
    add_penalty,
    penalties,
    standings,
    table_night,
    table_statuses,
)
from tests.store.test_tournaments import kohler


@pytest.mark.parametrize("number", [-1, 0, 4, 9])
def test_a_session_outside_the_day_is_refused_by_every_read_and_write(
    db: Database, number: int
) -> None:
    tournament = kohler(db)
    draw_session(db, tournament, 1, seed=7)
    refusals = {
        "after": lambda: standings(db, tournament, through=number),
        "session": lambda: standings(db, tournament, only=number),
    }
    for field, call in refusals.items():
        with pytest.raises(StorageError) as error:
            call()
        assert error.value.field == field and "between 1 and 3" in str(error.value)
    for call in (
        lambda: table_statuses(db, tournament, number),
        lambda: drawn_session(db, tournament, number),
        lambda: start_round(db, tournament, number),
        lambda: table_night(db, tournament, number, 1),
        lambda: add_penalty(db, tournament, number, "Player 01", 1),
    ):
        with pytest.raises(StorageError) as error:
            call()
        assert error.value.field == "session" and "between 1 and 3" in str(error.value)
    assert penalties(db, tournament) == []
