"""Tonight's board, from the store: every table of a league's night with its newest
hands and totals, tonight's standings and the season's (each the core's numbers), and
the token a board polls, which changes with any write a board shows."""

from __future__ import annotations

import datetime as dt
import threading
from typing import Any

import pytest

from scorekeeper.store import board as boards
from scorekeeper.store import hand_writes, night_import, people
from scorekeeper.store.database import Database
from tests.sheet import FIVE, pick

TONIGHT = dt.date(2026, 11, 19)
LEAGUE = "Thursday League"


def night(table: str, date: dt.date, hands: list[dict[str, Any]], season: str = "Fall") -> dict:
    return {
        "format": "sheepshead-night/1",
        "date": date.isoformat(),
        "league": LEAGUE,
        "season": season,
        "table": table,
        "rules": {"preset": "classic-5", "stake_cents": 10},
        "players": FIVE,
        "hands": hands,
    }


BOB_WINS = pick("Bob", "Dee", points=74, tricks=4)  # Bob +2, Dee +1, others -1
CAL_LOSES = pick("Cal", "Ann", points=40, tricks=2)  # Cal -2, Ann -1, others +1


def test_the_board_of_a_night_with_two_tables(db: Database) -> None:
    earlier = night_import.import_night(db, night("1", TONIGHT - dt.timedelta(days=7), [CAL_LOSES]))
    one = night_import.import_night(db, night("1", TONIGHT, [BOB_WINS, CAL_LOSES, BOB_WINS]))
    two = night_import.import_night(db, night("2", TONIGHT, [CAL_LOSES]))
    board = boards.board_of(db, league=LEAGUE, date=TONIGHT, recent=2)

    assert [t.night_id for t in board.tables] == [one, two] and earlier not in board.tables
    first = board.tables[0]
    assert (first.label, first.hands, first.players) == ("1", 3, tuple(FIVE))
    assert [h.number for h in first.recent] == [3, 2]  # the newest first
    assert first.recent[0].points == {"Ann": -1, "Bob": 2, "Cal": -1, "Dee": 1, "Eve": -1}
    assert first.totals == {"Ann": -3, "Bob": 5, "Cal": -4, "Dee": 3, "Eve": -1}
    assert sum(first.totals.values()) == 0

    # Tonight: the two tables summed; the season: last week's night too.
    tonight = {s.player: s.points for s in board.tonight.everyone}
    assert tonight == {"Ann": -4, "Bob": 6, "Cal": -6, "Dee": 4, "Eve": 0}
    season = {s.player: s.points for s in board.season_standings.everyone}
    assert season == {"Ann": -5, "Bob": 7, "Cal": -8, "Dee": 5, "Eve": 1}
    assert board.season == "Fall"


def test_tables_are_in_the_order_people_number_them(db: Database) -> None:
    for label in ("Table 10", "Table 2", "Table 1"):
        night_import.import_night(db, night(label, TONIGHT, []))
    board = boards.board_of(db, league=LEAGUE, date=TONIGHT)
    assert [t.label for t in board.tables] == ["Table 1", "Table 2", "Table 10"]


def test_a_night_with_no_table_yet_has_an_empty_board(db: Database) -> None:
    night_import.import_night(db, night("1", TONIGHT - dt.timedelta(days=7), [CAL_LOSES]))
    board = boards.board_of(db, league=LEAGUE, date=TONIGHT)
    assert board.tables == () and board.tonight.everyone == ()
    assert board.season == "Fall" and len(board.season_standings.everyone) == 5


def test_the_token_changes_with_every_write_a_board_shows(db: Database) -> None:
    night_id = night_import.import_night(db, night("1", TONIGHT, []))
    before = boards.change_token(db)
    assert boards.change_token(db) == before  # reading changes nothing
    hand_writes.append_hand(db, night_id=night_id, hand=BOB_WINS)
    after_hand = boards.change_token(db)
    assert after_hand != before
    night_import.import_night(db, night("2", TONIGHT, []))
    after_night = boards.change_token(db)
    assert after_night != after_hand
    people.rename_player(db, old="Ann", new="Annie")  # the cards and standings show names
    assert boards.change_token(db) != after_night


def test_postgresql_says_when_another_connection_commits(db: Database) -> None:
    if not boards.can_listen(db):
        pytest.skip("SQLite has no notifications: a board polls")
    night_id = night_import.import_night(db, night("1", TONIGHT, []))
    stop, listening, heard = threading.Event(), threading.Event(), threading.Event()
    thread = threading.Thread(target=boards.listen, args=(db, stop, heard.set, listening.set))
    thread.start()
    try:
        assert listening.wait(timeout=30)
        assert not heard.is_set()
        hand_writes.append_hand(db, night_id=night_id, hand=BOB_WINS)
        assert heard.wait(timeout=30)  # delivered on commit
    finally:
        stop.set()
        thread.join(timeout=30)
    assert not thread.is_alive()
