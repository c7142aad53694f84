"""What a tournament refuses, on SQLite and PostgreSQL: a session number outside the
day, a penalty taken back from a checked table, a table's night closed or reopened
but by checking the table; each naming its field and writing nothing."""

from __future__ import annotations

import pytest

from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.tonight import is_closed, set_closed
from scorekeeper.store.tournament_draw import draw_session, drawn_session, seated, start_round
from scorekeeper.store.tournament_results import (
    add_penalty,
    penalties,
    record_totals,
    remove_penalty,
    set_checked,
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


def test_a_penalty_on_a_checked_table_stays_until_the_table_is_unchecked(db: Database) -> None:
    tournament = kohler(db)
    draw_session(db, tournament, 1, seed=7)
    first = seated(db, tournament, 1)[0]
    record_totals(db, tournament, 1, 1, dict(zip(first, (10, -5, -5, 2, -2), strict=True)))
    number = add_penalty(db, tournament, 1, first[0], 3, "showed a card")
    set_checked(db, tournament, 1, 1)
    with pytest.raises(StorageError) as error:
        remove_penalty(db, tournament, number)
    assert error.value.field == "penalty" and "is checked" in str(error.value)
    assert [n for n, _p in penalties(db, tournament)] == [number]
    set_checked(db, tournament, 1, 1, checked=False)
    remove_penalty(db, tournament, number)
    assert penalties(db, tournament) == []


def test_a_tables_night_is_locked_and_opened_only_by_checking_the_table(db: Database) -> None:
    tournament = kohler(db)
    draw_session(db, tournament, 1, seed=7)
    first = seated(db, tournament, 1)[0]
    night = record_totals(db, tournament, 1, 1, dict(zip(first, (4, -1, -1, -1, -1), strict=True)))
    set_checked(db, tournament, 1, 1)
    with pytest.raises(StorageError) as error:
        set_closed(db, night_id=night, closed=False)
    assert error.value.field == "night"
    assert "table 1 of session 1 of Kohler Falls, checked and locked" in str(error.value)
    assert "tournament check --undo" in str(error.value)
    assert is_closed(db, night_id=night)
    set_checked(db, tournament, 1, 1, checked=False)
    with pytest.raises(StorageError) as error:
        set_closed(db, night_id=night, closed=True)
    assert error.value.field == "night" and "check the table instead" in str(error.value)
    assert not is_closed(db, night_id=night)
