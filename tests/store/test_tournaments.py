"""A tournament in the database, on SQLite and PostgreSQL: registration (paid, late,
withdrawn, kept apart), the draw stored and reproduced, results by table (hands or
the sheet's totals), penalties apart, a checked table locked."""

from __future__ import annotations

import datetime as dt

import pytest

from scorekeeper.games import preset_rules
from scorekeeper.problems import InvalidNight
from scorekeeper.store.database import Database
from scorekeeper.store.errors import StorageError
from scorekeeper.store.hand_writes import append_hand
from scorekeeper.store.night_import import export_night
from scorekeeper.store.people import rename_player
from scorekeeper.store.tournament_draw import draw_session, drawn_session, reproduces, seated
from scorekeeper.store.tournament_results import (
    add_penalty,
    prize_list,
    record_hands,
    record_totals,
    set_checked,
    standings,
    table_night,
    table_statuses,
)
from scorekeeper.store.tournaments import (
    create_tournament,
    entries,
    keep_apart,
    register,
    set_paid,
    tournament_named,
    withdraw,
)
from scorekeeper.tournament.day import Tournament
from scorekeeper.tournament.prizes import Payout

DAY = dt.date(2026, 10, 4)


def kohler(db: Database, players: int = 10, **extra: object) -> Tournament:
    tournament = create_tournament(
        db,
        name="Kohler Falls",
        date=DAY,
        rules=preset_rules("jack-of-diamonds-5"),
        sessions=3,
        hands=20,
        entry_cents=2000,
        currency="USD",
        **extra,  # type: ignore[arg-type]
    )
    register(db, tournament, [f"Player {n:02d}" for n in range(1, players + 1)], paid=True)
    return tournament


def test_a_tournament_keeps_its_rules_without_a_stake_and_is_found_by_name(db: Database) -> None:
    made = kohler(db)
    found = tournament_named(db, "kohler falls")
    assert found == made
    assert found.rules.dealt_in == 5 and found.rules.stake_cents == 0
    assert found.payout == Payout()
    with pytest.raises(StorageError) as error:
        create_tournament(
            db, name="KOHLER FALLS", date=DAY, rules=found.rules, sessions=3, hands=20
        )
    assert error.value.field == "tournament"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"sessions": 0}, "sessions"),
        ({"hands": 501}, "hands"),
        ({"entry_cents": -5}, "entry fee"),
        ({"payout": Payout(places=(30, 15))}, "payout"),
        ({"tie_breaks": ("coin-toss",)}, "tie-breaks"),
    ],
)
def test_a_wrong_tournament_is_refused_naming_the_field_and_nothing_is_made(
    db: Database, change: dict, field: str
) -> None:
    values = dict(
        name="Germanfest", date=DAY, rules=preset_rules("jack-of-diamonds-5"), sessions=3, hands=15
    )
    with pytest.raises(StorageError) as error:
        create_tournament(db, **(values | change))  # type: ignore[arg-type]
    assert error.value.field == field
    with pytest.raises(StorageError):
        tournament_named(db, "Germanfest")


def test_registration_paid_late_and_withdrawn(db: Database) -> None:
    tournament = kohler(db, players=10)
    set_paid(db, tournament, "Player 01", paid=False)
    draw_session(db, tournament, 1, seed=11)
    (late,) = register(db, tournament, ["Zoë Late"], paid=True)
    assert (late.player, late.first) == ("Zoë Late", 2)  # the next session to be drawn
    withdraw(db, tournament, "Player 02", after=1)
    with pytest.raises(StorageError) as error:
        register(db, tournament, ["player 03"])
    assert error.value.field == "players"
    by_name = {e.player: e for e in entries(db, tournament)}
    assert not by_name["Player 01"].paid
    assert by_name["Player 02"].plays(1) and not by_name["Player 02"].plays(2)
    drawn = draw_session(db, tournament, 2, seed=12)
    seated_now = {p for table in drawn.tables for p in table}
    assert "Zoë Late" in seated_now and "Player 02" not in seated_now
    assert len(seated_now) == 10


def test_the_draw_is_stored_with_its_seed_and_reproduced(db: Database) -> None:
    tournament = kohler(db, players=22)
    keep_apart(db, tournament, "Player 01", "Player 02")
    first = draw_session(db, tournament, 1, seed=424242)
    assert first.seed == 424242
    assert [len(t) for t in first.tables] == [5, 5, 6, 6]
    assert first.plan.startswith("2 tables of 5 and 2 tables of 6, whose dealer sits out")
    assert all({"Player 01", "Player 02"} - set(t) for t in first.tables)
    assert reproduces(db, tournament, 1)
    second = draw_session(db, tournament, 2)
    assert drawn_session(db, tournament, 2) == second
    assert second.least <= second.day_repeats
    assert reproduces(db, tournament, 2)
    statuses = table_statuses(db, tournament, 1)
    assert [s.hands for s in statuses] == [20, 20, 24, 24]


