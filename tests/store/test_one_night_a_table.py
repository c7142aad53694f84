"""One night a table a date in a league (issue 33, point 6), held in the write that
files it: two stations starting the same table at the same moment, each in a program
of its own, file one night; the other is refused, naming the table, on SQLite and
PostgreSQL alike."""

from __future__ import annotations

import datetime as dt
import threading

from scorekeeper.games import preset_rules
from scorekeeper.store.database import open_database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.night_import import create_night
from scorekeeper.store.night_reads import list_nights

FIVE = ["Ann", "Bob", "Cal", "Dee", "Eve"]


def test_two_stations_starting_one_table_at_once_file_one_night(database_url: str) -> None:
    open_database(database_url).dispose()  # made and migrated before the race
    ready = threading.Barrier(2)
    outcomes: list[object] = []

    def station(players: list[str]) -> None:
        db = open_database(database_url)
        try:
            ready.wait()
            outcomes.append(
                create_night(
                    db,
                    players=players,
                    rules=preset_rules("jack-of-diamonds-5"),
                    date=dt.date(2026, 11, 3),
                    league="Tuesday",
                    table="1",
                )
            )
        except StorageError as refused:
            outcomes.append(refused)
        finally:
            db.dispose()

    stations = [
        threading.Thread(target=station, args=(FIVE,)),
        threading.Thread(target=station, args=(FIVE[::-1],)),
    ]
    for thread in stations:
        thread.start()
    for thread in stations:
        thread.join(timeout=60)
    refused = [o for o in outcomes if isinstance(o, StorageError)]
    assert len(outcomes) == 2 and len(refused) == 1, outcomes
    assert refused[0].field == "table" and "has a night at table 1" in str(refused[0])
    db = open_database(database_url)
    try:
        assert len(list_nights(db, league="Tuesday")) == 1
    finally:
        db.dispose()