def test_a_drawn_seed_still_draws_its_tables_after_a_pair_is_kept_apart_and_a_rename(
    db: Database,
) -> None:
    """The check redraws from what the draw was given (the players in the order drawn,
    the pairs then kept apart, the meetings then), not from today's names and pairs."""
    tournament = kohler(db, players=12)
    first = draw_session(db, tournament, 1, seed=31)
    together = first.tables[0][:2]
    keep_apart(db, tournament, *together)  # asked after session 1 was drawn
    assert reproduces(db, tournament, 1)
    draw_session(db, tournament, 2, seed=32)
    rename_player(db, old="Player 05", new="Aaron")  # now first of the names
    rename_player(db, old="Player 01", new="Zed")
    assert reproduces(db, tournament, 1)
    assert reproduces(db, tournament, 2)


def test_a_session_is_drawn_in_order_and_not_again_once_it_has_results(db: Database) -> None:
    tournament = kohler(db, players=10)
    with pytest.raises(StorageError, match="draw session 1 first"):
        draw_session(db, tournament, 2)
    draw_session(db, tournament, 1, seed=1)
    again = draw_session(db, tournament, 1, seed=2)  # a late entry's re-draw: allowed
    assert again.seed == 2
    table = seated(db, tournament, 1)[0]
    record_totals(db, tournament, 1, 1, dict(zip(table, (8, -2, -2, -2, -2), strict=True)))
    with pytest.raises(StorageError, match="has results already") as error:
        draw_session(db, tournament, 1, seed=3)
    assert error.value.field == "session"
    assert drawn_session(db, tournament, 1).seed == 2


def test_totals_are_a_result_hand_summing_to_zero_for_every_seated_player(db: Database) -> None:
    tournament = kohler(db, players=11)  # a table of 5 and one of 6
    draw_session(db, tournament, 1, seed=5)
    six = next(s for s in table_statuses(db, tournament, 1) if len(s.players) == 6)
    points = dict(zip(six.players, (12, -4, 0, -3, -3, -2), strict=True))
    with pytest.raises(InvalidNight, match="add up to"):
        record_totals(db, tournament, 1, six.number, points | {six.players[0]: 13})
    with pytest.raises(StorageError) as missing:
        record_totals(db, tournament, 1, six.number, dict(list(points.items())[:5]))
    assert missing.value.field == "points"
    night = record_totals(db, tournament, 1, six.number, points)
    document = export_night(db, night_id=night)
    assert document["players"] == list(six.players)
    assert document["hands"] == [{"type": "result", "points": points, "hands": 20}]
    assert document["title"] == "Kohler Falls, session 1" and document["table"] == str(six.number)
    (status,) = [s for s in table_statuses(db, tournament, 1) if s.number == six.number]
    assert (status.reported, status.played, status.done) == ("totals", 20, True)


def test_hands_one_by_one_go_into_the_table_s_night(db: Database) -> None:
    tournament = kohler(db, players=10)
    draw_session(db, tournament, 1, seed=9)
    players = seated(db, tournament, 1)[0]
    night = table_night(db, tournament, 1, 1)
    assert table_night(db, tournament, 1, 1) == night
    hand = {
        "type": "pick",
        "picker": players[1],
        "partners": [players[2]],
        "points": 70,
        "tricks": 4,
    }
    append_hand(db, night_id=night, hand={**hand, "dealer": players[0]})
    (status, _other) = table_statuses(db, tournament, 1)
    assert (status.reported, status.played, status.words()) == ("hands", 1, "1 of 20 hands")
    with pytest.raises(StorageError, match="1 hand recorded already"):
        record_totals(db, tournament, 1, 1, dict.fromkeys(players, 0))
    with pytest.raises(StorageError, match="1 of its 20 hands"):
        set_checked(db, tournament, 1, 1)


def test_hands_given_whole_are_filed_all_or_none(db: Database) -> None:
    tournament = kohler(db, players=10)
    draw_session(db, tournament, 1, seed=9)
    players = seated(db, tournament, 1)[1]
    good = {
        "type": "pick",
        "picker": players[1],
        "partners": [players[2]],
        "points": 70,
        "tricks": 4,
    }
    bad = {**good, "picker": "Nobody"}
    with pytest.raises(InvalidNight):
        record_hands(db, tournament, 1, 2, [good, bad])
    assert table_statuses(db, tournament, 1)[1].reported == "waiting"
    record_hands(db, tournament, 1, 2, [good] * 20)
    assert table_statuses(db, tournament, 1)[1].done


def test_a_checked_table_is_locked_until_unchecked(db: Database) -> None:
    tournament = kohler(db, players=10)
    draw_session(db, tournament, 1, seed=3)
    players = seated(db, tournament, 1)[0]
    night = record_totals(db, tournament, 1, 1, dict(zip(players, (4, 0, 0, -2, -2), strict=True)))
    set_checked(db, tournament, 1, 1)
    assert table_statuses(db, tournament, 1)[0].checked
    with pytest.raises(StorageError, match="closed"):
        append_hand(
            db, night_id=night, hand={"type": "result", "points": dict.fromkeys(players, 0)}
        )
    with pytest.raises(StorageError, match="is checked"):
        add_penalty(db, tournament, 1, players[0], 4, "talked while out")
    set_checked(db, tournament, 1, 1, checked=False)
    add_penalty(db, tournament, 1, players[0], 4, "talked while out")


def test_penalties_are_kept_apart_from_the_zero_sum_table(db: Database) -> None:
    tournament = kohler(db, players=10)
    draw_session(db, tournament, 1, seed=3)
    first, second = seated(db, tournament, 1)
    record_totals(db, tournament, 1, 1, dict(zip(first, (10, 5, -5, -5, -5), strict=True)))
    record_totals(db, tournament, 1, 2, dict(zip(second, (9, 1, -3, -3, -4), strict=True)))
    add_penalty(db, tournament, 1, first[0], 4, "commented while sitting out")
    with pytest.raises(StorageError) as error:
        add_penalty(db, tournament, 1, first[1], 0)
    assert error.value.field == "points"
    rows = {r.player: r for r in standings(db, tournament).rows}
    leader = rows[first[0]]
    assert (leader.table_points, leader.penalties, leader.total) == (10, 4, 6)
    assert sum(r.table_points for r in rows.values()) == 0
    assert standings(db, tournament).tops[0] == (second[0],)  # 9 beats 10 - 4
    prizes = prize_list(db, tournament)
    assert prizes.paid_out + prizes.house + prizes.held == prizes.pool == 18_000


def test_a_prize_list_before_the_day_is_in_says_it_is_provisional(db: Database) -> None:
    """One table of session 1 of 3 reported: the list says what is still to report,
    pays no top scorer and holds the sessions' prizes; once every table of every
    session is in, it is the list to pay from."""
    tournament = kohler(db, players=10)
    draw_session(db, tournament, 1, seed=3)
    first, second = seated(db, tournament, 1)
    record_totals(db, tournament, 1, 1, dict(zip(first, (10, 5, -5, -5, -5), strict=True)))
    early = prize_list(db, tournament)
    assert early.provisional() == (
        "Provisional: session 1 table 2 still to report; sessions 2, 3 not drawn yet."
    )
    assert [a for a in early.awards if a.session is not None] == []
    assert early.held == 3 * 1000  # $10 a session: 5 of 90 parts of $180
    assert early.paid_out + early.held + early.house == early.pool
    record_totals(db, tournament, 1, 2, dict(zip(second, (9, 1, -3, -3, -4), strict=True)))
    for number in (2, 3):
        draw_session(db, tournament, number, seed=3)
        for table, players in enumerate(seated(db, tournament, number), start=1):
            points = dict(zip(players, (8, -2, -2, -2, -2), strict=True))
            record_totals(db, tournament, number, table, points)
    final = prize_list(db, tournament)
    assert final.provisional() is None and final.held == 0
    assert {a.session for a in final.awards if a.session is not None} == {1, 2, 3}
    assert final.paid_out + final.house == final.pool


def test_a_table_yet_to_report_is_listed_unscored_and_a_late_entry_from_its_session(
    db: Database,
) -> None:
    """The board during a round lists every player entered, those whose table has not
    reported with no score for the session; a late entry not before the session they join."""
    tournament = kohler(db, players=10)
    draw_session(db, tournament, 1, seed=3)
    first, second = seated(db, tournament, 1)
    record_totals(db, tournament, 1, 1, dict(zip(first, (10, 5, -5, -5, -5), strict=True)))
    register(db, tournament, ["Late Lou"], paid=True)  # joins the second session
    rows = {r.player: r for r in standings(db, tournament).rows}
    assert set(rows) == {*first, *second}
    assert all(rows[p].sessions == (None, None, None) and rows[p].total == 0 for p in second)
    assert rows[first[0]].rank == 1 and rows[first[2]].rank == 10 - 2
    rows = {r.player: r for r in standings(db, tournament, through=2).rows}
    assert rows["Late Lou"].sessions == (None, None, None)
    assert "Late Lou" not in {r.player for r in standings(db, tournament, through=1).rows}


def test_a_backup_restores_the_tournament_whole(db: Database, tmp_path) -> None:
    from scorekeeper.store.backup_commands import backup, restore
    from scorekeeper.store.database import open_database

    tournament = kohler(db, players=10)
    keep_apart(db, tournament, "Player 01", "Player 02")
    draw_session(db, tournament, 1, seed=77)
    first, second = seated(db, tournament, 1)
    record_totals(db, tournament, 1, 1, dict(zip(first, (6, -1, -1, -2, -2), strict=True)))
    add_penalty(db, tournament, 1, second[0], 4, "late")
    set_checked(db, tournament, 1, 1)
    dump = tmp_path / "day.json"
    backup(db, str(dump))
    again = open_database(f"sqlite:///{tmp_path / 'restored.sqlite3'}")
    try:
        restore(again, str(dump), force=True)
        restored = tournament_named(again, "Kohler Falls")
        assert restored == tournament
        assert standings(again, restored) == standings(db, tournament)
        assert table_statuses(again, restored, 1) == table_statuses(db, tournament, 1)
        assert reproduces(again, restored, 1)
    finally:
        again.dispose()
